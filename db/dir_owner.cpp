#include "db/dir_owner.h"

#include <algorithm>
#include <filesystem>
#include <vector>

#include "db/dir_manifest.h"
#include "db/table_dir.h"
#include "db/table_file.h"

namespace millbase {

namespace {

// Returns whose a header says a table is: "six (metric fifty)".
std::string owner(const TableHeader& h) {
  const Variant* v = header_variant(h);
  return (v ? std::string(v->name) : std::string("an unknown variant")) + " (metric " +
         metric_name(h.metric) + ")";
}

// Returns what dir's MANIFEST says, for an error message.
std::string manifest_words(const std::string& dir) {
  const Result<std::optional<DirManifest>> m = read_manifest(dir);
  if (!m) return m.message();
  if (!m->has_value()) return dir + " has no MANIFEST";
  return dir + "/MANIFEST says " + (*m)->variant + " (metric " + (*m)->metric + ")";
}

}  // namespace

Status check_tables_belong(const Variant& v, const std::string& dir, Metric metric,
                           bool need_distances) {
  // Sorted: the same table named first every time. A directory that cannot be listed
  // holds no foreign table to refuse (writing there fails on its own).
  const Result<std::vector<std::string>> paths = table_file_paths(dir);
  for (const std::string& path : paths ? *paths : std::vector<std::string>()) {
    Result<TableHeader> h = TableFile::read_header(path);
    if (!h) continue;  // damaged (or not a regular file): not a foreign table
    const std::string name = std::filesystem::path(path).filename().string();
    if (!header_matches(*h, v) || h->metric != metric)
      return Status::invalid(path + " is a table of " + owner(*h) + ", not of " +
                             std::string(v.name) + " (metric " + metric_name(metric) + "); " +
                             manifest_words(dir) + ", but the tables decide. Nothing was written");
    if (name != table_file_name(h->sector))
      return Status::invalid(path + " holds the table of sector " + sector_name(h->sector) +
                             ", whose file is " + table_file_name(h->sector) +
                             "; rename or remove it. Nothing was written");
    if (need_distances && h->encoding == Encoding::WDL_ONLY)
      return Status::invalid(path +
                             " keeps no distances (a play set, millbase pack --play-set), and a "
                             "solve computes distances from its successors' ones: solve into a "
                             "directory of unpacked tables. Nothing was written");
  }
  return Status::ok();
}

}  // namespace millbase
