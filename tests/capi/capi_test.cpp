// The C API (capi/millbase.h) against six's tables, solved by the cli.solve_six fixture:
// values, perfect moves, the levels' moves (with and without tables), and every status
// code with its message.
#include "millbase.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "db/tablebase.h"
#include "player/player.h"

namespace millbase {
namespace {

const char* const LONGEST_WIN = "W:b2,d2,c3,e3,b4,d5 B:f2,d3,c4,f4,b6 w";  // win in 119
const char* const START = "W: B: w 6 6";
const char* const BLOCKADE = "W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w";  // win in 1: d3-c3
const char* const DRAWN = "W:c4,e4,c5,d5,e5,f6 B:b2,c3,d3,e3,f4,b6 w";
const char* const OVER = "W:d2,c3,b4,e5,f6 B:c4,c5,d5,b6,d6 b";  // Black cannot move

// A probe's outcome: the status code, the result and distance, and the message.
struct Probe {
  int code, result = -9, distance = -9;
  std::string err;
};

class CApiTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char err[MILLBASE_ERR_SIZE];
    ASSERT_EQ(millbase_open("six", SIX_DB, &tables_, err, sizeof err), MILLBASE_OK) << err;
    cpp_ = *Tablebase::open(SIX, SIX_DB);
  }
  static void TearDownTestSuite() {
    EXPECT_EQ(millbase_close(tables_), MILLBASE_OK);
    tables_ = nullptr;
    cpp_.reset();
  }

  static Probe probe(const std::string& position) {
    Probe p;
    char err[MILLBASE_ERR_SIZE];
    p.code = millbase_probe(tables_, position.c_str(), &p.result, &p.distance, err, sizeof err);
    p.err = err;
    return p;
  }
  static Probe probe_wdl(const std::string& position) {
    Probe p;
    char err[MILLBASE_ERR_SIZE];
    p.code = millbase_probe_wdl(tables_, position.c_str(), &p.result, err, sizeof err);
    p.err = err;
    return p;
  }
  // Returns the best move's text, or "" with code set on failure.
  static std::string best_move(const std::string& position, unsigned long seed, int* code) {
    char move[MILLBASE_MOVE_SIZE], err[MILLBASE_ERR_SIZE];
    *code = millbase_best_move(tables_, position.c_str(), seed, move, sizeof move, err, sizeof err);
    return move;
  }
  // Returns the moves Tablebase::analyze ranks best in position.
  static std::set<std::string> analyze_best(const std::string& position) {
    Position p = *parse_position(SIX, position);
    std::vector<MoveValue> moves = *cpp_->analyze(p);
    std::set<std::string> best;
    for (const MoveValue& m : moves)
      if (m.value == moves.front().value) best.insert(format_move(SIX, m.move));
    return best;
  }

  static millbase_tables* tables_;
  static std::shared_ptr<const Tablebase> cpp_;
};

millbase_tables* CApiTest::tables_ = nullptr;
std::shared_ptr<const Tablebase> CApiTest::cpp_;

TEST_F(CApiTest, LongestWinOfSixIsAWinIn119) {
  Probe p = probe(LONGEST_WIN);
  ASSERT_EQ(p.code, MILLBASE_OK) << p.err;
  EXPECT_EQ(p.err, "");
  EXPECT_EQ(p.result, MILLBASE_WIN);
  EXPECT_EQ(p.distance, 119);
  EXPECT_EQ(probe_wdl(LONGEST_WIN).result, MILLBASE_WIN);
}

TEST_F(CApiTest, EmptyBoardIsADraw) {
  Probe p = probe(START);
  ASSERT_EQ(p.code, MILLBASE_OK) << p.err;
  EXPECT_EQ(p.result, MILLBASE_DRAW);
  EXPECT_EQ(p.distance, -1);
}

TEST_F(CApiTest, FinishedGameIsALossIn0WithoutMove) {
  Probe p = probe(OVER);
  ASSERT_EQ(p.code, MILLBASE_OK) << p.err;
  EXPECT_EQ(p.result, MILLBASE_LOSS);
  EXPECT_EQ(p.distance, 0);
  char move[MILLBASE_MOVE_SIZE] = "junk", err[MILLBASE_ERR_SIZE];
  EXPECT_EQ(millbase_best_move(tables_, OVER, 1, move, sizeof move, err, sizeof err),
            MILLBASE_GAME_OVER);
  EXPECT_STREQ(move, "");
  EXPECT_STREQ(err, "the game is over: Black has no legal move");
}

TEST_F(CApiTest, BestMoveIsOneAnalyzeRanksBest) {
  for (const char* position : {LONGEST_WIN, BLOCKADE, START, DRAWN}) {
    const std::set<std::string> best = analyze_best(position);
    for (unsigned long seed = 0; seed < 8; ++seed) {
      int code;
      const std::string move = best_move(position, seed, &code);
      ASSERT_EQ(code, MILLBASE_OK) << position;
      EXPECT_TRUE(best.count(move)) << position << ": " << move;
    }
  }
  int code;
  EXPECT_EQ(best_move(BLOCKADE, 7, &code), "d3-c3");
}

TEST_F(CApiTest, BestMoveDependsOnlyOnTheSeed) {
  int code;
  for (unsigned long seed = 0; seed < 8; ++seed)
    EXPECT_EQ(best_move(START, seed, &code), best_move(START, seed, &code));
}

// Following best moves from the longest win ends the game in exactly 119 plies, each
// ply one nearer; probe_wdl agrees with probe all the way.
TEST_F(CApiTest, PerfectPlayPlaysOutTheLongestWin) {
  Position p = *parse_position(SIX, LONGEST_WIN);
  for (int left = 119; left >= 0; --left) {
    const std::string text = format_position(SIX, p);
    Probe v = probe(text), w = probe_wdl(text);
    ASSERT_EQ(v.code, MILLBASE_OK) << v.err;
    ASSERT_EQ(v.distance, left) << text;
    EXPECT_EQ(v.result, left % 2 ? MILLBASE_WIN : MILLBASE_LOSS) << text;
    EXPECT_EQ(w.result, v.result) << text;
    int code;
    const std::string move = best_move(text, unsigned(left), &code);
    if (left == 0) {
      EXPECT_EQ(code, MILLBASE_GAME_OVER);
      break;
    }
    ASSERT_EQ(code, MILLBASE_OK) << text;
    p = do_move(p, *parse_move(SIX, p, move));
  }
}

TEST_F(CApiTest, ProbeWdlAgreesWithProbeTwoPliesFromTheStart) {
  const Position start = *parse_position(SIX, START);
  int checked = 0;
  for (Move m : MoveList(SIX, start)) {
    const Position q = do_move(start, m);
    for (Move r : MoveList(SIX, q)) {
      const std::string text = format_position(SIX, do_move(q, r));
      Probe v = probe(text), w = probe_wdl(text);
      ASSERT_EQ(v.code, MILLBASE_OK) << v.err;
      ASSERT_EQ(w.code, MILLBASE_OK) << w.err;
      EXPECT_EQ(w.result, v.result) << text;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 16 * 15);
}

TEST_F(CApiTest, BadPositionIsInvalidAndNamesTheToken) {
  for (const char* bad : {"W:z9 B: w", "W:b2 B: w 6 z9"}) {
    Probe v = probe(bad), w = probe_wdl(bad);
    EXPECT_EQ(v.code, MILLBASE_INVALID);
    EXPECT_EQ(w.code, MILLBASE_INVALID);
    EXPECT_NE(v.err.find("'z9'"), std::string::npos) << v.err;
    EXPECT_EQ(w.err, v.err);
    EXPECT_EQ(v.result, -9) << "outputs are written only on success";
    char move[MILLBASE_MOVE_SIZE], err[MILLBASE_ERR_SIZE];
    EXPECT_EQ(millbase_best_move(tables_, bad, 0, move, sizeof move, err, sizeof err),
              MILLBASE_INVALID);
    EXPECT_EQ(err, v.err);
  }
  Probe off = probe("W:a1 B: w");  // a point of nine's board only
  EXPECT_EQ(off.code, MILLBASE_INVALID);
  EXPECT_NE(off.err.find("'a1' is not on the 16-point board of six"), std::string::npos);
}

TEST_F(CApiTest, TooSmallMoveBufferIsRefusedAndLeftEmpty) {
  char move[8], err[MILLBASE_ERR_SIZE];
  std::strcpy(move, "junk");
  EXPECT_EQ(millbase_best_move(tables_, BLOCKADE, 0, move, 5, err, sizeof err),
            MILLBASE_BUFFER_TOO_SMALL);
  EXPECT_STREQ(move, "");
  EXPECT_STREQ(err, "the move d3-c3 needs 6 bytes, the buffer has 5");
  EXPECT_EQ(millbase_best_move(tables_, BLOCKADE, 0, move, 0, err, sizeof err),
            MILLBASE_BUFFER_TOO_SMALL);
  EXPECT_EQ(millbase_best_move(tables_, BLOCKADE, 0, move, 6, err, sizeof err), MILLBASE_OK);
  EXPECT_STREQ(move, "d3-c3");
}

TEST_F(CApiTest, NullArgumentsAreRefused) {
  int result, distance;
  char move[MILLBASE_MOVE_SIZE], err[MILLBASE_ERR_SIZE];
  EXPECT_EQ(millbase_probe(nullptr, START, &result, &distance, err, sizeof err), MILLBASE_INVALID);
  EXPECT_STREQ(err, "tables is NULL");
  EXPECT_EQ(millbase_probe(tables_, nullptr, &result, &distance, err, sizeof err),
            MILLBASE_INVALID);
  EXPECT_STREQ(err, "position is NULL");
  EXPECT_EQ(millbase_probe(tables_, START, nullptr, &distance, err, sizeof err), MILLBASE_INVALID);
  EXPECT_EQ(millbase_probe(tables_, START, &result, nullptr, err, sizeof err), MILLBASE_INVALID);
  EXPECT_STREQ(err, "distance is NULL");
  EXPECT_EQ(millbase_probe_wdl(tables_, START, nullptr, err, sizeof err), MILLBASE_INVALID);
  EXPECT_EQ(millbase_probe_wdl(nullptr, START, &result, nullptr, 0), MILLBASE_INVALID);
  EXPECT_EQ(millbase_best_move(tables_, START, 0, nullptr, 16, err, sizeof err), MILLBASE_INVALID);
  EXPECT_STREQ(err, "move is NULL");
  EXPECT_EQ(millbase_best_move(nullptr, START, 0, move, sizeof move, nullptr, 0), MILLBASE_INVALID);
  EXPECT_EQ(millbase_close(nullptr), MILLBASE_INVALID);
  // A NULL or empty error buffer is allowed: no message.
  EXPECT_EQ(millbase_probe(tables_, START, &result, &distance, nullptr, 0), MILLBASE_OK);
  EXPECT_EQ(millbase_probe(tables_, "W:z9 B: w", &result, &distance, err, 0), MILLBASE_INVALID);
}

TEST_F(CApiTest, LongMessagesAreCutAndTerminated) {
  int result, distance;
  char err[12];
  std::memset(err, 'x', sizeof err);
  EXPECT_EQ(millbase_probe(tables_, "W:z9 B: w", &result, &distance, err, 10), MILLBASE_INVALID);
  EXPECT_EQ(std::strlen(err), 9u);
  EXPECT_EQ(err[11], 'x');
  EXPECT_EQ(std::string(err), probe("W:z9 B: w").err.substr(0, 9));
}

// One handle probed and asked for moves by several threads at once.
TEST_F(CApiTest, OneHandleServesSeveralThreads) {
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([t, &failures] {
      for (int i = 0; i < 50; ++i) {
        Probe v = probe(LONGEST_WIN), w = probe_wdl(DRAWN);
        int code;
        const std::string move = best_move(BLOCKADE, unsigned(t * 100 + i), &code);
        failures[t] += v.distance != 119 || w.result != MILLBASE_DRAW || move != "d3-c3";
      }
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(failures, std::vector<int>(4, 0));
}

// The 50-ply counter (millbase_probe_counter, millbase_best_move_counter) on six's 50-ply
// tables, against Tablebase::probe with fifty_at() and analyze(p, counter), over the
// movement positions of seeded random games at every counter; a decisive value must
// turn into a draw once its z no longer fits the plies left. With the plain tables the
// counter does not change the answer; a counter outside 0..50 or in placement is
// refused.
TEST(CApiCounterTest, ValuesAndMovesFollowTheCounter) {
  char err[MILLBASE_ERR_SIZE];
  millbase_tables *fifty = nullptr, *plain = nullptr;
  ASSERT_EQ(millbase_open("six", SIX_FIFTY_DB, &fifty, err, sizeof err), MILLBASE_OK) << err;
  ASSERT_EQ(millbase_open("six", SIX_DB, &plain, err, sizeof err), MILLBASE_OK) << err;
  std::shared_ptr<const Tablebase> cpp = *Tablebase::open(SIX, SIX_FIFTY_DB);
  ASSERT_EQ(cpp->metric(), Metric::FIFTY);
  std::mt19937_64 rng(2026);
  int checked = 0, turned_to_draw = 0;
  for (int game = 0; game < 40; ++game) {
    Position p = *parse_position(SIX, START);
    for (int ply = 0; ply < 40 && game_over(SIX, p) == GameOver::None; ++ply) {
      MoveList moves(SIX, p);
      p = do_move(p, moves.begin()[rng() % uint64_t(moves.size())]);
      if (p.in_hand[WHITE] || p.in_hand[BLACK] || game_over(SIX, p) != GameOver::None) continue;
      const std::string text = format_position(SIX, p);
      const ValueCode stored = *cpp->probe(p);
      for (int counter : {0, 1, 20, 35, 49, 50}) {
        int result = -9, distance = -9;
        ASSERT_EQ(millbase_probe_counter(fifty, text.c_str(), counter, &result, &distance, err,
                                         sizeof err),
                  MILLBASE_OK)
            << text << " " << err;
        const ValueCode now = fifty_at(stored, counter);
        EXPECT_EQ(result, int(wdl_of(now))) << text << " counter " << counter;
        EXPECT_EQ(distance, is_draw(now) ? -1 : fifty_z(now)) << text << " counter " << counter;
        turned_to_draw += !is_draw(fifty_at(stored, 0)) && is_draw(now);
        char move[MILLBASE_MOVE_SIZE];
        const int code = millbase_best_move_counter(fifty, text.c_str(), counter, 5, move,
                                                    sizeof move, err, sizeof err);
        if (counter == FIFTY_PLIES) {  // a drawn game under the rule: no move
          EXPECT_EQ(code, MILLBASE_GAME_OVER) << text;
          EXPECT_NE(std::string(err).find("50-ply rule"), std::string::npos) << err;
          EXPECT_EQ(result, MILLBASE_DRAW) << text;
          ++checked;
          continue;
        }
        ASSERT_EQ(code, MILLBASE_OK) << text << " " << err;
        const std::vector<MoveValue> ranked = *cpp->analyze(p, counter);
        const ValueCode best = value_now(*cpp, ranked.front().value, counter);
        bool among_best = false;
        for (const MoveValue& m : ranked)
          among_best |=
              format_move(SIX, m.move) == move && value_now(*cpp, m.value, counter) == best;
        EXPECT_TRUE(among_best) << text << " counter " << counter << ": " << move;
        int plain_at = -9, plain_0 = -9, d_at = -9, d_0 = -9;
        ASSERT_EQ(
            millbase_probe_counter(plain, text.c_str(), counter, &plain_at, &d_at, err, sizeof err),
            MILLBASE_OK);
        ASSERT_EQ(millbase_probe(plain, text.c_str(), &plain_0, &d_0, err, sizeof err),
                  MILLBASE_OK);
        EXPECT_EQ(std::make_pair(plain_at, d_at), std::make_pair(plain_0, d_0)) << text;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 1000);
  EXPECT_GT(turned_to_draw, 0) << "no position's value depended on the counter";
  int result, distance;
  char move[MILLBASE_MOVE_SIZE];
  EXPECT_EQ(millbase_probe_counter(fifty, BLOCKADE, 51, &result, &distance, err, sizeof err),
            MILLBASE_INVALID);
  EXPECT_NE(std::string(err).find("51"), std::string::npos) << err;
  EXPECT_EQ(millbase_probe_counter(plain, BLOCKADE, -1, &result, &distance, err, sizeof err),
            MILLBASE_INVALID);
  EXPECT_EQ(millbase_best_move_counter(fifty, START, 3, 1, move, sizeof move, err, sizeof err),
            MILLBASE_INVALID);
  EXPECT_NE(std::string(err).find("placement"), std::string::npos) << err;
  EXPECT_EQ(millbase_close(fifty), MILLBASE_OK);
  EXPECT_EQ(millbase_close(plain), MILLBASE_OK);
}

TEST(CApiOpenTest, ErrorsNameVariantAndDirectory) {
  millbase_tables* t = reinterpret_cast<millbase_tables*>(&t);  // not NULL before
  char err[MILLBASE_ERR_SIZE];
  EXPECT_EQ(millbase_open("seven", SIX_DB, &t, err, sizeof err), MILLBASE_INVALID);
  EXPECT_EQ(t, nullptr);
  EXPECT_STREQ(err,
               "unknown variant 'seven' (choose nine, nine-noflying, six, five, twelve, "
               "twelve-malom)");
  EXPECT_EQ(millbase_open("six", NO_DIR, &t, err, sizeof err), MILLBASE_MISSING);
  EXPECT_EQ(t, nullptr);
  EXPECT_NE(std::string(err).find(NO_DIR), std::string::npos) << err;
  // six's directory is not five's (its manifest says six).
  EXPECT_EQ(millbase_open("five", SIX_DB, &t, err, sizeof err), MILLBASE_INVALID);
  EXPECT_EQ(t, nullptr);
  EXPECT_EQ(millbase_open(nullptr, SIX_DB, &t, err, sizeof err), MILLBASE_INVALID);
  EXPECT_STREQ(err, "variant is NULL");
  EXPECT_EQ(millbase_open("six", nullptr, &t, err, sizeof err), MILLBASE_INVALID);
  EXPECT_EQ(millbase_open("six", SIX_DB, nullptr, err, sizeof err), MILLBASE_INVALID);
  EXPECT_STREQ(err, "tables is NULL");
  // Variant names in any case.
  ASSERT_EQ(millbase_open("SiX", SIX_DB, &t, err, sizeof err), MILLBASE_OK) << err;
  EXPECT_EQ(millbase_close(t), MILLBASE_OK);
}

TEST(CApiOpenTest, MissingTableIsCode3) {
  const std::string dir = std::string(WORK_DIR) + "/empty-dir";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  millbase_tables* t = nullptr;
  char err[MILLBASE_ERR_SIZE];
  ASSERT_EQ(millbase_open("six", dir.c_str(), &t, err, sizeof err), MILLBASE_OK) << err;
  int result, distance;
  EXPECT_EQ(millbase_probe(t, BLOCKADE, &result, &distance, err, sizeof err), MILLBASE_MISSING);
  EXPECT_NE(std::string(err).find("missing table " + dir + "/5-5.mbt"), std::string::npos) << err;
  char move[MILLBASE_MOVE_SIZE];
  EXPECT_EQ(millbase_best_move(t, BLOCKADE, 0, move, sizeof move, err, sizeof err),
            MILLBASE_MISSING);
  // The levels do not read the tables.
  EXPECT_EQ(
      millbase_level_move("six", t, BLOCKADE, 0, "perfect", 0, move, sizeof move, err, sizeof err),
      MILLBASE_MISSING);
  EXPECT_EQ(
      millbase_level_move("six", t, BLOCKADE, 0, "level4", 0, move, sizeof move, err, sizeof err),
      MILLBASE_OK)
      << err;
  EXPECT_EQ(millbase_close(t), MILLBASE_OK);
}

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
  for (int level = 1; level <= LEVELS; ++level)
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
  EXPECT_EQ(none.err, "level perfect plays from the tables: pass those of six (millbase_open)");
  EXPECT_EQ(level_move("six", nullptr, DRAWN, "strong").code, MILLBASE_INVALID);
}

TEST_F(CApiTest, LevelMoveErrors) {
  LevelMove m = level_move("six", nullptr, MILL_IN_ONE, "level6");
  EXPECT_EQ(m.code, MILLBASE_INVALID);
  EXPECT_NE(m.err.find("'level6'"), std::string::npos) << m.err;
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

TEST(CApiOpenTest, VersionAndStatusTexts) {
  EXPECT_STREQ(millbase_version(), PROJECT_VERSION);
  EXPECT_STREQ(millbase_status_text(MILLBASE_OK), "ok");
  EXPECT_STREQ(millbase_status_text(MILLBASE_MISSING), "missing table");
  EXPECT_STREQ(millbase_status_text(MILLBASE_GAME_OVER), "game over");
  EXPECT_STREQ(millbase_status_text(-1), "unknown status");
}

}  // namespace
}  // namespace millbase
