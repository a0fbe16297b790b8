#include "solver/movement_scan.h"

#include <memory>

#include "core/movegen.h"
#include "solver/move_set_cache.h"

namespace millbase {

void scan_movement(const Variant& v, const Sector& s, const SectorIndex& index, uint64_t begin,
                   uint64_t end, const ChildLookup& children, bool fifty, int loss_step,
                   bool mirror_inside, ValueCode* values, uint16_t* counts) {
  assert(!s.placement() ? s.us >= 3 && s.them >= 3 && mirror_inside
                        : v.move_in_placement && !fifty);
  const Board& b = *v.board;
  const bool moves = may_move(v, s.us, s.us_hand), place = s.us_hand > 0;
  const bool flying = flies(v, s.us, s.us_hand);
  // The children's tables (null: none, or a terminal sector, every position
  // TERMINAL_VALUE): a move that removes a stone; a move that removes none when it leaves
  // the unit; a placement without and with a removal.
  auto table = [&](bool placed, bool removed) {
    return children.values_of(child_sector(s, placed, removed));
  };
  const SectorValues* const mill = s.them > 0 && s.us >= 3 ? table(false, true) : nullptr;
  const SectorValues* const quiet = moves && !mirror_inside ? table(false, false) : nullptr;
  const SectorValues* const placed = place ? table(true, false) : nullptr;
  const SectorValues* const placed_mill =
      place && s.them > 0 && s.us + 1 >= 3 ? table(true, true) : nullptr;
  // Heap-allocated: a cache is too large for a thread's stack frame to hold it twice.
  auto cache = [](const SectorValues* sv) {
    return std::make_unique<MoveSetCache>(sv ? sv->index.get() : nullptr);
  };
  auto mill_sets = cache(mill), quiet_sets = cache(quiet), placed_sets = cache(placed),
       placed_mill_sets = cache(placed_mill);
  Bitboard last = ~Bitboard(0);  // no occupied set has every bit
  index.for_each_with_orbit(begin, end, [&](uint64_t i, Bitboard us, Bitboard them, int orbit) {
    const Bitboard occupied = us | them;
    if (occupied != last) {
      for (auto* sets : {&mill_sets, &quiet_sets, &placed_sets, &placed_mill_sets})
        (*sets)->reset(occupied);
      last = occupied;
    }
    const Bitboard empty = b.all & ~occupied;
    // A mill removes a stone when the opponent has one on the board (rules.md, a turn).
    const Bitboard removable = them ? b.removable(them) : 0;
    ChildLookup::Slot exits[MAX_MOVES];
    int n = 0, inside = 0;
    // The child of a stone arriving at t from f (NO_POINT: from the hand) that removes x
    // (or nothing), in table sv ranked through `sets`.
    auto exit = [&](const SectorValues* sv, MoveSetCache& sets, Point f, Point t, Point x) {
      const Bitboard child_us = x == NO_POINT ? them : them & ~bit(x);
      const uint64_t at = sv ? sv->index->rank(child_us, sets.get(f, t, x)).index : 0;
      exits[n++] = ChildLookup::prefetched(sv, at);
    };
    if (place)
      for (Bitboard to = empty; to;) {
        const Point t = pop_lsb(to);
        if (removable && b.closes_mill(us | bit(t), t)) {
          for (Bitboard r = removable; r;)
            exit(placed_mill, *placed_mill_sets, NO_POINT, t, pop_lsb(r));
        } else {
          exit(placed, *placed_sets, NO_POINT, t, NO_POINT);
        }
      }
    if (moves)
      for (Bitboard from = us; from;) {
        const Point f = pop_lsb(from);
        for (Bitboard to = flying ? empty : b.adjacent[f] & empty; to;) {
          const Point t = pop_lsb(to);
          const Bitboard own = (us & ~bit(f)) | bit(t);
          if (removable && b.closes_mill(own, t)) {
            for (Bitboard r = removable; r;) exit(mill, *mill_sets, f, t, pop_lsb(r));
          } else if (mirror_inside) {
            ++inside;
          } else {
            exit(quiet, *quiet_sets, f, t, NO_POINT);
          }
        }
      }
    ValueCode& value = values[i - begin];
    if (inside == 0 && n == 0) {  // no legal move
      value = game_over_value(blocked(v, occupied));
      return;
    }
    ValueFolder fold(loss_step);
    for (int k = 0; k < n; ++k) {
      const ValueCode child = children.value(exits[k]);
      fifty ? fold.add_zeroing(child) : fold.add(child);
    }
    scanned_entry(fold, n, inside, orbit, value, counts[i - begin]);
  });
}

}  // namespace millbase
