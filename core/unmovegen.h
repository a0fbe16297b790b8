// Predecessor (unmove) generation for retrograde analysis.
//
// For a position Q, lists every move m such that P = undo_move(Q, m) is a valid,
// non-terminal position in which m is legal and do_move(P, m) == Q. This includes
// undoing a removal (the removed stone reappears on an empty point where the rules
// allowed removing it) and undoing a placement (the stone returns to the hand).
#pragma once

#include "core/position.h"

namespace millbase {

// Bounds the unmoves of one position: at most 12 arrival points times 29 origins (or
// the hand) times 30 restorable points or none; far fewer occur on real boards.
constexpr int MAX_UNMOVES = 4096;

// Appends every unmove of q for a previous mover in phase P; returns the new end.
template <Phase P>
Move* generate_unmoves(const Variant& v, const Position& q, Move* out);

// Appends the unmoves of q that undo a slide or fly that removed nothing: one closing no
// mill, or any while the side to move of q has no stone on the board (the moves that keep
// the stone counts, which retrograde analysis follows inside a work unit).
template <Phase P>
Move* generate_quiet_unmoves(const Variant& v, const Position& q, Move* out);

// A fixed-capacity list of the unmoves of a position; no heap allocation.
class UnmoveList {
 public:
  // Requires validate(v, q) to succeed.
  UnmoveList(const Variant& v, const Position& q);

  const Move* begin() const { return moves_; }
  const Move* end() const { return end_; }
  int size() const { return int(end_ - moves_); }

 private:
  Move moves_[MAX_UNMOVES];
  Move* end_;
};

}  // namespace millbase
