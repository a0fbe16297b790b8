#include "core/movegen.h"

#include <algorithm>

namespace millbase {

namespace {

// Appends the moves of a stone arriving at `to` (from `from`): one per removal choice
// when it closes a mill and the opponent has stones on the board, else one.
inline Move* add(const Board& b, Bitboard own_after, Bitboard removable, Point from, Point to,
                 Move* out) {
  if (removable && b.closes_mill(own_after, to)) {
    for (Bitboard r = removable; r;) *out++ = Move{from, to, pop_lsb(r)};
  } else {
    *out++ = Move{from, to, NO_POINT};
  }
  return out;
}

}  // namespace

template <Phase P>
Move* generate(const Variant& v, const Position& p, Move* out) {
  const Board& b = *v.board;
  const Bitboard us = p.us(), empty = b.all & ~p.occupied();
  const Bitboard removable = p.them() ? b.removable(p.them()) : 0;
  if constexpr (P == Phase::Place) {
    for (Bitboard to = empty; to;) {
      Point t = pop_lsb(to);
      out = add(b, us | bit(t), removable, NO_POINT, t, out);
    }
  } else {
    for (Bitboard from = us; from;) {
      Point f = pop_lsb(from);
      Bitboard targets = P == Phase::Fly ? empty : b.adjacent[f] & empty;
      for (Bitboard to = targets; to;) {
        Point t = pop_lsb(to);
        out = add(b, (us ^ bit(f)) | bit(t), removable, f, t, out);
      }
    }
  }
  return out;
}

template Move* generate<Phase::Place>(const Variant&, const Position&, Move*);
template Move* generate<Phase::Slide>(const Variant&, const Position&, Move*);
template Move* generate<Phase::Fly>(const Variant&, const Position&, Move*);

MoveList::MoveList(const Variant& v, const Position& p) : end_(moves_) {
  if (game_over(v, p) != GameOver::None) return;
  if (p.in_hand[p.side_to_move]) end_ = generate<Phase::Place>(v, p, end_);
  if (!may_move(v, p)) return;
  if (movement_phase(v, p) == Phase::Fly)
    end_ = generate<Phase::Fly>(v, p, end_);
  else
    end_ = generate<Phase::Slide>(v, p, end_);
}

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

bool awaits_removal(const Variant& v, const Position& p, Move partial) {
  if (partial.remove != NO_POINT) return false;
  for (Move m : MoveList(v, p))
    if (m.from == partial.from && m.to == partial.to && m.remove != NO_POINT) return true;
  return false;
}

}  // namespace millbase
