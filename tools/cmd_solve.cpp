// millbase solve: solve a variant into a table directory.
// millbase sectors: print the sector graph with sizes.
#include <omp.h>
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

#include <cstdio>

#include "core/notation.h"
#include "solver/child_tables.h"
#ifdef MILLBASE_MPI
#include "solver/mpi_solve.h"
#endif
#include "solver/solve.h"
#include "solver/unit_memory.h"
#include "tools/cli_common.h"

namespace millbase::cli {

namespace {

struct SolveArgs {
  std::string variant, out, memory, rule, plain;
  std::vector<std::string> sectors;
  int max_stones = -1, threads = 0, zstd_level = 0;
  bool quiet = false, json = false, mpi = false;
};

// Resolves the sector targets of solve/verify options; prints errors.
bool resolve_targets(const Variant& v, const std::vector<std::string>& names, int max_stones,
                     std::vector<Sector>& targets) {
  for (const std::string& name : names) {
    Result<Sector> s = parse_sector(name);
    if (!s) return fail(EXIT_USAGE, s.message()), false;
    targets.push_back(*s);
  }
  if (max_stones >= 0) {
    if (max_stones < 3 || max_stones > v.stones)
      return fail(EXIT_USAGE, "--max-stones " + std::to_string(max_stones) + " must be 3.." +
                                  std::to_string(v.stones)),
             false;
    for (int a = 3; a <= max_stones; ++a)
      for (int b = 3; b <= max_stones; ++b) targets.push_back(Sector{uint8_t(a), uint8_t(b), 0, 0});
  }
  SectorGraph graph(v);
  for (const Sector& t : targets) {
    bool found = false;
    for (const WorkUnit& u : graph.units())
      found = found || std::find(u.sectors.begin(), u.sectors.end(), t) != u.sectors.end();
    if (!found)
      return fail(EXIT_USAGE,
                  "sector '" + sector_name(t) + "' is not stored in " + std::string(v.name)),
             false;
  }
  return true;
}

// Fills opts from the options; returns EXIT_OK, or the exit code after saying why.
int solve_options(const SolveArgs& a, const Variant& v, SolveOptions& opts) {
  const std::optional<Metric> metric = resolve_rule(a.rule);
  if (!metric) return EXIT_USAGE;
  opts.metric = *metric;
  opts.dir = table_dir(v, a.out, *metric);
  if (*metric == Metric::FIFTY) {
    opts.plain_dir = table_dir(v, a.plain);
    if (opts.plain_dir == opts.dir)
      return fail(EXIT_USAGE,
                  "the 50-ply tables need a directory of their own, not the plain "
                  "tables' " +
                      opts.dir);
  } else if (!a.plain.empty()) {
    return fail(EXIT_USAGE, "--plain is for --rule fifty only");
  }
  opts.quiet = a.quiet;
  opts.zstd_level = a.zstd_level;
  const std::optional<uint64_t> memory = resolve_memory(a.memory);
  if (!memory) return EXIT_USAGE;
  opts.memory_limit = *memory;
  if (!resolve_targets(v, a.sectors, a.max_stones, opts.targets)) return EXIT_USAGE;
  return EXIT_OK;
}

// Returns the value of the empty board in words when the solve covered it, else "".
std::string start_value(const Variant& v, const SolveOptions& opts) {
  const Sector start{0, 0, uint8_t(v.stones), uint8_t(v.stones)};
  if (!unit_complete(v, opts.dir, WorkUnit{{start}, {}, false}, opts.metric)) return "";
  ValueStore store;
  if (!load_sectors(v, opts.dir, {start}, store, opts.metric)) return "";
  const ValueCode value = store.lookup(start, 0, 0);
  return ShownValue{value, opts.metric, 0, true}.text();
}

void print_solve_json(const Variant& v, const SolveOptions& opts, const SolveReport& r,
                      const std::string& start) {
  std::string by_rank;
  for (int n : r.units_by_rank) by_rank += (by_rank.empty() ? "" : ",") + std::to_string(n);
  std::printf(
      "{\"variant\":%s,\"dir\":%s,\"ranks\":%d,\"units_solved\":%d,\"units_skipped\":%d,"
      "\"positions_solved\":%llu,\"seconds\":%.3f,\"tables_read_by_block\":%d,"
      "\"memory_limit_bytes\":%llu,\"peak_rss_bytes\":%llu,\"tables_repaired\":%zu,"
      "\"rule\":\"%s\",\"start_value\":%s,\"phases\":{\"load_seconds\":%.3f,"
      "\"evaluate_seconds\":%.3f,\"evaluate_positions\":%llu,\"scan_seconds\":%.3f,"
      "\"levels_seconds\":%.3f,\"movement_positions\":%llu,\"label_seconds\":%.3f,"
      "\"write_seconds\":%.3f},\"units_by_rank\":[%s]}\n",
      json_string(v.name).c_str(), json_string(opts.dir).c_str(), r.ranks, r.units_solved,
      r.units_skipped, (unsigned long long)r.positions_solved, r.seconds, r.tables_read_by_block,
      (unsigned long long)opts.memory_limit, (unsigned long long)r.peak_rss_bytes,
      r.tables_repaired.size(), metric_name(opts.metric),
      start.empty() ? "null" : json_string(start).c_str(), r.phases.load, r.phases.evaluate,
      (unsigned long long)r.phases.evaluate_positions, r.phases.scan, r.phases.levels,
      (unsigned long long)r.phases.movement_positions, r.phases.label, r.phases.write,
      by_rank.c_str());
}

void print_solve_text(const Variant& v, const SolveOptions& opts, const SolveReport& r,
                      const std::string& start) {
  std::printf("%s: %d units solved, %d already solved, %llu positions in %.2f s%s, tables in %s\n",
              std::string(v.name).c_str(), r.units_solved, r.units_skipped,
              (unsigned long long)r.positions_solved, r.seconds,
              r.ranks > 1 ? (" on " + std::to_string(r.ranks) + " ranks").c_str() : "",
              opts.dir.c_str());
  if (r.tables_read_by_block)
    std::printf("%d child tables were read through their blocks to stay within --memory\n",
                r.tables_read_by_block);
  if (opts.memory_limit)
    std::printf("peak memory %.1f MiB (--memory %.1f MiB)\n", r.peak_rss_bytes / 1048576.0,
                opts.memory_limit / 1048576.0);
  if (!start.empty()) std::printf("Empty board, side to move places first: %s\n", start.c_str());
}

int run_solve(const SolveArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  SolveOptions opts;
  if (int code = solve_options(a, *v, opts); code != EXIT_OK) return code;
  if (a.threads > 0) omp_set_num_threads(a.threads);
#ifdef M_MMAP_THRESHOLD
  // Large blocks straight from mmap and back on free: glibc otherwise raises this
  // threshold as big blocks are freed and keeps later ones of up to 32 MB in its heap,
  // where freed memory can stay resident and the peak outgrows --memory.
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
  Result<SolveReport> r = SolveReport{};
  if (a.mpi) {
#ifdef MILLBASE_MPI
    MpiSolveOutcome out = mpi_solve(*v, opts);
    if (out.rank != 0) return EXIT_OK;  // rank 0 speaks for the job
    r = std::move(out.report);
#else
    return fail(EXIT_USAGE,
                "this millbase was built without MPI: install libopenmpi-dev and openmpi-bin "
                "(Debian), then build again");
#endif
  } else {
    r = solve(*v, opts);
  }
  if (!r && r.status().code() == Status::Code::NotFound)  // the plain tables (--rule fifty)
    return fail(EXIT_MISSING, "the 50-ply solve reads the plain tables: " +
                                  explain(r.status(), *v, opts.plain_dir));
  if (!r)
    return fail(r.status().code() == Status::Code::Invalid ? EXIT_USAGE : EXIT_ERROR, r.message());
  const std::string start = start_value(*v, opts);
  if (a.json)
    print_solve_json(*v, opts, *r, start);
  else
    print_solve_text(*v, opts, *r, start);
  return EXIT_OK;
}

struct SectorsArgs {
  std::string variant;
  bool json = false;
};

int run_sectors(const SectorsArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  SectorGraph graph(*v);
  uint64_t total = 0;
  std::string json = "{\"variant\":" + json_string(v->name) + ",\"units\":[";
  if (!a.json)
    std::printf("%-4s %-22s %15s %12s  %s\n", "unit", "sectors", "positions", "memory", "reads");
  int n = 0;
  for (const WorkUnit& u : graph.units()) {
    uint64_t size = 0;
    std::string names, children;
    for (const Sector& s : u.sectors) {
      size += SectorIndex::count(*v->board, s.us, s.them);
      names += (names.empty() ? "" : " ") + sector_name(s);
    }
    for (const Sector& c : u.children) children += (children.empty() ? "" : " ") + sector_name(c);
    total += size;
    if (a.json) {
      json += std::string(n ? "," : "") + "{\"sectors\":[";
      for (size_t i = 0; i < u.sectors.size(); ++i) {
        const Sector& s = u.sectors[i];
        json += std::string(i ? "," : "") + "{\"name\":" + json_string(sector_name(s)) +
                ",\"us\":" + std::to_string(s.us) + ",\"them\":" + std::to_string(s.them) +
                ",\"us_hand\":" + std::to_string(s.us_hand) +
                ",\"them_hand\":" + std::to_string(s.them_hand) +
                ",\"positions\":" + std::to_string(SectorIndex::count(*v->board, s.us, s.them)) +
                "}";
      }
      json += "],\"reads\":[";
      for (size_t i = 0; i < u.children.size(); ++i)
        json += std::string(i ? "," : "") + json_string(sector_name(u.children[i]));
      json += "],\"memory_bytes\":" + std::to_string(unit_bytes_children_whole(*v, u)) + "}";
    } else {
      std::printf("%-4d %-22s %15llu %11.1fM  %s\n", ++n, names.c_str(), (unsigned long long)size,
                  unit_bytes_children_whole(*v, u) / 1048576.0, children.c_str());
      continue;
    }
    ++n;
  }
  if (a.json)
    std::printf("%s],\"positions\":%llu}\n", json.c_str(), (unsigned long long)total);
  else
    std::printf("%zu units, %llu positions (distinct up to symmetry, side to move normalised)\n",
                graph.units().size(), (unsigned long long)total);
  return EXIT_OK;
}

}  // namespace

bool parse_targets(const Variant& v, const std::vector<std::string>& names, int max_stones,
                   std::vector<Sector>& targets) {
  return resolve_targets(v, names, max_stones, targets);
}

Command register_solve(CLI::App& app) {
  auto a = std::make_shared<SolveArgs>();
  CLI::App* cmd = app.add_subcommand("solve", "Solve a variant into a table directory");
  add_variant_option(cmd, &a->variant);
  add_db_option(cmd, &a->out, "--out,-o,--db");
  add_rule_option(cmd, &a->rule,
                  "plain: values to the end of the game (none, the older word, also reads); fifty: "
                  "values under the 50-ply draw "
                  "rule, read with probe --rule fifty (needs the plain tables, --plain)");
  cmd->add_option("--plain", a->plain,
                  "With --rule fifty: the plain tables of the same variant, read to tell cursed "
                  "wins and blessed losses from draws (default: data/<variant>)");
  cmd->add_option(
      "--sector", a->sectors,
      "Solve only this sector (e.g. 8-7 or 3-2+4-4) and what it depends on; repeatable");
  cmd->add_option("--max-stones", a->max_stones,
                  "Solve only the movement sectors with at most K stones per side (and what they "
                  "depend on)");
  cmd->add_option("--memory", a->memory,
                  "Memory budget (e.g. 20G, binary units) for values, counters, indexes and child "
                  "tables: those that do not fit whole are read through their compressed "
                  "blocks; refuse if a unit cannot fit");
  add_threads_option(cmd, &a->threads);
  cmd->add_option("--zstd-level", a->zstd_level, "zstd level for the tables (default 12)");
  cmd->add_flag("--quiet,-q", a->quiet, "No progress on stderr");
  cmd->add_flag("--json", a->json, "Print the report as JSON");
  cmd->add_flag("--mpi", a->mpi,
                "Solve with every process of an MPI job (start with mpirun or srun; each rank "
                "uses --threads and --memory; docs/scaling.md)");
  return {cmd, [a] { return run_solve(*a); }};
}

Command register_sectors(CLI::App& app) {
  auto a = std::make_shared<SectorsArgs>();
  CLI::App* cmd = app.add_subcommand("sectors", "Print the sector graph with sizes");
  add_variant_option(cmd, &a->variant);
  cmd->add_flag("--json", a->json, "Print JSON");
  return {cmd, [a] { return run_sectors(*a); }};
}

}  // namespace millbase::cli
