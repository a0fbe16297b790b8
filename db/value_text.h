// Values in words, as every door shows them (CLI, engines, web API): plain values ("win
// in 13") and fifty codes under the 50-ply rule at a counter (their JSON: ShownValue).
#pragma once

#include <string>

#include "db/table_header.h"
#include "db/value.h"

namespace millbase {

// Returns the plies of a decisive value as shown to users: the distance to the end for
// PLAIN, z (to the next mill or the end) for FIFTY.
int shown_plies(ValueCode v, Metric metric);

// Returns "win in 13", "loss in 4" or "draw" for a value of the metric (a FIFTY value
// under the rule, as fifty_at gives it).
std::string rule_value_text(ValueCode v, Metric metric);

// Returns the text of a fifty code under the rule with `counter` plies on the counter:
// "win in 7 (50-ply rule: plies to the next mill or the end)", "cursed win: a draw
// under the 50-ply rule (a win without it)", "draw", ...; placement: the position has
// no counter yet (z counts to the first mill of the movement phase or the end).
std::string fifty_text(ValueCode v, int counter, bool placement);

// Returns the brief text of a fifty code with `counter` plies on the counter: "win in
// 8", "draw (cursed win)", "draw (a win in 9 needs the counter at 41 or less)".
std::string fifty_move_text(ValueCode v, int counter);

}  // namespace millbase
