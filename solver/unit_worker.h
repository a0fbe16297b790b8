// A process's share of a distributed solve (solver/mpi_solve.h): it solves the units it
// is handed, one at a time, each by solve_unit_step, keeping the tables it loaded or
// wrote while the next unit it is handed reads them. No MPI here: the driver moves unit
// numbers and UnitFigures between processes.
#pragma once

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "solver/solve.h"
#include "solver/value_store.h"

namespace millbase {

// What a finished unit tells the driver: its number, and its share of the report
// (positions solved, tables read by block, phase seconds, the worker's peak memory).
struct UnitFigures {
  size_t unit = 0;
  double seconds = 0;  // wall time of the unit
  SolveReport report;
};

// UnitFigures as fixed fields of doubles for a message (counts below 2^53 are exact).
constexpr size_t UNIT_FIGURES_FIELDS = 13;
std::array<double, UNIT_FIGURES_FIELDS> encode_figures(const UnitFigures& f);
UnitFigures decode_figures(const std::array<double, UNIT_FIGURES_FIELDS>& fields);

// Adds a unit's report to the whole solve's: counts and phase seconds summed, peak
// memory the largest seen.
void add_unit_report(SolveReport& into, const SolveReport& unit);

class UnitWorker {
 public:
  // units: the same list, in the same order, as the driver's; opts as solve() reads them.
  UnitWorker(const Variant& v, const SolveOptions& opts, const std::vector<WorkUnit>& units)
      : v_(v), opts_(opts), units_(units) {}

  // Solves units[i], whose children are all solved in opts.dir, and writes its tables.
  Result<UnitFigures> solve(size_t i);

 private:
  const Variant& v_;
  const SolveOptions& opts_;
  const std::vector<WorkUnit>& units_;
  ValueStore store_;
};

// A UnitWorker on a thread of its own, so that the driver's process solves units too
// while its main thread answers the other processes.
class WorkerThread {
 public:
  // threads: the OpenMP threads of each unit (a new thread does not inherit -j).
  WorkerThread(const Variant& v, const SolveOptions& opts, const std::vector<WorkUnit>& units,
               int threads);
  ~WorkerThread();
  WorkerThread(const WorkerThread&) = delete;
  WorkerThread& operator=(const WorkerThread&) = delete;

  // Starts unit i; the worker must be idle.
  void give(size_t i);
  bool idle() const { return !busy_; }
  // Returns the outcome of the unit given last once it is finished (then idle), else
  // nothing.
  std::optional<Result<UnitFigures>> poll();
  // Waits until the unit given last is finished or `timeout` has passed.
  void wait(std::chrono::microseconds timeout);

 private:
  void run(int threads);

  UnitWorker worker_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::optional<size_t> job_;
  std::optional<Result<UnitFigures>> outcome_;
  bool stop_ = false, busy_ = false;
  std::thread thread_;
};

}  // namespace millbase
