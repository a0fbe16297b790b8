// Legal move generation (rules.md, a turn), specialised by phase.
#pragma once

#include "core/position.h"

namespace millbase {

// Bounds the moves of one position on boards of up to 32 points: a fly has at most
// 3 * 29 (from, to) pairs, each with at most 12 removals of a twelve-stone opponent.
constexpr int MAX_MOVES = 1024;

// Appends every legal move of phase P for the side to move; returns the new end.
// Does not test game_over(): a position with fewer than three stones still gets moves.
template <Phase P>
Move* generate(const Variant& v, const Position& p, Move* out);

// A fixed-capacity list of the legal moves of a position; no heap allocation.
class MoveList {
 public:
  // Generates the legal moves of p, none when the game is over.
  MoveList(const Variant& v, const Position& p);

  const Move* begin() const { return moves_; }
  const Move* end() const { return end_; }
  int size() const { return int(end_ - moves_); }
  bool contains(Move m) const;

 private:
  Move moves_[MAX_MOVES];
  Move* end_;
};

// Returns true when `partial` (a placement, slide or fly written without a removal)
// closes a mill in p, so that it is legal only with the removal still to be chosen.
bool awaits_removal(const Variant& v, const Position& p, Move partial);

// Returns true when the move puts its stone into a mill (so the turn removes a stone
// if the opponent has one on the board).
inline bool closes_mill(const Variant& v, const Position& p, Move m) {
  return v.board->closes_mill(mover_after(p.us(), m), m.to);
}

}  // namespace millbase
