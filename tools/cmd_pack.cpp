// millbase pack: shrink a solved directory for distribution by deriving the tables
// that solver/pack.h derived_when_packed() selects.
#include <omp.h>

#include <cstdio>

#include "solver/pack.h"
#include "tools/cli_common.h"
#include "tools/table_args.h"

namespace millbase::cli {

namespace {

int run_pack(const TablesArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  const std::optional<Metric> metric = resolve_rule(a.rule);
  if (!metric) return EXIT_USAGE;
  const std::string dir = table_dir(*v, a.db, *metric);
  if (const Metric found = metric_of(dir); found != *metric)
    return fail(EXIT_USAGE, metric_mismatch(dir, found, *metric));
  if (a.threads > 0) omp_set_num_threads(a.threads);
  Result<std::vector<PackedSector>> packed = pack_tables(
      *v, dir,
      [&](const PackedSector& p) {
        if (a.json) return;
        if (p.kept_stored)
          std::printf("%-12s %14llu positions: kept stored, a successor's table is derived\n",
                      sector_name(p.sector).c_str(), (unsigned long long)p.entries);
        else
          std::printf("%-12s %14llu positions: %llu -> %llu bytes\n", sector_name(p.sector).c_str(),
                      (unsigned long long)p.entries, (unsigned long long)p.bytes_before,
                      (unsigned long long)p.bytes_after);
        std::fflush(stdout);
      },
      a.quiet);
  if (!packed) return fail(packed.status(), *v, dir);
  uint64_t entries = 0, before = 0, after = 0;
  size_t derived = 0, kept = 0;
  for (const PackedSector& p : *packed) {
    if (p.kept_stored) {
      ++kept;
      continue;
    }
    ++derived, entries += p.entries, before += p.bytes_before, after += p.bytes_after;
  }
  if (a.json)
    std::printf(
        "{\"variant\":%s,\"dir\":%s,\"derived_tables\":%zu,\"positions\":%llu,"
        "\"bytes_before\":%llu,\"bytes_after\":%llu,\"kept_stored\":%zu}\n",
        json_string(v->name).c_str(), json_string(dir).c_str(), derived,
        (unsigned long long)entries, (unsigned long long)before, (unsigned long long)after, kept);
  else {
    std::printf("%zu tables derived (%llu positions): %llu bytes -> %llu bytes\n", derived,
                (unsigned long long)entries, (unsigned long long)before, (unsigned long long)after);
    if (kept > 0)
      std::printf(
          "%zu tables kept stored: their successors' tables are derived (a directory packed "
          "by an earlier millbase)\n",
          kept);
  }
  return EXIT_OK;
}

}  // namespace

Command register_pack(CLI::App& app) {
  auto a = std::make_shared<TablesArgs>();
  CLI::App* cmd = app.add_subcommand(
      "pack",
      "Shrink a solved directory for distribution: replace the tables of placement "
      "sectors with an odd number of stones in hand, and of movement sectors where the "
      "mover has fewer stones, by derived tables (found by a search over their successors "
      "when probed), after checking them");
  add_table_options(cmd, *a);
  add_quiet_option(cmd, *a);
  cmd->add_option("--threads,-j", a->threads, "Threads, 1..1024 (default: all cores)")
      ->check(CLI::Range(1, 1024));
  return {cmd, [a] { return run_pack(*a); }};
}

}  // namespace millbase::cli
