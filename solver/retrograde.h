// Retrograde analysis of one work unit (rules.md values: win/loss in N plies to the end
// of the whole game, or draw), parallel with OpenMP and deterministic.
#pragma once

#include <functional>
#include <vector>

#include "solver/sector_graph.h"
#include "solver/value_store.h"

namespace millbase {

// Receives (stage, done, total) now and then from the solving thread; stage is
// "scan" (the first pass over every position) or "levels" (propagation).
using ProgressFn = std::function<void(const char* stage, uint64_t done, uint64_t total)>;

// Seconds one unit spent in each phase of its solve (wall time of the calling thread).
struct UnitTimes {
  double evaluate = 0;  // a unit without internal moves: its one pass over every entry
  double scan = 0;      // a unit with internal moves: the first pass
  double levels = 0;    // and its propagation, level by level
};

// Returns the values of every position of the unit's sectors. Every child sector of
// the unit must be in `store`. With Metric::FIFTY, the store holds fifty codes and so do
// the values returned, with every position that is not decisive under the rule a draw
// (no cursed wins or blessed losses yet: solver/fifty_labels.h adds them).
std::vector<SectorValues> solve_unit(const Variant& v, const WorkUnit& unit,
                                     const ValueStore& store, Metric metric = Metric::PLAIN,
                                     const ProgressFn& progress = {}, UnitTimes* times = nullptr);

}  // namespace millbase
