// The C API's levels (millbase_level_move): the player's moves without tables, perfect
// play from six's tables only, and its errors.
#include "capi_fixture.h"

#include "core/movegen.h"
#include "player/player.h"

namespace millbase::capi_test {
namespace {

// millbase_level_move: its move, its status and message, with tables or NULL.
struct LevelMove {
  int code;
  std::string move, err;
};
LevelMove level_move(const char* variant, const millbase_tables* tables, const char* position,
                     const char* level, unsigned long seed = 1, int counter = 0) {
  char move[MILLBASE_MOVE_SIZE] = "junk", err[MILLBASE_ERR_SIZE];
  const int code = millbase_level_move(variant, tables, position, counter, level, seed, move,
                                       sizeof move, err, sizeof err);
  return {code, move, err};
}

// b2 closes the mill b2-d2-f2.
const char* const MILL_IN_ONE = "W:d2,f2,c4 B:d6,f6,e4 w 3 3";

TEST(CApiLevelTest, LevelsPlayWithoutTablesAsThePlayerDoes) {
  const Position p = *parse_position(SIX, MILL_IN_ONE);
  std::set<std::string> legal;
  for (Move m : MoveList(SIX, p)) legal.insert(format_move(SIX, m));
  for (int level = 1; level <= SEARCH_LEVELS; ++level)
    for (unsigned long seed : {1UL, 2UL, 77UL}) {
      const std::string name = level_name(level);
      const LevelMove m = level_move("six", nullptr, MILL_IN_ONE, name.c_str(), seed);
      ASSERT_EQ(m.code, MILLBASE_OK) << name << ": " << m.err;
      EXPECT_EQ(m.err, "");
      EXPECT_TRUE(legal.contains(m.move)) << m.move;
      // The C++ player's move with the same seed; the name in any case or as a digit.
      EXPECT_EQ(m.move, format_move(SIX, *Player(SIX, nullptr, seed).choose(p, level)));
      EXPECT_EQ(
          level_move("SIX", nullptr, MILL_IN_ONE, ("LEVEL" + std::to_string(level)).c_str(), seed)
              .move,
          m.move);
      EXPECT_EQ(level_move("six", nullptr, MILL_IN_ONE, std::to_string(level).c_str(), seed).move,
                m.move);
      // From level 2 up a level closes a mill when it can.
      if (level >= 2) {
        EXPECT_TRUE(m.move.starts_with("b2x")) << name << ": " << m.move;
      }
    }
}

TEST_F(CApiTest, LevelMovePlaysPerfectlyFromTheTablesOnly) {
  int code;
  for (unsigned long seed : {1UL, 5UL}) {
    const LevelMove m = level_move("six", tables_, DRAWN, "Perfect", seed);
    ASSERT_EQ(m.code, MILLBASE_OK) << m.err;
    EXPECT_EQ(m.move, best_move(DRAWN, seed, &code));
  }
  EXPECT_EQ(level_move("six", tables_, DRAWN, "strong").code, MILLBASE_OK);
  EXPECT_EQ(level_move("six", tables_, MILL_IN_ONE, "level3").code, MILLBASE_OK);
  const LevelMove none = level_move("six", nullptr, DRAWN, "perfect");
  EXPECT_EQ(none.code, MILLBASE_INVALID);
  EXPECT_EQ(none.move, "");
  EXPECT_EQ(none.err, "perfect plays from the tables: pass those of six (millbase_open)");
  EXPECT_EQ(level_move("six", nullptr, DRAWN, "strong").code, MILLBASE_INVALID);
  // Levels 6..9 play from the tables too.
  EXPECT_EQ(level_move("six", tables_, DRAWN, "level7").code, MILLBASE_OK);
  EXPECT_EQ(level_move("six", nullptr, DRAWN, "level7").err,
            "level7 plays from the tables: pass those of six (millbase_open)");
}

TEST_F(CApiTest, LevelMoveErrors) {
  LevelMove m = level_move("six", nullptr, MILL_IN_ONE, "level11");
  EXPECT_EQ(m.code, MILLBASE_INVALID);
  EXPECT_NE(m.err.find("'level11'"), std::string::npos) << m.err;
  EXPECT_EQ(m.move, "");
  m = level_move("seven", nullptr, MILL_IN_ONE, "level1");
  EXPECT_EQ(m.code, MILLBASE_INVALID);
  EXPECT_NE(m.err.find("unknown variant 'seven'"), std::string::npos) << m.err;
  m = level_move("five", tables_, "W: B: w 5 5", "level1");
  EXPECT_EQ(m.code, MILLBASE_INVALID);
  EXPECT_EQ(m.err, "the tables are of six, not of five");
  m = level_move("six", nullptr, OVER, "level3");
  EXPECT_EQ(m.code, MILLBASE_GAME_OVER);
  EXPECT_EQ(m.move, "");
  m = level_move("six", nullptr, "W:d2,z9 B: w", "level3");
  EXPECT_EQ(m.code, MILLBASE_INVALID);
  EXPECT_NE(m.err.find("'z9'"), std::string::npos) << m.err;
  EXPECT_EQ(level_move("six", nullptr, MILL_IN_ONE, "level3", 1, 1).code, MILLBASE_INVALID)
      << "a counter above 0 in placement";
  m = level_move(nullptr, nullptr, MILL_IN_ONE, "level3");
  EXPECT_EQ(m.code, MILLBASE_INVALID);
  EXPECT_EQ(m.err, "variant is NULL");
  m = level_move("six", nullptr, MILL_IN_ONE, nullptr);
  EXPECT_EQ(m.err, "level is NULL");
  char err[MILLBASE_ERR_SIZE], tiny[2] = "x";
  EXPECT_EQ(millbase_level_move("six", nullptr, MILL_IN_ONE, 0, "level3", 1, tiny, sizeof tiny, err,
                                sizeof err),
            MILLBASE_BUFFER_TOO_SMALL);
  EXPECT_STREQ(tiny, "");
}

}  // namespace
}  // namespace millbase::capi_test
