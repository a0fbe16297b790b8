// What a work unit costs in memory, named by what each estimate counts.
#pragma once

#include "solver/sector_graph.h"

namespace millbase {

// Returns the entries of the unit's own sectors.
uint64_t unit_entries(const Variant& v, const WorkUnit& unit);

// Returns the bytes of the unit's own work state: 2 per entry for its values; in a
// movement unit also 2 for its counters and 8 per 64 for its masks of pending levels.
uint64_t unit_bytes_own(const Variant& v, const WorkUnit& unit);

// Returns unit_bytes_own() and 2 bytes per entry of every child sector it reads, all
// loaded whole. Indexes are not counted.
uint64_t unit_bytes_children_whole(const Variant& v, const WorkUnit& unit);

// Returns unit_bytes_own() and MIN_CHILD_CACHE per child, all read through their blocks:
// a lower bound computed without building indexes.
uint64_t unit_bytes_least_without_indexes(const Variant& v, const WorkUnit& unit);

// Returns unit_bytes_least_without_indexes() and the indexes of the unit's sectors and
// of those it reads (built to be measured): the least the unit can be solved in.
uint64_t unit_bytes_least(const Variant& v, const WorkUnit& unit);

// Returns the peak resident memory of this process so far, in bytes (0 if unknown).
uint64_t peak_rss();

}  // namespace millbase
