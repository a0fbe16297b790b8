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
  // (fold_placements), then the moves.
  auto scan_group = [&] {
    const Bitboard occupied = group[0].us | group[0].them;
    sets.reset(occupied);
    moves.reset(occupied);
    if (quiet && !quiet->reader) sets.prefetch_quiet(b.all & ~occupied, *quiet);
    folds.assign(group.size(), ValueFolder(1));
    exits.assign(group.size(), 0);
    fold_placements(b, group, place ? b.all & ~occupied : 0, quiet, mill, sets, children,
                    [&](size_t g, ValueCode child) { folds[g].add(child), ++exits[g]; });
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
