// The movement sectors' one-ply search, run over a range of entries at once: the value
// of each entry by the formula of rules.md from its successors' values, as evaluate()
// (solver/successors.h) gives it position by position, computed so that the children's
// lookups cost less. Verify and the derived tables of pack use it; the solver only for
// the movement units it evaluates without levels (no move stays inside the unit), since
// the others are solved by the levels of solver/retrograde.cpp.
//
// Entries are visited in index order, which groups them by occupied set O. A move from f
// to t leads, whatever the colouring of O, to a child whose occupied set is O - f + t
// (O - f + t - r when it closes a mill and removes r), so that set is located in the
// child's index once per O (solver/move_set_cache.h) instead of once per successor.
#pragma once

#include <cstdint>

#include "solver/successors.h"

namespace millbase {

// Sets out[i - begin] to the value of entry i of movement sector s (no stones in hand;
// not terminal), whose index is `index`, for begin <= i < end, from the successors'
// values in lookup: for every entry exactly what evaluate(v, s, us, them, lookup)
// returns, or with SuccessorFold::FIFTY_CODE evaluate_fifty_code().
void evaluate_movement(const Variant& v, const Sector& s, const SectorIndex& index, uint64_t begin,
                       uint64_t end, const ChildLookup& lookup, ValueCode* out,
                       SuccessorFold kind = SuccessorFold::VALUE);

}  // namespace millbase
