// millbase annotate: each ply of a recorded game with the value before and after it,
// marking every move that changed the game's value (a win thrown away, a draw lost).
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "core/game_record.h"
#include "core/notation.h"
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

int run_annotate(const AnnotateArgs& a) {
  Result<std::string> text = read_text_file(a.file);
  if (!text) return fail(EXIT_USAGE, text.message());
  Result<GameRecord> record = read_record(*text);
  if (!record) return fail(EXIT_USAGE, a.file + ": " + record.message());
  const Game& game = record->game;
  const Variant& v = game.variant();
  const std::string dir = table_dir(v, a.db);
  auto tb = open_plain_tables(v, dir, "annotate");
  if (!tb) return fail(tb.status(), v, dir);
  // The tables of the start are there before anything is printed.
  if (Result<ValueCode> first = (*tb)->probe(game.start()); !first)
    return fail(first.status(), v, dir);

  std::string plies;
  int changes[2] = {0, 0};
  Position p = game.start();
  // Text rows: ply, side, move, before, after, mark and words; printed once the widths
  // of the move and value columns (12 at least) are known.
  std::vector<std::array<std::string, 7>> rows;
  for (size_t i = 0; i < game.moves().size(); ++i) {
    const Move m = game.moves()[i];
    Result<ValueCode> before = (*tb)->probe(p);
    const Position next = do_move(p, m);
    Result<ValueCode> after_them = (*tb)->probe(next);
    if (!before || !after_them) return fail(before ? after_them.status() : before.status(), v, dir);
    const ValueCode after = value_for_mover(*after_them);
    const Change c = change_of(*before, after);
    const Color mover = p.side_to_move;
    changes[mover] += c == Change::WinThrownAway || c == Change::DrawLost;
    const std::string move = format_move(v, m);
    if (a.json) {
      plies += std::string(plies.empty() ? "" : ",") + "{\"ply\":" + std::to_string(i + 1) +
               ",\"side\":\"" + (mover == WHITE ? "white" : "black") +
               "\",\"move\":" + json_string(move) + ",\"before\":{" + json_value(*before) +
               "},\"after\":{" + json_value(after) +
               "},\"change\":" + (c == Change::None ? "null" : json_string(CHANGE_WORDS[int(c)])) +
               "}";
    } else {
      const char* mark = c == Change::Slower ? "?!" : c == Change::None ? "" : "??";
      rows.push_back({std::to_string(i + 1), mover == WHITE ? "White" : "Black", move,
                      value_text(*before), value_text(after), mark, CHANGE_WORDS[int(c)]});
    }
    p = next;
  }
  const std::string result = game.result_text();
  if (a.json) {
    std::printf(
        "{\"variant\":%s,\"plies\":[%s],\"outcome\":\"%s\",\"reason\":\"%s\","
        "\"changes\":{\"white\":%d,\"black\":%d}}\n",
        json_string(v.name).c_str(), plies.c_str(),
        std::string(outcome_name(game.outcome())).c_str(),
        std::string(reason_name(game.reason())).c_str(), changes[WHITE], changes[BLACK]);
  } else {
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
      std::string text = std::string(width[0] - std::min(width[0], r[0].size()), ' ') + r[0] +
                         "  " + pad(r[1], width[1]) + "  " + pad(r[2], width[2]) + "  " +
                         pad(r[3], width[3]) + "  " + pad(r[4], width[4]) + "  " + r[5] + " " +
                         r[6];
      text.erase(text.find_last_not_of(' ') + 1);
      std::printf("%s\n", text.c_str());
    }
    std::printf("%s\nMoves that changed the game's value: White %d, Black %d.\n", result.c_str(),
                changes[WHITE], changes[BLACK]);
  }
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
