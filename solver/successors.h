// A position's successors and the one-ply search over them: the rules.md formula
// evaluated from the successors' solved values.
#pragma once

#include <cassert>

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

// The values of a position's successors, looked up in steps so that their cache misses
// overlap, with whether each move zeroes the 50-ply counter (closes a mill in the
// movement phase).
struct SuccessorValues {
  ValueCode value[MAX_MOVES];
  bool zeroing[MAX_MOVES];
  int n = 0;
};

// Fills out with the values in `lookup` of the successors of the position (us to move)
// in sector s.
inline void successor_values(const Variant& v, const Sector& s, Bitboard us, Bitboard them,
                             const ChildLookup& lookup, SuccessorValues& out) {
  ChildLookup::PendingLookup pending[MAX_MOVES];
  out.n = 0;
  for_each_successor(v, s, us, them, [&](Move m, const Sector& cs, Bitboard cu, Bitboard ct) {
    out.zeroing[out.n] = is_movement(s) && m.remove != NO_POINT;
    pending[out.n++] = lookup.locate(cs, cu, ct);
  });
  for (int i = 0; i < out.n; ++i) lookup.rank(pending[i]);
  for (int i = 0; i < out.n; ++i) out.value[i] = lookup.value(pending[i]);
}

// What a one-ply search returns from its successors' values.
enum class SuccessorFold {
  VALUE,       // the value by the formula of rules.md on the lookup's metric: evaluate()
  FIFTY_CODE,  // the stored fifty code, labels beyond the rule included, from the
               // successors' stored fifty codes (a DTM lookup): evaluate_fifty_code()
};

// Returns the value of the position with occupied set `occupied` in sector s from its
// successors' values c, as evaluate() (VALUE; metric: lookup.metric()) or
// evaluate_fifty_code() (FIFTY_CODE; metric PLAIN) below define it.
inline ValueCode fold_successors(const Variant& v, const Sector& s, Bitboard occupied,
                                 const SuccessorValues& c, Metric metric,
                                 SuccessorFold kind = SuccessorFold::VALUE) {
  // No legal move (a side with too few stones is a terminal sector, never evaluated).
  if (c.n == 0) return game_over_value(blocked(v, occupied));
  if (kind == SuccessorFold::FIFTY_CODE) {
    assert(metric == Metric::PLAIN);
    FiftyFolder fold;
    for (int i = 0; i < c.n; ++i) fold.add(c.value[i], c.zeroing[i], s.placement());
    return fold.result();
  }
  const bool fifty = metric == Metric::FIFTY;
  ValueFolder fold(fifty ? 3 : 1);
  for (int i = 0; i < c.n; ++i) {
    if (fifty && c.zeroing[i])
      fold.add_zeroing(c.value[i]);
    else
      fold.add(c.value[i]);
  }
  const ValueCode value = fold.result();
  if (fifty && is_movement(s) && !is_draw(value) && fifty_z(value) > FIFTY_PLIES) return DRAW;
  return value;
}

// Returns the value of the position by the formula of rules.md from its successors'
// values in `lookup`. With a FIFTY lookup, the value under the 50-ply rule at counter 0
// (db/value.h (1)-(4)): mills closed in the movement phase are zeroing moves
// (ValueFolder::add_zeroing), and a movement position decisive only in more than 50
// plies is a draw. (Callers that need cursed wins and blessed losses tell them from
// draws by the plain tables.)
inline ValueCode evaluate(const Variant& v, const Sector& s, Bitboard us, Bitboard them,
                          const ChildLookup& lookup) {
  SuccessorValues c;
  successor_values(v, s, us, them, lookup, c);
  return fold_successors(v, s, us | them, c, lookup.metric());
}

// Returns the stored fifty code of the position (labels beyond the rule included) from
// its successors' stored fifty codes, by FiftyFolder (db/value.h): how a derived table
// of a 50-ply directory is read. The lookup must return stored codes (Metric::PLAIN view).
inline ValueCode evaluate_fifty_code(const Variant& v, const Sector& s, Bitboard us, Bitboard them,
                                     const ChildLookup& lookup) {
  assert(lookup.metric() == Metric::PLAIN);
  SuccessorValues c;
  successor_values(v, s, us, them, lookup, c);
  return fold_successors(v, s, us | them, c, Metric::PLAIN, SuccessorFold::FIFTY_CODE);
}

}  // namespace millbase
