// Helpers shared by the core tests.
#pragma once

#include <random>

#include "core/position.h"

namespace millbase::test {

// Returns a random position that validate() accepts: random in-hand counts (often zero,
// so movement and flying occur), random stone counts, random points, random side.
Position random_position(const Variant& v, std::mt19937_64& rng);

// Returns the position given in notation; fails the test on a parse error.
Position parse(const Variant& v, const char* text);

}  // namespace millbase::test
