// Solving with every process of an MPI job (millbase solve --mpi, docs/scaling.md).
// Rank 0 plans the solve as solve() does (one lock, one MANIFEST, leftovers removed),
// hands out each unit once its children are written (solver/unit_schedule.h), and
// solves units itself on a second thread; every other rank solves the units it is
// handed with its OpenMP threads. All ranks write into one table directory on a file
// system they share; the tables are byte for byte those of solve().
#pragma once

#include "solver/solve.h"

namespace millbase {

struct MpiSolveOutcome {
  int rank = 0, ranks = 1;
  // On rank 0: the whole solve's report (phase seconds summed over ranks, peak memory
  // the largest rank's) or its first error. Other ranks: ok, with an empty report.
  Result<SolveReport> report = SolveReport{};
};

// Initialises MPI, solves v as solve() would with every rank of MPI_COMM_WORLD, and
// finalises MPI: call once per process, with the same arguments on every rank. A rank
// killed mid-unit stops the job (mpirun's default); the same command resumes it, as a
// single-process solve resumes. Progress goes to rank 0's stderr unless opts.quiet.
MpiSolveOutcome mpi_solve(const Variant& v, const SolveOptions& opts);

}  // namespace millbase
