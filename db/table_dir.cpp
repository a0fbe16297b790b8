#include "db/table_dir.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cctype>
#include <filesystem>

#include "db/dir_manifest.h"
#include "db/table_file.h"

namespace millbase {

Result<std::vector<std::string>> table_file_paths(const std::string& dir) {
  std::vector<std::string> paths;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.path().extension() == ".mbt") paths.push_back(e.path().string());
  if (ec) return Status::error("cannot read directory " + dir + ": " + ec.message());
  std::sort(paths.begin(), paths.end());
  return paths;
}

std::vector<std::string> leftover_files(const std::string& dir) {
  std::vector<std::string> found;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (const std::string name = e.path().filename().string();
        name.find(".mbt.tmp.") != std::string::npos || name.rfind("MANIFEST.tmp.", 0) == 0)
      found.push_back(e.path().string());
  std::sort(found.begin(), found.end());
  return found;
}

namespace {

// Returns the metric dir's MANIFEST names (plain when it has none), or its error.
Result<Metric> manifest_metric(const std::string& dir) {
  Result<std::optional<DirManifest>> m = read_manifest(dir);
  if (!m) return m.status();
  if (!m->has_value()) return Metric::PLAIN;
  const std::optional<Metric> metric = metric_from_name((*m)->metric);
  assert(metric);  // read_manifest refuses other words
  return *metric;
}

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

TableDir TableDir::named(const Variant& v, const std::string& given, Metric metric) {
  if (!given.empty()) return TableDir(v, given, metric);
  return TableDir(v, "data/" + std::string(v.name) + (metric == Metric::FIFTY ? "-fifty" : ""),
                  metric);
}

TableDir TableDir::for_play(const Variant& v, const std::string& given) {
  TableDir dir = named(v, given);
  if (given.empty()) {
    const TableDir fifty = named(v, "", Metric::FIFTY);
    const Result<std::optional<DirManifest>> m = read_manifest(fifty.path());
    if (m && m->has_value() && (*m)->variant == v.name &&
        (*m)->metric == metric_name(Metric::FIFTY) && (*m)->all)
      return fifty;
  }
  const Result<Metric> metric = manifest_metric(dir.path());
  if (metric) dir.metric_ = *metric;
  return dir;
}

Result<TableDir> TableDir::open(const Variant& v, const std::string& given) {
  TableDir dir = named(v, given);
  const Result<Metric> metric = manifest_metric(dir.path());
  if (!metric) return metric.status();
  dir.metric_ = *metric;
  if (Status st = dir.check(); !st) return st;
  return dir;
}

int TableDir::remove_leftovers() const {
  int removed = 0;
  for (const std::string& path : leftover_files(path_)) removed += ::unlink(path.c_str()) == 0;
  return removed;
}

Status TableDir::check() const {
  struct stat st;
  if (::stat(path_.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    return Status::not_found("no table directory " + path_ + " (" +
                             (metric_ == Metric::FIFTY ? "50-ply " : "") + "tables of " +
                             std::string(variant_->name) + ")");
  return check_manifest();
}

Status TableDir::check_manifest() const {
  Result<std::optional<DirManifest>> m = read_manifest(path_);
  if (!m) return m.status();
  if (!m->has_value()) {
    // A directory from before manifests holds plain tables.
    if (metric_ == Metric::PLAIN) return Status::ok();
    return Status::invalid(path_ + " has no manifest, so it holds plain tables, not " +
                           metric_name(metric_) + " tables");
  }
  const DirManifest& man = **m;
  // A name that is neither v's nor a preset's is no directory of another variant.
  if (man.variant != variant_->name && !find_variant(man.variant))
    return unknown_variant_manifest(path_, man.variant);
  // (read_manifest refuses any format but FORMAT_VERSION.)
  if (man.variant != variant_->name || man.metric != metric_name(metric_))
    return Status::invalid(path_ + " holds tables of " + man.variant + " (metric " + man.metric +
                           ", format " + std::to_string(man.format) + "), not of " +
                           std::string(variant_->name) + " (metric " + metric_name(metric_) +
                           ", format " + std::to_string(FORMAT_VERSION) + ")");
  return Status::ok();
}

bool TableDir::matches(const TableHeader& h) const {
  return header_matches(h, *variant_) && h.metric == metric_;
}

Status TableDir::check_tables_belong(bool need_distances) const {
  // Sorted: the same table named first every time. A directory that cannot be listed
  // holds no foreign table to refuse (writing there fails on its own).
  const Result<std::vector<std::string>> paths = table_file_paths(path_);
  for (const std::string& path : paths ? *paths : std::vector<std::string>()) {
    Result<TableHeader> h = TableFile::read_header(path);
    if (!h) continue;  // damaged (or not a regular file): not a foreign table
    const std::string name = std::filesystem::path(path).filename().string();
    if (!matches(*h))
      return Status::invalid(path + " is a table of " + owner(*h) + ", not of " +
                             std::string(variant_->name) + " (metric " + metric_name(metric_) +
                             "); " + manifest_words(path_) +
                             ", but the tables decide. Nothing was written");
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
