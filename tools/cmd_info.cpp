// millbase info: the tables in a directory: sizes, bits per position, checksums,
// statistics.

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "db/dir_manifest.h"
#include "db/table_dir.h"
#include "db/table_file.h"
#include "solver/expected_tables.h"
#include "solver/sector_graph.h"
#include "tools/cli_common.h"

namespace millbase::cli {

namespace {

struct InfoArgs {
  std::string dir;
  bool json = false;
};

int run_info(const InfoArgs& a) {
  std::vector<std::string> paths;
  std::error_code ec;
  // The same words as the other commands' for a missing or empty directory, which know
  // the variant; info reads any.
  const std::string build =
      "; build them with: millbase solve --variant <nine|nine-noflying|six|five> --out " + a.dir;
  if (!std::filesystem::is_directory(a.dir, ec))
    return fail(EXIT_MISSING, "no table directory " + a.dir + build);
  for (const auto& e : std::filesystem::directory_iterator(a.dir, ec))
    if (e.path().extension() == ".mbt") paths.push_back(e.path().string());
  if (ec) return fail(EXIT_ERROR, "cannot read directory " + a.dir + ": " + ec.message());
  if (paths.empty()) return fail(EXIT_MISSING, "no tables in " + a.dir + build);
  std::sort(paths.begin(), paths.end());
  uint64_t entries = 0, bytes = 0, wdl_bytes = 0;
  int corrupt = 0;
  std::string json, variant;
  // The variant the directory's manifest names, if it has one.
  Result<std::optional<DirManifest>> manifest = read_manifest(a.dir);
  const std::string owner = manifest && manifest->has_value() ? (*manifest)->variant : "";
  // A directory without a manifest (from before manifests) holds DTM tables; one whose
  // manifest cannot be read says nothing of its tables' metric (its error comes below).
  const std::string owner_metric = !manifest               ? ""
                                   : manifest->has_value() ? (*manifest)->metric
                                                           : metric_name(Metric::DTM);
  std::string metric = owner_metric;
  if (!a.json)
    std::printf("%-12s %13s %12s %9s %9s %10s %12s %12s %12s\n", "sector", "positions", "bytes",
                "bits/pos", "WDL bits", "checksums", "wins", "losses", "draws");
  for (const std::string& path : paths) {
    Result<TableFile> t = TableFile::open_any(path);
    if (!t) {
      ++corrupt;
      fail(EXIT_ERROR, t.message());
      continue;
    }
    const TableHeader& h = t->header();
    // A table under another sector's name (files renamed or swapped) is damaged.
    const std::string name = std::filesystem::path(path).filename().string();
    if (name != table_file_name(h.sector)) {
      ++corrupt;
      fail(EXIT_ERROR, path + ": holds sector " + sector_name(h.sector) + ", whose file is " +
                           table_file_name(h.sector));
      continue;
    }
    const Variant* found = header_variant(h);
    const std::string of = found ? std::string(found->name) : "";  // the table's variant
    if (!owner.empty() && of != owner) {                           // a foreign table
      ++corrupt;
      fail(EXIT_ERROR, path + ": a table of " + (of.empty() ? "an unknown variant" : of) +
                           " in a directory of " + owner);
      continue;
    }
    if (!owner_metric.empty() && metric_name(h.metric) != owner_metric) {  // the other metric
      ++corrupt;
      fail(EXIT_ERROR, path + ": a table of metric " + metric_name(h.metric) +
                           " in a directory of metric " + owner_metric);
      continue;
    }
    variant = of;
    if (owner_metric.empty()) metric = metric_name(h.metric);  // the tables' own word
    uint64_t wdl = 0;
    for (const BlockEntry& b : t->blocks()) wdl += b.wdl_size;
    Status sums = t->verify_checksums();
    corrupt += !sums;
    entries += h.entries, bytes += t->file_size(), wdl_bytes += wdl;
    const bool wdl_only = h.encoding == Encoding::WDL_ONLY;
    const char* state = !sums ? "CORRUPT" : t->derived() ? "derived" : wdl_only ? "wdl-only" : "ok";
    const double bits = h.entries ? 8.0 * t->file_size() / h.entries : 0;
    const double wdl_bits = h.entries ? 8.0 * wdl / h.entries : 0;
    if (a.json) {
      char buf[512];
      std::snprintf(
          buf, sizeof buf,
          "{\"sector\":%s,\"positions\":%llu,\"bytes\":%llu,\"bits_per_position\":%.4f,"
          "\"wdl_bits_per_position\":%.4f,\"checksums_ok\":%s,\"derived\":%s,\"wdl_only\":%s,"
          "\"wins\":%llu,"
          "\"losses\":%llu,\"draws\":%llu,\"longest_win\":%u,\"longest_loss\":%u}",
          json_string(sector_name(h.sector)).c_str(), (unsigned long long)h.entries,
          (unsigned long long)t->file_size(), bits, wdl_bits, sums ? "true" : "false",
          t->derived() ? "true" : "false", wdl_only ? "true" : "false",
          (unsigned long long)h.stats.wins, (unsigned long long)h.stats.losses,
          (unsigned long long)h.stats.draws, h.stats.longest_win, h.stats.longest_loss);
      json += (json.empty() ? "" : ",") + std::string(buf);
    } else {
      std::printf("%-12s %13llu %12llu %9.3f %9.3f %10s %12llu %12llu %12llu\n",
                  sector_name(h.sector).c_str(), (unsigned long long)h.entries,
                  (unsigned long long)t->file_size(), bits, wdl_bits, state,
                  (unsigned long long)h.stats.wins, (unsigned long long)h.stats.losses,
                  (unsigned long long)h.stats.draws);
      if (!sums) fail(EXIT_ERROR, sums.message());
    }
  }
  // With a manifest the directory says whose tables it holds: those it must hold and
  // lacks are named too.
  int missing = 0;
  if (!manifest) {
    ++corrupt;
    fail(EXIT_ERROR, manifest.message());
  } else if (manifest->has_value()) {
    if (const Variant* v = find_variant(owner)) {
      Result<std::vector<Sector>> expected = expected_sectors(a.dir, SectorGraph(*v));
      if (!expected) return fail(expected.status(), *v, a.dir);
      for (const Sector& s : *expected)
        if (::access(table_path(a.dir, s).c_str(), F_OK) != 0) {
          ++missing;
          fail(EXIT_MISSING, "missing table " + table_path(a.dir, s) + " (sector " +
                                 sector_name(s) + " of " + std::string(v->name) + ")");
        }
    }
  }
  const size_t leftovers = note_leftovers(a.dir);  // not tables
  const double bits = entries ? 8.0 * bytes / entries : 0,
               wdl = entries ? 8.0 * wdl_bytes / entries : 0;
  if (a.json)
    std::printf(
        "{\"dir\":%s,\"variant\":%s,\"metric\":%s,\"tables\":[%s],\"positions\":%llu,\"bytes\":%"
        "llu,"
        "\"bits_per_position\":%.4f,\"wdl_bits_per_position\":%.4f,\"corrupt\":%d,"
        "\"missing\":%d,\"leftover_files\":%zu}\n",
        json_string(a.dir).c_str(), json_string(variant).c_str(), json_string(metric).c_str(),
        json.c_str(), (unsigned long long)entries, (unsigned long long)bytes, bits, wdl, corrupt,
        missing, leftovers);
  else
    std::printf(
        "%s: %s, %zu tables, %llu positions, %llu bytes, %.3f bits/position (WDL planes "
        "%.3f), %d corrupt, %d missing\n",
        a.dir.c_str(), (variant + (metric == "fifty" ? " under the 50-ply rule" : "")).c_str(),
        paths.size(), (unsigned long long)entries, (unsigned long long)bytes, bits, wdl, corrupt,
        missing);
  return missing ? EXIT_MISSING : corrupt ? EXIT_ERROR : EXIT_OK;
}

}  // namespace

Command register_info(CLI::App& app) {
  auto a = std::make_shared<InfoArgs>();
  CLI::App* cmd = app.add_subcommand(
      "info", "Tables in a directory: sizes, bits per position, checksums, statistics");
  cmd->add_option("dir,--db,-d", a->dir, "Table directory")->required();
  cmd->add_flag("--json", a->json, "Print JSON");
  return {cmd, [a] { return run_info(*a); }};
}

}  // namespace millbase::cli
