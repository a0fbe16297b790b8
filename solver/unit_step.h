// One work unit of a solve as one callable step: its children loaded (within a memory
// budget), the unit solved, its 50-ply labels added, its tables written atomically. The
// single-process driver (solver/solve.cpp) takes these steps in the graph's order; a
// driver that spreads units over processes takes the same step for each unit it is
// given (docs/scaling.md).
#pragma once

#include <functional>
#include <string>

#include "core/status.h"
#include "solver/retrograde.h"
#include "solver/solve_options.h"

namespace millbase {

// Returns "a-b" for a unit of one sector, "a-b,b-a" for a movement pair.
std::string unit_name(const WorkUnit& unit);

// Returns bytes in binary megabytes, as --memory reads them: "150.0 MiB".
std::string mib(uint64_t bytes);

// Says whether one of the unit's own tables, just written, stays in the store for the
// units after it.
using KeepFn = std::function<bool(const Sector&)>;

// Solves `unit` into opts.dir, every child of which is solved there, and writes each
// of its tables atomically (a killed step leaves no table, only a temporary file that
// db/table_dir.h's remove_leftovers knows). Without opts.memory_limit the children
// missing from `store` are loaded whole into it and stay there: the caller erases them
// when no later unit reads them. With a limit, `store` is emptied first and holds only
// this unit's children, whole while they fit the budget and through their blocks beyond.
// The unit's own tables are added to `store` where keep() says so (never with a limit).
// Adds the unit's positions, phase times and tables read by block to `report`.
Status solve_unit_step(const Variant& v, const WorkUnit& unit, const SolveOptions& opts,
                       ValueStore& store, const KeepFn& keep, const ProgressFn& progress,
                       SolveReport& report);

}  // namespace millbase
