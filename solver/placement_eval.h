// The placement sectors' one-ply search, run over a range of entries at once: the value
// of each entry by the formula of rules.md from its successors' values, as evaluate()
// (solver/successors.h) gives it position by position, computed so that the children's
// lookups cost less.
//
// Entries are visited in index order, which groups them by occupied set: every
// colouring of one set O comes in a row. A placement at point p leads, whatever the
// colouring, to a child whose occupied set is O + p (or O + p - r when it closes a mill
// and removes r), so that set is located in the child's index once per O instead of
// once per successor; and the children of one (O, p) are the colourings of one
// occupied set of the child's index, a small contiguous block of its values. The
// solver's path therefore folds the colourings of O point by point: every colouring
// places at p, then at the next point, so the reads of a while fall in the few blocks
// of one p, which the cache holds, and not in the blocks of every p and r at once.
#pragma once

#include <cstdint>

#include "solver/successors.h"

namespace millbase {

// Sets out[i - begin] to the value of entry i of placement sector s (s.us_hand > 0),
// whose index is `index`, for begin <= i < end, from the successors' values in lookup:
// for every entry exactly what evaluate(v, s, us, them, lookup) returns, or with
// SuccessorFold::FIFTY_CODE evaluate_fifty_code().
void evaluate_placement(const Variant& v, const Sector& s, const SectorIndex& index, uint64_t begin,
                        uint64_t end, const ChildLookup& lookup, ValueCode* out,
                        SuccessorFold kind = SuccessorFold::VALUE);

}  // namespace millbase
