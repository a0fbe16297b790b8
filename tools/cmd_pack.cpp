// millbase pack: shrink a solved directory for distribution by deriving the tables
// that solver/pack.h derived_when_packed() selects.
#include <omp.h>

#include <cstdio>
#include <string>

#include "db/dir_manifest.h"
#include "solver/pack.h"
#include "solver/play_set.h"
#include "tools/cli_common.h"
#include "tools/table_args.h"

namespace millbase::cli {

namespace {

// Prints the play set's rewritten tables and its totals (text or JSON members).
std::string report_play_set(const std::vector<PlaySetTable>& tables, bool json) {
  uint64_t before = 0, after = 0;
  size_t rewritten = 0;
  for (const PlaySetTable& t : tables)
    if (!t.derived) ++rewritten, before += t.bytes_before, after += t.bytes_after;
  char buf[256];
  std::snprintf(buf, sizeof buf,
                json ? ",\"play_set\":{\"tables_without_distances\":%zu,\"bytes_before\":%llu,"
                       "\"bytes_after\":%llu,\"derived_headers\":%zu}"
                     : "play set: %zu placement tables without distances: %llu bytes -> %llu "
                       "bytes (%zu derived tables' headers updated)\n",
                rewritten, (unsigned long long)before, (unsigned long long)after,
                tables.size() - rewritten);
  return buf;
}

int run_pack(const TablesArgs& a, bool play_set) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  const std::optional<Metric> metric = resolve_rule(a.rule);
  if (!metric) return EXIT_USAGE;
  const std::string dir = table_dir(*v, a.db, *metric);
  const Result<Metric> found = dir_metric(dir);
  if (!found) return fail(EXIT_ERROR, found.message());
  if (*found != *metric) return fail(EXIT_USAGE, metric_mismatch(dir, *found, *metric));
  if (a.threads > 0) omp_set_num_threads(a.threads);
  Result<std::vector<PackedSector>> packed = pack_tables(
      *v, dir,
      [&](const PackedSector& p) {
        if (a.json) return;
        if (p.kept_stored)
          std::printf(
              "%-12s %14llu positions: kept stored (the directory was packed under an earlier "
              "rule)\n",
              sector_name(p.sector).c_str(), (unsigned long long)p.entries);
        else
          std::printf("%-12s %14llu positions: %llu -> %llu bytes\n", sector_name(p.sector).c_str(),
                      (unsigned long long)p.entries, (unsigned long long)p.bytes_before,
                      (unsigned long long)p.bytes_after);
        std::fflush(stdout);
      },
      a.quiet);
  if (!packed) return fail(packed.status(), *v, dir);
  std::string play_set_text;
  if (play_set) {
    Result<std::vector<PlaySetTable>> tables = make_play_set(
        *v, dir,
        [&](const PlaySetTable& t) {
          if (a.json || t.derived) return;
          std::printf("%-12s %14llu positions: %llu -> %llu bytes without distances\n",
                      sector_name(t.sector).c_str(), (unsigned long long)t.entries,
                      (unsigned long long)t.bytes_before, (unsigned long long)t.bytes_after);
          std::fflush(stdout);
        },
        a.quiet);
    if (!tables) return fail(tables.status(), *v, dir);
    play_set_text = report_play_set(*tables, a.json);
  }
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
        "\"bytes_before\":%llu,\"bytes_after\":%llu,\"kept_stored\":%zu%s}\n",
        json_string(v->name).c_str(), json_string(dir).c_str(), derived,
        (unsigned long long)entries, (unsigned long long)before, (unsigned long long)after, kept,
        play_set_text.c_str());
  else {
    std::printf("%zu tables derived (%llu positions): %llu bytes -> %llu bytes\n", derived,
                (unsigned long long)entries, (unsigned long long)before, (unsigned long long)after);
    if (kept > 0)
      std::printf(
          "%zu tables kept stored: deriving them would make derived tables read each other "
          "(a directory packed by an earlier millbase)\n",
          kept);
    std::fputs(play_set_text.c_str(), stdout);
  }
  return EXIT_OK;
}

}  // namespace

Command register_pack(CLI::App& app) {
  auto a = std::make_shared<TablesArgs>();
  CLI::App* cmd = app.add_subcommand(
      "pack",
      "Shrink a solved directory for distribution: replace the tables of placement "
      "sectors but the second player's (hands k and k-1, k >= 2), and of movement sectors "
      "where the mover has fewer stones, by derived tables (found by a search over their "
      "successors when probed), after checking them");
  add_table_options(cmd, *a);
  add_quiet_option(cmd, *a);
  add_threads_option(cmd, &a->threads);
  auto play_set = std::make_shared<bool>(false);
  cmd->add_flag("--play-set", *play_set,
                "Then drop the distances of the placement tables, keeping win/draw/loss (under "
                "the 50-ply rule for its tables): what a perfect player needs, smaller "
                "(docs/play-set.md)");
  return {cmd, [a, play_set] { return run_pack(*a, *play_set); }};
}

}  // namespace millbase::cli
