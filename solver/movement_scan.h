// The first pass over the entries of a movement unit with internal moves (the scan of
// solver/retrograde.cpp): each position's exits (the moves that close a mill, which
// leave the unit) folded from the children's values, and its moves inside the unit
// counted, without building move lists. Lasker's sectors with stones in hand have a
// scan of their own (solver/hand_scan.h), which shares the moves' part (MoveExits).
//
// Entries are visited in index order, which groups them by occupied set O, so the
// children's occupied sets (O - from + to - removed) are located once per O in a small
// cache, and the children of one O lie in a few small blocks of the child's values.
#pragma once

#include <cstdint>
#include <memory>

#include "solver/move_set_cache.h"
#include "solver/value_store.h"

namespace millbase {

// What the scan leaves in a position's counter besides (moves inside) x (orbit size).
constexpr uint16_t CANNOT_LOSE = 0xFFFF;
// The counter's top bit, set beside (moves inside) x (orbit size), always below it, when
// the position has exits (all of them to won children): its value then holds the
// longest of their losses as a pending loss (below), which the levels read only then.
constexpr uint16_t HAS_EXITS = 0x8000;

// A pending loss: the value the scan leaves in a position with moves inside and exits,
// all of them to won children. It is no game value and never reaches a table: the code
// lies beyond every stored one (db/value.h) and keeps L, the longest loss by an exit
// (loss_step + the largest distance of a won child), which is even as every loss's
// distance is:
//     (1) code = PENDING_LOSS_BASE + L / 2,   2 <= L <= MAX_DISTANCE + 1,
// so PENDING_LOSS_BASE < code <= 0xC002. The levels read it as unresolved; what no level
// resolves is a draw.
constexpr ValueCode PENDING_LOSS_BASE = WIN_NOT_STORED;

// Returns the pending loss of longest exit loss L, by (1).
constexpr ValueCode pending_loss(int longest) { return ValueCode(PENDING_LOSS_BASE + longest / 2); }
// Returns true for a pending loss.
constexpr bool is_pending_loss(ValueCode v) { return v > PENDING_LOSS_BASE; }
// Returns L of a pending loss, by (1).
constexpr int longest_exit_loss(ValueCode v) { return 2 * (v - PENDING_LOSS_BASE); }

// Sets what the scan leaves in an entry with a legal move (the cases below after the
// first): from the fold of its n exits and its `inside` moves inside the unit, weighted
// by its orbit size.
inline void scanned_entry(const ValueFolder& fold, int n, int inside, int orbit, ValueCode& value,
                          uint16_t& count) {
  if (fold.has_win() || fold.any_draw()) {
    count = CANNOT_LOSE;
    value = fold.result();  // a tentative win, or DRAW
  } else if (inside == 0) {
    value = code_of_distance(fold.worst_loss());
  } else {
    assert(inside * orbit < HAS_EXITS);
    assert(n == 0 || (fold.worst_loss() % 2 == 0 && fold.worst_loss() <= MAX_DISTANCE + 1));
    count = uint16_t(inside * orbit) | (n > 0 ? HAS_EXITS : 0);
    value = n > 0 ? pending_loss(fold.worst_loss()) : DRAW;
  }
}

// The moves of a scanned position (a slide or a flight of one of its stones): those that
// leave the unit are its exits, the others are counted. A move that removes a stone is
// an exit; one that removes nothing leads into the mirror sector, an exit only where the
// mirror is not in the unit (a terminal sector).
class MoveExits {
 public:
  MoveExits(const Variant& v, const Sector& s, const ChildLookup& children, bool mirror_inside);
  ~MoveExits();

  // Starts on the parent set `occupied` (every colouring of one set comes in a row).
  void reset(Bitboard occupied);
  // Appends to exits[n...] the slots of the exits of colouring (us, them) of the set, n
  // growing; returns the number of its moves inside the unit.
  int scan(Bitboard us, Bitboard them, ChildLookup::Slot* exits, int& n);

 private:
  const Board& board_;
  const bool moves_, flying_, mirror_inside_;
  const SectorValues* mill_;   // a move that removes a stone (null: terminal, or none)
  const SectorValues* quiet_;  // a move that removes nothing, when not inside
  // Heap-allocated: the caches are too large for a thread's stack frame.
  std::unique_ptr<MoveSetCache> mill_sets_, quiet_sets_;
  Bitboard empty_ = 0;
};

// For entries [begin, end) of movement sector s (in a unit with internal moves: both
// sides have three stones or more), with index `index`, sets values[i - begin] and
// counts[i - begin]:
//  - a position whose side to move has no move: its game_over_value(), a loss in 0 (a
//    unit with moves inside never has a full board) (its count untouched);
//  - with an exit to a lost child (a tentative win in 1 + the child's distance) or to
//    a drawn one: the fold of its exits (a win, or a draw) and CANNOT_LOSE;
//  - with no move inside the unit: a loss in 1 + its longest exit win (its count
//    untouched);
//  - otherwise (moves inside) x (orbit size), to be resolved by the levels, with a draw
//    when it has no exits, or with HAS_EXITS and the pending loss of its longest exit
//    loss when it has some.
// Exits are folded with `loss_step` (1, or 3 under the 50-ply rule, where they are
// zeroing moves: fifty).
void scan_movement(const Variant& v, const Sector& s, const SectorIndex& index, uint64_t begin,
                   uint64_t end, const ChildLookup& children, bool fifty, int loss_step,
                   ValueCode* values, uint16_t* counts);

}  // namespace millbase
