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
#include "solver/pack.h"
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
  }
  SectorGraph graph(v);
  if (max_stones >= 0)
    for (const Sector& s : graph.up_to_stones(max_stones)) targets.push_back(s);
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
  opts.dir = TableDir::named(v, a.out, *metric).path();
  if (*metric == Metric::FIFTY) {
    opts.plain_dir = TableDir::named(v, a.plain).path();
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
  const ValueCode value = store.lookup(v, start, 0, 0);
  return ShownValue{value, opts.metric, 0, true}.text();
}

void print_solve_json(const Variant& v, const SolveOptions& opts, const SolveReport& r,
                      const std::string& start) {
  JsonWriter w;
  w.begin_object()
      .field("variant", v.name)
      .field("dir", opts.dir)
      .field("ranks", r.ranks)
      .field("units_solved", r.units_solved)
      .field("units_skipped", r.units_skipped)
      .field("positions_solved", r.positions_solved)
      .field("seconds", r.seconds, 3)
      .field("tables_read_by_block", r.tables_read_by_block)
      .field("memory_limit_bytes", opts.memory_limit)
      .field("peak_rss_bytes", r.peak_rss_bytes)
      .field("tables_repaired", r.tables_repaired.size())
      .field("rule", metric_name(opts.metric))
      .key("start_value");
  start.empty() ? w.null() : w.value(start);
  w.key("phases")
      .begin_object()
      .field("load_seconds", r.phases.load, 3)
      .field("evaluate_seconds", r.phases.evaluate, 3)
      .field("evaluate_positions", r.phases.evaluate_positions)
      .field("scan_seconds", r.phases.scan, 3)
      .field("levels_seconds", r.phases.levels, 3)
      .field("movement_positions", r.phases.movement_positions)
      .field("label_seconds", r.phases.label, 3)
      .field("write_seconds", r.phases.write, 3)
      .end_object()
      .key("units_by_rank")
      .begin_array();
  for (int n : r.units_by_rank) w.value(n);
  print_json_line(w.end_array().end_object());
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
  JsonWriter json;
  json.begin_object().field("variant", v->name).key("units").begin_array();
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
      json.begin_object().key("sectors").begin_array();
      for (const Sector& s : u.sectors)
        json.begin_object()
            .field("name", sector_name(s))
            .field("us", s.us)
            .field("them", s.them)
            .field("us_hand", s.us_hand)
            .field("them_hand", s.them_hand)
            .field("positions", SectorIndex::count(*v->board, s.us, s.them))
            .field("derived_when_packed", derived_when_packed(*v, s))
            .end_object();
      json.end_array().key("reads").begin_array();
      for (const Sector& c : u.children) json.value(sector_name(c));
      json.end_array().field("memory_bytes", unit_bytes_children_whole(*v, u)).end_object();
    } else {
      std::printf("%-4d %-22s %15llu %11.1fM  %s\n", ++n, names.c_str(), (unsigned long long)size,
                  unit_bytes_children_whole(*v, u) / 1048576.0, children.c_str());
      continue;
    }
    ++n;
  }
  if (a.json)
    print_json_line(json.end_array().field("positions", total).end_object());
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
                  "Solve only the movement sectors with at most K stones per side (lasker: every "
                  "sector, on the board and in hand together) and what they depend on");
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
