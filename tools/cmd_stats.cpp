// millbase stats: win/loss/draw counts per sector from the table headers, and with
// --longest a position of the longest win.

#include <algorithm>
#include <cstdio>

#include "core/notation.h"
#include "db/dir_manifest.h"
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

int run_stats(const TablesArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  const std::optional<Metric> metric = resolve_rule(a.rule);
  if (!metric) return EXIT_USAGE;
  const bool fifty = *metric == Metric::FIFTY;
  const std::string dir = table_dir(*v, a.db, *metric);
  if (Status st = check_table_dir(*v, dir, *metric); !st) return fail(st, *v, dir, *metric);
  SectorGraph graph(*v);
  Result<std::vector<Sector>> expected = expected_sectors(dir, graph);
  if (!expected) return fail(expected.status(), *v, dir, *metric);
  TableStats total;
  Beyond total_beyond, placement_beyond;
  uint64_t entries = 0;
  int found = 0, missing = 0, damaged = 0;
  int without_distances = 0;                 // tables of a play set (Encoding::WDL_ONLY)
  std::pair<Sector, uint32_t> longest_in{};  // sector and its longest win
  std::string json;
  if (!a.json && fifty)
    std::printf("%-12s %12s %12s %12s %12s %14s %12s %10s %10s\n", "sector", "positions", "wins",
                "cursed wins", "draws", "blessed losses", "losses", "win max z", "loss max z");
  else if (!a.json)
    std::printf("%-12s %14s %14s %14s %14s %8s %8s\n", "sector", "positions", "wins", "losses",
                "draws", "max win", "max loss");
  for (const WorkUnit& u : graph.units())
    for (const Sector& s : u.sectors) {
      if (std::find(expected->begin(), expected->end(), s) == expected->end()) continue;
      Result<TableFile> file = TableFile::open_sector(*v, dir, s, *metric);
      Result<Beyond> beyond = Beyond{};
      if (file && fifty && !(beyond = count_beyond(*v, dir, s, *file))) file = beyond.status();
      if (!file) {
        // Named on stderr; the totals cover the tables read.
        const bool absent = file.status().code() == Status::Code::NotFound;
        ++(absent ? missing : damaged);
        fail(absent ? EXIT_MISSING : EXIT_ERROR, file.message());
        continue;
      }
      const TableHeader& h = file->header();
      const TableStats& st = h.stats;
      ++found;
      without_distances += h.encoding == Encoding::WDL_ONLY;
      entries += h.entries;
      total_beyond.cursed_wins += beyond->cursed_wins;
      total_beyond.blessed_losses += beyond->blessed_losses;
      if (s.us_hand || s.them_hand) {
        placement_beyond.cursed_wins += beyond->cursed_wins;
        placement_beyond.blessed_losses += beyond->blessed_losses;
      }
      total.wins += st.wins, total.losses += st.losses, total.draws += st.draws;
      total.longest_win = std::max(total.longest_win, st.longest_win);
      total.longest_loss = std::max(total.longest_loss, st.longest_loss);
      // The first stored table with the longest win so far (derived ones hold no values).
      if (!file->derived() && st.longest_win > longest_in.second) longest_in = {s, st.longest_win};
      auto counts = [&](const TableStats& t) {
        return "{\"wins\":" + std::to_string(t.wins) + ",\"losses\":" + std::to_string(t.losses) +
               ",\"draws\":" + std::to_string(t.draws) +
               (fifty ? ",\"cursed_wins\":" + std::to_string(beyond->cursed_wins) +
                            ",\"blessed_losses\":" + std::to_string(beyond->blessed_losses)
                      : "") +
               "}";
      };
      if (a.json) {
        json += std::string(json.empty() ? "" : ",") +
                "{\"sector\":" + json_string(sector_name(s)) +
                ",\"us_on_board\":" + std::to_string(s.us) +
                ",\"them_on_board\":" + std::to_string(s.them) +
                ",\"us_in_hand\":" + std::to_string(s.us_hand) +
                ",\"them_in_hand\":" + std::to_string(s.them_hand) +
                ",\"stored_entries\":" + std::to_string(h.entries) +
                ",\"distinct_positions\":" + std::to_string(h.entries) +
                ",\"over_stored_entries\":" + counts(st) +
                ",\"over_distinct_positions\":" + counts(st) +
                ",\"longest_win\":" + std::to_string(st.longest_win) +
                ",\"longest_loss\":" + std::to_string(st.longest_loss) + "}";
      } else if (fifty) {
        // Draws here are the rule's draws that are draws without it too.
        std::printf("%-12s %12llu %12llu %12llu %12llu %14llu %12llu %10u %10u\n",
                    sector_name(s).c_str(), (unsigned long long)h.entries,
                    (unsigned long long)st.wins, (unsigned long long)beyond->cursed_wins,
                    (unsigned long long)(st.draws - beyond->cursed_wins - beyond->blessed_losses),
                    (unsigned long long)beyond->blessed_losses, (unsigned long long)st.losses,
                    st.longest_win, st.longest_loss);
      } else {
        std::printf("%-12s %14llu %14llu %14llu %14llu %8u %8u\n", sector_name(s).c_str(),
                    (unsigned long long)h.entries, (unsigned long long)st.wins,
                    (unsigned long long)st.losses, (unsigned long long)st.draws, st.longest_win,
                    st.longest_loss);
      }
    }
  // The longest win of the directory: a position of the first sector that holds it.
  std::string longest;
  if (a.longest && total.longest_win > 0 && longest_in.second == total.longest_win) {
    const int d = int(total.longest_win);
    Result<std::string> p = find_position(
        *v, dir, longest_in.first, fifty ? fifty_code(true, d) : code_of_distance(d), *metric);
    if (!p) return fail(p.status(), *v, dir, *metric);
    longest = *p;
  }
  if (found == 0)
    return fail(EXIT_MISSING, "no tables of " + std::string(v->name) + " in " + dir +
                                  " (build them with: millbase solve --variant " +
                                  std::string(v->name) + (fifty ? " --rule fifty" : "") +
                                  " --out " + dir + ")");
  if (a.json) {
    std::printf(
        "{\"variant\":%s,\"dir\":%s,\"sectors\":[%s],\"total\":{\"stored_entries\":%llu,"
        "\"distinct_positions\":%llu,\"wins\":%llu,\"losses\":%llu,\"draws\":%llu,"
        "\"longest_win\":%u,\"longest_loss\":%u%s%s},\"missing_tables\":%d,"
        "\"damaged_tables\":%d,\"tables_without_distances\":%d,\"rule\":\"%s\"}\n",
        json_string(v->name).c_str(), json_string(dir).c_str(), json.c_str(),
        (unsigned long long)entries, (unsigned long long)entries, (unsigned long long)total.wins,
        (unsigned long long)total.losses, (unsigned long long)total.draws, total.longest_win,
        total.longest_loss,
        longest.empty() ? "" : (",\"longest_win_position\":" + json_string(longest)).c_str(),
        !fifty
            ? ""
            : (",\"cursed_wins\":" + std::to_string(total_beyond.cursed_wins) +
               ",\"blessed_losses\":" + std::to_string(total_beyond.blessed_losses) +
               ",\"placement_cursed_wins\":" + std::to_string(placement_beyond.cursed_wins) +
               ",\"placement_blessed_losses\":" + std::to_string(placement_beyond.blessed_losses))
                  .c_str(),
        missing, damaged, without_distances, fifty ? "fifty" : "none");
  } else {
    if (fifty)
      std::printf(
          "%-12s %12llu %12llu %12llu %12llu %14llu %12llu %10u %10u\n"
          "Under the 50-ply rule with the counter at 0; max z: plies to the next mill or the "
          "end. Cursed wins and blessed losses are draws under the rule, decisive without it. "
          "Placement positions whose value the rule changes: %llu (%llu cursed wins, %llu "
          "blessed losses).\n",
          "total", (unsigned long long)entries, (unsigned long long)total.wins,
          (unsigned long long)total_beyond.cursed_wins,
          (unsigned long long)(total.draws - total_beyond.cursed_wins -
                               total_beyond.blessed_losses),
          (unsigned long long)total_beyond.blessed_losses, (unsigned long long)total.losses,
          total.longest_win, total.longest_loss,
          (unsigned long long)(placement_beyond.cursed_wins + placement_beyond.blessed_losses),
          (unsigned long long)placement_beyond.cursed_wins,
          (unsigned long long)placement_beyond.blessed_losses);
    else
      std::printf("%-12s %14llu %14llu %14llu %14llu %8u %8u\n", "total",
                  (unsigned long long)entries, (unsigned long long)total.wins,
                  (unsigned long long)total.losses, (unsigned long long)total.draws,
                  total.longest_win, total.longest_loss);
    std::printf(
        "Every stored entry is one distinct position up to the 16 symmetries (side to "
        "move normalised), so counts over entries and over distinct positions agree.\n");
    if (!longest.empty())
      std::printf(fifty ? "Longest win under the 50-ply rule: White to move, a mill or the end in "
                          "%u: %s\n"
                        : "Longest win: White to move wins in %u: %s\n",
                  total.longest_win, longest.c_str());
    if (missing || damaged)
      std::printf("%d tables missing, %d damaged: the totals cover the others\n", missing, damaged);
    if (without_distances)
      std::printf(
          "A play set (millbase pack --play-set): %d placement tables keep no distances, so the "
          "longest wins and losses are those of the other tables and of the last two placements "
          "(hands 1 and 1, 1 and 0), whose searches reach the movement tables%s.\n",
          without_distances,
          fifty ? "; in placement, cursed wins and blessed losses count as draws where the "
                  "result under the rule is all that is stored"
                : "");
  }
  return missing ? EXIT_MISSING : damaged ? EXIT_ERROR : EXIT_OK;
}

}  // namespace

Command register_stats(CLI::App& app) {
  auto a = std::make_shared<TablesArgs>();
  CLI::App* cmd = app.add_subcommand(
      "stats", "Wins, losses and draws per sector and in total, longest win and loss");
  add_table_options(cmd, *a);
  cmd->add_flag("--longest", a->longest,
                "Also find a position of the longest win (reads the table that holds it)");
  return {cmd, [a] { return run_stats(*a); }};
}

}  // namespace millbase::cli
