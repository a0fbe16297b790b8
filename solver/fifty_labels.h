// Cursed wins and blessed losses: the positions that the 50-ply rule draws but that are
// decisive without it, told from the other draws of a 50-ply solve by the same variant's
// plain tables.
#pragma once

#include <string>

#include "solver/value_store.h"

namespace millbase {

// Rewrites each draw of sv (fifty codes, as solve_unit returns them) whose value in
// plain_dir's table of the same sector is a win or a loss as a cursed win or a blessed
// loss (z = FIFTY_BEYOND). Also checks that every position decisive under the rule has
// the same result without it (the rule only adds draws). A derived (packed) plain table
// is read as probe reads it: its values found by a search over its successors' tables.
// Errors: a plain table is missing (NotFound, naming it) or damaged, or disagrees
// (naming the entry).
Status label_beyond_rule(const Variant& v, const std::string& plain_dir, SectorValues& sv);

}  // namespace millbase
