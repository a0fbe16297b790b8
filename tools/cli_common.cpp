#include "tools/cli_common.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "core/notation.h"
#include "core/variant.h"
#include "db/dir_manifest.h"
#include "solver/progress.h"
#include "solver/sector_graph.h"
#include "solver/unit_memory.h"

namespace millbase::cli {

int fail(int code, std::string_view message) {
  std::fprintf(stderr, "millbase: %.*s\n", int(message.size()), message.data());
  return code;
}

std::string solve_cost(const Variant& v) {
  uint64_t positions = 0, largest = 0;
  const SectorGraph graph(v);
  for (const WorkUnit& u : graph.units()) {
    positions += unit_entries(v, u);
    largest = std::max(largest, unit_bytes_children_whole(v, u));
  }
  char memory[32];
  if (largest >= 1000000000)
    std::snprintf(memory, sizeof memory, "%.1f GB", largest / 1e9);
  else
    std::snprintf(memory, sizeof memory, "%.1f MB", largest / 1e6);
  return human_count(double(positions)) + " positions; its largest unit needs about " + memory +
         " of memory, less with --memory; README: what the solves cost";
}

std::string explain(const Status& s, const Variant& v, const std::string& dir, Metric metric) {
  if (s.code() != Status::Code::NotFound) return s.message();
  return s.message() + "; build it with: millbase solve --variant " + std::string(v.name) +
         (metric == Metric::FIFTY ? " --rule fifty" : "") +
         (s.subject().empty() ? " --out " + dir + " (" + solve_cost(v) + ")"
                              : " --sector " + s.subject() + " --out " + dir);
}

int fail(const Status& s, const Variant& v, const std::string& dir, Metric metric) {
  const int code = s.code() == Status::Code::NotFound  ? EXIT_MISSING
                   : s.code() == Status::Code::Invalid ? EXIT_USAGE
                                                       : EXIT_ERROR;
  return fail(code, explain(s, v, dir, metric));
}

void add_variant_option(CLI::App* cmd, std::string* name) {
  *name = "six";
  cmd->add_option("--variant,-v", *name, "Game variant: nine, nine-noflying, six, five")
      ->capture_default_str();
}

const Variant* resolve_variant(const std::string& name) {
  if (const Variant* v = find_variant(name)) return v;
  std::string known;
  for (const Variant* v : all_variants())
    known += (known.empty() ? "" : ", ") + std::string(v->name);
  fail(EXIT_USAGE, "unknown variant " + quote_token(name) + " (choose " + known + ")");
  return nullptr;
}

std::string table_dir(const Variant& v, const std::string& given, Metric metric) {
  if (!given.empty()) return given;
  return "data/" + std::string(v.name) + (metric == Metric::FIFTY ? "-fifty" : "");
}

std::string play_dir(const Variant& v, const std::string& given) {
  if (!given.empty()) return given;
  const std::string fifty = table_dir(v, "", Metric::FIFTY);
  const Result<std::optional<DirManifest>> m = read_manifest(fifty);
  const bool whole = m && m->has_value() && (*m)->variant == v.name &&
                     (*m)->metric == metric_name(Metric::FIFTY) && (*m)->all;
  return whole ? fifty : table_dir(v, "");
}

Metric metric_of(const std::string& dir) {
  const Result<Metric> m = dir_metric(dir);
  return m ? *m : Metric::DTM;
}

Result<std::shared_ptr<const Tablebase>> open_plain_tables(const Variant& v, const std::string& dir,
                                                           std::string_view command) {
  Result<std::shared_ptr<const Tablebase>> tb = Tablebase::open(v, dir);
  if (tb && (*tb)->metric() != Metric::DTM)
    return Status::invalid(dir + " holds 50-ply tables; " + std::string(command) +
                           " reads the plain tables (data/" + std::string(v.name) + ")");
  return tb;
}

Status check_any_table_dir(const Variant& v, const std::string& dir) {
  Result<Metric> metric = dir_metric(dir);
  if (!metric) return metric.status();
  return check_table_dir(v, dir, *metric);
}

int shown_plies(ValueCode v, Metric metric) {
  return metric == Metric::FIFTY ? fifty_z(v) : distance(v);
}

std::string rule_value_text(ValueCode v, Metric metric) {
  if (is_draw(v)) return "draw";
  return std::string(is_win(v) ? "win in " : "loss in ") + std::to_string(shown_plies(v, metric));
}

void add_rule_option(CLI::App* cmd, std::string* rule, const char* help) {
  *rule = "none";
  cmd->add_option("--rule", *rule, help)->capture_default_str();
}

std::optional<Metric> resolve_rule(const std::string& rule) {
  std::string word = rule;
  for (char& c : word) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (word == "none") return Metric::DTM;
  if (word == "fifty") return Metric::FIFTY;
  fail(EXIT_USAGE, "unknown rule " + quote_token(rule) + " (choose none or fifty)");
  return std::nullopt;
}

namespace {

// Returns the length of the well-formed UTF-8 sequence at s[i] (1..4), or 0.
size_t utf8_length(std::string_view s, size_t i) {
  const auto at = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned c = at(i);
  size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((at(i + k) & 0xC0) != 0x80) return 0;
  // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
  const unsigned c1 = n > 1 ? at(i + 1) : 0;
  if ((n == 2 && c < 0xC2) || (n == 3 && c == 0xE0 && c1 < 0xA0) ||
      (n == 3 && c == 0xED && c1 >= 0xA0) || (n == 4 && c == 0xF0 && c1 < 0x90) ||
      (n == 4 && (c > 0xF4 || (c == 0xF4 && c1 >= 0x90))))
    return 0;
  return n;
}

}  // namespace

std::string json_value(ValueCode v) {
  if (is_draw(v)) return "\"result\":\"draw\",\"distance\":null";
  return std::string("\"result\":\"") + (is_win(v) ? "win" : "loss") +
         "\",\"distance\":" + std::to_string(distance(v));
}

std::string fifty_text(ValueCode v, int counter, bool placement) {
  const FiftyClass cls = fifty_class(v);
  const char* to = placement ? " (50-ply rule: plies to the first mill of the movement phase or "
                               "the end)"
                             : " (50-ply rule: plies to the next mill or the end)";
  switch (cls) {
    case FiftyClass::Draw:
      return "draw";
    case FiftyClass::CursedWin:
      return "cursed win: a draw under the 50-ply rule (a win without it)";
    case FiftyClass::BlessedLoss:
      return "blessed loss: a draw under the 50-ply rule (a loss without it)";
    default:
      break;
  }
  const std::string result = cls == FiftyClass::Win ? "win" : "loss";
  const int z = fifty_z(v);
  if (!is_draw(fifty_at(v, counter))) return result + " in " + std::to_string(z) + to;
  return "draw under the 50-ply rule with the counter at " + std::to_string(counter) + " (a " +
         result + " in " + std::to_string(z) + " with the counter at " +
         std::to_string(FIFTY_PLIES - z) + " or less)";
}

std::string fifty_move_text(ValueCode v, int counter) {
  const ValueCode now = fifty_at(v, counter);
  if (!is_draw(now)) return (is_win(now) ? "win in " : "loss in ") + std::to_string(fifty_z(now));
  switch (fifty_class(v)) {
    case FiftyClass::Draw:
      return "draw";
    case FiftyClass::CursedWin:
    case FiftyClass::BlessedLoss:
      return std::string("draw (") + fifty_class_name(fifty_class(v)) + ")";
    default:
      return std::string("draw (a ") + (is_win(v) ? "win" : "loss") + " in " +
             std::to_string(fifty_z(v)) + " needs the counter at " +
             std::to_string(FIFTY_PLIES - fifty_z(v)) + " or less)";
  }
}

std::string json_fifty(ValueCode v, int counter) {
  const ValueCode now = fifty_at(v, counter);
  const FiftyClass cls = fifty_class(v);
  const bool decisive = cls == FiftyClass::Win || cls == FiftyClass::Loss;
  std::string name = fifty_class_name(cls);
  std::replace(name.begin(), name.end(), ' ', '_');
  return "\"rule\":\"fifty\",\"counter\":" + std::to_string(counter) + ",\"result\":\"" +
         (is_draw(now)  ? "draw"
          : is_win(now) ? "win"
                        : "loss") +
         "\",\"distance\":" + (is_draw(now) ? "null" : std::to_string(fifty_z(now))) +
         ",\"class\":\"" + name + "\",\"z\":" + (decisive ? std::to_string(fifty_z(v)) : "null");
}

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size();) {
    const char c = s[i];
    const size_t n = utf8_length(s, i);
    if (n == 0) {  // a byte that is not UTF-8: the replacement character
      out += "\\ufffd";
      ++i;
      continue;
    }
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out.append(s.substr(i, n));
    }
    i += n;
  }
  return out + "\"";
}

// The drawing puts column c at text column 2 + 4c and row r at line 2 (top - r); lines
// between adjacent points on one row or column are drawn with '-' and '|'.
std::string draw_board(const Variant& v, const Position& p) {
  const Board& b = *v.board;
  int cmin = 6, cmax = 0, rmin = 6, rmax = 0;
  for (int i = 0; i < b.num_points; ++i) {
    cmin = std::min<int>(cmin, b.coord[i].col), cmax = std::max<int>(cmax, b.coord[i].col);
    rmin = std::min<int>(rmin, b.coord[i].row), rmax = std::max<int>(rmax, b.coord[i].row);
  }
  const int width = 2 + 4 * (cmax - cmin) + 1, height = 2 * (rmax - rmin) + 1;
  std::vector<std::string> grid(height, std::string(width, ' '));
  auto x_of = [&](Coord c) { return 2 + 4 * (c.col - cmin); };
  auto y_of = [&](Coord c) { return 2 * (rmax - c.row); };
  for (int i = 0; i < b.num_points; ++i)
    for (Bitboard adj = b.adjacent[i]; adj;) {
      Coord c = b.coord[i], d = b.coord[pop_lsb(adj)];
      if (c.row == d.row)
        for (int x = std::min(x_of(c), x_of(d)) + 1; x < std::max(x_of(c), x_of(d)); ++x)
          grid[y_of(c)][x] = '-';
      else if (c.col == d.col)
        for (int y = std::min(y_of(c), y_of(d)) + 1; y < std::max(y_of(c), y_of(d)); ++y)
          grid[y][x_of(c)] = '|';
    }
  for (int i = 0; i < b.num_points; ++i) {
    Coord c = b.coord[i];
    char mark = contains(p.stones[WHITE], Point(i))   ? 'W'
                : contains(p.stones[BLACK], Point(i)) ? 'B'
                                                      : '.';
    grid[y_of(c)][x_of(c)] = mark;
  }
  for (int r = rmin; r <= rmax; ++r) grid[2 * (rmax - r)][0] = char('1' + r);
  std::string out;
  for (const std::string& line : grid) out += line.substr(0, line.find_last_not_of(' ') + 1) + "\n";
  std::string labels(width, ' ');
  for (int c = cmin; c <= cmax; ++c) labels[2 + 4 * (c - cmin)] = char('a' + c);
  return out + labels.substr(0, labels.find_last_not_of(' ') + 1) + "\n";
}

}  // namespace millbase::cli
