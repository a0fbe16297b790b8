#include "solver/mpi_solve.h"

#include <mpi.h>
#include <omp.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "db/dir_lock.h"
#include "solver/progress.h"
#include "solver/unit_memory.h"
#include "solver/unit_schedule.h"
#include "solver/unit_step.h"
#include "solver/unit_worker.h"

namespace millbase {

namespace {

using Clock = std::chrono::steady_clock;

// Message tags between rank 0 and the others.
constexpr int TAG_WORK = 1;    // 0 → rank: one uint64, the unit to solve
constexpr int TAG_STOP = 2;    // 0 → rank: no data; the rank returns
constexpr int TAG_DONE = 3;    // rank → 0: encode_figures() of the finished unit
constexpr int TAG_FAILED = 4;  // rank → 0: the unit (8 bytes, little-endian) and the error

// Waits for a message from `source` (or any) without spinning a core: the ranks share
// the machine's cores with the OpenMP threads solving units.
MPI_Status wait_message(int source) {
  for (;;) {
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
    if (flag) return st;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

// The process that started this rank (mpirun, or a node's daemon), and this rank.
pid_t launcher_pid = 0;
int this_rank = 0;

// Ends this rank at once when its launcher is gone: it is then another process's child.
void stop_if_orphaned() {
  if (::getppid() == launcher_pid) return;
  std::fprintf(stderr, "millbase: rank %d: the job's launcher is gone; stopping\n", this_rank);
  ::_exit(1);
}

// Ends this rank within LAUNCHER_POLL once its launcher is gone (mpirun killed, as a
// batch scheduler ends a job at its time limit), and in any case before it renames
// another file into the directory (the write guard of db/dir_lock.h): what it was
// writing stays a temporary file, which the next solve removes once the .writers lock
// says no writer is left. Without this, ranks outlived their launcher by a second or
// more (3 to 17 s in long units) and wrote more tables.
class LauncherWatch {
 public:
  static constexpr std::chrono::milliseconds LAUNCHER_POLL{100};

  explicit LauncherWatch(int rank) {
    launcher_pid = ::getppid(), this_rank = rank;
    set_write_guard(&stop_if_orphaned);
    thread_ = std::thread([this] { watch(); });
  }
  ~LauncherWatch() {
    stop_ = true;
    thread_.join();
    set_write_guard(nullptr);
  }

 private:
  void watch() const {
    for (; !stop_; std::this_thread::sleep_for(LAUNCHER_POLL)) stop_if_orphaned();
  }

  std::atomic<bool> stop_{false};
  std::thread thread_;
};

// A rank other than 0: solves what it is handed until told to stop, holding its share of
// the directory's writers (db/dir_lock.h) meanwhile.
void serve_units(const Variant& v, const SolveOptions& opts, const std::vector<WorkUnit>& units) {
  Result<WriterLock> writing = WriterLock::acquire(opts.dir);
  if (!writing) {
    std::fprintf(stderr, "millbase: %s\n", writing.message().c_str());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  UnitWorker worker(v, opts, units);
  for (;;) {
    MPI_Status st = wait_message(0);
    if (st.MPI_TAG == TAG_STOP) {
      MPI_Recv(nullptr, 0, MPI_BYTE, 0, TAG_STOP, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      return;
    }
    uint64_t unit = 0;
    MPI_Recv(&unit, 1, MPI_UINT64_T, 0, TAG_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    Result<UnitFigures> done = unit < units.size()
                                   ? worker.solve(size_t(unit))
                                   : Result<UnitFigures>(Status::error("no such unit"));
    if (done) {
      std::array<double, UNIT_FIGURES_FIELDS> fields = encode_figures(*done);
      MPI_Send(fields.data(), int(fields.size()), MPI_DOUBLE, 0, TAG_DONE, MPI_COMM_WORLD);
    } else {
      std::string msg(8, '\0');
      for (int b = 0; b < 8; ++b) msg[b] = char(unit >> (8 * b));
      msg += done.message();
      MPI_Send(msg.data(), int(msg.size()), MPI_CHAR, 0, TAG_FAILED, MPI_COMM_WORLD);
    }
  }
}

// Rank 0's account of the job on stderr: each finished unit (at most twice a second,
// and the last), what is running once a minute.
class JobProgress {
 public:
  JobProgress(bool quiet, size_t units, uint64_t todo)
      : quiet_(quiet), units_(units), todo_(todo) {}

  void finished(size_t finished, const std::string& name, int rank, const UnitFigures& f) {
    done_ += f.report.positions_solved;
    if (quiet_) return;
    const auto now = Clock::now();
    if (now - last_ < std::chrono::milliseconds(500) && finished != units_) return;
    last_ = now;
    const double s = std::chrono::duration<double>(now - start_).count();
    std::fprintf(stderr,
                 "[%zu/%zu] %s: solved on rank %d in %.2f s; %s of %s positions, %s/s, ETA %s\n",
                 finished, units_, name.c_str(), rank, f.seconds,
                 human_count(double(done_)).c_str(), human_count(double(todo_)).c_str(),
                 human_count(rate_.rate(done_, s)).c_str(), rate_.eta(done_, todo_, s).c_str());
  }

  // Says which units run where, once a minute.
  void heartbeat(const std::vector<std::optional<size_t>>& running,
                 const std::vector<WorkUnit>& units) {
    const auto now = Clock::now();
    if (quiet_ || now - last_heartbeat_ < std::chrono::seconds(60)) return;
    last_heartbeat_ = last_ = now;
    std::string line;
    for (size_t r = 0; r < running.size(); ++r)
      if (running[r])
        line += (line.empty() ? "" : ", ") + unit_name(units[*running[r]]) + " on rank " +
                std::to_string(r);
    std::fprintf(stderr, "running: %s\n", line.empty() ? "nothing" : line.c_str());
  }

 private:
  bool quiet_;
  size_t units_;
  uint64_t todo_, done_ = 0;
  PassRate rate_;  // units already solved are not in todo_: nothing to skip
  Clock::time_point start_ = Clock::now(), last_, last_heartbeat_ = Clock::now();
};

// A unit's outcome on a rank other than 0.
struct RankOutcome {
  int rank;
  Result<UnitFigures> outcome;
};

// Returns the next report of another rank when one has arrived: the figures of the unit
// it finished (TAG_DONE), or its error (TAG_FAILED).
std::optional<RankOutcome> poll_ranks() {
  int flag = 0;
  MPI_Status st;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
  if (!flag) return std::nullopt;
  if (st.MPI_TAG == TAG_DONE) {
    std::array<double, UNIT_FIGURES_FIELDS> fields;
    MPI_Recv(fields.data(), int(fields.size()), MPI_DOUBLE, st.MPI_SOURCE, TAG_DONE, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    return RankOutcome{st.MPI_SOURCE, decode_figures(fields)};
  }
  int bytes = 0;
  MPI_Get_count(&st, MPI_CHAR, &bytes);
  std::string msg(size_t(bytes), '\0');
  MPI_Recv(msg.data(), bytes, MPI_CHAR, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  return RankOutcome{st.MPI_SOURCE,
                     Status::error(msg.size() > 8 ? msg.substr(8) : "a malformed message")};
}

// Rank 0: hands the plan's units out to every rank, itself included, until all are
// written or one fails; then stops the other ranks.
Result<SolveReport> drive(const Variant& v, const SolveOptions& opts, const SolvePlan& plan,
                          int ranks) {
  const std::vector<WorkUnit>& units = plan.units;
  SolveReport report;
  report.ranks = ranks;
  report.units_by_rank.assign(size_t(ranks), 0);
  report.peak_unit_bytes = plan.peak_unit_bytes;
  std::vector<bool> done(units.size());
  uint64_t todo = 0;
  for (size_t i = 0; i < units.size(); ++i) {
    done[i] = unit_done(v, opts, units[i], report);
    if (done[i])
      ++report.units_skipped;
    else
      todo += unit_entries(v, units[i]);
  }
  UnitSchedule schedule(units, done);
  JobProgress progress(opts.quiet, units.size(), todo);
  if (!opts.quiet && report.units_skipped)
    std::fprintf(stderr, "%d units already solved\n", report.units_skipped);

  std::vector<std::optional<size_t>> running(static_cast<size_t>(ranks));  // the unit on each rank
  Status failure = Status::ok();
  WorkerThread local(v, opts, units, omp_get_max_threads());
  auto finish = [&](int rank, Result<UnitFigures> outcome) {
    const size_t unit = *running[size_t(rank)];
    running[size_t(rank)].reset();
    if (!outcome) {
      if (failure)
        failure = outcome.status().prefixed("unit " + unit_name(units[unit]) + " on rank " +
                                            std::to_string(rank) + ": ");
      return;
    }
    schedule.finish(unit);
    ++report.units_solved;
    ++report.units_by_rank[size_t(rank)];
    add_unit_report(report, outcome->report);
    progress.finished(schedule.finished(), unit_name(units[unit]), rank, *outcome);
  };

  for (;;) {
    // Hand out ready units to idle ranks, unless a unit has failed.
    for (int r = 0; r < ranks && failure; ++r) {
      if (running[size_t(r)]) continue;
      std::optional<size_t> unit = schedule.take();
      if (!unit) break;
      running[size_t(r)] = unit;
      if (r == 0) {
        local.give(*unit);
      } else {
        const uint64_t u = *unit;
        MPI_Send(&u, 1, MPI_UINT64_T, r, TAG_WORK, MPI_COMM_WORLD);
      }
    }
    // Nothing runs: all finished, or stopped by a failure (units are handed out as soon
    // as their children are written, so none can be left waiting otherwise).
    if (std::none_of(running.begin(), running.end(), [](const auto& u) { return bool(u); })) break;
    bool heard = false;
    if (std::optional<Result<UnitFigures>> outcome = local.poll()) {
      finish(0, std::move(*outcome));
      heard = true;
    }
    if (std::optional<RankOutcome> other = poll_ranks()) {
      finish(other->rank, std::move(other->outcome));
      heard = true;
    }
    progress.heartbeat(running, units);
    // Woken at once by rank 0's own unit; the other ranks' messages within 1 ms.
    if (!heard) local.wait(std::chrono::milliseconds(1));
  }
  if (!failure) return failure;
  assert(schedule.all_finished());
  return report;
}

// Says on stderr when this rank runs more OpenMP threads than the cores it is bound to
// (mpirun binds each rank to one core when there are at most two): they would share one.
void warn_if_bound(int rank) {
  cpu_set_t set;
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return;
  const int cores = CPU_COUNT(&set), threads = omp_get_max_threads();
  if (cores < threads)
    std::fprintf(stderr,
                 "millbase: rank %d runs %d threads on the %d core(s) it is bound to: start "
                 "mpirun with --bind-to none, or --map-by slot:PE=%d\n",
                 rank, threads, cores, threads);
}

}  // namespace

MpiSolveOutcome mpi_solve(const Variant& v, const SolveOptions& opts) {
  const auto start = Clock::now();
  int provided = 0;
  // Only the main thread calls MPI; rank 0's second thread solves without it.
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MpiSolveOutcome out;
  MPI_Comm_rank(MPI_COMM_WORLD, &out.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &out.ranks);
  warn_if_bound(out.rank);
  const LauncherWatch launcher(out.rank);

  // Rank 0 plans (and holds the directory's lock); the others compute the same units.
  std::optional<Result<SolvePlan>> plan;
  std::vector<WorkUnit> units;
  if (out.rank == 0) {
    plan.emplace(plan_solve(v, opts));
  } else {
    SectorGraph graph(v);
    units = opts.targets.empty() ? graph.units() : graph.closure(opts.targets);
  }
  // {planned, units, positions} from rank 0; every rank says whether its units agree.
  std::array<uint64_t, 3> header{0, 0, 0};
  if (out.rank == 0 && *plan) header = {1, (*plan)->units.size(), (*plan)->total};
  MPI_Bcast(header.data(), 3, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (!header[0]) {
    if (out.rank == 0) out.report = plan->status();
    MPI_Finalize();
    return out;
  }
  uint64_t total = 0;
  for (const WorkUnit& u : units) total += unit_entries(v, u);
  int agree = out.rank == 0 || (units.size() == header[1] && total == header[2]);
  int all_agree = 0;
  MPI_Allreduce(&agree, &all_agree, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (!all_agree) {
    if (out.rank == 0)
      out.report = Status::invalid(
          "the ranks of this job disagree on the units to solve: start every rank with the "
          "same millbase and the same arguments");
    MPI_Finalize();
    return out;
  }

  if (out.rank != 0) {
    serve_units(v, opts, units);
  } else {
    Result<SolveReport> report = drive(v, opts, **plan, out.ranks);
    for (int r = 1; r < out.ranks; ++r) MPI_Send(nullptr, 0, MPI_BYTE, r, TAG_STOP, MPI_COMM_WORLD);
    if (report) {
      SolveReport r = *report;
      r.peak_rss_bytes = std::max(r.peak_rss_bytes, peak_rss());
      r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
      out.report = r;
    } else {
      out.report = report.status();
    }
  }
  MPI_Finalize();
  return out;
}

}  // namespace millbase
