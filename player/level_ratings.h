// The levels' ratings on the Elo scale, per variant, as bench/long/ladder.py fitted them
// to the ladder's matches (level 1 fixed at 1000; docs/levels.md, "The ladder in Elo").
// They are measurements copied from those runs, not computed here: rerun the ladder and
// update RATINGS (level_ratings.cpp) when a level changes.
#pragma once

#include <optional>
#include <string_view>

#include "core/variant.h"
#include "player/levels.h"

namespace millbase {

// Returns the rating of `level` (1..LEVELS) in v, or nothing where it was not measured.
std::optional<int> level_rating(const Variant& v, int level);

}  // namespace millbase
