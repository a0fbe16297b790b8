// The solve driver: a variant's units in dependency order into a table directory, each
// written atomically, finished units skipped on a rerun, within a memory budget.
#pragma once

#include <string>
#include <vector>

#include "db/table_dir.h"
#include "db/table_header.h"
#include "solver/sector_graph.h"

namespace millbase {

struct SolveOptions {
  std::string dir;              // table directory
  std::vector<Sector> targets;  // solve these and what they depend on; empty: all
  uint64_t memory_limit = 0;    // budget for the solver's data, see solve(); 0: no limit
  bool quiet = false;           // no progress on stderr
  int zstd_level = 0;           // 0: the format's default
  Metric metric = Metric::DTM;  // FIFTY: tables under the 50-ply rule (fifty codes)
  // FIFTY only: the directory of the same variant's DTM tables, read to tell cursed wins
  // and blessed losses from draws. It must hold every sector solved.
  std::string plain_dir;
};

struct SolveReport {
  int ranks = 1;                   // processes that solved units (solver/mpi_solve.h)
  std::vector<int> units_by_rank;  // with ranks > 1: the units each rank solved
  int units_solved = 0, units_skipped = 0;
  uint64_t positions_solved = 0;
  double seconds = 0;
  uint64_t peak_unit_bytes = 0;              // estimated memory of the largest unit
  uint64_t peak_rss_bytes = 0;               // peak resident memory of the process
  int tables_read_by_block = 0;              // child tables read through their blocks (--memory)
  std::vector<std::string> tables_repaired;  // what was wrong with each unit solved again
  // Where the time of the units solved went (wall seconds), and their positions by the
  // kind of unit: placement and other units without internal moves (one evaluation
  // pass), movement units with internal moves (a scan, then the levels).
  struct Phases {
    double load = 0;      // reading the child tables
    double evaluate = 0;  // units without internal moves
    double scan = 0, levels = 0;
    double label = 0;  // --rule fifty: cursed wins and blessed losses from the plain tables
    double write = 0;  // compressing and writing the tables
    uint64_t evaluate_positions = 0, movement_positions = 0;
  } phases;
};

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
                   Metric metric = Metric::DTM);

}  // namespace millbase
