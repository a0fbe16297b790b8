// millbase info: the tables in a directory: sizes, bits per position, checksums,
// statistics; a printer of solver/dir_report.h.

#include <cstdio>

#include "solver/dir_report.h"
#include "tools/cli_common.h"

namespace millbase::cli {

namespace {

struct InfoArgs {
  std::string dir;
  bool json = false;
};

// Returns "ok", "CORRUPT", "derived" or "wdl-only".
const char* table_state(const DirTableRow& t) {
  return !t.checksums_ok ? "CORRUPT" : t.derived ? "derived" : t.wdl_only ? "wdl-only" : "ok";
}

// Returns bytes in bits per position.
double bits_per(uint64_t bytes, uint64_t positions) {
  return positions ? 8.0 * double(bytes) / double(positions) : 0;
}

// Writes a row as a JSON object.
void row_json(JsonWriter& w, const DirTableRow& t) {
  w.begin_object()
      .field("sector", sector_name(t.sector))
      .field("positions", t.positions)
      .field("bytes", t.bytes)
      .field("bits_per_position", bits_per(t.bytes, t.positions), 4)
      .field("wdl_bits_per_position", bits_per(t.wdl_bytes, t.positions), 4)
      .field("checksums_ok", t.checksums_ok)
      .field("derived", t.derived)
      .field("wdl_only", t.wdl_only);
  stats_members(w, t.stats).end_object();
}

// Prints the problems found after `rows` rows on stderr.
void print_problems(const DirReport& r, size_t rows) {
  for (const DirProblem& p : r.problems)
    if (p.after_rows == rows)
      fail(p.status.code() == Status::Code::NotFound ? EXIT_MISSING : EXIT_ERROR,
           p.status.message());
}

// Prints the report as a table, each problem where it was found.
void print_text(const std::string& dir, const DirReport& r) {
  std::printf("%-12s %13s %12s %9s %9s %10s %12s %12s %12s\n", "sector", "positions", "bytes",
              "bits/pos", "WDL bits", "checksums", "wins", "losses", "draws");
  for (size_t i = 0; i < r.rows.size(); ++i) {
    print_problems(r, i);
    const DirTableRow& t = r.rows[i];
    std::printf("%-12s %13llu %12llu %9.3f %9.3f %10s %12llu %12llu %12llu\n",
                sector_name(t.sector).c_str(), (unsigned long long)t.positions,
                (unsigned long long)t.bytes, bits_per(t.bytes, t.positions),
                bits_per(t.wdl_bytes, t.positions), table_state(t),
                (unsigned long long)t.stats.wins, (unsigned long long)t.stats.losses,
                (unsigned long long)t.stats.draws);
    if (!t.checksums_ok) fail(EXIT_ERROR, t.checksum_error);
  }
  print_problems(r, r.rows.size());
  note_leftovers(dir);
  std::printf(
      "%s: %s, %zu tables, %llu positions, %llu bytes, %.3f bits/position (WDL planes "
      "%.3f), %d corrupt, %d missing\n",
      dir.c_str(), (r.variant + (r.metric == "fifty" ? " under the 50-ply rule" : "")).c_str(),
      r.table_files, (unsigned long long)r.positions, (unsigned long long)r.bytes,
      bits_per(r.bytes, r.positions), bits_per(r.wdl_bytes, r.positions), r.corrupt, r.missing);
}

// Prints the report as one JSON object; problems on stderr.
void print_json(const std::string& dir, const DirReport& r) {
  JsonWriter w;
  w.begin_object()
      .field("dir", dir)
      .field("variant", r.variant)
      .field("metric", r.metric)
      .key("tables")
      .begin_array();
  for (size_t i = 0; i <= r.rows.size(); ++i) {
    print_problems(r, i);
    if (i < r.rows.size()) row_json(w, r.rows[i]);
  }
  w.end_array()
      .field("positions", r.positions)
      .field("bytes", r.bytes)
      .field("bits_per_position", bits_per(r.bytes, r.positions), 4)
      .field("wdl_bits_per_position", bits_per(r.wdl_bytes, r.positions), 4)
      .field("corrupt", r.corrupt)
      .field("missing", r.missing)
      .field("leftover_files", note_leftovers(dir))
      .end_object();
  print_json_line(w);
}

int run_info(const InfoArgs& a) {
  Result<DirReport> r = read_dir_report(a.dir);
  if (!r) {
    if (r.status().code() != Status::Code::NotFound) return fail(EXIT_ERROR, r.message());
    // The same words as the other commands' for a missing or empty directory, which
    // know the variant; info reads any.
    return fail(EXIT_MISSING, r.message() +
                                  "; build them with: millbase solve --variant "
                                  "<nine|nine-noflying|six|five> --out " +
                                  a.dir);
  }
  if (a.json)
    print_json(a.dir, *r);
  else
    print_text(a.dir, *r);
  return r->missing ? EXIT_MISSING : r->corrupt ? EXIT_ERROR : EXIT_OK;
}

}  // namespace

Command register_info(CLI::App& app) {
  auto a = std::make_shared<InfoArgs>();
  CLI::App* cmd = app.add_subcommand(
      "info", "Tables in a directory: sizes, bits per position, checksums, statistics");
  cmd->add_option("dir,--db,-d", a->dir, "Table directory")->required();
  cmd->add_flag("--json", a->json, "Print JSON");
  return {cmd, [a] { return run_info(*a); }};
}

}  // namespace millbase::cli
