// The computer opponent on six men's morris: perfect play against itself and the levels,
// distances, missing tables, removals of a given move.
#include "player/player.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "db/sector_index.h"
#include "tests/player/six_tables.h"

namespace millbase {
namespace {

namespace fs = std::filesystem;

class PlayerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    tables_ = six_tables();
    dir_ = six_dir();
    ASSERT_TRUE(tables_);
  }
  static void TearDownTestSuite() { tables_.reset(); }

  // Plays a game under the draw rules; returns its outcome.
  static Outcome play(Player& white, int white_level, Player& black, int black_level, Color first) {
    Game g(SIX, start_position(SIX, first));
    while (g.outcome() == Outcome::Ongoing) {
      const bool w = g.position().side_to_move == WHITE;
      Result<Move> m = (w ? white : black).choose(g.position(), w ? white_level : black_level);
      EXPECT_TRUE(m) << m.message();
      if (!m) break;
      EXPECT_TRUE(g.play(*m));
    }
    return g.outcome();
  }

  static std::string dir_;
  static std::shared_ptr<const Tablebase> tables_;
};

std::string PlayerTest::dir_;
std::shared_ptr<const Tablebase> PlayerTest::tables_;

TEST_F(PlayerTest, PerfectAgainstPerfectIsAlwaysADraw) {
  for (uint64_t seed = 0; seed < 40; ++seed) {
    Player a(tables_, seed), b(tables_, seed + 1000);
    EXPECT_EQ(play(a, PERFECT, b, PERFECT, Color(seed % 2)), Outcome::Draw) << "seed " << seed;
  }
}

TEST_F(PlayerTest, PerfectOpensWithThePressExceptInOneGameInThree) {
  // press.h (6): on six's empty board (a draw, every first placement drawing) the press
  // keeps the corners; one game in three chooses among all sixteen placements, so a
  // midpoint comes in about one game in six.
  const Position empty = start_position(SIX);
  const Player oracle(tables_, 0);
  const std::vector<Move> pressed = *oracle.best_moves(empty);
  const std::vector<Move> drawing = *oracle.best_moves(empty, nullptr, 0, nullptr, false);
  ASSERT_EQ(drawing.size(), 16u);
  ASSERT_LT(pressed.size(), drawing.size());
  constexpr int GAMES = 1200;
  int free = 0;
  for (uint64_t seed = 0; seed < GAMES; ++seed) {
    Player perfect(tables_, seed);
    const Result<Move> m = perfect.choose(empty, PERFECT);
    ASSERT_TRUE(m) << m.message();
    ASSERT_NE(std::find(drawing.begin(), drawing.end(), *m), drawing.end());
    free += std::find(pressed.begin(), pressed.end(), *m) == pressed.end();
  }
  // Expected GAMES / 3 * (16 - pressed) / 16: 200 when the press keeps eight.
  const double expected = GAMES / 3.0 * double(drawing.size() - pressed.size()) / 16;
  EXPECT_GT(free, expected * 0.7);
  EXPECT_LT(free, expected * 1.3);
  // Elsewhere the coin is not thrown: one placement in, perfect keeps to the press.
  const Position one = *parse_position(SIX, "W:b2 B: b 5 6");
  const std::vector<Move> reply = *oracle.best_moves(one);
  for (uint64_t seed = 0; seed < 60; ++seed) {
    Player perfect(tables_, seed);
    const Result<Move> m = perfect.choose(one, PERFECT);
    ASSERT_TRUE(m) << m.message();
    EXPECT_NE(std::find(reply.begin(), reply.end(), *m), reply.end()) << "seed " << seed;
  }
}

TEST_F(PlayerTest, PerfectNeverLosesToAnyLevel) {
  for (int level = 1; level <= 5; ++level)
    for (uint64_t seed = 0; seed < 12; ++seed) {
      Player perfect(tables_, seed), weaker(tables_, seed + 77);
      const bool perfect_white = seed % 2 == 0;
      Outcome o = perfect_white ? play(perfect, PERFECT, weaker, level, Color(seed / 2 % 2))
                                : play(weaker, level, perfect, PERFECT, Color(seed / 2 % 2));
      EXPECT_NE(o, perfect_white ? Outcome::BlackWins : Outcome::WhiteWins)
          << "level " << level << " seed " << seed;
    }
}

TEST_F(PlayerTest, WinsInExactlyTheTableDistance) {
  // Won positions from movement and placement sectors; both sides perfect, no draw
  // rules: the game lasts exactly the stored distance and the side to move wins.
  std::mt19937_64 rng(3);
  int checked = 0;
  for (const Sector s : {Sector{5, 4, 0, 0}, Sector{4, 4, 0, 0}, Sector{3, 3, 2, 2},
                         Sector{2, 3, 3, 3}, Sector{6, 3, 0, 0}}) {
    auto index = SectorIndex::get(BOARD_16, s.us, s.them);
    for (int tries = 0; tries < 200 && checked < 60 * 5; ++tries) {
      Position p;
      index->unrank(rng() % index->size(), p.stones[WHITE], p.stones[BLACK]);
      p.in_hand = {s.us_hand, s.them_hand};
      ValueCode v = *tables_->probe(p);
      if (!is_win(v)) continue;
      Player a(tables_, rng()), b(tables_, rng());
      Position q = p;
      int plies = 0;
      while (MoveList(SIX, q).size() > 0 && plies <= distance(v)) {
        q = do_move(q, *(q.side_to_move == WHITE ? a : b).choose(q, PERFECT));
        ++plies;
      }
      EXPECT_EQ(plies, distance(v)) << format_position(SIX, p);
      EXPECT_EQ(q.side_to_move, BLACK) << "the loser is the side not to move at the start";
      ++checked;
    }
  }
  EXPECT_GT(checked, 50);
}

TEST_F(PlayerTest, MissingTablesAreReported) {
  // A six directory is not opened as nine's (its manifest says six).
  auto six = Tablebase::open(NINE, dir_);
  ASSERT_FALSE(six);
  EXPECT_EQ(six.status().code(), Status::Code::Invalid);
  // An empty directory has no nine tables.
  const std::string empty = dir_ + "-empty";
  fs::create_directories(empty);
  auto none = Tablebase::open(NINE, empty);
  ASSERT_TRUE(none);
  Player p(*none, 1);
  Result<Move> m =
      p.choose(*parse_position(NINE, "W:c5,a4,b4,f4,g4,a1,g1 B:a7,d7,g7,b6,d6,f6 w"), PERFECT);
  ASSERT_FALSE(m);
  EXPECT_EQ(m.status().code(), Status::Code::NotFound);
  fs::remove_all(empty);
}

TEST_F(PlayerTest, ChoosesTheRemovalOfAGivenMove) {
  // Placing f2 closes the mill b2-d2-f2; given f2 without its removal, every level
  // answers a removal that goes with it, and no level answers another move.
  const Position p = *parse_position(SIX, "W:b2,d2 B:b6,d6 w 4 4");
  const Move partial = *parse_move_text(SIX, "f2");
  ASSERT_TRUE(awaits_removal(SIX, p, partial));
  for (uint64_t seed = 0; seed < 30; ++seed) {
    Player player(tables_, seed);
    for (int level : {1, 3, 7, PERFECT}) {
      Result<Move> m = player.choose(p, level, &partial);
      ASSERT_TRUE(m) << m.message();
      EXPECT_EQ(m->from, partial.from);
      EXPECT_EQ(m->to, partial.to);
      EXPECT_NE(m->remove, NO_POINT);
      EXPECT_TRUE(MoveList(SIX, p).contains(*m));
      if (level != PERFECT) continue;
      // Perfect: the best value among the moves that complete f2.
      ValueCode best = DRAW, chosen = DRAW;
      bool first = true;
      const Result<std::vector<MoveValue>> analyzed = tables_->analyze(p);
      ASSERT_TRUE(analyzed) << analyzed.message();
      for (const MoveValue& mv : *analyzed) {
        if (mv.move.from != partial.from || mv.move.to != partial.to) continue;
        if (first) best = mv.value, first = false;
        if (mv.move == *m) chosen = mv.value;
      }
      EXPECT_EQ(chosen, best) << format_move(SIX, *m);
    }
  }
  // A move that is not legal there matches nothing.
  const Move none = *parse_move_text(SIX, "d2-d3");
  Player player(tables_, 1);
  EXPECT_FALSE(player.choose(p, PERFECT, &none));
}

}  // namespace
}  // namespace millbase
