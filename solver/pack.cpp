#include "solver/pack.h"

#include <unistd.h>

#include <algorithm>
#include <map>

#include "core/notation.h"
#include "db/dir_manifest.h"
#include "db/table_dir.h"
#include "db/table_file.h"
#include "db/table_writer.h"
#include "solver/child_tables.h"
#include "solver/progress.h"
#include "solver/sector_graph.h"

namespace millbase {

namespace {

// Returns true when the table of s in dir is derived (false when absent, as a terminal
// sector's is, or unreadable: the pack's own reads report those).
bool table_derived(const std::string& dir, const Sector& s) {
  Result<TableHeader> h = TableFile::read_header(table_path(dir, s));
  return h && h->encoding == Encoding::DERIVED;
}

// Returns true when a derived s reading the derived table of c keeps the probe depth of
// pack.h, as do c's own derived successors.
bool derived_chain_allowed(const Variant& v, const std::string& dir, const Sector& s,
                           const Sector& c) {
  if (!may_read_derived(s, c)) return false;
  for (const Sector& d : successor_sectors(v, c))
    if (table_derived(dir, d) && !derived_chain_allowed(v, dir, c, d)) return false;
  return true;
}

// Returns true when deriving s keeps the probe depth of pack.h: each derived successor
// may be read by s, and s may be read by each derived sector among `predecessors`
// (the sectors that have s as a successor).
bool keeps_probe_depth(const Variant& v, const std::string& dir, const Sector& s,
                       const std::vector<Sector>& predecessors) {
  for (const Sector& c : successor_sectors(v, s))
    if (table_derived(dir, c) && !derived_chain_allowed(v, dir, s, c)) return false;
  for (const Sector& p : predecessors)
    if (table_derived(dir, p) && !may_read_derived(p, s)) return false;
  return true;
}

}  // namespace

Result<RewriteAccess> open_for_rewrite(const Variant& v, const std::string& dir) {
  // A read of what is there: never a new directory. Plain or 50-ply tables, as the
  // directory says.
  Result<TableDir> d = TableDir::open(v, dir);
  if (!d) return d.status();
  if (Status st = d->check_tables_belong(); !st) return st;
  Result<DirLock> lock = DirLock::acquire(dir);
  if (!lock) return lock.status();
  // Leftovers of killed runs can go now that no other writer is here.
  d->remove_leftovers();
  return RewriteAccess{d->metric(), std::move(lock).value()};
}

namespace {

// The tables a pack derives, in its order: the placement sectors first, from the empty
// board down, so that each is checked against successors still stored (else the check
// would recompute them), then the movement sectors in solving order; with each sector's
// predecessors, and the positions of them all.
struct PackOrder {
  std::vector<Sector> selected;
  std::map<Sector, std::vector<Sector>> predecessors;
  uint64_t total = 0;
};

PackOrder pack_order(const Variant& v, const std::string& dir) {
  const SectorGraph graph(v);
  PackOrder order;
  for (const WorkUnit& unit : graph.units())
    for (const Sector& s : unit.sectors)
      for (const Sector& c : successor_sectors(v, s)) order.predecessors[c].push_back(s);
  for (const bool placement : {true, false})
    for (size_t u = 0; u < graph.units().size(); ++u) {
      const WorkUnit& unit = graph.units()[placement ? graph.units().size() - 1 - u : u];
      for (const Sector& s : unit.sectors)
        if (s.placement() == placement && derived_when_packed(v, s) &&
            ::access(table_path(dir, s).c_str(), F_OK) == 0) {
          order.selected.push_back(s);
          order.total += SectorIndex::count(*v.board, s.us, s.them);
        }
    }
  return order;
}

// Returns the values of s found by the search over its successors' tables in dir, once
// checked equal to the stored ones of `file` (their results only, for a table without
// distances); else an error naming the first position that differs. `store` holds the
// successors' tables loaded for the sector before: those s reads too stay, the others go.
Result<std::vector<ValueCode>> checked_derivation(const Variant& v, const std::string& dir,
                                                  const Sector& s, const TableFile& file,
                                                  Metric metric, ValueStore& store,
                                                  ProgressReporter& progress) {
  progress.say("loading it and its successors' tables");
  store.keep_only(successor_sectors(v, s));
  Result<std::vector<ValueCode>> stored = file.read_all();
  if (!stored) return stored.status();
  Result<std::vector<ValueCode>> derived = derive_values(
      v, dir, s, store, [&](uint64_t done) { progress.update("derived", done, stored->size()); },
      metric);
  if (!derived) return derived.status();
  // A table without distances (a play set) holds only the results.
  const bool wdl_only = file.header().encoding == Encoding::WDL_ONLY;
  const auto bad = std::mismatch(
      derived->begin(), derived->end(), stored->begin(),
      [&](ValueCode d, ValueCode st) { return (wdl_only ? drop_distance(d, metric) : d) == st; });
  if (bad.first == derived->end()) return derived;
  const Position p = sector_position(*v.board, s, uint64_t(bad.first - derived->begin()));
  return Status::error(file.path() +
                       ": stored values differ from the search over its "
                       "successors' tables (first at " +
                       format_position(v, p) + "); not packed: run millbase verify");
}

}  // namespace

Result<std::vector<PackedSector>> pack_tables(
    const Variant& v, const std::string& dir,
    const std::function<void(const PackedSector&)>& on_sector, bool quiet) {
  Result<RewriteAccess> access = open_for_rewrite(v, dir);
  if (!access) return access.status();
  const Metric metric = access->metric;
  std::vector<PackedSector> packed;
  PackOrder order = pack_order(v, dir);
  ProgressReporter progress(quiet, order.total, "packed");
  // Neighbours in the order share successors (a-b's mill child is a-(b-1)'s quiet one):
  // each is loaded once for both.
  ValueStore store;
  for (size_t k = 0; k < order.selected.size(); ++k) {
    const Sector& s = order.selected[k];
    const std::string path = table_path(dir, s);
    progress.start_unit(int(k + 1), int(order.selected.size()), sector_name(s),
                        SectorIndex::count(*v.board, s.us, s.them));
    Result<TableFile> file = TableFile::open_sector(v, dir, s, metric);
    if (!file) return file.status();
    if (file->derived()) {
      progress.finish_unit(true);
      continue;
    }
    if (!keeps_probe_depth(v, dir, s, order.predecessors[s])) {
      progress.say("kept stored: the directory was packed under an earlier rule");
      PackedSector kept{s, file->header().entries, file->file_size(), file->file_size(), true};
      packed.push_back(kept);
      progress.finish_unit(true);
      if (on_sector) on_sector(kept);
      continue;
    }
    Result<std::vector<ValueCode>> derived =
        checked_derivation(v, dir, s, *file, metric, store, progress);
    if (!derived) return derived.status();
    PackedSector done{s, file->header().entries, file->file_size(), 0};
    if (Status st =
            write_derived_table(path, v, s, done.entries, compute_stats(*derived, metric), metric);
        !st)
      return st;
    Result<TableFile> after = TableFile::open_sector(v, dir, s, metric);
    if (!after) return after.status();
    done.bytes_after = after->file_size();
    packed.push_back(done);
    progress.finish_unit(false);
    if (on_sector) on_sector(done);
  }
  return packed;
}

}  // namespace millbase
