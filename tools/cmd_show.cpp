// millbase show: draws a position, says whose turn and the phase, lists the legal moves.
#include <cstdio>
#include <optional>

#include "core/movegen.h"
#include "core/notation.h"
#include "tools/cli_common.h"

namespace millbase::cli {

namespace {

struct ShowOptions {
  std::string variant;
  std::string position;
  bool json = false;
};

// Returns the position, its phase, its counts, how the game ended and the legal moves,
// as a JSON object.
JsonWriter show_json(const Variant& v, const Position& p, const MoveList& moves) {
  const Color us = p.side_to_move;
  const GameOver over = game_over(v, p);
  JsonWriter w;
  w.begin_object()
      .field("variant", v.name)
      .field("position", format_position(v, p))
      .field("side_to_move", us == WHITE ? "white" : "black")
      .field("phase", phase_name(phase(v, p)))
      .key("also_moves");
  const std::optional<Phase> also = also_moves(v, p);
  also ? w.value(phase_name(*also)) : w.null();
  w.key("on_board")
      .begin_object()
      .field("white", popcount(p.stones[WHITE]))
      .field("black", popcount(p.stones[BLACK]))
      .end_object()
      .key("in_hand")
      .begin_object()
      .field("white", p.in_hand[WHITE])
      .field("black", p.in_hand[BLACK])
      .end_object()
      .key("game_over");
  if (over == GameOver::None) {
    w.null();
  } else {
    w.begin_object().key("loser");
    over == GameOver::FullBoard ? w.null() : w.value(us == WHITE ? "white" : "black");
    w.field("reason", game_over_text(v, over, us)).end_object();
  }
  w.key("moves").begin_array();
  for (const Move& m : moves) w.value(format_move(v, m));
  return std::move(w.end_array().end_object());
}

int run_show(const ShowOptions& o) {
  const Variant* v = resolve_variant(o.variant);
  if (!v) return EXIT_USAGE;
  Position p = start_position(*v);
  if (!o.position.empty()) {
    Result<Position> parsed = parse_position(*v, o.position);
    if (!parsed) return fail(EXIT_USAGE, parsed.message());
    p = *parsed;
  }
  const Color us = p.side_to_move;
  const GameOver over = game_over(*v, p);
  MoveList moves(*v, p);

  if (o.json) {
    print_json_line(show_json(*v, p, moves));
    return EXIT_OK;
  }

  std::printf("%s\n%s\n", draw_board(*v, p).c_str(), format_position(*v, p).c_str());
  const std::optional<Phase> also = also_moves(*v, p);
  std::printf("Variant %s. %s to move, %s phase%s.\n", std::string(v->name).c_str(),
              std::string(color_name(us)).c_str(), phase_name(phase(*v, p)),
              !also                 ? ""
              : *also == Phase::Fly ? "; it may fly a stone instead of placing one"
                                    : "; it may move a stone instead of placing one");
  std::printf("On the board: White %d, Black %d. In hand: White %d, Black %d.\n",
              popcount(p.stones[WHITE]), popcount(p.stones[BLACK]), p.in_hand[WHITE],
              p.in_hand[BLACK]);
  if (over != GameOver::None) {
    std::printf(
        "Game over: %s; %s.\n", game_over_text(*v, over, us).c_str(),
        over == GameOver::FullBoard ? "a draw" : (std::string(color_name(~us)) + " wins").c_str());
    return EXIT_OK;
  }
  std::printf("Legal moves (%d):", moves.size());
  for (const Move& m : moves) std::printf(" %s", format_move(*v, m).c_str());
  std::printf("\n");
  return EXIT_OK;
}

}  // namespace

Command register_show(CLI::App& app) {
  auto o = std::make_shared<ShowOptions>();
  CLI::App* cmd = app.add_subcommand(
      "show", "Draw a position, say whose turn and the phase, and list every legal move");
  add_variant_option(cmd, &o->variant);
  cmd->add_option("position", o->position,
                  "Position 'W:<points> B:<points> <w|b> [<white in hand> <black in hand>]' "
                  "(default: the start position, White to move)");
  cmd->add_flag("--json", o->json, "Print one JSON object instead of text");
  return {cmd, [o] { return run_show(*o); }};
}

}  // namespace millbase::cli
