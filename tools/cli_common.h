// Shared pieces of the millbase command-line tool: exit codes, errors, variant
// selection, JSON output and board drawing.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/position.h"
#include "db/sector.h"
#include "db/table_header.h"
#include "db/tablebase.h"
#include "db/value.h"

namespace millbase::cli {

// Exit codes; scripts rely on them (documented in README.md).
constexpr int EXIT_OK = 0;       // success
constexpr int EXIT_ERROR = 1;    // an operation failed (I/O, corrupt data, internal error)
constexpr int EXIT_USAGE = 2;    // bad user input: unknown option, malformed position, ...
constexpr int EXIT_MISSING = 3;  // a needed table is missing

// A subcommand: its CLI11 parser and what runs when it is chosen.
struct Command {
  CLI::App* app;
  std::function<int()> run;
};

// Prints "millbase: <message>" on stderr and returns code.
int fail(int code, std::string_view message);

// Returns what solving all of v costs, from the sector graph: positions and the memory
// of its largest unit with its children whole.
std::string solve_cost(const Variant& v);

// Returns s's message; for a missing table or table directory (NotFound) of variant v
// in dir, followed by the command that builds it.
std::string explain(const Status& s, const Variant& v, const std::string& dir,
                    Metric metric = Metric::DTM);

// Prints explain(s, v, dir) and returns EXIT_MISSING for a missing table (NotFound),
// EXIT_USAGE for a directory of another variant (Invalid), else EXIT_ERROR.
int fail(const Status& s, const Variant& v, const std::string& dir, Metric metric = Metric::DTM);

// Adds --variant to cmd, storing the name in *name (default "six").
void add_variant_option(CLI::App* cmd, std::string* name);

// Returns the preset named name; on an unknown name prints an error listing the presets
// and returns nullptr.
const Variant* resolve_variant(const std::string& name);

// Returns `given`, or the default table directory when it is empty: data/<variant>, or
// data/<variant>-fifty for the 50-ply rule's tables.
std::string table_dir(const Variant& v, const std::string& given, Metric metric = Metric::DTM);

// Returns `given`, or the tables for the draw rules of play: data/<variant>-fifty when
// its manifest says it holds all of the variant's 50-ply tables, else data/<variant>.
// (play, engine, uci, serve)
std::string play_dir(const Variant& v, const std::string& given);

// Returns the metric dir's manifest names; DTM when it has none or cannot be read.
Metric metric_of(const std::string& dir);

// Returns the plain (DTM) tables in dir for a command that reads no others; a directory
// of 50-ply tables is Status::Code::Invalid, naming the command.
Result<std::shared_ptr<const Tablebase>> open_plain_tables(const Variant& v, const std::string& dir,
                                                           std::string_view command);

// Returns ok when dir is a table directory of v, of whichever metric its manifest names.
Status check_any_table_dir(const Variant& v, const std::string& dir);

// Returns the plies of a decisive value as shown to users: the distance to the end for
// DTM, z (to the next mill or the end) for FIFTY.
int shown_plies(ValueCode v, Metric metric);

// Returns "win in 13", "loss in 4" or "draw" for a value of the metric (a FIFTY value
// under the rule, as fifty_at gives it).
std::string rule_value_text(ValueCode v, Metric metric);

// Adds --rule to cmd, storing the word in *rule (default "none").
void add_rule_option(CLI::App* cmd, std::string* rule, const char* help);

// Returns the metric of a --rule word: none -> DTM, fifty -> FIFTY (any case); on
// another word prints an error naming it and returns nullopt.
std::optional<Metric> resolve_rule(const std::string& rule);

// Returns the JSON members of a value: "result":"win","distance":13 (null for a draw).
std::string json_value(ValueCode v);

// Returns the text of a fifty code under the rule with `counter` plies on the counter:
// "win in 7 (50-ply rule: plies to the next mill or the end)", "cursed win: a draw
// under the 50-ply rule (a win without it)", "draw", ...; placement: the position has
// no counter yet (z counts to the first mill of the movement phase or the end).
std::string fifty_text(ValueCode v, int counter, bool placement);

// Returns the brief text of a fifty code with `counter` plies on the counter: "win in
// 8", "draw (cursed win)", "draw (a win in 9 needs the counter at 41 or less)".
std::string fifty_move_text(ValueCode v, int counter);

// Returns the JSON members of a fifty code at a counter: "rule":"fifty","counter":c,
// "result" (under the rule at c), "distance" (z when the result is decisive, else null),
// "class" (five ways, at counter 0) and "z" (z of a decisive class, else null).
std::string json_fifty(ValueCode v, int counter);

// Returns s as a JSON string literal.
std::string json_string(std::string_view s);

// Returns the board drawn in ASCII with coordinates, White as 'W', Black as 'B'.
std::string draw_board(const Variant& v, const Position& p);

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

}  // namespace millbase::cli
