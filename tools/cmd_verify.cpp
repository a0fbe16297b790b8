// millbase verify: recompute every stored value from its successors, or with --quick
// check the block checksums and that no table is missing.
#include <omp.h>

#include <cstdio>

#include "db/table_dir.h"
#include "solver/verify.h"
#include "tools/cli_common.h"
#include "tools/table_args.h"

namespace millbase::cli {

namespace {

// Prints a sector's line: "3-3    1234 positions: ok".
void print_check(const TablesArgs& a, const std::string& dir, const SectorCheck& c) {
  std::string state;
  if (c.problem == "missing")
    state = "MISSING " + table_path(dir, c.sector);
  else if (!c.problem.empty())
    state = "DAMAGED " + c.problem;
  else if (!c.skipped.empty())
    state = c.skipped;
  else if (c.mismatches)
    state = std::to_string(c.mismatches) + " MISMATCHES, first " + c.first_mismatch;
  else
    state = a.quick ? "checksums ok" : "ok";
  if (state == "ok" && c.checked < c.entries)
    state += " (" + std::to_string(c.checked) + " sampled)";
  std::printf("%-12s %14llu positions: %s\n", sector_name(c.sector).c_str(),
              (unsigned long long)c.entries, state.c_str());
  std::fflush(stdout);
}

// The sums over a verify's sectors.
struct VerifyTotals {
  uint64_t entries = 0, checked = 0, mismatches = 0, skipped = 0, missing = 0, damaged = 0;
  uint64_t sectors = 0;  // sectors checked (neither skipped, missing nor damaged)
};

VerifyTotals sum_checks(const std::vector<SectorCheck>& checks) {
  VerifyTotals t;
  for (const SectorCheck& c : checks)
    if (c.problem == "missing")
      ++t.missing;
    else if (!c.problem.empty())
      ++t.damaged;
    else if (c.skipped.empty())
      t.entries += c.entries, t.checked += c.checked, t.mismatches += c.mismatches;
    else
      ++t.skipped;
  t.sectors = checks.size() - t.skipped - t.missing - t.damaged;
  return t;
}

void print_verify_json(const TablesArgs& a, const Variant& v, const std::string& dir, Metric metric,
                       const VerifyTotals& t, size_t leftovers) {
  JsonWriter w;
  w.begin_object()
      .field("variant", v.name)
      .field("dir", dir)
      .field("quick", a.quick)
      .field("sectors", t.sectors + t.missing + t.damaged)
      .field("positions", t.entries)
      .field("checked", t.checked)
      .field("placement_sample", a.placement_sample, 6)
      .field("seed", a.seed)
      .field("mismatches", t.mismatches)
      .field("skipped_sectors", t.skipped)
      .field("missing_tables", t.missing)
      .field("damaged_tables", t.damaged)
      .field("rule", metric_name(metric))
      .field("leftover_files", leftovers)
      .end_object();
  print_json_line(w);
}

void print_verify_text(const TablesArgs& a, const VerifyTotals& t) {
  std::printf("%llu sectors, %llu positions%s, %llu mismatches%s%s\n",
              (unsigned long long)t.sectors, (unsigned long long)t.entries,
              t.checked < t.entries && !a.quick
                  ? (" (" + std::to_string(t.checked) + " recomputed)").c_str()
                  : "",
              (unsigned long long)t.mismatches,
              t.skipped ? (", " + std::to_string(t.skipped) + " not checked").c_str() : "",
              t.missing || t.damaged ? (", " + std::to_string(t.missing) + " missing, " +
                                        std::to_string(t.damaged) + " damaged tables")
                                           .c_str()
                                     : "");
}

// Fills opts from the options; returns EXIT_OK, or the exit code after saying why.
int verify_options(const TablesArgs& a, const Variant& v, Metric metric, VerifyOptions& opts) {
  if (!parse_targets(v, a.sectors, a.max_stones, opts.sectors)) return EXIT_USAGE;
  if (!(a.placement_sample > 0 && a.placement_sample <= 1))
    return fail(EXIT_USAGE, "--placement-sample " + std::to_string(a.placement_sample) +
                                " must be a fraction in (0, 1]");
  const std::optional<uint64_t> memory = resolve_memory(a.memory);
  if (!memory) return EXIT_USAGE;
  opts.memory_limit = *memory;
  opts.quick = a.quick;
  opts.placement_sample = a.placement_sample;
  opts.seed = a.seed;
  opts.metric = metric;
  opts.quiet = a.quiet;
  return EXIT_OK;
}

int run_verify(const TablesArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  const std::optional<Metric> metric = resolve_rule(a.rule);
  if (!metric) return EXIT_USAGE;
  if (a.threads > 0) omp_set_num_threads(a.threads);
  VerifyOptions opts;
  if (int code = verify_options(a, *v, *metric, opts); code != EXIT_OK) return code;
  const std::string dir = TableDir::named(*v, a.db, *metric).path();
  Result<std::vector<SectorCheck>> checks = verify_tables(*v, dir, opts, [&](const SectorCheck& c) {
    if (!a.json) print_check(a, dir, c);
  });
  if (!checks && opts.memory_limit && checks.message().find("memory limit") != std::string::npos)
    return fail(EXIT_USAGE, checks.message() + "; raise --memory");
  if (!checks) return fail(checks.status(), *v, dir, *metric);
  if (checks->empty())
    return fail(EXIT_MISSING, "no tables of " + std::string(v->name) + " in " + dir);
  const VerifyTotals t = sum_checks(*checks);
  const size_t leftovers = note_leftovers(dir);  // not tables
  if (a.json)
    print_verify_json(a, *v, dir, *metric, t, leftovers);
  else
    print_verify_text(a, t);
  if (t.missing) return EXIT_MISSING;
  return t.mismatches || t.damaged ? EXIT_ERROR : EXIT_OK;
}

}  // namespace

Command register_verify(CLI::App& app) {
  auto a = std::make_shared<TablesArgs>();
  CLI::App* cmd = app.add_subcommand(
      "verify", "Recompute every stored value from its successors and report mismatches");
  add_table_options(cmd, *a);
  add_quiet_option(cmd, *a);
  cmd->add_flag("--quick", a->quick, "Check the block checksums only");
  cmd->add_option("--sector", a->sectors, "Verify only this sector; repeatable");
  cmd->add_option("--max-stones", a->max_stones,
                  "Verify only the movement sectors with at most K stones per side (lasker: every "
                  "sector, on the board and in hand together)");
  cmd->add_option("--placement-sample", a->placement_sample,
                  "Recompute only this fraction of each placement sector's entries, chosen by "
                  "a seeded hash (movement sectors are always checked whole)");
  cmd->add_option("--seed", a->seed, "Seed of the --placement-sample choice (default 0)");
  cmd->add_option("--memory", a->memory,
                  "Memory budget (e.g. 20G, binary units) for the tables: a unit's own tables "
                  "whole, the tables they read through their compressed blocks when they do not "
                  "fit; refuse if a unit's own tables do not fit (default: every table whole, "
                  "kept until its last reader)");
  add_threads_option(cmd, &a->threads);
  return {cmd, [a] { return run_verify(*a); }};
}

}  // namespace millbase::cli
