// A position's successors and the one-ply search over them: the rules.md formula
// evaluated from the successors' solved values.
#pragma once

#include "core/movegen.h"
#include "solver/value_store.h"

namespace millbase {

// Calls f(move, child sector, child us, child them) for every legal move of the position
// (us to move) in sector s. The child is seen from its side to move (the opponent).
template <class F>
void for_each_successor(const Variant& v, const Sector& s, Bitboard us, Bitboard them, F f) {
  Position p;
  p.stones = {us, them};
  p.in_hand = {s.us_hand, s.them_hand};
  // The child's bitboards straight from the move: cheaper than a whole do_move().
  for (Move m : MoveList(v, p))
    f(m, child_sector(s, m.is_placement(), m.remove != NO_POINT), opponent_after(them, m),
      mover_after(us, m));
}

// Returns the value of the position by the formula of rules.md from its successors'
// values in `lookup`, looked up in steps so that their cache misses overlap.
inline ValueCode evaluate(const Variant& v, const Sector& s, Bitboard us, Bitboard them,
                          const ChildLookup& lookup) {
  ChildLookup::PendingLookup pending[MAX_MOVES];
  int n = 0;
  for_each_successor(v, s, us, them, [&](Move, const Sector& cs, Bitboard cu, Bitboard ct) {
    pending[n++] = lookup.locate(cs, cu, ct);
  });
  for (int i = 0; i < n; ++i) lookup.rank(pending[i]);
  ValueFolder fold;
  for (int i = 0; i < n; ++i) fold.add(lookup.value(pending[i]));
  return fold.result();
}

}  // namespace millbase
