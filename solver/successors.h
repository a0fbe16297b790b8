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

// Returns true when sector s is in the movement phase (both hands empty).
constexpr bool is_movement(const Sector& s) { return s.us_hand == 0 && s.them_hand == 0; }

// Returns the value of the position by the formula of rules.md from its successors'
// values in `lookup`, looked up in steps so that their cache misses overlap. With a
// FIFTY lookup, the value under the 50-ply rule at counter 0 (db/value.h (1)-(4)): mills
// closed in the movement phase are zeroing moves (ValueFolder::add_zeroing), and a
// movement position decisive only in more than 50 plies is a draw. (Callers that need
// cursed wins and blessed losses tell them from draws by the plain tables.)
inline ValueCode evaluate(const Variant& v, const Sector& s, Bitboard us, Bitboard them,
                          const ChildLookup& lookup) {
  ChildLookup::PendingLookup pending[MAX_MOVES];
  bool zeroing[MAX_MOVES];
  int n = 0;
  const bool fifty = lookup.metric() == Metric::FIFTY;
  for_each_successor(v, s, us, them, [&](Move m, const Sector& cs, Bitboard cu, Bitboard ct) {
    zeroing[n] = fifty && is_movement(s) && m.remove != NO_POINT;
    pending[n++] = lookup.locate(cs, cu, ct);
  });
  // No legal move (a side with too few stones is a terminal sector, never evaluated).
  if (n == 0) return game_over_value(blocked(v, us | them));
  for (int i = 0; i < n; ++i) lookup.rank(pending[i]);
  ValueFolder fold(fifty ? 3 : 1);
  for (int i = 0; i < n; ++i)
    zeroing[i] ? fold.add_zeroing(lookup.value(pending[i])) : fold.add(lookup.value(pending[i]));
  const ValueCode value = fold.result();
  if (fifty && is_movement(s) && !is_draw(value) && fifty_z(value) > FIFTY_PLIES) return DRAW;
  return value;
}

}  // namespace millbase
