#include "solver/unit_worker.h"

#include <omp.h>

#include <algorithm>
#include <chrono>

#include "db/sector_index.h"
#include "solver/unit_memory.h"
#include "solver/unit_step.h"

namespace millbase {

std::array<double, UNIT_FIGURES_FIELDS> encode_figures(const UnitFigures& f) {
  const SolveReport& r = f.report;
  const SolveReport::Phases& p = r.phases;
  return {double(f.unit),
          f.seconds,
          double(r.positions_solved),
          double(r.tables_read_by_block),
          double(r.peak_rss_bytes),
          p.load,
          p.evaluate,
          p.scan,
          p.levels,
          p.label,
          p.write,
          double(p.evaluate_positions),
          double(p.movement_positions)};
}

UnitFigures decode_figures(const std::array<double, UNIT_FIGURES_FIELDS>& x) {
  UnitFigures f;
  f.unit = size_t(x[0]);
  f.seconds = x[1];
  SolveReport& r = f.report;
  r.positions_solved = uint64_t(x[2]);
  r.tables_read_by_block = int(x[3]);
  r.peak_rss_bytes = uint64_t(x[4]);
  r.phases = {x[5], x[6], x[7], x[8], x[9], x[10], uint64_t(x[11]), uint64_t(x[12])};
  return f;
}

void add_unit_report(SolveReport& into, const SolveReport& u) {
  into.positions_solved += u.positions_solved;
  into.tables_read_by_block += u.tables_read_by_block;
  into.peak_rss_bytes = std::max(into.peak_rss_bytes, u.peak_rss_bytes);
  SolveReport::Phases& p = into.phases;
  const SolveReport::Phases& q = u.phases;
  p.load += q.load;
  p.evaluate += q.evaluate;
  p.scan += q.scan;
  p.levels += q.levels;
  p.label += q.label;
  p.write += q.write;
  p.evaluate_positions += q.evaluate_positions;
  p.movement_positions += q.movement_positions;
}

Result<UnitFigures> UnitWorker::solve(size_t i) {
  const auto start = std::chrono::steady_clock::now();
  const WorkUnit& unit = units_[i];
  // Only this unit's children stay (the last unit's tables among them): the step loads
  // what it lacks.
  store_.keep_only(unit.children);
  SectorIndex::release_unused();

  UnitFigures f;
  f.unit = i;
  // The unit's own tables stay for the next unit handed here, which often reads them
  // (with one process the schedule hands out the graph's order); the next call drops
  // them if not.
  const KeepFn keep = [](const Sector&) { return true; };
  if (Status s = solve_unit_step(v_, unit, opts_, store_, keep, {}, f.report); !s) return s;
  f.report.peak_rss_bytes = peak_rss();
  f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return f;
}

WorkerThread::WorkerThread(const Variant& v, const SolveOptions& opts,
                           const std::vector<WorkUnit>& units, int threads)
    : worker_(v, opts, units), thread_([this, threads] { run(threads); }) {}

WorkerThread::~WorkerThread() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void WorkerThread::give(size_t i) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    assert(!busy_);
    job_ = i;
    busy_ = true;
  }
  wake_.notify_one();
}

std::optional<Result<UnitFigures>> WorkerThread::poll() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!outcome_) return std::nullopt;
  std::optional<Result<UnitFigures>> done = std::move(outcome_);
  outcome_.reset();
  busy_ = false;
  return done;
}

void WorkerThread::wait(std::chrono::microseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait_for(lock, timeout, [this] { return outcome_.has_value(); });
}

void WorkerThread::run(int threads) {
  omp_set_num_threads(threads);
  for (;;) {
    size_t i;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stop_ || job_; });
      if (stop_) return;
      i = *job_;
      job_.reset();
    }
    Result<UnitFigures> outcome = worker_.solve(i);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      outcome_.emplace(std::move(outcome));
    }
    done_.notify_one();
  }
}

}  // namespace millbase
