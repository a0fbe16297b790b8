#include "python/py_tables.h"

#include <algorithm>

#include "core/notation.h"
#include "db/sector_index.h"
#include "db/shown_value.h"
#include "db/value_text.h"
#include "player/player.h"

namespace millbase::python {

Tables::Tables(const std::string& variant, const std::string& dir, size_t cache_mb) {
  const Variant* v = find_variant(variant);
  if (!v) throw Failure(Status::invalid(unknown_variant_text(variant)), nullptr);
  Tablebase::Options options;
  options.cache_bytes = cache_mb << 20;
  auto tb = Tablebase::open(*v, dir, options);
  place_ = {v, dir, Metric::PLAIN};
  if (!tb) fail(tb.status());
  tables_ = std::move(tb).value();
  place_.metric = tables_->metric();
}

Tables::~Tables() {
  tables_.reset();
  SectorIndex::release_unused();  // the indexes only these tables used
}

void Tables::fail(const Status& s) const { throw Failure(s, &place_); }

Result<Position> Tables::parse(std::string_view text) const {
  Result<Position> p = parse_position(variant(), text);
  if (!p) return Status::invalid(p.message());
  return p;
}

ValueCode Tables::now(ValueCode v, int counter) const {
  return ShownValue{v, metric(), counter}.now();
}

Result<int> Tables::wdl(const Position& p, int counter) const {
  if (Status s = check_fifty_counter(variant(), p, counter); !s) return s;
  if (metric() == Metric::FIFTY) {
    Result<ValueCode> v = tables_->probe(p);
    if (!v) return v.status();
    return signed_wdl(wdl_of(now(*v, counter)));
  }
  Result<Wdl> w = tables_->probe_wdl(p);  // the WDL planes alone
  if (!w) return w.status();
  return signed_wdl(*w);
}

Result<std::optional<int>> Tables::distance(const Position& p, int counter) const {
  if (Status s = check_fifty_counter(variant(), p, counter); !s) return s;
  Result<ValueCode> v = tables_->probe(p);
  if (!v) return v.status();
  const ValueCode value = now(*v, counter);
  if (is_draw(value)) return std::optional<int>(0);
  if (distance_unknown(value)) return std::optional<int>();
  const int plies = shown_plies(value, metric());
  return std::optional<int>(is_win(value) ? plies : -plies);
}

std::pair<Position, int> Tables::read(const std::string& text, std::optional<int> counter) const {
  const Position p = take(parse(text));
  const int c = counter.value_or(0);
  if (Status s = check_fifty_counter(variant(), p, c); !s) fail(s);
  return {p, c};
}

ValueCode Tables::code(const Position& p) const { return take(tables_->probe(p)); }

int Tables::probe_wdl(const std::string& position, std::optional<int> counter) const {
  const auto [p, c] = read(position, counter);
  return take(wdl(p, c));
}

std::optional<int> Tables::probe_distance(const std::string& position,
                                          std::optional<int> counter) const {
  const auto [p, c] = read(position, counter);
  return take(distance(p, c));
}

ValueTuple Tables::shown(ValueCode v, int counter, bool placement, bool brief) const {
  const ShownValue s{v, metric(), counter, placement};
  const ValueCode at = s.now();
  std::optional<int> plies, z;
  if (!is_draw(at) && !distance_unknown(at)) plies = shown_plies(at, metric());
  std::string kind = is_draw(v) ? "draw" : is_win(v) ? "win" : "loss";
  if (metric() == Metric::FIFTY) {
    const FiftyClass cls = fifty_class(v);
    kind = fifty_class_name(cls);
    std::replace(kind.begin(), kind.end(), ' ', '_');  // as the JSON "class" of the CLI
    if ((cls == FiftyClass::Win || cls == FiftyClass::Loss) && !distance_unknown(v)) z = fifty_z(v);
  }
  return {signed_wdl(s.wdl()), plies, kind, z, brief ? s.brief() : s.text()};
}

ValueTuple Tables::value(const std::string& position, std::optional<int> counter) const {
  const auto [p, c] = read(position, counter);
  return shown(code(p), c, !p.placement_over(), false);
}

std::vector<std::pair<std::string, ValueTuple>> Tables::analyze(const std::string& position,
                                                                std::optional<int> counter) const {
  const auto [p, c] = read(position, counter);
  std::vector<std::pair<std::string, ValueTuple>> out;
  for (const MoveValue& m : take(tables_->analyze(p, c)))
    out.emplace_back(format_move(variant(), m.move), shown(m.value, c, false, true));
  return out;
}

std::optional<std::string> Tables::best_move(const std::string& position, const std::string& level,
                                             std::optional<int> counter, uint64_t seed) const {
  const Result<int> chosen_level = parse_level(ascii_lower(level));
  if (!chosen_level) throw invalid_input(chosen_level.status());
  const auto [p, c] = read(position, counter);
  if (game_over(variant(), p) != GameOver::None) return std::nullopt;
  // Under the rule a turn that starts at 50 plies without a mill is a draw (rules.md).
  if (metric() == Metric::FIFTY && c == FIFTY_PLIES) return std::nullopt;
  Player player(tables_, seed);
  return format_move(variant(), take(player.choose(p, *chosen_level, nullptr, c)));
}

}  // namespace millbase::python
