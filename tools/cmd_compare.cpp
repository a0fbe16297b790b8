// millbase compare: the value of every position in two table directories of games on
// the same board, sector by sector, as win, draw or loss: where nine and nine without
// flying disagree, or whether two solves agree.
#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>

#include "core/notation.h"
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

// Writes the counts as JSON: {"win":{"win":n,"draw":n,"loss":n},"draw":{...},"loss":{...}}.
void counts_json(JsonWriter& w, const std::array<std::array<uint64_t, 3>, 3>& counts) {
  w.begin_object();
  for (int x : {1, 0, 2}) {
    w.key(CLASS_NAMES[x]).begin_object();
    for (int y : {1, 0, 2}) w.field(CLASS_NAMES[y], counts[x][y]);
    w.end_object();
  }
  w.end_object();
}

// The off-diagonal pairs (first's class, second's class) in the order they are printed.
constexpr std::array<std::pair<int, int>, 6> PAIRS = {
    {{1, 0}, {1, 2}, {0, 1}, {0, 2}, {2, 1}, {2, 0}}};

// What a compare reads: the two games and directories, the rule, and the sectors.
struct ComparePlan {
  const Variant *v = nullptr, *w = nullptr;
  std::string dir, with_dir;
  Metric metric = Metric::PLAIN;
  std::vector<Sector> sectors;
};

// Fills plan.sectors: those asked for (each a sector of the second game too), else every
// one that both directories must hold. Returns EXIT_OK, or the exit code after saying why.
int choose_sectors(const TablesArgs& a, ComparePlan& plan) {
  const Variant &v = *plan.v, &w = *plan.w;
  std::set<Sector> of_second;
  const SectorGraph second_graph(w);
  for (const WorkUnit& u : second_graph.units())
    of_second.insert(u.sectors.begin(), u.sectors.end());
  std::vector<Sector> named;
  if (!parse_targets(v, a.sectors, -1, named)) return EXIT_USAGE;
  for (const Sector& s : named)  // --max-stones takes the shared ones only
    if (!of_second.count(s))
      return fail(EXIT_USAGE,
                  "sector " + sector_name(s) + " is not a sector of " + std::string(w.name));
  if (!parse_targets(v, a.sectors, a.max_stones, plan.sectors)) return EXIT_USAGE;
  if (Status st = TableDir(v, plan.dir, plan.metric).check(); !st)
    return fail(st, v, plan.dir, plan.metric);
  if (Status st = TableDir(w, plan.with_dir, plan.metric).check(); !st)
    return fail(st, w, plan.with_dir, plan.metric);
  if (plan.sectors.empty()) {  // the sectors both directories must hold
    Result<std::vector<Sector>> expected = expected_sectors(plan.dir, SectorGraph(v));
    if (!expected) return fail(expected.status(), v, plan.dir, plan.metric);
    Result<std::vector<Sector>> with_expected = expected_sectors(plan.with_dir, second_graph);
    if (!with_expected) return fail(with_expected.status(), w, plan.with_dir, plan.metric);
    const std::set<Sector> in_second(with_expected->begin(), with_expected->end());
    for (const Sector& s : *expected)
      if (in_second.count(s)) plan.sectors.push_back(s);
    if (const size_t one = expected->size() + in_second.size() - 2 * plan.sectors.size())
      note(std::to_string(one) + " sectors are held by one directory only: not compared");
  }
  const size_t not_shared =
      std::erase_if(plan.sectors, [&](const Sector& s) { return !of_second.count(s); });
  if (not_shared)
    note(std::to_string(not_shared) + " sectors of " + std::string(v.name) +
         " are not sectors of " + std::string(w.name) + ": not compared");
  return EXIT_OK;
}

// Returns EXIT_OK with plan filled from the options, or the exit code after saying why.
int plan_compare(const CompareArgs& args, ComparePlan& plan) {
  const TablesArgs& a = args.tables;
  plan.v = resolve_variant(a.variant);
  if (!plan.v) return EXIT_USAGE;
  plan.w = resolve_variant(args.with_variant.empty() ? a.variant : args.with_variant);
  if (!plan.w) return EXIT_USAGE;
  const std::optional<Metric> metric = resolve_rule(a.rule);
  if (!metric) return EXIT_USAGE;
  plan.metric = *metric;
  if (plan.v->board != plan.w->board)
    return fail(EXIT_USAGE, std::string(plan.v->name) + " and " + std::string(plan.w->name) +
                                " are played on different boards: their positions differ");
  plan.dir = TableDir::named(*plan.v, a.db, plan.metric).path();
  plan.with_dir = TableDir::named(*plan.w, args.with_db, plan.metric).path();
  std::error_code same_error;
  if (plan.v == plan.w && (plan.dir == plan.with_dir ||
                           std::filesystem::equivalent(plan.dir, plan.with_dir, same_error)))
    return fail(EXIT_USAGE, "both sides are " + plan.dir + ": give the other with --with-db");
  return choose_sectors(a, plan);
}

// Prints a compare as it goes: a row per sector, then the totals; or, with json, one
// object at the end.
class ComparePrinter {
 public:
  ComparePrinter(const ComparePlan& plan, bool json, int examples)
      : p_(plan), json_(json), examples_(examples) {}

  void begin() {
    if (json_) {
      json_out_.begin_object().key("first").begin_object().field("variant", p_.v->name);
      json_out_.field("dir", p_.dir).end_object().key("second").begin_object();
      json_out_.field("variant", p_.w->name).field("dir", p_.with_dir).end_object();
      json_out_.field("rule", metric_name(p_.metric)).key("sectors").begin_array();
      return;
    }
    const std::string rule_words = p_.metric == Metric::FIFTY ? "under the 50-ply rule (counter 0)"
                                                              : "without the 50-ply rule";
    std::printf("%s (%s) against %s (%s), %s\n", std::string(p_.v->name).c_str(), p_.dir.c_str(),
                std::string(p_.w->name).c_str(), p_.with_dir.c_str(), rule_words.c_str());
    std::printf(
        "each position as a win, draw or loss for the side to move; W/D: a win in the "
        "first, a draw in the second\n\n");
    std::printf("%-12s %14s %14s", "sector", "positions", "agree");
    for (auto [x, y] : PAIRS) std::printf(" %12c/%c", CLASS_LETTERS[x], CLASS_LETTERS[y]);
    std::printf("\n");
  }

  // Adds sector s's comparison to the totals and prints its row.
  void sector(const Sector& s, const SectorComparison& c) {
    total_.positions += c.positions;
    for (int x = 0; x < 3; ++x)
      for (int y = 0; y < 3; ++y) total_.counts[x][y] += c.counts[x][y];
    if (json_) {
      json_out_.begin_object().field("sector", sector_name(s)).field("positions", c.positions);
      counts_json(json_out_.field("agree", c.agree()).key("counts"), c.counts);
      json_out_.key("examples").begin_array();
    }
    for (auto [x, y] : PAIRS)
      for (uint64_t i : c.examples[x][y]) {
        const std::string p = position_text(*p_.v, s, i);
        if (json_)
          json_out_.begin_object()
              .field("first", CLASS_NAMES[x])
              .field("second", CLASS_NAMES[y])
              .field("position", p)
              .end_object();
        if (total_.examples[x][y].size() < size_t(examples_)) {
          total_.examples[x][y].push_back(i);
          examples_text_ += "  " + std::string(CLASS_NAMES[x]) + " / " + CLASS_NAMES[y] + ": " + p +
                            "  (" + sector_name(s) + ")\n";
        }
      }
    if (json_) {
      json_out_.end_array().end_object();
      return;
    }
    std::printf("%-12s %14llu %14llu", sector_name(s).c_str(), (unsigned long long)c.positions,
                (unsigned long long)c.agree());
    for (auto [x, y] : PAIRS) std::printf(" %14llu", (unsigned long long)c.counts[x][y]);
    std::printf("\n");
    std::fflush(stdout);
  }

  void end(int missing, int damaged) {
    if (json_) return end_json(missing, damaged);
    std::printf("%-12s %14llu %14llu", "total", (unsigned long long)total_.positions,
                (unsigned long long)total_.agree());
    for (auto [x, y] : PAIRS) std::printf(" %14llu", (unsigned long long)total_.counts[x][y]);
    std::printf("\n\n%s (rows) against %s (columns):\n%-6s %16s %16s %16s\n",
                std::string(p_.v->name).c_str(), std::string(p_.w->name).c_str(), "", "win", "draw",
                "loss");
    for (int x : {1, 0, 2}) {
      std::printf("%-6s", CLASS_NAMES[x]);
      for (int y : {1, 0, 2}) std::printf(" %16llu", (unsigned long long)total_.counts[x][y]);
      std::printf("\n");
    }
    if (missing || damaged)
      std::printf("(%d tables missing and %d damaged, named above: not in the totals)\n", missing,
                  damaged);
    if (!examples_text_.empty())
      std::printf("\nwhere they disagree (White to move; %s / %s):\n%s",
                  std::string(p_.v->name).c_str(), std::string(p_.w->name).c_str(),
                  examples_text_.c_str());
  }

 private:
  void end_json(int missing, int damaged) {
    json_out_.end_array().key("total").begin_object().field("positions", total_.positions);
    counts_json(json_out_.field("agree", total_.agree()).key("counts"), total_.counts);
    json_out_.end_object().field("missing_tables", missing).field("damaged_tables", damaged);
    print_json_line(json_out_.end_object());
  }

  const ComparePlan& p_;
  const bool json_;
  const int examples_;
  SectorComparison total_;
  JsonWriter json_out_;
  std::string examples_text_;
};

int run_compare(const CompareArgs& args) {
  const TablesArgs& a = args.tables;
  ComparePlan plan;
  if (int code = plan_compare(args, plan); code != EXIT_OK) return code;
  if (a.threads > 0) omp_set_num_threads(a.threads);
  uint64_t total_positions = 0;
  for (const Sector& s : plan.sectors)
    total_positions += SectorIndex::count(*plan.v->board, s.us, s.them);
  ProgressReporter progress(a.quiet, total_positions, "compared");
  const ComparedTables first{plan.v, plan.dir}, second{plan.w, plan.with_dir};
  ComparePrinter out(plan, a.json, args.examples);
  out.begin();
  int missing = 0, damaged = 0, number = 0;
  for (const Sector& s : plan.sectors) {
    const uint64_t n = SectorIndex::count(*plan.v->board, s.us, s.them);
    progress.start_unit(++number, int(plan.sectors.size()), sector_name(s), n);
    int side = 0;
    Result<SectorComparison> c = compare_sector(
        first, second, s, plan.metric, args.examples,
        [&](uint64_t done) { progress.update("compare", done, n); }, &side);
    progress.finish_unit(false);
    if (c) {
      out.sector(s, *c);
      continue;
    }
    // Named on stderr, a missing one (or one a derived table reads) with the command that
    // builds it; the totals cover the sectors compared.
    const ComparedTables& t = side ? second : first;
    ++(c.status().code() == Status::Code::NotFound ? missing : damaged);
    fail(c.status(), *t.variant, t.dir, plan.metric);
  }
  out.end(missing, damaged);
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
                  "Compare only the movement sectors with at most K stones per side (lasker: every "
                  "sector, on the board and in hand together)");
  cmd->add_option("--examples", a->examples,
                  "Positions shown per pair of classes that disagree, 0..1000 (default 1)")
      ->check(CLI::Range(0, 1000));
  add_threads_option(cmd, &a->tables.threads);
  return {cmd, [a] { return run_compare(*a); }};
}

}  // namespace millbase::cli
