// millbase compare: the value of every position in two table directories of games on
// the same board, sector by sector, as win, draw or loss: where nine and nine without
// flying disagree, or whether two solves agree.
#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>

#include "core/notation.h"
#include "db/dir_manifest.h"
#include "db/sector_index.h"
#include "db/table_dir.h"
#include "solver/expected_tables.h"
#include "solver/progress.h"
#include "solver/sector_compare.h"
#include "tools/cli_common.h"
#include "tools/table_args.h"

namespace millbase::cli {

namespace {

struct CompareArgs {
  TablesArgs tables;
  std::string with_variant, with_db;
  int examples = 1;
};

constexpr const char* CLASS_NAMES[3] = {"draw", "win", "loss"};  // by Wdl
constexpr const char* CLASS_LETTERS = "DWL";

// Returns the position of entry i of sector s, White to move, as notation.
std::string position_text(const Variant& v, const Sector& s, uint64_t i) {
  return format_position(v, sector_position(*v.board, s, i));
}

// Returns the counts as JSON: {"win":{"win":n,"draw":n,"loss":n},"draw":{...},"loss":{...}}.
std::string counts_json(const std::array<std::array<uint64_t, 3>, 3>& counts) {
  std::string out = "{";
  for (int x : {1, 0, 2}) {
    out += std::string(x == 1 ? "" : ",") + "\"" + CLASS_NAMES[x] + "\":{";
    for (int y : {1, 0, 2})
      out += std::string(y == 1 ? "" : ",") + "\"" + CLASS_NAMES[y] +
             "\":" + std::to_string(counts[x][y]);
    out += "}";
  }
  return out + "}";
}

// The off-diagonal pairs (first's class, second's class) in the order they are printed.
constexpr std::array<std::pair<int, int>, 6> PAIRS = {
    {{1, 0}, {1, 2}, {0, 1}, {0, 2}, {2, 1}, {2, 0}}};

int run_compare(const CompareArgs& args) {
  const TablesArgs& a = args.tables;
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  const Variant* w = resolve_variant(args.with_variant.empty() ? a.variant : args.with_variant);
  if (!w) return EXIT_USAGE;
  const std::optional<Metric> metric = resolve_rule(a.rule);
  if (!metric) return EXIT_USAGE;
  if (v->board != w->board)
    return fail(EXIT_USAGE, std::string(v->name) + " and " + std::string(w->name) +
                                " are played on different boards: their positions differ");
  if (a.threads > 0) omp_set_num_threads(a.threads);
  const std::string dir = table_dir(*v, a.db, *metric);
  const std::string with_dir = table_dir(*w, args.with_db, *metric);
  std::error_code same_error;
  if (v == w && (dir == with_dir || std::filesystem::equivalent(dir, with_dir, same_error)))
    return fail(EXIT_USAGE, "both sides are " + dir + ": give the other with --with-db");

  // The sectors: those asked for (each a sector of the second game too), else every one
  // that both directories must hold.
  std::set<Sector> of_second;
  const SectorGraph second_graph(*w);
  for (const WorkUnit& u : second_graph.units())
    of_second.insert(u.sectors.begin(), u.sectors.end());
  std::vector<Sector> named, sectors;
  if (!parse_targets(*v, a.sectors, -1, named)) return EXIT_USAGE;
  for (const Sector& s : named)  // --max-stones takes the shared ones only
    if (!of_second.count(s))
      return fail(EXIT_USAGE,
                  "sector " + sector_name(s) + " is not a sector of " + std::string(w->name));
  if (!parse_targets(*v, a.sectors, a.max_stones, sectors)) return EXIT_USAGE;
  if (Status st = check_table_dir(*v, dir, *metric); !st) return fail(st, *v, dir, *metric);
  if (Status st = check_table_dir(*w, with_dir, *metric); !st)
    return fail(st, *w, with_dir, *metric);
  if (sectors.empty()) {  // the sectors both directories must hold
    Result<std::vector<Sector>> expected = expected_sectors(dir, SectorGraph(*v));
    if (!expected) return fail(expected.status(), *v, dir, *metric);
    Result<std::vector<Sector>> with_expected = expected_sectors(with_dir, second_graph);
    if (!with_expected) return fail(with_expected.status(), *w, with_dir, *metric);
    const std::set<Sector> in_second(with_expected->begin(), with_expected->end());
    for (const Sector& s : *expected)
      if (in_second.count(s)) sectors.push_back(s);
    if (const size_t one = expected->size() + in_second.size() - 2 * sectors.size())
      note(std::to_string(one) + " sectors are held by one directory only: not compared");
  }
  const size_t not_shared =
      std::erase_if(sectors, [&](const Sector& s) { return !of_second.count(s); });
  if (not_shared)
    note(std::to_string(not_shared) + " sectors of " + std::string(v->name) +
         " are not sectors of " + std::string(w->name) + ": not compared");

  uint64_t total_positions = 0;
  for (const Sector& s : sectors) total_positions += SectorIndex::count(*v->board, s.us, s.them);
  ProgressReporter progress(a.quiet, total_positions, "compared");
  const ComparedTables first{v, dir}, second{w, with_dir};
  SectorComparison total;
  int missing = 0, damaged = 0, number = 0;
  std::string sectors_json, examples_text;
  const std::string rule_words =
      *metric == Metric::FIFTY ? "under the 50-ply rule (counter 0)" : "without the 50-ply rule";
  if (!a.json) {
    std::printf("%s (%s) against %s (%s), %s\n", std::string(v->name).c_str(), dir.c_str(),
                std::string(w->name).c_str(), with_dir.c_str(), rule_words.c_str());
    std::printf(
        "each position as a win, draw or loss for the side to move; W/D: a win in the "
        "first, a draw in the second\n\n");
    std::printf("%-12s %14s %14s", "sector", "positions", "agree");
    for (auto [x, y] : PAIRS) std::printf(" %12c/%c", CLASS_LETTERS[x], CLASS_LETTERS[y]);
    std::printf("\n");
  }
  for (const Sector& s : sectors) {
    const uint64_t n = SectorIndex::count(*v->board, s.us, s.them);
    progress.start_unit(++number, int(sectors.size()), sector_name(s), n);
    int side = 0;
    Result<SectorComparison> c = compare_sector(
        first, second, s, *metric, args.examples,
        [&](uint64_t done) { progress.update("compare", done, n); }, &side);
    progress.finish_unit(false);
    if (!c) {
      // Named on stderr, a missing one (or one a derived table reads) with the command
      // that builds it; the totals cover the sectors compared.
      const ComparedTables& t = side ? second : first;
      ++(c.status().code() == Status::Code::NotFound ? missing : damaged);
      fail(c.status(), *t.variant, t.dir, *metric);
      continue;
    }
    total.positions += c->positions;
    for (int x = 0; x < 3; ++x)
      for (int y = 0; y < 3; ++y) total.counts[x][y] += c->counts[x][y];
    std::string examples_json;
    for (auto [x, y] : PAIRS)
      for (uint64_t i : c->examples[x][y]) {
        const std::string p = position_text(*v, s, i);
        examples_json += std::string(examples_json.empty() ? "" : ",") + "{\"first\":\"" +
                         CLASS_NAMES[x] + "\",\"second\":\"" + CLASS_NAMES[y] +
                         "\",\"position\":" + json_string(p) + "}";
        if (total.examples[x][y].size() < size_t(args.examples)) {
          total.examples[x][y].push_back(i);
          examples_text += "  " + std::string(CLASS_NAMES[x]) + " / " + CLASS_NAMES[y] + ": " + p +
                           "  (" + sector_name(s) + ")\n";
        }
      }
    if (a.json) {
      sectors_json += std::string(sectors_json.empty() ? "" : ",") +
                      "{\"sector\":" + json_string(sector_name(s)) +
                      ",\"positions\":" + std::to_string(c->positions) +
                      ",\"agree\":" + std::to_string(c->agree()) +
                      ",\"counts\":" + counts_json(c->counts) + ",\"examples\":[" + examples_json +
                      "]}";
    } else {
      std::printf("%-12s %14llu %14llu", sector_name(s).c_str(), (unsigned long long)c->positions,
                  (unsigned long long)c->agree());
      for (auto [x, y] : PAIRS) std::printf(" %14llu", (unsigned long long)c->counts[x][y]);
      std::printf("\n");
      std::fflush(stdout);
    }
  }
  if (a.json) {
    std::printf(
        "{\"first\":{\"variant\":%s,\"dir\":%s},\"second\":{\"variant\":%s,\"dir\":%s},"
        "\"rule\":\"%s\",\"sectors\":[%s],\"total\":{\"positions\":%llu,\"agree\":%llu,"
        "\"counts\":%s},\"missing_tables\":%d,\"damaged_tables\":%d}\n",
        json_string(v->name).c_str(), json_string(dir).c_str(), json_string(w->name).c_str(),
        json_string(with_dir).c_str(), *metric == Metric::FIFTY ? "fifty" : "none",
        sectors_json.c_str(), (unsigned long long)total.positions,
        (unsigned long long)total.agree(), counts_json(total.counts).c_str(), missing, damaged);
  } else {
    std::printf("%-12s %14llu %14llu", "total", (unsigned long long)total.positions,
                (unsigned long long)total.agree());
    for (auto [x, y] : PAIRS) std::printf(" %14llu", (unsigned long long)total.counts[x][y]);
    std::printf("\n\n%s (rows) against %s (columns):\n%-6s %16s %16s %16s\n",
                std::string(v->name).c_str(), std::string(w->name).c_str(), "", "win", "draw",
                "loss");
    for (int x : {1, 0, 2}) {
      std::printf("%-6s", CLASS_NAMES[x]);
      for (int y : {1, 0, 2}) std::printf(" %16llu", (unsigned long long)total.counts[x][y]);
      std::printf("\n");
    }
    if (missing || damaged)
      std::printf("(%d tables missing and %d damaged, named above: not in the totals)\n", missing,
                  damaged);
    if (!examples_text.empty())
      std::printf("\nwhere they disagree (White to move; %s / %s):\n%s",
                  std::string(v->name).c_str(), std::string(w->name).c_str(),
                  examples_text.c_str());
  }
  if (missing) return EXIT_MISSING;
  return damaged ? EXIT_ERROR : EXIT_OK;
}

}  // namespace

Command register_compare(CLI::App& app) {
  auto a = std::make_shared<CompareArgs>();
  CLI::App* cmd = app.add_subcommand(
      "compare",
      "Compare every position's win, draw or loss in two table directories of games on one "
      "board (nine against nine-noflying, or two solves)");
  add_table_options(cmd, a->tables);
  add_quiet_option(cmd, a->tables);
  cmd->add_option("--with", a->with_variant,
                  "The second directory's variant (default: the same as --variant)");
  cmd->add_option("--with-db", a->with_db,
                  "The second table directory (default: data/<--with variant>, "
                  "data/<variant>-fifty with --rule fifty)");
  cmd->add_option("--sector", a->tables.sectors, "Compare only this sector; repeatable");
  cmd->add_option("--max-stones", a->tables.max_stones,
                  "Compare only the movement sectors with at most K stones per side");
  cmd->add_option("--examples", a->examples,
                  "Positions shown per pair of classes that disagree, 0..1000 (default 1)")
      ->check(CLI::Range(0, 1000));
  add_threads_option(cmd, &a->tables.threads);
  return {cmd, [a] { return run_compare(*a); }};
}

}  // namespace millbase::cli
