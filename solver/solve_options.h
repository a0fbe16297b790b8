// What a solve is asked for (SolveOptions) and what it reports (SolveReport), shared by
// the drivers (solver/solve.h, solver/mpi_solve.h) and the step they take for each unit
// (solver/unit_step.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/sector.h"
#include "db/table_header.h"

namespace millbase {

struct SolveOptions {
  std::string dir;                // table directory
  std::vector<Sector> targets;    // solve these and what they depend on; empty: all
  uint64_t memory_limit = 0;      // budget for the solver's data, see solve(); 0: no limit
  bool quiet = false;             // no progress on stderr
  int zstd_level = 0;             // 0: the format's default
  Metric metric = Metric::PLAIN;  // FIFTY: tables under the 50-ply rule (fifty codes)
  // FIFTY only: the directory of the same variant's plain tables, read to tell cursed wins
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

}  // namespace millbase
