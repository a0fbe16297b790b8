#include "solver/placement_eval.h"

#include "core/movegen.h"
#include "solver/placement_children.h"

namespace millbase {

void evaluate_placement(const Variant& v, const Sector& s, const SectorIndex& index, uint64_t begin,
                        uint64_t end, const ChildLookup& lookup, ValueCode* out,
                        SuccessorFold kind) {
  assert(s.us_hand > 0 && !v.move_in_placement);
  const Board& b = *v.board;
  // A placement leads to one of two child sectors: without a removal, or with one when
  // the mover can close a mill and the opponent has a stone to remove (successor_sectors).
  const std::vector<Sector> next = successor_sectors(v, s);
  const SectorValues* const quiet = lookup.values_of(next[0]);
  const SectorValues* const mill = next.size() > 1 ? lookup.values_of(next[1]) : nullptr;
  ChildSets sets(quiet ? quiet->index.get() : nullptr, mill ? mill->index.get() : nullptr,
                 next.size() > 1);
  const Metric metric = lookup.metric();
  const int loss_step = metric == Metric::FIFTY ? 3 : 1;
  std::vector<Colouring> group;
  group.reserve(GROUP);
  std::vector<ValueFolder> folds;
  uint64_t first = begin;  // the entry of group[0]

  // Evaluates the gathered colourings of one occupied set O.
  auto evaluate_group = [&] {
    const Bitboard occupied = group[0].us | group[0].them;
    sets.reset(occupied);
    if (quiet && !quiet->reader) sets.prefetch_quiet(b.all & ~occupied, *quiet);
    if (kind != SuccessorFold::VALUE) {
      // Position by position, the successors in move order, for fold_successors(): the
      // slots first (prefetching those in memory), then their values. A placement zeroes
      // no 50-ply counter.
      for (size_t g = 0; g < group.size(); ++g) {
        ChildLookup::Slot slots[MAX_MOVES];
        int n = 0;
        for (Bitboard empty = b.all & ~occupied; empty;)
          place_at(b, group[g], pop_lsb(empty), quiet, mill, sets,
                   [&](const SectorValues* sv, uint64_t at) {
                     slots[n++] = ChildLookup::prefetched(sv, at);
                   });
        SuccessorValues c;
        for (int k = 0; k < n; ++k) c.value[k] = lookup.value(slots[k]), c.zeroing[k] = false;
        c.n = n;
        out[first + g - begin] = fold_successors(v, s, occupied, c, metric, kind);
      }
      return;
    }
    // The solver's hot path, point by point: the children of (O, p) are the colourings
    // of the one set O + p (or O + p - r) of a child's index, so while every colouring of
    // O places at p, the reads stay in those few blocks, which the cache holds. The
    // folds need no order: a placement sector always has a move, no placement zeroes the
    // 50-ply counter and no placement position is capped by the rule.
    folds.assign(group.size(), ValueFolder(loss_step));
    fold_placements(b, group, b.all & ~occupied, quiet, mill, sets, lookup,
                    [&](size_t g, ValueCode child) { folds[g].add(child); });
    for (size_t g = 0; g < group.size(); ++g) out[first + g - begin] = folds[g].result();
  };

  index.for_each(begin, end, [&](uint64_t i, Bitboard us, Bitboard them) {
    if (!group.empty() && ((us | them) != (group[0].us | group[0].them) || group.size() == GROUP)) {
      evaluate_group();
      group.clear();
    }
    if (group.empty()) first = i;
    group.push_back({us, them});
  });
  if (!group.empty()) evaluate_group();
}

}  // namespace millbase
