// Shared pieces of the millbase command-line tool: exit codes, errors, variant
// selection, JSON output and board drawing.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/board_text.h"
#include "core/json_text.h"
#include "core/json_writer.h"
#include "core/position.h"
#include "db/sector.h"
#include "db/shown_value.h"
#include "db/table_dir.h"
#include "db/table_header.h"
#include "db/tablebase.h"
#include "db/value.h"
#include "db/value_text.h"

namespace millbase::cli {

// Exit codes; scripts rely on them (documented in docs/cli.md).
constexpr int EXIT_OK = 0;       // success
constexpr int EXIT_ERROR = 1;    // an operation failed (I/O, corrupt data, internal error)
constexpr int EXIT_USAGE = 2;    // bad user input: unknown option, malformed position, ...
constexpr int EXIT_MISSING = 3;  // a needed table is missing

// A subcommand: its CLI11 parser and what runs when it is chosen.
struct Command {
  CLI::App* app;
  std::function<int()> run;
};

// Prints "millbase: <message>" on stderr.
void note(std::string_view message);

// Prints "millbase: <message>" on stderr and returns code.
int fail(int code, std::string_view message);

// Prints the JSON object w wrote, whole, and a newline on stdout.
void print_json_line(const JsonWriter& w);

// Writes a table's statistics into w's open object: the members wins, losses, draws,
// longest_win and longest_loss. (info, stats)
JsonWriter& stats_members(JsonWriter& w, const TableStats& s);

// Names on stderr each temporary file that a killed solve or pack left in dir (the next
// solve or pack removes them); returns how many. (info, verify)
size_t note_leftovers(const std::string& dir);

// Returns what solving all of v costs, from the sector graph: positions and the memory
// of its largest unit with its children whole.
std::string solve_cost(const Variant& v);

// Returns s's message; for a missing table or table directory (NotFound) of variant v
// in dir, followed by the command that builds it.
std::string explain(const Status& s, const Variant& v, const std::string& dir,
                    Metric metric = Metric::PLAIN);

// Prints explain(s, v, dir) and returns EXIT_MISSING for a missing table (NotFound),
// EXIT_USAGE for a directory of another variant (Invalid), else EXIT_ERROR.
int fail(const Status& s, const Variant& v, const std::string& dir, Metric metric = Metric::PLAIN);

// Adds --variant to cmd, storing the name in *name (default "six").
void add_variant_option(CLI::App* cmd, std::string* name);

// Returns the preset named name; on an unknown name prints an error listing the presets
// and returns nullptr.
const Variant* resolve_variant(const std::string& name);

// Adds the table directory option (`names`, default "--db,-d") to cmd, storing it in
// *dir: by default data/<variant>, data/<variant>-fifty with --rule fifty (table_dir).
void add_db_option(CLI::App* cmd, std::string* dir, const char* names = "--db,-d");

// Adds --rule to cmd, storing the word in *rule (default "plain").
void add_rule_option(CLI::App* cmd, std::string* rule, const char* help);

// Adds --threads,-j (1..1024; default: all cores) to cmd, storing the count in *threads.
void add_threads_option(CLI::App* cmd, int* threads);

// Returns the metric of a --rule word: plain (or none, the older word) -> PLAIN, fifty ->
// FIFTY (any case); on
// another word prints an error naming it and returns nullopt.
std::optional<Metric> resolve_rule(const std::string& rule);

// Returns the bytes of a --memory size ("20G", "512M", "100k", binary G and M, or a plain
// number; 0 when empty: no limit); on another text prints an error naming it and
// returns nullopt.
std::optional<uint64_t> resolve_memory(const std::string& text);

// Returns the error for dir holding `found` tables where --rule asked for `wanted` ones,
// with the flag that fixes it.
std::string metric_mismatch(const std::string& dir, Metric found, Metric wanted);

// Returns the tables in dir, which --rule says hold `metric` tables; tables of the
// other metric are Status::Code::Invalid with metric_mismatch's words. (probe, openings)
Result<std::shared_ptr<const Tablebase>> open_rule_tables(const Variant& v, const std::string& dir,
                                                          Metric metric,
                                                          const Tablebase::Options& o = {});

// Resolves --sector names and --max-stones K into stored sectors of v; prints errors.
bool parse_targets(const Variant& v, const std::vector<std::string>& names, int max_stones,
                   std::vector<Sector>& targets);

Command register_show(CLI::App& app);
Command register_solve(CLI::App& app);
Command register_sectors(CLI::App& app);
Command register_stats(CLI::App& app);
Command register_verify(CLI::App& app);
Command register_probe(CLI::App& app);
Command register_analyze(CLI::App& app);
Command register_info(CLI::App& app);
Command register_pack(CLI::App& app);
Command register_play(CLI::App& app);
Command register_engine(CLI::App& app);
Command register_uci(CLI::App& app);
Command register_annotate(CLI::App& app);
Command register_openings(CLI::App& app);
Command register_serve(CLI::App& app);
Command register_compare(CLI::App& app);
Command register_match(CLI::App& app);

}  // namespace millbase::cli
