// Basic types shared by every layer: colours, points, bitboards, moves.
// Dependency order of core/: types -> bitboard -> geometry -> variant -> position
//   -> movegen / unmovegen -> symmetry -> notation -> game.
#pragma once

#include <cstdint>

namespace millbase {

// A set of points: bit p is point p of the board (at most 32 points).
using Bitboard = uint32_t;

// A point index on a board, 0 .. Board::num_points - 1.
using Point = uint8_t;
constexpr Point NO_POINT = 0xFF;

// On disk: do not change (WHITE = 0, BLACK = 1).
enum Color : uint8_t { WHITE = 0, BLACK = 1 };

// Returns the other colour.
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// One turn: a placement (from == NO_POINT) or a slide/fly, plus an optional removal
// (NO_POINT when none). Trivial, so move lists are not filled on construction.
struct Move {
  Point from;
  Point to;
  Point remove;

  bool is_placement() const { return from == NO_POINT; }
  bool operator==(const Move&) const = default;
};

}  // namespace millbase
