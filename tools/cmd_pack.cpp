// millbase pack: shrink a solved directory for distribution by deriving the tables
// that solver/pack.h derived_when_packed() selects.
#include <omp.h>

#include <cstdio>
#include <string>

#include "solver/pack.h"
#include "solver/play_set.h"
#include "tools/cli_common.h"
#include "tools/table_args.h"

namespace millbase::cli {

namespace {

// The totals of a pack, and of its play set when one was made.
struct PackTotals {
  uint64_t entries = 0, before = 0, after = 0;
  size_t derived = 0, kept = 0;
  bool play_set = false;
  uint64_t set_before = 0, set_after = 0;
  size_t set_rewritten = 0, set_derived = 0;
};

// Returns the totals of the packed sectors and the play set's tables.
PackTotals sum_pack(const std::vector<PackedSector>& packed,
                    const std::vector<PlaySetTable>* play_set) {
  PackTotals t;
  for (const PackedSector& p : packed)
    if (p.kept_stored)
      ++t.kept;
    else
      ++t.derived, t.entries += p.entries, t.before += p.bytes_before, t.after += p.bytes_after;
  if (play_set) {
    t.play_set = true;
    for (const PlaySetTable& p : *play_set)
      if (p.derived)
        ++t.set_derived;
      else
        ++t.set_rewritten, t.set_before += p.bytes_before, t.set_after += p.bytes_after;
  }
  return t;
}

void print_pack_json(const Variant& v, const std::string& dir, const PackTotals& t) {
  JsonWriter w;
  w.begin_object()
      .field("variant", v.name)
      .field("dir", dir)
      .field("derived_tables", t.derived)
      .field("positions", t.entries)
      .field("bytes_before", t.before)
      .field("bytes_after", t.after)
      .field("kept_stored", t.kept);
  if (t.play_set)
    w.key("play_set")
        .begin_object()
        .field("tables_without_distances", t.set_rewritten)
        .field("bytes_before", t.set_before)
        .field("bytes_after", t.set_after)
        .field("derived_headers", t.set_derived)
        .end_object();
  print_json_line(w.end_object());
}

void print_pack_text(const PackTotals& t) {
  std::printf("%zu tables derived (%llu positions): %llu bytes -> %llu bytes\n", t.derived,
              (unsigned long long)t.entries, (unsigned long long)t.before,
              (unsigned long long)t.after);
  if (t.kept > 0)
    std::printf(
        "%zu tables kept stored: deriving them would make derived tables read each other "
        "(a directory packed by an earlier millbase)\n",
        t.kept);
  if (t.play_set)
    std::printf(
        "play set: %zu placement tables without distances: %llu bytes -> %llu bytes (%zu "
        "derived tables' headers updated)\n",
        t.set_rewritten, (unsigned long long)t.set_before, (unsigned long long)t.set_after,
        t.set_derived);
}

int run_pack(const TablesArgs& a, bool play_set) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  const std::optional<Metric> metric = resolve_rule(a.rule);
  if (!metric) return EXIT_USAGE;
  const std::string dir = TableDir::named(*v, a.db, *metric).path();
  const Result<TableDir> found = TableDir::open(*v, dir);
  if (!found) return fail(found.status(), *v, dir, *metric);
  if (found->metric() != *metric)
    return fail(EXIT_USAGE, metric_mismatch(dir, found->metric(), *metric));
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
  Result<std::vector<PlaySetTable>> tables = std::vector<PlaySetTable>();
  if (play_set) {
    tables = make_play_set(
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
  }
  const PackTotals totals = sum_pack(*packed, play_set ? &*tables : nullptr);
  if (a.json)
    print_pack_json(*v, dir, totals);
  else
    print_pack_text(totals);
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
