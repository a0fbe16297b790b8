#include "solver/solve.h"

#include <omp.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <set>

#include "db/dir_manifest.h"
#include "db/sector_index.h"
#include "db/table_dir.h"
#include "db/table_file.h"
#include "solver/progress.h"
#include "solver/unit_memory.h"
#include "solver/unit_step.h"

namespace millbase {

Status unit_state(const Variant& v, const std::string& dir, const WorkUnit& unit, Metric metric) {
  for (const Sector& s : unit.sectors) {
    Result<TableFile> file = TableFile::open_sector(v, dir, s, metric);
    if (!file) return file.status();
    if (Status st = file->verify_checksums(); !st) return st;
  }
  return Status::ok();
}

namespace {

using Clock = std::chrono::steady_clock;

// Claims dir for v's tables: refuses (Status::Code::Invalid) a directory whose manifest
// or tables belong to another variant or metric (the tables' own headers decide, so a
// MANIFEST edited to name this solve cannot hand it another's tables); records what
// this solve adds to it.
Status claim_directory(const Variant& v, const std::string& dir, Metric metric,
                       const std::vector<Sector>& targets) {
  Result<std::optional<DirManifest>> old = read_manifest(dir);
  if (!old) return old.status();
  const TableDir d(v, dir, metric);
  if (old->has_value() || metric == Metric::PLAIN)
    if (Status st = d.check_manifest(); !st) return st;
  if (Status st = d.check_tables_belong(true); !st) return st;
  DirManifest m;
  if (old->has_value()) {
    m = **old;
  } else {
    m.variant = std::string(v.name);
    m.metric = metric_name(metric);
  }
  if (targets.empty()) m.all = true;
  for (const Sector& t : targets)
    if (std::find(m.targets.begin(), m.targets.end(), t) == m.targets.end()) m.targets.push_back(t);
  if (m.all) m.targets.clear();
  return write_manifest(dir, m);
}

}  // namespace

bool unit_complete(const Variant& v, const std::string& dir, const WorkUnit& unit, Metric metric) {
  return bool(unit_state(v, dir, unit, metric));
}

bool unit_done(const Variant& v, const SolveOptions& opts, const WorkUnit& unit,
               SolveReport& report) {
  const Status state = unit_state(v, opts.dir, unit, opts.metric);
  if (state) return true;
  if (state.code() != Status::Code::NotFound) {
    // Said even with quiet: a damaged table is news, not progress.
    std::fprintf(stderr, "millbase: %s: solving it again\n", state.message().c_str());
    report.tables_repaired.push_back(state.message());
  }
  return false;
}

Result<SolvePlan> plan_solve(const Variant& v, const SolveOptions& opts) {
  // Under Lasker's rule the 50-ply count runs through placement (rules.md): the tables
  // would need the counter in every sector, which this solver does not keep.
  if (opts.metric == Metric::FIFTY && v.move_in_placement)
    return Status::error("50-ply tables of " + std::string(v.name) +
                         " are not supported: its count runs through placement");
  SectorGraph graph(v);
  std::vector<WorkUnit> units = opts.targets.empty() ? graph.units() : graph.closure(opts.targets);
  uint64_t total = 0, peak = 0, least = 0;
  for (const WorkUnit& u : units) {
    total += unit_entries(v, u);
    peak = std::max(peak, unit_bytes_children_whole(v, u));
    // Units whose tables are all there are checked when they come up.
    bool present = true;
    for (const Sector& s : u.sectors)
      present = present && std::filesystem::exists(table_path(opts.dir, s));
    if (!present) least = std::max(least, unit_bytes_least_without_indexes(v, u));
  }
  if (opts.memory_limit && least > opts.memory_limit)
    return Status::error("the largest unit to solve needs at least " + mib(least) +
                         " (its own values and a small cache per table it reads), more than "
                         "--memory " +
                         mib(opts.memory_limit));
  Result<DirLock> lock = DirLock::acquire(opts.dir);
  if (!lock) return lock.status();
  if (opts.metric == Metric::FIFTY) {
    // Every plain table this solve will read must be there before the first unit.
    if (Status st = TableDir(v, opts.plain_dir).check(); !st) return st;
    for (const WorkUnit& u : units)
      for (const Sector& s : u.sectors)
        if (Result<TableFile> f = TableFile::open_sector(v, opts.plain_dir, s); !f)
          return f.status();
  }
  if (Status st = claim_directory(v, opts.dir, opts.metric, opts.targets); !st) return st;
  // Leftovers of killed runs can go now that no other solve writes here.
  TableDir(v, opts.dir, opts.metric).remove_leftovers();
  if (!opts.quiet)
    std::fprintf(stderr,
                 "solving %s: %zu units, %s positions, largest unit needs ~%sB, %d threads\n",
                 std::string(v.name).c_str(), units.size(), human_count(double(total)).c_str(),
                 human_count(double(peak)).c_str(), omp_get_max_threads());
  return SolvePlan{std::move(units), total, peak, std::move(lock).value()};
}

Result<SolveReport> solve(const Variant& v, const SolveOptions& opts) {
  const auto start = Clock::now();
  Result<SolvePlan> planned = plan_solve(v, opts);
  if (!planned) return planned.status();
  const SolvePlan& plan = *planned;
  const std::vector<WorkUnit>& units = plan.units;
  SolveReport report;
  report.peak_unit_bytes = plan.peak_unit_bytes;

  // Last unit that reads each sector, so tables leave memory when no longer needed.
  std::map<Sector, size_t> last_use;
  for (size_t i = 0; i < units.size(); ++i)
    for (const Sector& c : units[i].children) last_use[c] = i;

  ProgressReporter progress(opts.quiet, plan.total);
  ValueStore store;
  for (size_t i = 0; i < units.size(); ++i) {
    const WorkUnit& unit = units[i];
    progress.start_unit(int(i + 1), int(units.size()), unit_name(unit), unit_entries(v, unit));
    if (unit_done(v, opts, unit, report)) {
      ++report.units_skipped;
      progress.finish_unit(true);
      continue;
    }
    progress.say("loading the tables it reads");
    // The unit's tables stay in memory while a later unit reads them.
    auto keep = [&](const Sector& s) { return last_use.count(s) && last_use[s] > i; };
    if (Status s = solve_unit_step(
            v, unit, opts, store, keep,
            [&](const char* stage, uint64_t done, uint64_t all) {
              progress.update(stage, done, all);
            },
            report);
        !s)
      return s;
    ++report.units_solved;
    progress.finish_unit(false);
    for (const auto& [sector, last] : last_use)
      if (last == i) store.erase(sector);
    SectorIndex::release_unused();
  }
  report.peak_rss_bytes = peak_rss();
  report.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return report;
}

}  // namespace millbase
