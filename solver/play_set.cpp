#include "solver/play_set.h"

#include <unistd.h>

#include "core/notation.h"
#include "db/dir_lock.h"
#include "db/sector_index.h"
#include "db/table_dir.h"

#include "db/table_file.h"
#include "db/table_writer.h"
#include "solver/pack.h"
#include "solver/progress.h"
#include "solver/sector_graph.h"

namespace millbase {

namespace {

// Returns st with the table it concerns named first: an error of a temporary file or of
// a rename says which table's step failed.
Status about_table(const std::string& path, const char* step, const Status& st) {
  if (st) return st;
  return Status::error("cannot " + std::string(step) + " " + path + ": " + st.message());
}

// Rewrites the stored table `file` of s without distances: written under a temporary
// name, read back and found to hold the results of the old values, then renamed over
// the table, so that a table without distances is always a checked one.
Status rewrite_table_without_distances(const Variant& v, const Sector& s, const TableFile& file,
                                       Metric metric) {
  Result<std::vector<ValueCode>> before = file.read_all();
  if (!before) return before.status();
  const TableHeader& h = file.header();
  const std::string tmp = file.path() + temp_suffix();
  if (Status st = write_wdl_only_table(tmp, v, s, *before, metric, h.zstd_level, h.block_entries);
      !st)
    return st;
  auto fail = [&](const Status& st) {
    ::unlink(tmp.c_str());
    return st;
  };
  Result<TableFile> written = TableFile::open(tmp, v, s, metric);
  if (!written) return fail(written.status());
  Result<std::vector<ValueCode>> after = written->read_all();
  if (!after) return fail(after.status());
  for (size_t i = 0; i < after->size(); ++i)
    if ((*after)[i] != drop_distance((*before)[i], metric))
      return fail(Status::error(file.path() + ": entry " + std::to_string(i) +
                                " reads back another result than it was written with"));
  return replace_table(tmp, file.path());
}

// Returns true when every successor table of s is a stored placement table that a play
// set keeps without distances (not a last placement's), so that a search over them finds
// none once they are rewritten: s then holds results only (derived_results_only()).
bool successors_without_distances(const Variant& v, const std::string& dir, const Sector& s) {
  for (const Sector& c : successor_sectors(v, s)) {
    if (is_terminal(v, c)) continue;
    if (!c.placement() || c.last_placement()) return false;
    Result<TableHeader> h = TableFile::read_header(table_path(dir, c));
    if (!h || h->encoding == Encoding::DERIVED) return false;
  }
  return true;
}

}  // namespace

Result<std::vector<PlaySetTable>> make_play_set(
    const Variant& v, const std::string& dir,
    const std::function<void(const PlaySetTable&)>& on_table, bool quiet) {
  Result<RewriteAccess> access = open_for_rewrite(v, dir);
  if (!access) return access.status();
  const Metric metric = access->metric;
  std::vector<Sector> placement;
  uint64_t total = 0;
  // From the empty board down: a table is changed only after every table that reads it,
  // so at any point a table with distances reads only tables whose values keep theirs.
  const SectorGraph graph(v);
  for (auto unit = graph.units().rbegin(); unit != graph.units().rend(); ++unit)
    for (const Sector& s : unit->sectors)
      if (s.placement() && ::access(table_path(dir, s).c_str(), F_OK) == 0) {
        placement.push_back(s);
        total += SectorIndex::count(*v.board, s.us, s.them);
      }
  ProgressReporter progress(quiet, total, "rewritten");
  std::vector<PlaySetTable> changed;
  for (size_t k = 0; k < placement.size(); ++k) {
    const Sector& s = placement[k];
    progress.start_unit(int(k + 1), int(placement.size()), sector_name(s),
                        SectorIndex::count(*v.board, s.us, s.them));
    Result<TableFile> file = TableFile::open_sector(v, dir, s, metric);
    if (!file) return file.status();
    const TableHeader& h = file->header();
    PlaySetTable t{s, h.entries, file->file_size(), 0, file->derived()};
    // The last placements (hands 1 and 0) keep their distances: their successors are
    // movement sectors.
    const bool last_placement = s.last_placement();
    if (file->derived()) {
      // Marked as holding results only before its successors lose their distances, so
      // that its values do not change when they do.
      const bool zero = h.stats.longest_win == 0 && h.stats.longest_loss == 0;
      if (last_placement || zero || !successors_without_distances(v, dir, s)) {
        progress.finish_unit(true);
        continue;
      }
      TableStats stats = h.stats;
      stats.longest_win = stats.longest_loss = 0;
      if (Status st = write_derived_table(file->path(), v, s, h.entries, stats, metric); !st)
        return about_table(file->path(), "mark as holding results only", st);
    } else {
      if (last_placement || h.encoding == Encoding::WDL_ONLY) {
        progress.finish_unit(true);
        continue;
      }
      progress.say("rewriting it without distances");
      if (Status st = rewrite_table_without_distances(v, s, *file, metric); !st)
        return about_table(file->path(), "rewrite without distances", st);
    }
    Result<TableFile> after = TableFile::open_sector(v, dir, s, metric);
    if (!after) return after.status();
    t.bytes_after = after->file_size();
    changed.push_back(t);
    progress.finish_unit(false);
    if (on_table) on_table(t);
  }
  return changed;
}

}  // namespace millbase
