// Helpers shared by the core tests.
#pragma once

#include <random>
#include <string>

#include "core/position.h"

namespace millbase::test {

// Returns a random position that validate() accepts: random in-hand counts (often zero,
// so movement and flying occur), random stone counts, random points, random side.
Position random_position(const Variant& v, std::mt19937_64& rng);

// Returns s mutated 1-4 times: a byte flipped, set, dropped, inserted or duplicated,
// with bytes drawn from the notation's alphabet and a few hostile ones.
std::string mutate(std::string s, std::mt19937_64& rng);

// Fails the test unless m is a non-empty, printable line of moderate length.
void check_message(const std::string& m, const std::string& input);

// Returns the position given in notation; fails the test on a parse error.
Position parse(const Variant& v, const char* text);

}  // namespace millbase::test
