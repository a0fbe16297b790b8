#include "solver/unit_step.h"

#include <cstdio>

#include "db/sector_index.h"
#include "db/table_dir.h"
#include "db/table_writer.h"
#include "solver/child_tables.h"
#include "solver/fifty_labels.h"
#include "solver/progress.h"
#include "solver/unit_memory.h"

namespace millbase {

std::string unit_name(const WorkUnit& u) {
  std::string name;
  for (const Sector& s : u.sectors) name += (name.empty() ? "" : ",") + sector_name(s);
  return name;
}

std::string mib(uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MiB", bytes / 1048576.0);
  return buf;
}

namespace {

// Loads the unit's children into store: whole without a limit, else within what the
// unit's own work state and the indexes leave of the budget, keeping those the store
// holds whole already (the last unit's children and tables) when they are to be whole.
// Returns the number of tables read through their blocks.
Result<int> load_children(const Variant& v, const WorkUnit& unit, const SolveOptions& opts,
                          ValueStore& store) {
  if (!opts.memory_limit) {
    if (Status s = load_sectors(v, opts.dir, unit.children, store, opts.metric); !s) return s;
    return 0;
  }
  store.keep_only(unit.children);
  SectorIndex::release_unused();
  const uint64_t least = unit_bytes_least(v, unit);
  if (least > opts.memory_limit)
    return Status::error("unit " + unit_name(unit) + " needs at least " + mib(least) +
                         " (its values, counters, indexes and a small cache per table it "
                         "reads), more than --memory " +
                         mib(opts.memory_limit));
  const uint64_t own = least - unit.children.size() * MIN_CHILD_CACHE;
  return load_within(v, opts.dir, unit.children, opts.memory_limit - own, store, opts.metric);
}

}  // namespace

Status solve_unit_step(const Variant& v, const WorkUnit& unit, const SolveOptions& opts,
                       ValueStore& store, const KeepFn& keep, const ProgressFn& progress,
                       SolveReport& report) {
  LapTimer timer;
  Result<int> by_block = load_children(v, unit, opts, store);
  if (!by_block) return by_block.status();
  report.tables_read_by_block += *by_block;
  timer.lap(report.phases.load);

  UnitTimes times;
  std::vector<SectorValues> solved = solve_unit(v, unit, store, opts.metric, progress, &times);
  timer.restart();
  report.phases.evaluate += times.evaluate;
  report.phases.scan += times.scan;
  report.phases.levels += times.levels;
  (unit.internal_moves ? report.phases.movement_positions : report.phases.evaluate_positions) +=
      unit_entries(v, unit);
  // A child read through its blocks that failed has given draws: nothing may be written.
  for (const auto& [sector, sv] : store.all())
    if (sv->reader)
      if (Status s = sv->reader->status(); !s) return s;

  for (SectorValues& sv : solved) {
    if (opts.metric == Metric::FIFTY)
      if (Status s = label_beyond_rule(v, opts.plain_dir, sv); !s) return s;
    timer.lap(report.phases.label);
    Status s = write_table(table_path(opts.dir, sv.sector), v, sv.sector, sv.values,
                           opts.zstd_level ? opts.zstd_level : DEFAULT_ZSTD_LEVEL,
                           DEFAULT_BLOCK_ENTRIES, opts.metric);
    timer.lap(report.phases.write);
    if (!s) return s;
    report.positions_solved += sv.values.size();
    // Under a memory limit the next unit's load_children() drops it unless it reads it.
    if (keep && keep(sv.sector)) store.add(std::move(sv));
  }
  return Status::ok();
}

}  // namespace millbase
