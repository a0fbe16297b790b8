#include "solver/dir_report.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <optional>

#include "db/dir_manifest.h"
#include "db/table_dir.h"
#include "db/table_file.h"
#include "solver/expected_tables.h"
#include "solver/sector_graph.h"

namespace millbase {

namespace {

// Returns the paths of dir's table files, sorted; NotFound when there is none.
Result<std::vector<std::string>> table_files(const std::string& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec))
    return Status::not_found("no table directory " + dir);
  Result<std::vector<std::string>> paths = table_file_paths(dir);
  if (paths && paths->empty()) return Status::not_found("no tables in " + dir);
  return paths;
}

// Returns why the table at path does not belong where it is, or ok: a table under
// another sector's name, of another variant than the manifest's or of another metric.
Status misplaced(const std::string& path, const TableHeader& h, const std::string& owner,
                 const std::string& owner_metric) {
  const std::string name = std::filesystem::path(path).filename().string();
  if (name != table_file_name(h.sector))
    return Status::error(path + ": holds sector " + sector_name(h.sector) + ", whose file is " +
                         table_file_name(h.sector));
  const Variant* found = header_variant(h);
  const std::string of = found ? std::string(found->name) : "";
  if (!owner.empty() && of != owner)
    return Status::error(path + ": a table of " + (of.empty() ? "an unknown variant" : of) +
                         " in a directory of " + owner);
  if (!owner_metric.empty() && metric_name(h.metric) != owner_metric)
    return Status::error(path + ": a table of metric " + metric_name(h.metric) +
                         " in a directory of metric " + owner_metric);
  return Status::ok();
}

// Reads the table at path into r: a row, or a problem.
void add_table(DirReport& r, const std::string& path, const std::string& owner,
               const std::string& owner_metric) {
  Result<TableFile> t = TableFile::open_any(path);
  if (!t) {
    ++r.corrupt, r.problems.push_back({t.status(), r.rows.size()});
    return;
  }
  const TableHeader& h = t->header();
  if (Status st = misplaced(path, h, owner, owner_metric); !st) {
    ++r.corrupt, r.problems.push_back({st, r.rows.size()});
    return;
  }
  const Variant* found = header_variant(h);
  r.variant = found ? std::string(found->name) : "";
  if (owner_metric.empty()) r.metric = metric_name(h.metric);  // the tables' own word
  DirTableRow row;
  row.sector = h.sector, row.positions = h.entries, row.bytes = t->file_size();
  for (const BlockEntry& b : t->blocks()) row.wdl_bytes += b.wdl_size;
  const Status sums = t->verify_checksums();
  row.checksums_ok = bool(sums);
  row.derived = t->derived();
  row.wdl_only = h.encoding == Encoding::WDL_ONLY;
  row.stats = h.stats;
  if (!sums) ++r.corrupt, row.checksum_error = sums.message();
  r.positions += row.positions, r.bytes += row.bytes, r.wdl_bytes += row.wdl_bytes;
  r.rows.push_back(row);
}

}  // namespace

Result<DirReport> read_dir_report(const std::string& dir) {
  Result<std::vector<std::string>> paths = table_files(dir);
  if (!paths) return paths.status();
  DirReport r;
  r.table_files = paths->size();
  // The variant the directory's manifest names, if it has one. A directory without a
  // manifest (from before manifests) holds plain tables; one whose manifest cannot be
  // read says nothing of its tables' metric (its error comes after the tables).
  Result<std::optional<DirManifest>> manifest = read_manifest(dir);
  // A manifest naming no known variant is damaged: it judges no table.
  if (manifest && manifest->has_value() && !find_variant((*manifest)->variant))
    manifest = unknown_variant_manifest(dir, (*manifest)->variant);
  const std::string owner = manifest && manifest->has_value() ? (*manifest)->variant : "";
  const std::string owner_metric = !manifest               ? ""
                                   : manifest->has_value() ? (*manifest)->metric
                                                           : metric_name(Metric::PLAIN);
  r.metric = owner_metric;
  for (const std::string& path : *paths) add_table(r, path, owner, owner_metric);
  // With a manifest the directory says whose tables it holds: those it must hold and
  // lacks are named too.
  if (!manifest) {
    ++r.corrupt, r.problems.push_back({manifest.status(), r.rows.size()});
  } else if (const Variant* v = manifest->has_value() ? find_variant(owner) : nullptr) {
    Result<std::vector<Sector>> expected = expected_sectors(dir, SectorGraph(*v));
    if (!expected) return expected.status();
    for (const Sector& s : *expected)
      if (::access(table_path(dir, s).c_str(), F_OK) != 0) {
        ++r.missing;
        r.problems.push_back({TableDir(*v, dir).missing(s), r.rows.size()});
      }
  }
  return r;
}

}  // namespace millbase
