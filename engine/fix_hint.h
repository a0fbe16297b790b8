// The command that builds a missing table, added by the doors (the CLI, the engines, the
// web API, the Python package) to a library error that names what is missing.
#pragma once

#include <functional>
#include <string>

#include "core/status.h"
#include "core/variant.h"
#include "db/table_header.h"

namespace millbase::engine {

// Returns what solving all of v costs (positions, memory), for a whole missing
// directory; a program that has the sector graph supplies it (the CLI's solve_cost).
using CostNote = std::function<std::string(const Variant& v)>;

// How to build a missing table or table directory.
struct FixHint {
  // The runnable command: "millbase solve --variant six --sector 5-5 --out data/six".
  std::string command;
  // What the command costs, or what it is in truth (for a placement sector of nine or
  // twelve: the whole solve; of lasker: the sectors up to its stones a side); "" when
  // there is nothing to add.
  std::string note;
};

// Returns the hint for s, a missing table (NotFound naming its sector) or table
// directory (NotFound naming no sector) of v in dir: the note is cost(v) for a
// directory when cost is set, and for a placement sector of nine, twelve or lasker what
// the command is in truth (and for nine and twelve what it costs).
FixHint fix_hint(const Status& s, const Variant& v, const std::string& dir,
                 Metric metric = Metric::PLAIN, const CostNote& cost = {});

// Returns s's message; for a missing table or table directory (NotFound) followed by
// fix_hint's command and note: "<message>; build it with: <command>", then " (<note>)"
// for a directory or ". <note>" for a sector.
std::string explain(const Status& s, const Variant& v, const std::string& dir,
                    Metric metric = Metric::PLAIN, const CostNote& cost = {});

}  // namespace millbase::engine
