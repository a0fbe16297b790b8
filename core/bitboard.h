// Bit operations on point sets.
#pragma once

#include <bit>
#include <cassert>

#include "core/types.h"

namespace millbase {

// Returns the set holding only point p.
constexpr Bitboard bit(Point p) { return Bitboard(1) << p; }

// Returns the number of points in b.
constexpr int popcount(Bitboard b) { return std::popcount(b); }

// Returns the lowest point of a non-empty set.
constexpr Point lsb(Bitboard b) {
  assert(b);
  return Point(std::countr_zero(b));
}

// Removes and returns the lowest point of a non-empty set.
constexpr Point pop_lsb(Bitboard& b) {
  Point p = lsb(b);
  b &= b - 1;
  return p;
}

// Returns true when p is in b.
constexpr bool contains(Bitboard b, Point p) { return (b >> p) & 1; }

}  // namespace millbase
