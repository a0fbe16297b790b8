// millbase stats: win/loss/draw counts per sector from the table headers, and with
// --longest a position of the longest win; printed as a table, as JSON or as
// tab-separated values (--tsv, the format of docs/results/*.tsv).

#include <algorithm>
#include <cstdio>

#include "core/notation.h"
#include "db/sector_index.h"
#include "db/table_dir.h"
#include "db/table_file.h"
#include "solver/child_tables.h"
#include "solver/expected_tables.h"
#include "solver/sector_graph.h"
#include "tools/cli_common.h"
#include "tools/table_args.h"

namespace millbase::cli {

namespace {

// Returns a position (White to move) of sector s whose value is `value`, read from its
// table in dir; "" when there is none.
Result<std::string> find_position(const Variant& v, const std::string& dir, const Sector& s,
                                  ValueCode value, Metric metric) {
  Result<TableFile> file = TableFile::open_sector(v, dir, s, metric);
  if (!file) return file.status();
  std::vector<ValueCode> block;
  const uint32_t per_block = file->header().block_entries;
  for (uint32_t b = 0; b < file->header().block_count; ++b) {
    if (Status st = file->read_block(b, block); !st) return st;
    const auto at = std::find(block.begin(), block.end(), value);
    if (at == block.end()) continue;
    return format_position(
        v, sector_position(*v.board, s, uint64_t(b) * per_block + uint64_t(at - block.begin())));
  }
  return std::string();
}

// Counts of a 50-ply table beyond its header: the positions that the rule draws but that
// are decisive without it.
struct Beyond {
  uint64_t cursed_wins = 0, blessed_losses = 0;
};

// Returns the cursed wins and blessed losses of the 50-ply table of sector s in dir: its
// WDL plane holds the value without the rule, its header's statistics the value under
// it. A derived table's codes are computed from its successors' tables.
Result<Beyond> count_beyond(const Variant& v, const std::string& dir, const Sector& s,
                            const TableFile& file) {
  if (file.derived()) {
    ValueStore store;
    if (Status st = load_sectors(v, dir, {s}, store, Metric::FIFTY); !st) return st;
    Beyond b;
    for (ValueCode c : store.find(s)->values)
      if (fifty_class(c) == FiftyClass::CursedWin)
        ++b.cursed_wins;
      else if (fifty_class(c) == FiftyClass::BlessedLoss)
        ++b.blessed_losses;
    return b;
  }
  uint64_t wins = 0, losses = 0;
  std::vector<Wdl> block;
  for (uint32_t b = 0; b < file.header().block_count; ++b) {
    if (Status st = file.read_wdl_block(b, block); !st) return st;
    for (Wdl w : block) wins += w == Wdl::Win, losses += w == Wdl::Loss;
  }
  const TableStats& st = file.header().stats;
  if (wins < st.wins || losses < st.losses)
    return Status::error(file.path() + ": corrupt table: fewer wins or losses in the WDL plane " +
                         "than under the 50-ply rule");
  return Beyond{wins - st.wins, losses - st.losses};
}

// The statistics of a table directory, read before anything is printed.
struct SectorRow {
  Sector sector;
  uint64_t entries = 0;
  TableStats stats;
  Beyond beyond;  // zero in plain tables
};

struct StatsReport {
  bool fifty = false;
  std::vector<SectorRow> rows;  // the tables read, in solving order
  TableStats total;
  Beyond total_beyond, placement_beyond;
  uint64_t entries = 0;
  int missing = 0, damaged = 0;
  int without_distances = 0;                 // tables of a play set (Encoding::WDL_ONLY)
  std::pair<Sector, uint32_t> longest_in{};  // sector and its longest win
  std::string longest;                       // a position of the longest win (--longest)
};

// Adds the table of sector s (its header, and for 50-ply tables what the rule draws) to r.
void add_table(StatsReport& r, const Sector& s, const TableFile& file, const Beyond& beyond) {
  const TableHeader& h = file.header();
  const TableStats& st = h.stats;
  r.rows.push_back({s, h.entries, st, beyond});
  r.without_distances += h.encoding == Encoding::WDL_ONLY;
  r.entries += h.entries;
  r.total_beyond.cursed_wins += beyond.cursed_wins;
  r.total_beyond.blessed_losses += beyond.blessed_losses;
  if (s.us_hand || s.them_hand) {
    r.placement_beyond.cursed_wins += beyond.cursed_wins;
    r.placement_beyond.blessed_losses += beyond.blessed_losses;
  }
  r.total.wins += st.wins, r.total.losses += st.losses, r.total.draws += st.draws;
  r.total.longest_win = std::max(r.total.longest_win, st.longest_win);
  r.total.longest_loss = std::max(r.total.longest_loss, st.longest_loss);
  // The first stored table with the longest win so far (derived ones hold no values).
  if (!file.derived() && st.longest_win > r.longest_in.second) r.longest_in = {s, st.longest_win};
}

// Reads the header (and for 50-ply tables the WDL plane) of every expected table of dir
// into r; a missing or damaged table is named on stderr and counted, and the totals
// cover the tables read.
void collect_stats(const Variant& v, const std::string& dir, Metric metric,
                   const SectorGraph& graph, const std::vector<Sector>& expected, StatsReport& r) {
  r.fifty = metric == Metric::FIFTY;
  for (const WorkUnit& u : graph.units())
    for (const Sector& s : u.sectors) {
      if (std::find(expected.begin(), expected.end(), s) == expected.end()) continue;
      Result<TableFile> file = TableFile::open_sector(v, dir, s, metric);
      Result<Beyond> beyond = Beyond{};
      if (file && r.fifty && !(beyond = count_beyond(v, dir, s, *file))) file = beyond.status();
      if (!file) {
        const bool absent = file.status().code() == Status::Code::NotFound;
        ++(absent ? r.missing : r.damaged);
        fail(absent ? EXIT_MISSING : EXIT_ERROR, file.message());
        continue;
      }
      add_table(r, s, *file, *beyond);
    }
}

// The draws of a row as the tables print them: under the 50-ply rule the draws both ways
// (the rule's draws that are draws without it too).
uint64_t shown_draws(const StatsReport& r, const TableStats& st, const Beyond& b) {
  return r.fifty ? st.draws - b.cursed_wins - b.blessed_losses : st.draws;
}

// One line of the text table: a sector or the total.
void print_text_row(const StatsReport& r, const std::string& name, uint64_t entries,
                    const TableStats& st, const Beyond& b) {
  if (r.fifty)
    std::printf("%-12s %12llu %12llu %12llu %12llu %14llu %12llu %10u %10u\n", name.c_str(),
                (unsigned long long)entries, (unsigned long long)st.wins,
                (unsigned long long)b.cursed_wins, (unsigned long long)shown_draws(r, st, b),
                (unsigned long long)b.blessed_losses, (unsigned long long)st.losses, st.longest_win,
                st.longest_loss);
  else
    std::printf("%-12s %14llu %14llu %14llu %14llu %8u %8u\n", name.c_str(),
                (unsigned long long)entries, (unsigned long long)st.wins,
                (unsigned long long)st.losses, (unsigned long long)st.draws, st.longest_win,
                st.longest_loss);
}

void print_text_header(bool fifty) {
  if (fifty)
    std::printf("%-12s %12s %12s %12s %12s %14s %12s %10s %10s\n", "sector", "positions", "wins",
                "cursed wins", "draws", "blessed losses", "losses", "win max z", "loss max z");
  else
    std::printf("%-12s %14s %14s %14s %14s %8s %8s\n", "sector", "positions", "wins", "losses",
                "draws", "max win", "max loss");
}

// The column names and the line of every sector read. Printed alone (before the error)
// when no table could be read or the longest win could not be found.
void print_text_sectors(const StatsReport& r) {
  print_text_header(r.fifty);
  for (const SectorRow& row : r.rows)
    print_text_row(r, sector_name(row.sector), row.entries, row.stats, row.beyond);
}

// The table of every sector and the total, then what the numbers mean.
void print_text(const StatsReport& r) {
  print_text_sectors(r);
  print_text_row(r, "total", r.entries, r.total, r.total_beyond);
  if (r.fifty)
    std::printf(
        "Under the 50-ply rule with the counter at 0; max z: plies to the next mill or the "
        "end. Cursed wins and blessed losses are draws under the rule, decisive without it. "
        "Placement positions whose value the rule changes: %llu (%llu cursed wins, %llu "
        "blessed losses).\n",
        (unsigned long long)(r.placement_beyond.cursed_wins + r.placement_beyond.blessed_losses),
        (unsigned long long)r.placement_beyond.cursed_wins,
        (unsigned long long)r.placement_beyond.blessed_losses);
  std::printf(
      "Every stored entry is one distinct position up to the 16 symmetries (side to "
      "move normalised), so counts over entries and over distinct positions agree.\n");
  if (!r.longest.empty())
    std::printf(r.fifty ? "Longest win under the 50-ply rule: White to move, a mill or the end in "
                          "%u: %s\n"
                        : "Longest win: White to move wins in %u: %s\n",
                r.total.longest_win, r.longest.c_str());
  if (r.missing || r.damaged)
    std::printf("%d tables missing, %d damaged: the totals cover the others\n", r.missing,
                r.damaged);
  if (r.without_distances)
    std::printf(
        "A play set (millbase pack --play-set): %d placement tables keep no distances, so the "
        "longest wins and losses are those of the other tables and of the last two placements "
        "(hands 1 and 1, 1 and 0), whose searches reach the movement tables%s.\n",
        r.without_distances,
        r.fifty ? "; in placement, cursed wins and blessed losses count as draws where the "
                  "result under the rule is all that is stored"
                : "");
}

// The columns of the text table, tab-separated, numbers plain: a header line, one line
// per sector read, then the total.
void print_tsv(const StatsReport& r) {
  std::printf(r.fifty ? "sector\tpositions\twins\tcursed_wins\tdraws\tblessed_losses\tlosses\t"
                        "win_max_z\tloss_max_z\n"
                      : "sector\tpositions\twins\tlosses\tdraws\tmax_win\tmax_loss\n");
  auto line = [&](const std::string& name, uint64_t entries, const TableStats& st,
                  const Beyond& b) {
    if (r.fifty)
      std::printf("%s\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\t%u\t%u\n", name.c_str(),
                  (unsigned long long)entries, (unsigned long long)st.wins,
                  (unsigned long long)b.cursed_wins, (unsigned long long)shown_draws(r, st, b),
                  (unsigned long long)b.blessed_losses, (unsigned long long)st.losses,
                  st.longest_win, st.longest_loss);
    else
      std::printf("%s\t%llu\t%llu\t%llu\t%llu\t%u\t%u\n", name.c_str(), (unsigned long long)entries,
                  (unsigned long long)st.wins, (unsigned long long)st.losses,
                  (unsigned long long)st.draws, st.longest_win, st.longest_loss);
  };
  for (const SectorRow& row : r.rows)
    line(sector_name(row.sector), row.entries, row.stats, row.beyond);
  line("total", r.entries, r.total, r.total_beyond);
}

// Writes the wins, losses and draws of one sector as a JSON object.
void json_counts(JsonWriter& w, const StatsReport& r, const TableStats& t, const Beyond& b) {
  w.begin_object().field("wins", t.wins).field("losses", t.losses).field("draws", t.draws);
  if (r.fifty) w.field("cursed_wins", b.cursed_wins).field("blessed_losses", b.blessed_losses);
  w.end_object();
}

// Writes a sector's row as a JSON object (stored entries and distinct positions are
// the same here).
void json_sector(JsonWriter& w, const StatsReport& r, const SectorRow& row) {
  const Sector& s = row.sector;
  w.begin_object()
      .field("sector", sector_name(s))
      .field("us_on_board", s.us)
      .field("them_on_board", s.them)
      .field("us_in_hand", s.us_hand)
      .field("them_in_hand", s.them_hand)
      .field("stored_entries", row.entries)
      .field("distinct_positions", row.entries);
  json_counts(w.key("over_stored_entries"), r, row.stats, row.beyond);
  json_counts(w.key("over_distinct_positions"), r, row.stats, row.beyond);
  w.field("longest_win", row.stats.longest_win)
      .field("longest_loss", row.stats.longest_loss)
      .end_object();
}

void print_json(const StatsReport& r, const Variant& v, const std::string& dir) {
  JsonWriter w;
  w.begin_object().field("variant", v.name).field("dir", dir).key("sectors").begin_array();
  for (const SectorRow& row : r.rows) json_sector(w, r, row);
  w.end_array()
      .key("total")
      .begin_object()
      .field("stored_entries", r.entries)
      .field("distinct_positions", r.entries);
  stats_members(w, r.total);
  if (!r.longest.empty()) w.field("longest_win_position", r.longest);
  if (r.fifty)
    w.field("cursed_wins", r.total_beyond.cursed_wins)
        .field("blessed_losses", r.total_beyond.blessed_losses)
        .field("placement_cursed_wins", r.placement_beyond.cursed_wins)
        .field("placement_blessed_losses", r.placement_beyond.blessed_losses);
  w.end_object()
      .field("missing_tables", r.missing)
      .field("damaged_tables", r.damaged)
      .field("tables_without_distances", r.without_distances)
      .field("rule", metric_name(r.fifty ? Metric::FIFTY : Metric::PLAIN))
      .end_object();
  print_json_line(w);
}

struct StatsArgs : TablesArgs {
  bool tsv = false;
};

int run_stats(const StatsArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  const std::optional<Metric> metric = resolve_rule(a.rule);
  if (!metric) return EXIT_USAGE;
  const bool fifty = *metric == Metric::FIFTY;
  const std::string dir = TableDir::named(*v, a.db, *metric).path();
  if (Status st = TableDir(*v, dir, *metric).check(); !st) return fail(st, *v, dir, *metric);
  SectorGraph graph(*v);
  Result<std::vector<Sector>> expected = expected_sectors(dir, graph);
  if (!expected) return fail(expected.status(), *v, dir, *metric);
  StatsReport r;
  collect_stats(*v, dir, *metric, graph, *expected, r);
  const bool text = !a.json && !a.tsv;
  // The longest win of the directory: a position of the first sector that holds it.
  if (a.longest && r.total.longest_win > 0 && r.longest_in.second == r.total.longest_win) {
    const int d = int(r.total.longest_win);
    Result<std::string> p = find_position(
        *v, dir, r.longest_in.first, fifty ? fifty_code(true, d) : code_of_distance(d), *metric);
    if (!p) {
      if (text) print_text_sectors(r);
      return fail(p.status(), *v, dir, *metric);
    }
    r.longest = *p;
  }
  if (r.rows.empty()) {
    if (text) print_text_sectors(r);
    return fail(EXIT_MISSING, "no tables of " + std::string(v->name) + " in " + dir +
                                  " (build them with: millbase solve --variant " +
                                  std::string(v->name) + (fifty ? " --rule fifty" : "") +
                                  " --out " + dir + ")");
  }
  if (a.json)
    print_json(r, *v, dir);
  else if (a.tsv)
    print_tsv(r);
  else
    print_text(r);
  return r.missing ? EXIT_MISSING : r.damaged ? EXIT_ERROR : EXIT_OK;
}

}  // namespace

Command register_stats(CLI::App& app) {
  auto a = std::make_shared<StatsArgs>();
  CLI::App* cmd = app.add_subcommand(
      "stats",
      "Wins, losses and draws per sector and in total, longest win and loss; as a table, "
      "JSON (--json) or tab-separated values (--tsv)");
  add_table_options(cmd, *a);
  cmd->add_flag("--longest", a->longest,
                "Also find a position of the longest win (reads the table that holds it)");
  cmd->add_flag("--tsv", a->tsv,
                "Print tab-separated values: a line of column names, a line per sector and a "
                "last line 'total', with the columns of the table and plain numbers")
      ->excludes("--json")
      ->excludes("--longest");
  return {cmd, [a] { return run_stats(*a); }};
}

}  // namespace millbase::cli
