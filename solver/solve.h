// The solve driver: a variant's units in dependency order into a table directory, each
// written atomically, finished units skipped on a rerun, within a memory budget.
#pragma once

#include <string>
#include <vector>

#include "db/dir_lock.h"
#include "db/table_dir.h"
#include "db/table_header.h"
#include "solver/sector_graph.h"
#include "solver/solve_options.h"

namespace millbase {

// Solves the units needed for opts.targets into opts.dir, which it claims for v: a
// directory whose manifest or tables belong to another variant or metric is refused
// (Status::Code::Invalid), and the manifest records what was asked for. A unit with a
// damaged table is solved again, said on stderr and in tables_repaired. With a memory limit, each
// unit's children are read whole while they fit in what the unit's own work state and
// the indexes it uses leave of it, and through their blocks (TableReader) beyond that;
// a unit that does not fit even so is an error. Not counted: the process itself (code,
// libraries, thread stacks: about 10-14 MB) and the compressed tables being written.
Result<SolveReport> solve(const Variant& v, const SolveOptions& opts);

// What every driver does before its first unit (solve() here, the MPI driver of
// solver/mpi_solve.h): the units for opts.targets, checked against the memory budget,
// the directory locked and claimed for v (as solve() describes), the 50-ply solve's
// plain tables checked, leftovers of killed writers removed, the plan said on stderr
// unless quiet. The lock is held while the plan lives.
struct SolvePlan {
  std::vector<WorkUnit> units;   // in dependency order
  uint64_t total = 0;            // positions of every unit, those already solved included
  uint64_t peak_unit_bytes = 0;  // estimated memory of the largest unit
  DirLock lock;
};
Result<SolvePlan> plan_solve(const Variant& v, const SolveOptions& opts);

// Returns ok when every table of `unit` is in dir and passes its header, size and
// checksum checks; else NotFound for a missing table, or the error of a damaged one.
Status unit_state(const Variant& v, const std::string& dir, const WorkUnit& unit, Metric metric);

// Returns true when unit_state() finds the unit's tables complete; otherwise false, and
// a damaged table is said on stderr and added to report.tables_repaired (it will be
// solved again).
bool unit_done(const Variant& v, const SolveOptions& opts, const WorkUnit& unit,
               SolveReport& report);

// Returns true when every table of `unit` exists in dir and passes its header, size and
// checksum checks.
bool unit_complete(const Variant& v, const std::string& dir, const WorkUnit& unit,
                   Metric metric = Metric::PLAIN);

}  // namespace millbase
