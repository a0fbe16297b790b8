// The C API (capi/millbase.h) against six's tables, solved by the cli.solve_six fixture:
// values, perfect moves, opening tables, and every status code with its message.
#include "capi_fixture.h"

#include <cstring>
#include <filesystem>
#include <thread>

#include "core/movegen.h"

namespace millbase::capi_test {
namespace {

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

TEST(CApiOpenTest, ErrorsNameVariantAndDirectory) {
  millbase_tables* t = reinterpret_cast<millbase_tables*>(&t);  // not NULL before
  char err[MILLBASE_ERR_SIZE];
  EXPECT_EQ(millbase_open("seven", SIX_DB, &t, err, sizeof err), MILLBASE_INVALID);
  EXPECT_EQ(t, nullptr);
  EXPECT_STREQ(err,
               "unknown variant 'seven' (choose nine, nine-noflying, six, five, twelve, "
               "twelve-malom, lasker)");
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

TEST(CApiOpenTest, VersionAndStatusTexts) {
  EXPECT_STREQ(millbase_version(), PROJECT_VERSION);
  EXPECT_STREQ(millbase_status_text(MILLBASE_OK), "ok");
  EXPECT_STREQ(millbase_status_text(MILLBASE_MISSING), "missing table");
  EXPECT_STREQ(millbase_status_text(MILLBASE_GAME_OVER), "game over");
  EXPECT_STREQ(millbase_status_text(-1), "unknown status");
}

}  // namespace
}  // namespace millbase::capi_test
