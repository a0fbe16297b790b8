// Positions: the stones of each colour, the stones in hand and the side to move.
#pragma once

#include <array>

#include "core/status.h"
#include "core/variant.h"

namespace millbase {

struct Position {
  std::array<Bitboard, 2> stones{};
  std::array<uint8_t, 2> in_hand{};
  Color side_to_move = WHITE;

  Bitboard us() const { return stones[side_to_move]; }
  Bitboard them() const { return stones[~side_to_move]; }
  Bitboard occupied() const { return stones[WHITE] | stones[BLACK]; }
  bool placement_over() const { return in_hand[WHITE] == 0 && in_hand[BLACK] == 0; }
  bool operator==(const Position&) const = default;
};

// The kind of turn the side to move plays.
enum class Phase : uint8_t { Place, Slide, Fly };

// Why the game is over at the start of a turn (rules.md, end of the game).
enum class GameOver : uint8_t { None, TooFewStones, NoLegalMove };

// Returns the start position: empty board, full hands, `first` to move.
Position start_position(const Variant& v, Color first = WHITE);

// Returns the kind of turn the side to move plays in p.
inline Phase phase(const Variant& v, const Position& p) {
  if (p.in_hand[p.side_to_move]) return Phase::Place;
  return v.flying && popcount(p.us()) == 3 ? Phase::Fly : Phase::Slide;
}

// Returns whether, and why, the side to move has lost at the start of its turn.
GameOver game_over(const Variant& v, const Position& p);

// Returns p after move m (m must be legal in p).
Position do_move(const Position& p, Move m);

// Returns p before move m, given the position after it (inverse of do_move).
Position undo_move(const Position& after, Move m);

// Checks that p can occur in a game of v (a superset of the reachable positions):
// disjoint stones on the board's points; per side, stones on the board plus in hand at
// most v.stones; in hand, the side to move has as many as the opponent or one more.
Status validate(const Variant& v, const Position& p);

}  // namespace millbase
