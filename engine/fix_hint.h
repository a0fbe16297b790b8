// The command that builds a missing table, added by the doors (the CLI, the engines, the
// web API) to a library error that names what is missing.
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

// Returns s's message; for a missing table or table directory (NotFound) of v in dir,
// followed by the command that builds it, with cost(v) for a whole directory when
// cost is set, and for a placement table of nine or twelve what that command is in truth
// (the whole solve) and what it costs.
std::string explain(const Status& s, const Variant& v, const std::string& dir,
                    Metric metric = Metric::PLAIN, const CostNote& cost = {});

}  // namespace millbase::engine
