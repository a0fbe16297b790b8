// millbase probe: the value of positions from the tables, with the best moves.
// millbase analyze: every legal move with its value, best first.
#include <cstdio>

#include "core/notation.h"
#include "db/tablebase.h"
#include "player/player.h"
#include "tools/cli_common.h"
#include "tools/probe_input.h"

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
  if (!without_rule) return;
  ShownValue{*without_rule}.write_json(w.key("without_rule").begin_object()).end_object();
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

// Returns p's win/draw/loss for probe --wdl: the WDL planes' without the rule; under the
// 50-ply rule the whole value at the counter, since there the planes hold the value
// without the rule.
Result<Wdl> rule_wdl(const Tablebase& tb, const Position& p, int counter) {
  if (tb.metric() != Metric::FIFTY) return tb.probe_wdl(p);
  if (Status st = check_fifty_counter(tb.variant(), p, counter); !st) return st;
  Result<ValueCode> value = tb.probe(p);
  if (!value) return value.status();
  return ShownValue{*value, tb.metric(), counter}.wdl();
}

// Writes probe --wdl's line for p: its win/draw/loss w and the end of the game, if over.
void print_wdl(const ProbeArgs& a, const Variant& v, const Position& p, Wdl w) {
  static constexpr const char* WORDS[] = {"draw", "win", "loss"};
  const std::string pos = format_position(v, p);
  const GameOverNote over = game_over_note(v, p);
  if (a.json) {
    JsonWriter json;
    json.begin_object()
        .field("position", pos)
        .field("side_to_move", side_word(p.side_to_move))
        .field("result", WORDS[int(w)]);
    over.write_json(json);
    print_json_line(json.end_object());
    return;
  }
  const std::string mover =
      w == Wdl::Draw ? "" : std::string(color_name(p.side_to_move)) + " to move: ";
  std::printf("%s: %s%s%s\n", pos.c_str(), mover.c_str(), WORDS[int(w)], over.text.c_str());
}

// A position's value as probe and analyze show it, at its counter.
struct Valued {
  ValueCode value = DRAW;
  std::vector<MoveValue> moves;           // every legal move with its value, best first
  std::string words;                      // the value in words (fifty_words under the rule)
  std::optional<ValueCode> without_rule;  // under the rule, the plain value, if known
};

// Returns p's value and its moves' from o's tables at the counter, or the error of a
// table (or of the --plain the user named).
Result<Valued> value_of(const ProbeArgs& a, const Opened& o, const Position& p, int counter) {
  Valued out;
  Result<ValueCode> value = o.tables->probe(p);
  if (!value) return value.status();
  out.value = *value;
  Result<std::vector<MoveValue>> moves = o.tables->analyze(p, counter);
  if (!moves) return moves.status();
  out.moves = std::move(moves).value();
  const Result<std::string> words =
      a.metric == Metric::FIFTY
          ? fifty_words(a, p, out.value, counter, o.plain.get(), &out.without_rule)
          : Result<std::string>(value_words(p, out.value));
  if (!words) return words.status();
  out.words = *words;
  return out;
}

// Returns the moves as good as the first under the rule at the counter (every draw of a
// drawn position, whatever it would be without the rule), in notation.
std::vector<std::string> best_moves(const Variant& v, const Valued& val, Metric metric,
                                    int counter) {
  std::vector<std::string> best;
  auto now = [&](ValueCode x) { return ShownValue{x, metric, counter}.now(); };
  for (const MoveValue& m : val.moves) {
    if (now(m.value) != now(val.moves.front().value)) break;
    best.push_back(format_move(v, m.move));
  }
  return best;
}

// Writes probe's line for p: its value, the end of the game if over, and the best moves
// (text: p as typed, for the hint on in-hand counts left out when there are none).
void print_probe(const ProbeArgs& a, const Opened& o, const Position& p, int counter,
                 const Valued& val, const std::string& text) {
  const Variant& v = *o.variant;
  const std::string pos = format_position(v, p);
  const GameOverNote over = game_over_note(v, p);
  const std::vector<std::string> best = best_moves(v, val, o.tables->metric(), counter);
  if (a.json) {
    JsonWriter json;
    json.begin_object().field("position", pos).field("side_to_move", side_word(p.side_to_move));
    ShownValue{val.value, o.tables->metric(), counter}.write_json(json);
    write_without_rule(json, val.without_rule);
    json.field("text", val.words).key("best_moves").begin_array();
    for (const std::string& m : best) json.value(m);
    over.write_json(json.end_array());
    print_json_line(json.end_object());
    return;
  }
  std::string line;
  for (const std::string& m : best) line += (line.empty() ? "" : " ") + m;
  std::printf("%s: %s%s%s%s\n", pos.c_str(), val.words.c_str(), over.text.c_str(),
              best.empty() ? missing_counts_hint(v, p, text).c_str() : "; best: ", line.c_str());
}

// Writes analyze's lines for p: its value, the end of the game if over, then every
// legal move with its value.
void print_analysis(const ProbeArgs& a, const Opened& o, const Position& p, int counter,
                    const Valued& val) {
  const Variant& v = *o.variant;
  const Metric metric = o.tables->metric();
  const std::string pos = format_position(v, p);
  if (a.json) {
    JsonWriter json;
    json.begin_object().field("position", pos).field("side_to_move", side_word(p.side_to_move));
    ShownValue{val.value, metric, counter}.write_json(json);
    write_without_rule(json, val.without_rule);
    json.key("moves").begin_array();
    for (const MoveValue& m : val.moves) {
      json.begin_object().field("move", format_move(v, m.move));
      ShownValue{m.value, metric, counter}.write_json(json).end_object();
    }
    json.end_array();
    game_over_note(v, p).write_json(json);
    print_json_line(json.end_object());
    return;
  }
  std::printf("%s: %s%s\n", pos.c_str(), val.words.c_str(), game_over_note(v, p).text.c_str());
  for (const MoveValue& m : val.moves)
    std::printf("  %-10s %s\n", format_move(v, m.move).c_str(),
                ShownValue{m.value, metric, counter}.brief().c_str());
}

int run_probe(ProbeArgs& a) {
  Opened o;
  if (const int code = open_for(a, o); code != EXIT_OK) return code;
  return for_each_position(a, *o.variant,
                           [&](const Position& p, int counter, const std::string& text) -> Status {
                             if (a.wdl) {
                               Result<Wdl> w = rule_wdl(*o.tables, p, counter);
                               if (!w) return w.status();
                               print_wdl(a, *o.variant, p, *w);
                               return Status::ok();
                             }
                             Result<Valued> val = value_of(a, o, p, counter);
                             if (!val) return val.status();
                             print_probe(a, o, p, counter, *val, text);
                             return Status::ok();
                           });
}

int run_analyze(ProbeArgs& a) {
  Opened o;
  if (const int code = open_for(a, o); code != EXIT_OK) return code;
  return for_each_position(a, *o.variant,
                           [&](const Position& p, int counter, const std::string&) -> Status {
                             Result<Valued> val = value_of(a, o, p, counter);
                             if (!val) return val.status();
                             print_analysis(a, o, p, counter, *val);
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
