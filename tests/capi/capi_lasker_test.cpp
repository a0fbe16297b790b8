// The C API on Lasker morris (rules.md, "(lasker)"), where a side with stones in hand may
// move a stone instead of placing one: its tables of up to 4 stones a side, on the board
// and in hand together (the fixture cli.solve_lasker4), and its levels without tables.
#include "millbase.h"

#include <gtest/gtest.h>

#include <string>

namespace {

// White, with a stone in hand, draws only by moving a stone: every placement loses.
const char* const SLIDE = "W:d1,e5,b6 B:a7,d7,g7 w 1 0";

TEST(CApiLasker, OpensAndProbesAPositionWonOnlyByMovingWhilePlacing) {
  millbase_tables* tables = nullptr;
  char err[MILLBASE_ERR_SIZE], move[MILLBASE_MOVE_SIZE];
  ASSERT_EQ(millbase_open("Lasker", LASKER4_DB, &tables, err, sizeof err), MILLBASE_OK) << err;
  int result = -9, distance = -9;
  ASSERT_EQ(millbase_probe(tables, SLIDE, &result, &distance, err, sizeof err), MILLBASE_OK) << err;
  EXPECT_EQ(result, MILLBASE_DRAW);
  EXPECT_EQ(distance, -1);
  ASSERT_EQ(millbase_probe_wdl(tables, SLIDE, &result, err, sizeof err), MILLBASE_OK) << err;
  EXPECT_EQ(result, MILLBASE_DRAW);
  for (unsigned long seed : {1UL, 2UL, 3UL}) {
    ASSERT_EQ(millbase_best_move(tables, SLIDE, seed, move, sizeof move, err, sizeof err),
              MILLBASE_OK)
        << err;
    EXPECT_STREQ(move, "d1-d2");
  }
  // Any placement instead loses.
  ASSERT_EQ(
      millbase_probe(tables, "W:a1,d1,e5,b6 B:a7,d7,g7 b", &result, &distance, err, sizeof err),
      MILLBASE_OK)
      << err;
  EXPECT_EQ(result, MILLBASE_WIN);
  EXPECT_EQ(distance, 27);
  // Two on the board and one in hand fly: a1-g7 is legal, and g1 wins at once.
  ASSERT_EQ(millbase_probe(tables, "W:a1,d1 B:a7,d7 w 1 1", &result, &distance, err, sizeof err),
            MILLBASE_OK)
      << err;
  EXPECT_EQ(result, MILLBASE_WIN);
  EXPECT_EQ(distance, 1);
  // The draw rules count from the first ply (rules.md, lasker): a counter in placement is
  // taken, and with plain tables it changes nothing.
  ASSERT_EQ(millbase_probe_counter(tables, SLIDE, 7, &result, &distance, err, sizeof err),
            MILLBASE_OK)
      << err;
  EXPECT_EQ(result, MILLBASE_DRAW);
  EXPECT_EQ(millbase_probe_counter(tables, SLIDE, 51, &result, &distance, err, sizeof err),
            MILLBASE_INVALID);
  // Five stones a side are beyond these tables: the message names the table.
  EXPECT_EQ(millbase_probe(tables, "W:a1,d1 B:a7,d7 w 3 3", &result, &distance, err, sizeof err),
            MILLBASE_MISSING);
  EXPECT_NE(std::string(err).find("2-2+3-3.mbt (sector 2-2+3-3 of lasker)"), std::string::npos)
      << err;
  EXPECT_EQ(millbase_close(tables), MILLBASE_OK);
}

TEST(CApiLasker, LevelsMoveWhilePlacingWithoutTables) {
  // White wins in 3 only by b4-b6 (tests/player/search_test.cpp): level 5 sees it.
  char err[MILLBASE_ERR_SIZE], move[MILLBASE_MOVE_SIZE];
  for (unsigned long seed : {1UL, 9UL}) {
    ASSERT_EQ(millbase_level_move("lasker", nullptr, "W:a4,b4,c4,d6 B:f4 w 1 2", 0, "level5", seed,
                                  move, sizeof move, err, sizeof err),
              MILLBASE_OK)
        << err;
    EXPECT_STREQ(move, "b4-b6");
  }
}

}  // namespace
