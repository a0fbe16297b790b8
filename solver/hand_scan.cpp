#include "solver/hand_scan.h"

#include <vector>

#include "core/movegen.h"
#include "solver/placement_children.h"

namespace millbase {

void scan_with_hands(const Variant& v, const Sector& s, const SectorIndex& index, uint64_t begin,
                     uint64_t end, const ChildLookup& children, bool mirror_inside,
                     ValueCode* values, uint16_t* counts) {
  assert(v.move_in_placement && s.placement());
  const Board& b = *v.board;
  // A placement leads to the child with a stone fewer in hand, or when it closes a mill
  // and the opponent has a stone on the board, to the one with a stone removed too.
  const bool place = s.us_hand > 0, mill_child = place && s.them > 0 && s.us + 1 >= 3;
  const SectorValues* const quiet =
      place ? children.values_of(child_sector(s, true, false)) : nullptr;
  const SectorValues* const mill =
      mill_child ? children.values_of(child_sector(s, true, true)) : nullptr;
  ChildSets sets(quiet ? quiet->index.get() : nullptr, mill ? mill->index.get() : nullptr,
                 mill_child);
  MoveExits moves(v, s, children, mirror_inside);
  std::vector<Colouring> group;
  std::vector<int> orbits;
  std::vector<ValueFolder> folds;
  std::vector<int> exits;  // per colouring, its placements (a fold does not count them)
  group.reserve(GROUP);
  uint64_t first = begin;  // the entry of group[0]

  // Scans the gathered colourings of one occupied set O: the placements point by point
  // (the reads of a while stay in the few blocks of one point), then the moves.
  auto scan_group = [&] {
    const Bitboard occupied = group[0].us | group[0].them;
    sets.reset(occupied);
    moves.reset(occupied);
    if (quiet && !quiet->reader) sets.prefetch_quiet(b.all & ~occupied, *quiet);
    folds.assign(group.size(), ValueFolder(1));
    exits.assign(group.size(), 0);
    for (Bitboard empty = place ? b.all & ~occupied : 0; empty;) {
      const Point p = pop_lsb(empty);
      for (size_t g0 = 0; g0 < group.size(); g0 += BATCH) {
        ChildLookup::Slot slots[BATCH * (MAX_POINTS + 1)];
        uint16_t owner[BATCH * (MAX_POINTS + 1)];
        int n = 0;
        for (size_t g = g0; g < std::min(group.size(), g0 + BATCH); ++g)
          place_at(b, group[g], p, quiet, mill, sets, [&](const SectorValues* sv, uint64_t at) {
            slots[n] = ChildLookup::prefetched(sv, at), owner[n++] = uint16_t(g);
          });
        for (int k = 0; k < n; ++k)
          folds[owner[k]].add(children.value(slots[k])), ++exits[owner[k]];
      }
    }
    for (size_t g = 0; g < group.size(); ++g) {
      ChildLookup::Slot slots[MAX_MOVES];
      int n = 0;
      const int inside = moves.scan(group[g].us, group[g].them, slots, n);
      for (int k = 0; k < n; ++k) folds[g].add(children.value(slots[k]));
      ValueCode& value = values[first + g - begin];
      if (inside == 0 && exits[g] + n == 0)  // no legal move (none in hand, blocked)
        value = game_over_value(blocked(v, occupied));
      else
        scanned_entry(folds[g], exits[g] + n, inside, orbits[g], value, counts[first + g - begin]);
    }
  };

  index.for_each_with_orbit(begin, end, [&](uint64_t i, Bitboard us, Bitboard them, int orbit) {
    if (!group.empty() && ((us | them) != (group[0].us | group[0].them) || group.size() == GROUP)) {
      scan_group();
      group.clear();
      orbits.clear();
    }
    if (group.empty()) first = i;
    group.push_back({us, them});
    orbits.push_back(orbit);
  });
  if (!group.empty()) scan_group();
}

}  // namespace millbase
