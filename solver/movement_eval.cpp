#include "solver/movement_eval.h"

#include <memory>

#include "core/movegen.h"
#include "solver/move_set_cache.h"
#include "solver/successors.h"

namespace millbase {

void evaluate_movement(const Variant& v, const Sector& s, const SectorIndex& index, uint64_t begin,
                       uint64_t end, const ChildLookup& lookup, ValueCode* out,
                       SuccessorFold kind) {
  assert(is_movement(s) && s.us >= 3);
  const Board& b = *v.board;
  const bool flies = v.flying && s.us == 3;
  const Metric metric = lookup.metric();
  if (s.us + s.them == popcount(b.all)) {  // a full board: no entry has a move
    const SuccessorValues none{};
    for (uint64_t i = begin; i < end; ++i)
      out[i - begin] = fold_successors(v, s, b.all, none, metric, kind);
    return;
  }
  // A move leads to one of two child sectors: without a removal, or with one when it
  // closes a mill and the opponent has a stone on the board (successor_sectors). Either
  // may be terminal.
  const std::vector<Sector> next = successor_sectors(v, s);
  const SectorValues* const quiet = lookup.values_of(next[0]);
  const SectorValues* const mill = next.size() > 1 ? lookup.values_of(next[1]) : nullptr;
  // Heap-allocated: the caches are too large for a thread's stack frame.
  auto quiet_sets = std::make_unique<MoveSetCache>(quiet ? quiet->index.get() : nullptr);
  auto mill_sets = std::make_unique<MoveSetCache>(mill ? mill->index.get() : nullptr);
  Bitboard last = ~Bitboard(0);  // no occupied set has every bit
  index.for_each(begin, end, [&](uint64_t i, Bitboard us, Bitboard them) {
    const Bitboard occupied = us | them;
    if (occupied != last) quiet_sets->reset(occupied), mill_sets->reset(occupied), last = occupied;
    const Bitboard empty = b.all & ~occupied;
    const Bitboard removable = them ? b.removable(them) : 0;
    // The successors' slots first (prefetching those in memory), then their values.
    ChildLookup::Slot children[MAX_MOVES];
    SuccessorValues c;
    auto add = [&](const SectorValues* sv, uint64_t at, bool zeroing) {
      c.zeroing[c.n] = zeroing;
      children[c.n++] = ChildLookup::prefetched(sv, at);
    };
    for (Bitboard from = us; from;) {
      const Point f = pop_lsb(from);
      for (Bitboard to = flies ? empty : b.adjacent[f] & empty; to;) {
        const Point t = pop_lsb(to);
        const Bitboard own = (us & ~bit(f)) | bit(t);
        if (removable && b.closes_mill(own, t)) {
          // The child: the opponent to move with x removed, against own.
          for (Bitboard r = removable; r;) {
            const Point x = pop_lsb(r);
            add(mill, mill ? mill->index->rank(them & ~bit(x), mill_sets->get(f, t, x)).index : 0,
                true);
          }
        } else {
          add(quiet, quiet ? quiet->index->rank(them, quiet_sets->get(f, t, NO_POINT)).index : 0,
              false);
        }
      }
    }
    for (int k = 0; k < c.n; ++k) c.value[k] = lookup.value(children[k]);
    out[i - begin] = fold_successors(v, s, occupied, c, metric, kind);
  });
}

}  // namespace millbase
