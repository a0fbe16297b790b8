// The scan (solver/retrograde.cpp's first pass) of a sector with stones in hand under
// Lasker's rule, where a side in hand may move instead of placing, so the unit is
// cyclic. A position's placements are exits, into sectors with a stone fewer in the
// hands, folded as the placement evaluator folds them (solver/placement_children.h):
// the colourings of one occupied set O together, point by point. Its moves are scanned
// as a movement unit's (MoveExits, solver/movement_scan.h): those that remove nothing
// lead into the mirror sector, inside the unit, and are counted.
#pragma once

#include <cstdint>

#include "solver/movement_scan.h"

namespace millbase {

// For entries [begin, end) of sector s of v (move_in_placement, stones in hand), with index
// `index`, sets values[i - begin] and counts[i - begin] as scan_movement() does for a
// movement sector; `mirror_inside` says whether the mirror sector is in the unit (else
// a move that removes nothing is an exit, to a terminal sector).
void scan_with_hands(const Variant& v, const Sector& s, const SectorIndex& index, uint64_t begin,
                     uint64_t end, const ChildLookup& children, bool mirror_inside,
                     ValueCode* values, uint16_t* counts);

}  // namespace millbase
