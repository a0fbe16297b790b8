// millbase stats: win/loss/draw counts per sector from the table headers.
// millbase verify: recompute every stored value from its successors, or --quick.
// millbase info: sizes, bits per position, checksums. millbase pack: derive layers.
#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "core/notation.h"
#include "db/dir_manifest.h"
#include "db/sector_index.h"
#include "db/table_dir.h"
#include "db/table_file.h"
#include "solver/expected_tables.h"
#include "solver/pack.h"
#include "solver/sector_graph.h"
#include "solver/verify.h"
#include "tools/cli_common.h"

namespace millbase::cli {

namespace {

struct TablesArgs {
  std::string variant, db;
  std::vector<std::string> sectors;
  int max_stones = -1, threads = 0;
  bool json = false, quick = false;
  double placement_sample = 1.0;
  uint64_t seed = 0;
  bool longest = false;
};

// Returns a position (White to move) of sector s whose value is `value`, read from its
// table in dir; "" when there is none.
Result<std::string> find_position(const Variant& v, const std::string& dir, const Sector& s,
                                  ValueCode value) {
  Result<TableFile> file = TableFile::open_sector(v, dir, s);
  if (!file) return file.status();
  std::vector<ValueCode> block;
  const uint32_t per_block = file->header().block_entries;
  for (uint32_t b = 0; b < file->header().block_count; ++b) {
    if (Status st = file->read_block(b, block); !st) return st;
    const auto at = std::find(block.begin(), block.end(), value);
    if (at == block.end()) continue;
    Position p;
    SectorIndex::get(*v.board, s.us, s.them)
        ->unrank(uint64_t(b) * per_block + uint64_t(at - block.begin()), p.stones[WHITE],
                 p.stones[BLACK]);
    p.in_hand = {s.us_hand, s.them_hand};
    return format_position(v, p);
  }
  return std::string();
}

int run_stats(const TablesArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  const std::string dir = table_dir(*v, a.db);
  if (Status st = check_table_dir(*v, dir); !st) return fail(st, *v, dir);
  SectorGraph graph(*v);
  Result<std::vector<Sector>> expected = expected_sectors(dir, graph);
  if (!expected) return fail(expected.status(), *v, dir);
  TableStats total;
  uint64_t entries = 0;
  int found = 0, missing = 0, damaged = 0;
  std::pair<Sector, uint32_t> longest_in{};  // sector and its longest win
  std::string json;
  if (!a.json)
    std::printf("%-12s %14s %14s %14s %14s %8s %8s\n", "sector", "positions", "wins", "losses",
                "draws", "max win", "max loss");
  for (const WorkUnit& u : graph.units())
    for (const Sector& s : u.sectors) {
      if (std::find(expected->begin(), expected->end(), s) == expected->end()) continue;
      Result<TableFile> file = TableFile::open_sector(*v, dir, s);
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
      entries += h.entries;
      total.wins += st.wins, total.losses += st.losses, total.draws += st.draws;
      total.longest_win = std::max(total.longest_win, st.longest_win);
      total.longest_loss = std::max(total.longest_loss, st.longest_loss);
      // The first stored table with the longest win so far (derived ones hold no values).
      if (!file->derived() && st.longest_win > longest_in.second) longest_in = {s, st.longest_win};
      auto counts = [&](const TableStats& t) {
        return "{\"wins\":" + std::to_string(t.wins) + ",\"losses\":" + std::to_string(t.losses) +
               ",\"draws\":" + std::to_string(t.draws) + "}";
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
    Result<std::string> p =
        find_position(*v, dir, longest_in.first, code_of_distance(int(total.longest_win)));
    if (!p) return fail(p.status(), *v, dir);
    longest = *p;
  }
  if (found == 0)
    return fail(EXIT_MISSING, "no tables of " + std::string(v->name) + " in " + dir +
                                  " (build them with: millbase solve --variant " +
                                  std::string(v->name) + " --out " + dir + ")");
  if (a.json) {
    std::printf(
        "{\"variant\":%s,\"dir\":%s,\"sectors\":[%s],\"total\":{\"stored_entries\":%llu,"
        "\"distinct_positions\":%llu,\"wins\":%llu,\"losses\":%llu,\"draws\":%llu,"
        "\"longest_win\":%u,\"longest_loss\":%u%s},\"missing_tables\":%d,"
        "\"damaged_tables\":%d}\n",
        json_string(v->name).c_str(), json_string(dir).c_str(), json.c_str(),
        (unsigned long long)entries, (unsigned long long)entries, (unsigned long long)total.wins,
        (unsigned long long)total.losses, (unsigned long long)total.draws, total.longest_win,
        total.longest_loss,
        longest.empty() ? "" : (",\"longest_win_position\":" + json_string(longest)).c_str(),
        missing, damaged);
  } else {
    std::printf("%-12s %14llu %14llu %14llu %14llu %8u %8u\n", "total", (unsigned long long)entries,
                (unsigned long long)total.wins, (unsigned long long)total.losses,
                (unsigned long long)total.draws, total.longest_win, total.longest_loss);
    std::printf(
        "Every stored entry is one distinct position up to the 16 symmetries (side to "
        "move normalised), so counts over entries and over distinct positions agree.\n");
    if (!longest.empty())
      std::printf("Longest win: White to move wins in %u: %s\n", total.longest_win,
                  longest.c_str());
    if (missing || damaged)
      std::printf("%d tables missing, %d damaged: the totals cover the others\n", missing, damaged);
  }
  return missing ? EXIT_MISSING : damaged ? EXIT_ERROR : EXIT_OK;
}

int run_verify(const TablesArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  if (a.threads > 0) omp_set_num_threads(a.threads);
  std::vector<Sector> targets;
  if (!parse_targets(*v, a.sectors, a.max_stones, targets)) return EXIT_USAGE;
  const std::string dir = table_dir(*v, a.db);
  if (!(a.placement_sample > 0 && a.placement_sample <= 1))
    return fail(EXIT_USAGE, "--placement-sample " + std::to_string(a.placement_sample) +
                                " must be a fraction in (0, 1]");
  VerifyOptions opts;
  opts.quick = a.quick;
  opts.sectors = targets;
  opts.placement_sample = a.placement_sample;
  opts.seed = a.seed;
  Result<std::vector<SectorCheck>> checks = verify_tables(*v, dir, opts, [&](const SectorCheck& c) {
    if (a.json) return;
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
  });
  if (!checks) return fail(checks.status(), *v, dir);
  uint64_t entries = 0, checked = 0, mismatches = 0, skipped = 0, missing = 0, damaged = 0;
  for (const SectorCheck& c : *checks)
    if (c.problem == "missing")
      ++missing;
    else if (!c.problem.empty())
      ++damaged;
    else if (c.skipped.empty())
      entries += c.entries, checked += c.checked, mismatches += c.mismatches;
    else
      ++skipped;
  if (checks->empty())
    return fail(EXIT_MISSING, "no tables of " + std::string(v->name) + " in " + dir);
  if (a.json)
    std::printf(
        "{\"variant\":%s,\"dir\":%s,\"quick\":%s,\"sectors\":%llu,\"positions\":%llu,"
        "\"checked\":%llu,\"placement_sample\":%g,\"seed\":%llu,\"mismatches\":%llu,"
        "\"skipped_sectors\":%llu,\"missing_tables\":%llu,\"damaged_tables\":%llu}\n",
        json_string(v->name).c_str(), json_string(dir).c_str(), a.quick ? "true" : "false",
        (unsigned long long)(checks->size() - skipped), (unsigned long long)entries,
        (unsigned long long)checked, a.placement_sample, (unsigned long long)a.seed,
        (unsigned long long)mismatches, (unsigned long long)skipped, (unsigned long long)missing,
        (unsigned long long)damaged);
  else
    std::printf("%llu sectors, %llu positions%s, %llu mismatches%s%s\n",
                (unsigned long long)(checks->size() - skipped - missing - damaged),
                (unsigned long long)entries,
                checked < entries && !a.quick
                    ? (" (" + std::to_string(checked) + " recomputed)").c_str()
                    : "",
                (unsigned long long)mismatches,
                skipped ? (", " + std::to_string(skipped) + " not checked").c_str() : "",
                missing || damaged ? (", " + std::to_string(missing) + " missing, " +
                                      std::to_string(damaged) + " damaged tables")
                                         .c_str()
                                   : "");
  if (missing) return EXIT_MISSING;
  return mismatches || damaged ? EXIT_ERROR : EXIT_OK;
}

int run_pack(const TablesArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  if (a.threads > 0) omp_set_num_threads(a.threads);
  const std::string dir = table_dir(*v, a.db);
  Result<std::vector<PackedSector>> packed = pack_tables(*v, dir, [&](const PackedSector& p) {
    if (a.json) return;
    std::printf("%-12s %14llu positions: %llu -> %llu bytes\n", sector_name(p.sector).c_str(),
                (unsigned long long)p.entries, (unsigned long long)p.bytes_before,
                (unsigned long long)p.bytes_after);
    std::fflush(stdout);
  });
  if (!packed) return fail(packed.status(), *v, dir);
  uint64_t entries = 0, before = 0, after = 0;
  for (const PackedSector& p : *packed)
    entries += p.entries, before += p.bytes_before, after += p.bytes_after;
  if (a.json)
    std::printf(
        "{\"variant\":%s,\"dir\":%s,\"derived_tables\":%zu,\"positions\":%llu,"
        "\"bytes_before\":%llu,\"bytes_after\":%llu}\n",
        json_string(v->name).c_str(), json_string(dir).c_str(), packed->size(),
        (unsigned long long)entries, (unsigned long long)before, (unsigned long long)after);
  else
    std::printf("%zu tables derived (%llu positions): %llu bytes -> %llu bytes\n", packed->size(),
                (unsigned long long)entries, (unsigned long long)before, (unsigned long long)after);
  return EXIT_OK;
}

struct InfoArgs {
  std::string dir;
  bool json = false;
};

int run_info(const InfoArgs& a) {
  std::vector<std::string> paths;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(a.dir, ec))
    if (e.path().extension() == ".mbt") paths.push_back(e.path().string());
  if (ec) return fail(EXIT_MISSING, "cannot read directory " + a.dir + ": " + ec.message());
  if (paths.empty()) return fail(EXIT_MISSING, "no tables (*.mbt) in " + a.dir);
  std::sort(paths.begin(), paths.end());
  uint64_t entries = 0, bytes = 0, wdl_bytes = 0;
  int corrupt = 0;
  std::string json, variant;
  // The variant the directory's manifest names, if it has one.
  Result<std::optional<DirManifest>> manifest = read_manifest(a.dir);
  const std::string owner = manifest && manifest->has_value() ? (*manifest)->variant : "";
  if (!a.json)
    std::printf("%-12s %13s %12s %9s %9s %10s %12s %12s %12s\n", "sector", "positions", "bytes",
                "bits/pos", "WDL bits", "checksums", "wins", "losses", "draws");
  for (const std::string& path : paths) {
    Result<TableFile> t = TableFile::open_any(path);
    if (!t) {
      ++corrupt;
      fail(EXIT_ERROR, t.message());
      continue;
    }
    const TableHeader& h = t->header();
    // A table under another sector's name (files renamed or swapped) is damaged.
    const std::string name = std::filesystem::path(path).filename().string();
    if (name != table_file_name(h.sector)) {
      ++corrupt;
      fail(EXIT_ERROR, path + ": holds sector " + sector_name(h.sector) + ", whose file is " +
                           table_file_name(h.sector));
      continue;
    }
    std::string of;  // the table's variant
    for (const Variant* v : all_variants())
      if (board_id(*v) == h.board && v->stones == h.stones && v->flying == h.flying)
        of = std::string(v->name);
    if (!owner.empty() && of != owner) {  // a foreign table
      ++corrupt;
      fail(EXIT_ERROR, path + ": a table of " + (of.empty() ? "an unknown variant" : of) +
                           " in a directory of " + owner);
      continue;
    }
    variant = of;
    uint64_t wdl = 0;
    for (const BlockEntry& b : t->blocks()) wdl += b.wdl_size;
    Status sums = t->verify_checksums();
    corrupt += !sums;
    entries += h.entries, bytes += t->file_size(), wdl_bytes += wdl;
    const char* state = !sums ? "CORRUPT" : t->derived() ? "derived" : "ok";
    const double bits = h.entries ? 8.0 * t->file_size() / h.entries : 0;
    const double wdl_bits = h.entries ? 8.0 * wdl / h.entries : 0;
    if (a.json) {
      char buf[512];
      std::snprintf(
          buf, sizeof buf,
          "{\"sector\":%s,\"positions\":%llu,\"bytes\":%llu,\"bits_per_position\":%.4f,"
          "\"wdl_bits_per_position\":%.4f,\"checksums_ok\":%s,\"derived\":%s,\"wins\":%llu,"
          "\"losses\":%llu,\"draws\":%llu,\"longest_win\":%u,\"longest_loss\":%u}",
          json_string(sector_name(h.sector)).c_str(), (unsigned long long)h.entries,
          (unsigned long long)t->file_size(), bits, wdl_bits, sums ? "true" : "false",
          t->derived() ? "true" : "false", (unsigned long long)h.stats.wins,
          (unsigned long long)h.stats.losses, (unsigned long long)h.stats.draws,
          h.stats.longest_win, h.stats.longest_loss);
      json += (json.empty() ? "" : ",") + std::string(buf);
    } else {
      std::printf("%-12s %13llu %12llu %9.3f %9.3f %10s %12llu %12llu %12llu\n",
                  sector_name(h.sector).c_str(), (unsigned long long)h.entries,
                  (unsigned long long)t->file_size(), bits, wdl_bits, state,
                  (unsigned long long)h.stats.wins, (unsigned long long)h.stats.losses,
                  (unsigned long long)h.stats.draws);
      if (!sums) fail(EXIT_ERROR, sums.message());
    }
  }
  // With a manifest the directory says whose tables it holds: those it must hold and
  // lacks are named too.
  int missing = 0;
  if (!manifest) {
    ++corrupt;
    fail(EXIT_ERROR, manifest.message());
  } else if (manifest->has_value()) {
    if (const Variant* v = find_variant(owner)) {
      Result<std::vector<Sector>> expected = expected_sectors(a.dir, SectorGraph(*v));
      if (!expected) return fail(expected.status(), *v, a.dir);
      for (const Sector& s : *expected)
        if (::access(table_path(a.dir, s).c_str(), F_OK) != 0) {
          ++missing;
          fail(EXIT_MISSING, "missing table " + table_path(a.dir, s) + " (sector " +
                                 sector_name(s) + " of " + std::string(v->name) + ")");
        }
    }
  }
  const double bits = entries ? 8.0 * bytes / entries : 0,
               wdl = entries ? 8.0 * wdl_bytes / entries : 0;
  if (a.json)
    std::printf(
        "{\"dir\":%s,\"variant\":%s,\"tables\":[%s],\"positions\":%llu,\"bytes\":%llu,"
        "\"bits_per_position\":%.4f,\"wdl_bits_per_position\":%.4f,\"corrupt\":%d,"
        "\"missing\":%d}\n",
        json_string(a.dir).c_str(), json_string(variant).c_str(), json.c_str(),
        (unsigned long long)entries, (unsigned long long)bytes, bits, wdl, corrupt, missing);
  else
    std::printf(
        "%s: %s, %zu tables, %llu positions, %llu bytes, %.3f bits/position (WDL planes "
        "%.3f), %d corrupt, %d missing\n",
        a.dir.c_str(), variant.c_str(), paths.size(), (unsigned long long)entries,
        (unsigned long long)bytes, bits, wdl, corrupt, missing);
  return missing ? EXIT_MISSING : corrupt ? EXIT_ERROR : EXIT_OK;
}

void add_common(CLI::App* cmd, TablesArgs& a) {
  add_variant_option(cmd, &a.variant);
  cmd->add_option("--db,-d", a.db, "Table directory (default: data/<variant>)");
  cmd->add_flag("--json", a.json, "Print JSON");
}

}  // namespace

Command register_stats(CLI::App& app) {
  auto a = std::make_shared<TablesArgs>();
  CLI::App* cmd = app.add_subcommand(
      "stats", "Wins, losses and draws per sector and in total, longest win and loss");
  add_common(cmd, *a);
  cmd->add_flag("--longest", a->longest,
                "Also find a position of the longest win (reads the table that holds it)");
  return {cmd, [a] { return run_stats(*a); }};
}

Command register_info(CLI::App& app) {
  auto a = std::make_shared<InfoArgs>();
  CLI::App* cmd = app.add_subcommand(
      "info", "Tables in a directory: sizes, bits per position, checksums, statistics");
  cmd->add_option("dir,--db,-d", a->dir, "Table directory")->required();
  cmd->add_flag("--json", a->json, "Print JSON");
  return {cmd, [a] { return run_info(*a); }};
}

Command register_verify(CLI::App& app) {
  auto a = std::make_shared<TablesArgs>();
  CLI::App* cmd = app.add_subcommand(
      "verify", "Recompute every stored value from its successors and report mismatches");
  add_common(cmd, *a);
  cmd->add_flag("--quick", a->quick, "Check the block checksums only");
  cmd->add_option("--sector", a->sectors, "Verify only this sector; repeatable");
  cmd->add_option("--max-stones", a->max_stones,
                  "Verify only the movement sectors with at most K stones per side");
  cmd->add_option("--placement-sample", a->placement_sample,
                  "Recompute only this fraction of each placement sector's entries, chosen by "
                  "a seeded hash (movement sectors are always checked whole)");
  cmd->add_option("--seed", a->seed, "Seed of the --placement-sample choice (default 0)");
  cmd->add_option("--threads,-j", a->threads, "Threads, 1..1024 (default: all cores)")
      ->check(CLI::Range(1, 1024));
  return {cmd, [a] { return run_verify(*a); }};
}

Command register_pack(CLI::App& app) {
  auto a = std::make_shared<TablesArgs>();
  CLI::App* cmd = app.add_subcommand(
      "pack",
      "Shrink a solved directory for distribution: replace the tables of placement "
      "sectors with an odd number of stones in hand by derived tables (found by a "
      "one-ply search when probed), after checking them");
  add_common(cmd, *a);
  cmd->add_option("--threads,-j", a->threads, "Threads, 1..1024 (default: all cores)")
      ->check(CLI::Range(1, 1024));
  return {cmd, [a] { return run_pack(*a); }};
}

}  // namespace millbase::cli
