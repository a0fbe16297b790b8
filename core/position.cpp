#include "core/position.h"

#include <string>

#include "core/token_text.h"

namespace millbase {

Position start_position(const Variant& v, Color first) {
  Position p;
  p.in_hand = {uint8_t(v.stones), uint8_t(v.stones)};
  p.side_to_move = first;
  return p;
}

bool other_side_lost(const Variant& v, const Position& p) {
  Position turned = p;
  turned.side_to_move = ~p.side_to_move;
  return game_over(v, turned) == GameOver::TooFewStones;
}

GameOver game_over(const Variant& v, const Position& p) {
  const Board& b = *v.board;
  if (too_few_stones(v, popcount(p.us()), p.in_hand[p.side_to_move])) return GameOver::TooFewStones;
  switch (phase(v, p)) {
    case Phase::Place:
    case Phase::Fly:
      // A placement or a flight needs one empty point; these boards always have one.
      return (b.all & ~p.occupied()) ? GameOver::None : blocked(v, p.occupied());
    case Phase::Slide: {
      Bitboard empty = b.all & ~p.occupied();
      for (Bitboard s = p.us(); s;)
        if (b.adjacent[pop_lsb(s)] & empty) return GameOver::None;
      return blocked(v, p.occupied());
    }
  }
  return GameOver::None;
}

std::optional<Phase> also_moves(const Variant& v, const Position& p) {
  if (!p.in_hand[p.side_to_move] || !may_move(v, p) || game_over(v, p) != GameOver::None)
    return std::nullopt;
  return movement_phase(v, p);
}

std::string game_over_text(const Variant& v, GameOver g, Color side) {
  const std::string name(color_name(side));
  switch (g) {
    case GameOver::TooFewStones:
      return name + (v.hand_counts_for_three
                         ? " has fewer than three stones on the board and in hand"
                         : " has fewer than three stones and none in hand");
    case GameOver::FullBoard:
      return "the board is full and " + name + " cannot move";
    case GameOver::NoLegalMove:
    case GameOver::None:
      break;
  }
  return name + " has no legal move";
}

Status validate(const Variant& v, const Position& p) {
  static constexpr const char* NAMES[2] = {"White", "Black"};
  if (p.stones[WHITE] & p.stones[BLACK]) return Status::error("a point holds two stones");
  if (p.occupied() & ~v.board->all) return Status::error("a stone is off the board");
  for (Color c : {WHITE, BLACK}) {
    int on_board = popcount(p.stones[c]), hand = p.in_hand[c];
    if (hand > v.stones)
      return Status::error(std::string(NAMES[c]) + " has " + std::to_string(hand) +
                           " stones in hand but " + std::string(v.name) + " gives only " +
                           std::to_string(v.stones));
    if (on_board + hand > v.stones)
      return Status::error(std::string(NAMES[c]) + " has " + std::to_string(on_board) +
                           " stones on the board and " + std::to_string(hand) +
                           " in hand, more than the " + std::to_string(v.stones) + " of " +
                           std::string(v.name));
  }
  int mover = p.in_hand[p.side_to_move], other = p.in_hand[~p.side_to_move];
  if (!v.move_in_placement && mover != other && mover != other + 1)
    return Status::error(std::string("in-hand counts ") + std::to_string(p.in_hand[WHITE]) + " " +
                         std::to_string(p.in_hand[BLACK]) + " with " + NAMES[p.side_to_move] +
                         " to move cannot occur: sides place alternately, so the side to "
                         "move has as many stones in hand as the other or one more");
  return Status::ok();
}

}  // namespace millbase
