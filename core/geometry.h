// Board geometry: points, adjacency, mill lines and the 16 symmetries.
//
// Points are named like a chess board (columns a-g from the left, rows 1-7 from the
// bottom) and numbered densely per board in the order the board lists them, so that
// point sets are 32-bit words. A board is plain data built at compile time from a
// textual spec; a board with diagonal lines (twelve men's morris) is one more spec.
#pragma once

#include <array>
#include <string_view>

#include "core/bitboard.h"

namespace millbase {

constexpr int MAX_POINTS = 32;
constexpr int MAX_MILLS = 32;
constexpr int MAX_MILLS_PER_POINT = 4;
constexpr int NUM_SYMMETRIES = 16;

struct Coord {
  int8_t col = -1;  // 0 = a
  int8_t row = -1;  // 0 = row 1
  bool operator==(const Coord&) const = default;
};

// The textual definition of a board (see rules.md).
struct BoardSpec {
  std::string_view name;
  std::string_view points;      // "a1 d1 g1 ...", numbered in this order
  std::string_view mill_lines;  // "a1-d1-g1 ...": mills; consecutive points adjacent
  std::string_view connectors;  // "d2-d3 ...": adjacencies that are not mill lines
};

struct Board {
  std::string_view name;
  int num_points = 0;
  int num_mills = 0;
  int num_adjacencies = 0;
  Bitboard all = 0;
  std::array<Coord, MAX_POINTS> coord{};
  std::array<Bitboard, MAX_POINTS> adjacent{};
  std::array<Bitboard, MAX_MILLS> mills{};
  std::array<uint8_t, MAX_POINTS> mill_count{};  // mills through a point
  std::array<std::array<Bitboard, MAX_MILLS_PER_POINT>, MAX_POINTS> mills_at{};
  // symmetry[s][p] is the image of point p under symmetry s; symmetry 0 is the identity.
  std::array<std::array<Point, MAX_POINTS>, NUM_SYMMETRIES> symmetry{};
  std::array<uint8_t, NUM_SYMMETRIES> inverse{};

  // Returns the point at coord, or NO_POINT when the board has none there.
  constexpr Point point_at(Coord c) const {
    for (int p = 0; p < num_points; ++p)
      if (coord[p] == c) return Point(p);
    return NO_POINT;
  }

  // Returns true when the stone just arrived at p completes a mill of `own`.
  constexpr bool closes_mill(Bitboard own, Point p) const {
    for (int i = 0; i < mill_count[p]; ++i)
      if ((own & mills_at[p][i]) == mills_at[p][i]) return true;
    return false;
  }

  // Returns the points of `own` that stand in at least one complete mill.
  constexpr Bitboard in_mills(Bitboard own) const {
    Bitboard r = 0;
    for (int i = 0; i < num_mills; ++i)
      if ((own & mills[i]) == mills[i]) r |= mills[i];
    return r;
  }

  // Returns the stones of `theirs` that a mill may remove (rules.md, a turn, step 2).
  constexpr Bitboard removable(Bitboard theirs) const {
    Bitboard free = theirs & ~in_mills(theirs);
    return free ? free : theirs;
  }

  // Returns the image of a point set under symmetry s.
  constexpr Bitboard transform(Bitboard b, int s) const {
    Bitboard r = 0;
    while (b) r |= bit(symmetry[s][pop_lsb(b)]);
    return r;
  }
};

// Returns the board built from spec (used at compile time).
constexpr Board make_board(const BoardSpec& spec);

// Returns the name of point p of board b, e.g. "d5" (two characters).
std::string_view point_name(const Board& b, Point p);

}  // namespace millbase

#include "core/geometry_build.h"

namespace millbase {

// rules.md: the 24-point board (nine men's morris).
inline constexpr Board BOARD_24 = make_board(
    {"24-point", "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7",
     "a1-d1-g1 b2-d2-f2 c3-d3-e3 a4-b4-c4 e4-f4-g4 c5-d5-e5 b6-d6-f6 a7-d7-g7 "
     "a1-a4-a7 b2-b4-b6 c3-c4-c5 d1-d2-d3 d5-d6-d7 e3-e4-e5 f2-f4-f6 g1-g4-g7",
     ""});

// rules.md: the 24-point board with its four diagonal lines (twelve men's morris): the
// points and lines of BOARD_24 and the diagonals joining the corners of the squares, which
// are mills too.
inline constexpr Board BOARD_24D =
    make_board({"24-point with diagonals",
                "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7",
                "a1-d1-g1 b2-d2-f2 c3-d3-e3 a4-b4-c4 e4-f4-g4 c5-d5-e5 b6-d6-f6 a7-d7-g7 "
                "a1-a4-a7 b2-b4-b6 c3-c4-c5 d1-d2-d3 d5-d6-d7 e3-e4-e5 f2-f4-f6 g1-g4-g7 "
                "a1-b2-c3 g1-f2-e3 a7-b6-c5 g7-f6-e5",
                ""});

// rules.md: the 16-point board (six and five men's morris).
inline constexpr Board BOARD_16 =
    make_board({"16-point", "b2 d2 f2 c3 d3 e3 b4 c4 e4 f4 c5 d5 e5 b6 d6 f6",
                "b2-d2-f2 b6-d6-f6 b2-b4-b6 f2-f4-f6 c3-d3-e3 c5-d5-e5 c3-c4-c5 e3-e4-e5",
                "d2-d3 b4-c4 e4-f4 d5-d6"});

}  // namespace millbase
