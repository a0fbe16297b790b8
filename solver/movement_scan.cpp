#include "solver/movement_scan.h"

#include <memory>

#include "core/movegen.h"
#include "solver/move_set_cache.h"

namespace millbase {

void scan_movement(const Variant& v, const Sector& s, const SectorIndex& index, uint64_t begin,
                   uint64_t end, const ChildLookup& children, bool fifty, int loss_step,
                   ValueCode* values, uint16_t* counts) {
  assert(s.us_hand == 0 && s.them_hand == 0 && s.us >= 3 && s.them >= 3);
  const Board& b = *v.board;
  const bool flies = v.flying && s.us == 3;
  // Every exit removes a stone: its child is the opponent's, one stone fewer.
  const SectorValues* const mill = children.values_of(child_sector(s, false, true));
  // Heap-allocated: the cache is too large for a thread's stack frame to hold it twice.
  auto sets = std::make_unique<MoveSetCache>(mill ? mill->index.get() : nullptr);
  Bitboard last = ~Bitboard(0);  // no occupied set has every bit
  index.for_each_with_orbit(begin, end, [&](uint64_t i, Bitboard us, Bitboard them, int orbit) {
    const Bitboard occupied = us | them;
    if (occupied != last) sets->reset(occupied), last = occupied;
    const Bitboard empty = b.all & ~occupied;
    const Bitboard removable = b.removable(them);
    ChildLookup::Slot exits[MAX_MOVES];
    int n = 0, inside = 0;
    for (Bitboard from = us; from;) {
      const Point f = pop_lsb(from);
      for (Bitboard to = flies ? empty : b.adjacent[f] & empty; to;) {
        const Point t = pop_lsb(to);
        const Bitboard own = (us & ~bit(f)) | bit(t);
        if (!b.closes_mill(own, t)) {
          ++inside;
          continue;
        }
        for (Bitboard r = removable; r;) {
          const Point x = pop_lsb(r);
          const uint64_t at =
              mill ? mill->index->rank(them & ~bit(x), sets->get(f, t, x)).index : 0;
          exits[n++] = ChildLookup::prefetched(mill, at);
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
    uint16_t& count = counts[i - begin];
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
  });
}

}  // namespace millbase
