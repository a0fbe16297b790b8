#include "core/unmovegen.h"

namespace millbase {

namespace {

// Returns the empty points of q where a stone of the side to move could have stood
// and been removed by the previous turn (legal removal in the predecessor).
Bitboard restorable(const Variant& v, const Position& q) {
  const Board& b = *v.board;
  Color s = q.side_to_move;
  if (popcount(q.stones[s]) + q.in_hand[s] + 1 > v.stones) return 0;
  Bitboard result = 0;
  for (Bitboard e = b.all & ~q.occupied(); e;) {
    Point r = pop_lsb(e);
    if (contains(b.removable(q.stones[s] | bit(r)), r)) result |= bit(r);
  }
  return result;
}

// Appends the unmoves of a stone that arrived at `to` from `from`.
inline Move* add(const Board& b, const Position& q, Bitboard restore, Point from, Point to,
                 Move* out) {
  Color mover = ~q.side_to_move;
  if (b.closes_mill(q.stones[mover], to)) {
    for (Bitboard r = restore & ~(from == NO_POINT ? 0 : bit(from)); r;)
      *out++ = Move{from, to, pop_lsb(r)};
    if (q.stones[~mover]) return out;  // a removal was compulsory
  }
  *out++ = Move{from, to, NO_POINT};
  return out;
}

}  // namespace

template <Phase P>
Move* generate_unmoves(const Variant& v, const Position& q, Move* out) {
  const Board& b = *v.board;
  const Color mover = ~q.side_to_move;
  const Bitboard own = q.stones[mover], empty = b.all & ~q.occupied();
  const Bitboard restore = restorable(v, q);
  for (Bitboard to = own; to;) {
    Point t = pop_lsb(to);
    if constexpr (P == Phase::Place) {
      out = add(b, q, restore, NO_POINT, t, out);
    } else {
      Bitboard origins = P == Phase::Fly ? empty : b.adjacent[t] & empty;
      for (Bitboard from = origins; from;) out = add(b, q, restore, pop_lsb(from), t, out);
    }
  }
  return out;
}

template <Phase P>
Move* generate_quiet_unmoves(const Variant& v, const Position& q, Move* out) {
  static_assert(P != Phase::Place);
  const Board& b = *v.board;
  const Bitboard own = q.stones[~q.side_to_move], empty = b.all & ~q.occupied();
  // A mill removes a stone, unless the side to move had none on the board (Lasker).
  const bool mills_remove = q.stones[q.side_to_move] != 0;
  for (Bitboard to = own; to;) {
    Point t = pop_lsb(to);
    if (mills_remove && b.closes_mill(own, t)) continue;
    Bitboard origins = P == Phase::Fly ? empty : b.adjacent[t] & empty;
    for (Bitboard from = origins; from;) *out++ = Move{pop_lsb(from), t, NO_POINT};
  }
  return out;
}

template Move* generate_quiet_unmoves<Phase::Slide>(const Variant&, const Position&, Move*);
template Move* generate_quiet_unmoves<Phase::Fly>(const Variant&, const Position&, Move*);
template Move* generate_unmoves<Phase::Place>(const Variant&, const Position&, Move*);
template Move* generate_unmoves<Phase::Slide>(const Variant&, const Position&, Move*);
template Move* generate_unmoves<Phase::Fly>(const Variant&, const Position&, Move*);

UnmoveList::UnmoveList(const Variant& v, const Position& q) : end_(moves_) {
  const Color mover = ~q.side_to_move;
  const int on_board = popcount(q.stones[mover]);
  // A placement is undone while the mover's hand can take the stone back, into a
  // predecessor whose game was not over (the stones in hand may count toward three).
  if (q.in_hand[mover] < v.stones && !too_few_stones(v, on_board - 1, q.in_hand[mover] + 1))
    end_ = generate_unmoves<Phase::Place>(v, q, end_);
  // Movement needs both hands empty before the move (under Lasker's rule, a stone on the
  // board), and a predecessor in which the mover was not already lost. A move keeps the
  // mover's counts, so they decide both and whether it flew.
  const int hand = q.in_hand[mover];
  const bool moved = v.move_in_placement ? on_board > 0 : q.placement_over();
  if (moved && !too_few_stones(v, on_board, hand)) {
    if (flies(v, on_board, hand))
      end_ = generate_unmoves<Phase::Fly>(v, q, end_);
    else
      end_ = generate_unmoves<Phase::Slide>(v, q, end_);
  }
}

}  // namespace millbase
