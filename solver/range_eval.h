// The one-ply search over a range of a sector's entries, by the range evaluator of the
// sector's phase (solver/placement_eval.h, solver/movement_eval.h), or position by
// position for Lasker's sectors with stones in hand.
#pragma once

#include "solver/movement_eval.h"
#include "solver/placement_eval.h"
#include "solver/successors.h"

namespace millbase {

// Sets out[i - begin] to the value of entry i of sector s (not terminal), whose index is
// `index`, for begin <= i < end: for every entry exactly what evaluate(v, s, us, them,
// lookup) returns, or with SuccessorFold::FIFTY_CODE evaluate_fifty_code().
inline void evaluate_range(const Variant& v, const Sector& s, const SectorIndex& index,
                           uint64_t begin, uint64_t end, const ChildLookup& lookup, ValueCode* out,
                           SuccessorFold kind = SuccessorFold::VALUE) {
  if (is_movement(s)) {
    evaluate_movement(v, s, index, begin, end, lookup, out, kind);
  } else if (!v.move_in_placement) {
    evaluate_placement(v, s, index, begin, end, lookup, out, kind);
  } else {  // Lasker with stones in hand: the general path, position by position
    index.for_each(begin, end, [&](uint64_t i, Bitboard us, Bitboard them) {
      out[i - begin] = kind == SuccessorFold::VALUE ? evaluate(v, s, us, them, lookup)
                                                    : evaluate_fifty_code(v, s, us, them, lookup);
    });
  }
}

}  // namespace millbase
