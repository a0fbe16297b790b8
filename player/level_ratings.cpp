#include "player/level_ratings.h"

#include <cassert>

namespace millbase {

namespace {

struct VariantRatings {
  std::string_view variant;  // Variant::name
  int elo[LEVELS + 1];       // elo[level] for level 1..LEVELS; 0: not measured
};

// bench/long/ladder.py level1 … level9 perfect --games 400 --seed 1 (docs/levels.md names
// each run's commit and machine), rounded to the nearest point.
constexpr VariantRatings RATINGS[] = {
    {"six", {0, 1000, 1558, 1860, 2086, 2217, 2303, 2350, 2387, 2415, 2445}},
    {"five", {0, 1000, 1517, 1859, 2175, 2347, 2459, 2525, 2576, 2613, 2654}},
    {"nine", {0, 1000, 1849, 2446, 2590, 2699, 2981, 3218, 3351, 3427, 3541}},
};

}  // namespace

std::optional<int> level_rating(const Variant& v, int level) {
  assert(level >= 1 && level <= LEVELS);
  for (const VariantRatings& r : RATINGS)
    if (r.variant == v.name && r.elo[level] != 0) return r.elo[level];
  return std::nullopt;
}

}  // namespace millbase
