// millbase annotate: each ply of a recorded game with the value before and after it,
// marking every move that changed the game's value (a win thrown away, a draw lost).
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "core/game_record.h"
#include "core/notation.h"
#include "db/shown_value.h"
#include "db/tablebase.h"
#include "tools/cli_common.h"
#include "tools/text_file.h"

namespace millbase::cli {

namespace {

struct AnnotateArgs {
  std::string file, db;
  bool json = false;
};

// What a move did to the mover's value.
enum class Change { None, WinThrownAway, DrawLost, Slower };

// Returns what playing into `after` (the mover's value after the move) did to `before`.
Change change_of(ValueCode before, ValueCode after) {
  if (is_win(before) && !is_win(after)) return Change::WinThrownAway;
  if (is_draw(before) && is_loss(after)) return Change::DrawLost;
  // Slower only between distances the tables store (a play set keeps none in placement).
  if (distance_unknown(before) || distance_unknown(after)) return Change::None;
  return better(before, after) ? Change::Slower : Change::None;
}

constexpr const char* CHANGE_WORDS[] = {"", "win thrown away", "draw lost", "slower"};

// A move of the game with its value before and after, both for its mover.
struct AnnotatedPly {
  Color mover;
  std::string move;
  ValueCode before, after;
  Change change;
};

// Returns the moves that changed the game's value, by side.
std::array<int, 2> count_changes(const std::vector<AnnotatedPly>& plies) {
  std::array<int, 2> changes = {0, 0};
  for (const AnnotatedPly& a : plies)
    changes[a.mover] += a.change == Change::WinThrownAway || a.change == Change::DrawLost;
  return changes;
}

void print_annotate_json(const Game& game, const std::vector<AnnotatedPly>& plies) {
  JsonWriter json;
  json.begin_object().field("variant", game.variant().name).key("plies").begin_array();
  for (size_t i = 0; i < plies.size(); ++i) {
    const AnnotatedPly& a = plies[i];
    json.begin_object()
        .field("ply", i + 1)
        .field("side", a.mover == WHITE ? "white" : "black")
        .field("move", a.move)
        .key("before")
        .begin_object();
    ShownValue{a.before}.write_json(json).end_object().key("after").begin_object();
    ShownValue{a.after}.write_json(json).end_object().key("change");
    a.change == Change::None ? json.null() : json.value(CHANGE_WORDS[int(a.change)]);
    json.end_object();
  }
  const std::array<int, 2> changes = count_changes(plies);
  json.end_array()
      .field("outcome", outcome_name(game.outcome()))
      .field("reason", reason_name(game.reason()))
      .key("changes")
      .begin_object()
      .field("white", changes[WHITE])
      .field("black", changes[BLACK])
      .end_object();
  print_json_line(json.end_object());
}

// Prints a row per ply (ply, side, move, before, after, mark and words), the columns as
// wide as their longest cell (the move and value columns 12 at least), then the result.
void print_annotate_text(const Game& game, const std::vector<AnnotatedPly>& plies) {
  std::vector<std::array<std::string, 7>> rows;
  for (size_t i = 0; i < plies.size(); ++i) {
    const AnnotatedPly& a = plies[i];
    const char* mark = a.change == Change::Slower ? "?!" : a.change == Change::None ? "" : "??";
    rows.push_back({std::to_string(i + 1), a.mover == WHITE ? "White" : "Black", a.move,
                    value_text(a.before), value_text(a.after), mark, CHANGE_WORDS[int(a.change)]});
  }
  size_t width[7] = {4, 5, 12, 12, 12, 0, 0};
  for (const auto& r : rows)
    for (int k : {2, 3, 4}) width[k] = std::max(width[k], r[k].size());
  // Returns text padded on the right to n characters.
  auto pad = [](const std::string& text, size_t n) {
    return text + std::string(n > text.size() ? n - text.size() : 0, ' ');
  };
  std::printf(" ply  side   %s  %s  after\n", pad("move", width[2]).c_str(),
              pad("before", width[3]).c_str());
  for (const auto& r : rows) {
    std::string text = std::string(width[0] - std::min(width[0], r[0].size()), ' ') + r[0] + "  " +
                       pad(r[1], width[1]) + "  " + pad(r[2], width[2]) + "  " +
                       pad(r[3], width[3]) + "  " + pad(r[4], width[4]) + "  " + r[5] + " " + r[6];
    text.erase(text.find_last_not_of(' ') + 1);
    std::printf("%s\n", text.c_str());
  }
  const std::array<int, 2> changes = count_changes(plies);
  std::printf("%s\nMoves that changed the game's value: White %d, Black %d.\n",
              game.result_text().c_str(), changes[WHITE], changes[BLACK]);
}

int run_annotate(const AnnotateArgs& a) {
  Result<std::string> text = read_text_file(a.file);
  if (!text) return fail(EXIT_USAGE, text.message());
  Result<GameRecord> record = read_record(*text);
  if (!record) return fail(EXIT_USAGE, a.file + ": " + record.message());
  const Game& game = record->game;
  const Variant& v = game.variant();
  const std::string dir = TableDir::named(v, a.db).path();
  auto tb = open_rule_tables(v, dir, Metric::PLAIN);
  if (!tb) return fail(tb.status(), v, dir);
  // Every table the game reaches is there before anything is printed.
  std::vector<AnnotatedPly> plies;
  Position p = game.start();
  for (const Move m : game.moves()) {
    Result<ValueCode> before = (*tb)->probe(p);
    const Position next = do_move(p, m);
    Result<ValueCode> after_them = (*tb)->probe(next);
    if (!before || !after_them) return fail(before ? after_them.status() : before.status(), v, dir);
    const ValueCode after = value_for_mover(*after_them);
    plies.push_back({p.side_to_move, format_move(v, m), *before, after, change_of(*before, after)});
    p = next;
  }
  if (plies.empty())
    if (Result<ValueCode> first = (*tb)->probe(game.start()); !first)
      return fail(first.status(), v, dir);
  if (a.json)
    print_annotate_json(game, plies);
  else
    print_annotate_text(game, plies);
  return EXIT_OK;
}

}  // namespace

Command register_annotate(CLI::App& app) {
  auto a = std::make_shared<AnnotateArgs>();
  CLI::App* cmd = app.add_subcommand(
      "annotate",
      "Each ply of a game record with its value before and after (docs/game-records.md)");
  cmd->add_option("file", a->file, "Game record (- for standard input)")->required();
  cmd->add_option("--db,-d", a->db, "Table directory (default: data/<the record's variant>)");
  cmd->add_flag("--json", a->json, "One JSON object for the whole game");
  return {cmd, [a] { return run_annotate(*a); }};
}

}  // namespace millbase::cli
