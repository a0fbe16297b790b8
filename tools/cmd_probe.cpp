// millbase probe: the value of positions from the tables, with the best moves.
// millbase analyze: every legal move with its value, best first.
#include <cstdio>
#include <iostream>
#include <sstream>

#include "core/notation.h"
#include "db/tablebase.h"
#include "player/player.h"
#include "tools/cli_common.h"

namespace millbase::cli {

namespace {

struct ProbeArgs {
  std::string variant, db, rule, plain;
  std::vector<std::string> positions;
  bool json = false, wdl = false;
  size_t cache_mb = 64;
  int counter = 0;
  Metric metric = Metric::PLAIN;  // from rule
};

std::string side_word(Color c) { return c == WHITE ? "white" : "black"; }

// Returns "White to move: win in 13", "draw", "Black to move: loss in 0".
std::string value_words(const Position& p, ValueCode v) {
  if (is_draw(v)) return "draw";
  return std::string(color_name(p.side_to_move)) + " to move: " + value_text(v);
}

// The end of the game in p, said after its value: now (the side to move has lost, or
// the board is full), or at the other side's coming turn (other_side_lost(), a position
// no table holds, valued by the rule: Tablebase::probe); empty when the game goes on.
struct GameOverNote {
  std::string text;  // " (game over)" now, " (game over at Black's turn: <why>)" next
  GameOver over = GameOver::None;
  Color loser = WHITE;
  bool next = false;
  std::string why;

  // Writes the member "game_over":{"loser":...,"turn":"now"|"next","reason":...}, if over.
  void write_json(JsonWriter& w) const {
    if (over == GameOver::None) return;
    w.key("game_over").begin_object().key("loser");
    over == GameOver::FullBoard ? w.null() : w.value(side_word(loser));
    w.field("turn", next ? "next" : "now").field("reason", why).end_object();
  }
};

GameOverNote game_over_note(const Variant& v, const Position& p) {
  GameOver over = game_over(v, p);
  Color loser = p.side_to_move;
  const bool next = over == GameOver::None && other_side_lost(v, p);
  if (next) over = GameOver::TooFewStones, loser = ~loser;
  if (over == GameOver::None) return {};
  const std::string why = game_over_text(v, over, loser);
  return {next ? " (game over at " + std::string(color_name(loser)) + "'s turn: " + why + ")"
               : std::string(" (game over)"),
          over, loser, next, why};
}

// Reads the positions: the arguments, or one per line on stdin for "-".
// A position to probe and where it came from: "" for an argument, "line N" of stdin.
struct PositionText {
  std::string text, where;
};

std::vector<PositionText> read_positions(const std::vector<std::string>& args) {
  std::vector<PositionText> out;
  for (const std::string& a : args) {
    if (a != "-") {
      out.push_back({a, ""});
      continue;
    }
    int number = 0;
    for (std::string line; std::getline(std::cin, line);) {
      ++number;
      // Windows line endings and trailing blanks are not part of the position.
      line.erase(line.find_last_not_of(" \t\r") + 1);
      if (!line.empty()) out.push_back({line, "line " + std::to_string(number)});
    }
  }
  return out;
}

// Returns a hint for a position that is over, typed without in-hand counts (they
// default to 0), with fewer stones on the board than the variant has: perhaps a
// placement position whose counts were left out.
std::string missing_counts_hint(const Variant& v, const Position& p, const std::string& text) {
  std::istringstream words(text);
  int n = 0;
  for (std::string w; words >> w;) ++n;
  if (n != 3 || popcount(p.stones[WHITE]) + popcount(p.stones[BLACK]) >= 2 * v.stones) return "";
  return "; no in-hand counts were given, so none are in hand: if stones are still to be "
         "placed, add the counts, e.g. 'W: B: w " +
         std::to_string(v.stones) + " " + std::to_string(v.stones) + "'";
}

// Splits a trailing "counter N" (the 50-ply counter of that position) off text; returns
// the counter, `otherwise` when there is none, or an error for a malformed one.
Result<int> take_counter(std::string& text, int otherwise) {
  const size_t at = text.rfind(" counter ");
  if (at == std::string::npos) return otherwise;
  const std::string number = text.substr(at + 9);
  int n = -1;
  size_t used = 0;
  try {
    n = std::stoi(number, &used);
  } catch (...) {
  }
  if (used != number.size() || n < 0 || n > FIFTY_PLIES)
    return Status::invalid("counter " + quote_token(number) + " is not a number of plies 0..50");
  text.erase(at);
  return n;
}

// Runs f(position, counter, text) for each position; malformed ones get an error line
// and exit 2, missing tables exit 3 (processing continues); returns the worst exit code.
template <class F>
int for_each_position(const ProbeArgs& a, const Variant& v, F f) {
  int worst = EXIT_OK;
  for (auto [text, where] : read_positions(a.positions)) {
    const std::string line = text;
    Result<int> counter = take_counter(text, a.counter);
    if (counter && *counter != 0 && a.metric != Metric::FIFTY)
      counter = Status::invalid("a counter is for --rule fifty");
    Result<Position> p = counter ? parse_position(v, text) : Result<Position>(counter.status());
    Status st = p ? f(*p, *counter, text) : p.status();
    if (st) continue;
    int code = !p || st.code() == Status::Code::Invalid ? EXIT_USAGE
               : st.code() == Status::Code::NotFound    ? EXIT_MISSING
                                                        : EXIT_ERROR;
    worst = std::max(worst, code);
    const std::string message = (where.empty() ? "" : where + ": ") +
                                explain(st, v, TableDir::named(v, a.db, a.metric).path(), a.metric);
    text = line;
    if (a.json)
      print_json_line(
          JsonWriter().begin_object().field("position", text).field("error", message).end_object());
    else
      fail(code, message);
  }
  return worst;
}

// Opens the tables that a's rule reads, checking that the directory holds them.
Result<std::shared_ptr<const Tablebase>> open_tables(const ProbeArgs& a, const Variant& v) {
  Tablebase::Options o;
  o.cache_bytes = a.cache_mb << 20;
  return open_rule_tables(v, TableDir::named(v, a.db, a.metric).path(), a.metric, o);
}

// Returns the plain tables beside 50-ply ones; null when there are none to read: no
// --rule fifty, or the default data/<variant> cannot be used. A --plain the user named
// that cannot be used is an error naming it.
Result<std::shared_ptr<const Tablebase>> open_plain(const ProbeArgs& a, const Variant& v) {
  if (a.metric != Metric::FIFTY) {
    if (!a.plain.empty()) return Status::invalid("--plain is for --rule fifty");
    return std::shared_ptr<const Tablebase>();
  }
  const std::string dir = TableDir::named(v, a.plain).path();
  Result<std::shared_ptr<const Tablebase>> tb = Tablebase::open(v, dir);
  if (tb && (*tb)->metric() != Metric::PLAIN)
    tb = Status::invalid(dir + " holds 50-ply tables, not the plain ones");
  if (!tb && a.plain.empty()) return std::shared_ptr<const Tablebase>();
  if (!tb) return tb.status().prefixed("--plain: ");
  return tb;
}

// Returns the value words of a fifty code with the plain value after them: "White to
// move: win in 7 (50-ply rule: ...); without the rule: win in 13". Without plain tables,
// or when the default ones cannot give the value, the words alone; when the --plain the
// user named cannot give it, its error. The plain value goes to *without_rule.
Result<std::string> fifty_words(const ProbeArgs& a, const Position& p, ValueCode v, int counter,
                                const Tablebase* plain, std::optional<ValueCode>* without_rule) {
  const bool placement = p.in_hand[WHITE] > 0 || p.in_hand[BLACK] > 0;
  std::string words = fifty_text(v, counter, placement);
  if (words != "draw") words = std::string(color_name(p.side_to_move)) + " to move: " + words;
  if (!plain) return words;
  Result<ValueCode> without = plain->probe(p);
  if (!without && !a.plain.empty())  // said with the command that builds the plain table
    return Status::error("--plain: " + explain(without.status(), plain->variant(),
                                               TableDir::named(plain->variant(), a.plain).path()));
  if (!without) return words;
  *without_rule = *without;
  return words + "; without the rule: " + value_text(*without);
}

// Writes the member "without_rule" (the plain value beside a 50-ply one), if known.
void write_without_rule(JsonWriter& w, const std::optional<ValueCode>& without_rule) {
  if (without_rule)
    w.key("without_rule").begin_object().members(json_value(*without_rule)).end_object();
}

// Sets a's metric from --rule; returns false (after an error) for a bad rule or a
// counter without the 50-ply rule.
bool resolve_probe_rule(ProbeArgs& a) {
  const std::optional<Metric> m = resolve_rule(a.rule);
  if (!m) return false;
  a.metric = *m;
  if (a.metric != Metric::FIFTY && a.counter != 0)
    return fail(EXIT_USAGE, "--counter is for --rule fifty"), false;
  return true;
}

// What probe and analyze read: the variant, its tables under a's rule, and the plain
// tables beside 50-ply ones (null when there are none to read).
struct Opened {
  const Variant* variant = nullptr;
  std::shared_ptr<const Tablebase> tables;
  std::shared_ptr<const Tablebase> plain;
};

// Opens what a asks for into o; returns EXIT_OK, or the exit code after saying why not.
int open_for(ProbeArgs& a, Opened& o) {
  o.variant = resolve_variant(a.variant);
  if (!o.variant || !resolve_probe_rule(a)) return EXIT_USAGE;
  const Variant& v = *o.variant;
  Result<std::shared_ptr<const Tablebase>> tb = open_tables(a, v);
  if (!tb) return fail(tb.status(), v, TableDir::named(v, a.db, a.metric).path(), a.metric);
  Result<std::shared_ptr<const Tablebase>> plain = open_plain(a, v);
  if (!plain) return fail(plain.status(), v, TableDir::named(v, a.plain).path());
  o.tables = std::move(tb).value();
  o.plain = std::move(plain).value();
  return EXIT_OK;
}

int run_probe(ProbeArgs& a) {
  Opened o;
  if (const int code = open_for(a, o); code != EXIT_OK) return code;
  const Variant* v = o.variant;
  const std::shared_ptr<const Tablebase>& tb = o.tables;
  const std::shared_ptr<const Tablebase>& plain = o.plain;
  const bool fifty = a.metric == Metric::FIFTY;
  return for_each_position(
      a, *v, [&](const Position& p, int counter, const std::string& text) -> Status {
        const std::string pos = format_position(*v, p);
        const GameOverNote over = game_over_note(*v, p);
        if (a.wdl) {
          Result<Wdl> w = tb->probe_wdl(p);
          if (fifty) {  // the whole value at the counter
            Result<ValueCode> value = tb->probe(p);
            if (Status st = fifty ? check_fifty_counter(p, counter) : Status::ok(); !st) value = st;
            w = value ? Result<Wdl>(ShownValue{*value, tb->metric(), counter}.wdl())
                      : value.status();
          }
          if (!w) return w.status();
          static constexpr const char* WORDS[] = {"draw", "win", "loss"};
          if (a.json) {
            JsonWriter json;
            json.begin_object()
                .field("position", pos)
                .field("side_to_move", side_word(p.side_to_move));
            json.field("result", WORDS[int(*w)]);
            over.write_json(json);
            print_json_line(json.end_object());
          } else
            std::printf("%s: %s%s%s\n", pos.c_str(),
                        *w == Wdl::Draw
                            ? ""
                            : (std::string(color_name(p.side_to_move)) + " to move: ").c_str(),
                        WORDS[int(*w)], over.text.c_str());
          return Status::ok();
        }
        Result<ValueCode> value = tb->probe(p);
        if (!value) return value.status();
        Result<std::vector<MoveValue>> moves = tb->analyze(p, counter);
        if (!moves) return moves.status();
        std::optional<ValueCode> without_rule;
        const Result<std::string> words =
            fifty ? fifty_words(a, p, *value, counter, plain.get(), &without_rule)
                  : Result<std::string>(value_words(p, *value));
        if (!words) return words.status();
        // The moves as good as the first under the rule at the counter (every draw of a
        // drawn position, whatever it would be without the rule).
        std::vector<std::string> best;
        auto now = [&](ValueCode x) { return ShownValue{x, tb->metric(), counter}.now(); };
        for (const MoveValue& m : *moves) {
          if (now(m.value) != now(moves->front().value)) break;
          best.push_back(format_move(*v, m.move));
        }
        if (a.json) {
          JsonWriter json;
          json.begin_object()
              .field("position", pos)
              .field("side_to_move", side_word(p.side_to_move));
          json.members(ShownValue{*value, tb->metric(), counter}.json());
          write_without_rule(json, without_rule);
          json.field("text", *words).key("best_moves").begin_array();
          for (const std::string& m : best) json.value(m);
          over.write_json(json.end_array());
          print_json_line(json.end_object());
        } else {
          std::string line;
          for (const std::string& m : best) line += (line.empty() ? "" : " ") + m;
          std::printf(
              "%s: %s%s%s%s\n", pos.c_str(), words->c_str(), over.text.c_str(),
              best.empty() ? missing_counts_hint(*v, p, text).c_str() : "; best: ", line.c_str());
        }
        return Status::ok();
      });
}

int run_analyze(ProbeArgs& a) {
  Opened o;
  if (const int code = open_for(a, o); code != EXIT_OK) return code;
  const Variant* v = o.variant;
  const std::shared_ptr<const Tablebase>& tb = o.tables;
  const std::shared_ptr<const Tablebase>& plain = o.plain;
  const bool fifty = a.metric == Metric::FIFTY;
  return for_each_position(
      a, *v, [&](const Position& p, int counter, const std::string&) -> Status {
        Result<ValueCode> value = tb->probe(p);
        if (!value) return value.status();
        Result<std::vector<MoveValue>> moves = tb->analyze(p, counter);
        if (!moves) return moves.status();
        const std::string pos = format_position(*v, p);
        std::optional<ValueCode> without_rule;
        const Result<std::string> words =
            fifty ? fifty_words(a, p, *value, counter, plain.get(), &without_rule)
                  : Result<std::string>(value_words(p, *value));
        if (!words) return words.status();
        auto json_of = [&](ValueCode x) { return ShownValue{x, tb->metric(), counter}.json(); };
        if (a.json) {
          JsonWriter json;
          json.begin_object()
              .field("position", pos)
              .field("side_to_move", side_word(p.side_to_move));
          json.members(json_of(*value));
          write_without_rule(json, without_rule);
          json.key("moves").begin_array();
          for (const MoveValue& m : *moves)
            json.begin_object()
                .field("move", format_move(*v, m.move))
                .members(json_of(m.value))
                .end_object();
          json.end_array();
          game_over_note(*v, p).write_json(json);
          print_json_line(json.end_object());
          return Status::ok();
        }
        std::printf("%s: %s%s\n", pos.c_str(), words->c_str(), game_over_note(*v, p).text.c_str());
        for (const MoveValue& m : *moves)
          std::printf("  %-10s %s\n", format_move(*v, m.move).c_str(),
                      ShownValue{m.value, tb->metric(), counter}.brief().c_str());
        return Status::ok();
      });
}

void add_common(CLI::App* cmd, ProbeArgs& a) {
  add_variant_option(cmd, &a.variant);
  add_db_option(cmd, &a.db);
  add_rule_option(cmd, &a.rule,
                  "plain: values to the end of the game (none, the older word, also reads); fifty: "
                  "under the 50-ply draw rule "
                  "(tables of solve --rule fifty), with the plain value beside when --plain has "
                  "it");
  cmd->add_option("--counter", a.counter,
                  "With --rule fifty: plies since the last mill or the end of placement, 0..50; "
                  "a position on stdin may end with 'counter N' instead")
      ->check(CLI::Range(0, FIFTY_PLIES));
  cmd->add_option("--plain", a.plain,
                  "With --rule fifty: the plain tables, for the value without the rule "
                  "(default: data/<variant>, skipped when absent; a --plain given that cannot be "
                  "read is an error)");
  cmd->add_option("positions", a.positions,
                  "Positions 'W:<points> B:<points> <w|b> [<white in hand> <black in hand>] "
                  "[counter N]'; '-' reads one per line from stdin")
      ->required();
  cmd->add_option("--cache-mb", a.cache_mb, "Block cache size in MiB, 1..1048576")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));
  cmd->add_flag("--json", a.json, "One JSON object per position");
}

}  // namespace

Command register_probe(CLI::App& app) {
  auto a = std::make_shared<ProbeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "probe", "The value of positions (win/loss in N plies, or draw) and the best moves");
  add_common(cmd, *a);
  cmd->add_flag("--wdl", a->wdl,
                "Win/draw/loss only (reads only the WDL planes; under --rule fifty the whole "
                "value, since there the planes hold the value without the rule)");
  return {cmd, [a] { return run_probe(*a); }};
}

Command register_analyze(CLI::App& app) {
  auto a = std::make_shared<ProbeArgs>();
  CLI::App* cmd = app.add_subcommand("analyze", "Every legal move with its value, best first");
  add_common(cmd, *a);
  return {cmd, [a] { return run_analyze(*a); }};
}

}  // namespace millbase::cli
