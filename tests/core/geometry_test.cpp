// Board geometry: counts, names, adjacency and the symmetry group (also checked by
// static_assert at compile time; repeated here so a failure names the broken fact).
#include "core/geometry.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace millbase {
namespace {

Point at(const Board& b, const char* name) {
  return b.point_at(Coord{int8_t(name[0] - 'a'), int8_t(name[1] - '1')});
}

TEST(Geometry, CountsMatchRules) {
  EXPECT_EQ(BOARD_24.num_points, 24);
  EXPECT_EQ(BOARD_24.num_mills, 16);
  EXPECT_EQ(BOARD_24.num_adjacencies, 32);
  EXPECT_EQ(BOARD_16.num_points, 16);
  EXPECT_EQ(BOARD_16.num_mills, 8);
  EXPECT_EQ(BOARD_16.num_adjacencies, 20);
  EXPECT_TRUE(board_is_consistent(BOARD_24));
  EXPECT_TRUE(board_is_consistent(BOARD_16));
  // Twelve's board (rules.md): nine's lines and four diagonals, 20 mills; the corners of
  // the middle square lie on three mills; the symmetries are nine's.
  EXPECT_EQ(BOARD_24D.num_points, 24);
  EXPECT_EQ(BOARD_24D.num_mills, 20);
  EXPECT_EQ(BOARD_24D.num_adjacencies, 40);
  EXPECT_TRUE(board_is_consistent(BOARD_24D));
  for (int p = 0; p < 24; ++p) {
    EXPECT_EQ(BOARD_24D.coord[p], BOARD_24.coord[p]);
    EXPECT_EQ(BOARD_24D.adjacent[p] & BOARD_24.adjacent[p], BOARD_24.adjacent[p]);
    for (int s = 0; s < NUM_SYMMETRIES; ++s)
      EXPECT_EQ(BOARD_24D.symmetry[s][p], BOARD_24.symmetry[s][p]);
  }
  const Point b2 = BOARD_24D.point_at({1, 1});
  EXPECT_EQ(BOARD_24D.mill_count[b2], 3);
  EXPECT_EQ(popcount(BOARD_24D.adjacent[b2]), 4);
}

TEST(Geometry, PointNamesRoundTrip) {
  for (const Board* b : {&BOARD_24, &BOARD_16}) {
    std::set<std::string> names;
    for (Point p = 0; p < b->num_points; ++p) {
      std::string name(point_name(*b, p));
      EXPECT_EQ(at(*b, name.c_str()), p);
      names.insert(name);
    }
    EXPECT_EQ(int(names.size()), b->num_points);
  }
  EXPECT_EQ(at(BOARD_16, "a1"), NO_POINT);
  EXPECT_EQ(at(BOARD_24, "d4"), NO_POINT);
}

TEST(Geometry, SixConnectorsAreAdjacentButNoMill) {
  const Board& b = BOARD_16;
  for (auto [x, y] : {std::pair{"d2", "d3"}, {"b4", "c4"}, {"e4", "f4"}, {"d5", "d6"}}) {
    EXPECT_TRUE(contains(b.adjacent[at(b, x)], at(b, y))) << x << "-" << y;
    for (int i = 0; i < b.num_mills; ++i)
      EXPECT_NE(b.mills[i] & (bit(at(b, x)) | bit(at(b, y))), bit(at(b, x)) | bit(at(b, y)));
  }
  // Every mill is a side of a square: no mill uses a connector.
  EXPECT_EQ(b.mill_count[at(b, "d2")], 1);
  EXPECT_EQ(b.mill_count[at(b, "b2")], 2);
}

TEST(Geometry, KnownSymmetryImages) {
  const Board& b = BOARD_24;
  // Rotation by 90 degrees (symmetry 1) turns a1 into g1 and a quarter of each square.
  EXPECT_EQ(b.symmetry[1][at(b, "a1")], at(b, "g1"));
  EXPECT_EQ(b.symmetry[1][at(b, "d1")], at(b, "g4"));
  // Swapping the squares (symmetry 8) exchanges a1 with c3 and keeps b2.
  EXPECT_EQ(b.symmetry[8][at(b, "a1")], at(b, "c3"));
  EXPECT_EQ(b.symmetry[8][at(b, "d7")], at(b, "d5"));
  EXPECT_EQ(b.symmetry[8][at(b, "b2")], at(b, "b2"));
  EXPECT_EQ(BOARD_16.symmetry[8][at(BOARD_16, "b2")], at(BOARD_16, "c3"));
  EXPECT_EQ(BOARD_16.symmetry[8][at(BOARD_16, "d2")], at(BOARD_16, "d3"));
}

TEST(Geometry, SymmetriesFormAGroupOf16) {
  for (const Board* b : {&BOARD_24, &BOARD_16}) {
    std::set<std::array<Point, MAX_POINTS>> perms;
    for (int s = 0; s < NUM_SYMMETRIES; ++s) perms.insert(b->symmetry[s]);
    EXPECT_EQ(perms.size(), 16u);
    for (int s = 0; s < NUM_SYMMETRIES; ++s)
      for (int t = 0; t < NUM_SYMMETRIES; ++t) {
        std::array<Point, MAX_POINTS> composed{};
        for (int p = 0; p < b->num_points; ++p) composed[p] = b->symmetry[t][b->symmetry[s][p]];
        EXPECT_TRUE(perms.count(composed)) << s << " then " << t;
      }
  }
}

}  // namespace
}  // namespace millbase
