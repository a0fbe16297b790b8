// Game record: draw rules of play and result texts (rules.md).
#include "core/game.h"

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "test_util.h"

namespace millbase {
namespace {

// Returns the position `back` plies before the current one.
Position undo_to(const Game& g, int back) {
  Position p = g.start();
  for (int i = 0; i < g.ply() - back; ++i) p = do_move(p, g.moves()[i]);
  return p;
}

const char* REPETITION_START = "W:a7,g7,d6,e5,a4,f4,e3,b2,d1 B:d7,b6,f6,c5,d5,b4,c4,e4,d3 w";

// Malom's rule (twelve-malom): the stones in hand count toward three. A mill in placement
// that leaves Black two stones on the board and in hand ends the game at Black's turn;
// under rules.md (twelve) Black places on, and only an empty hand with two stones loses.
TEST(Game, TheStonesInHandCountTowardThreeUnderMalomsRule) {
  const char* before = "W:a1,d1 B:d7,g7 w 2 1";
  for (const Variant* v : {&TWELVE_MALOM, &TWELVE}) {
    Game g(*v, test::parse(*v, before));
    ASSERT_TRUE(g.play("g1xd7")) << v->name;
    const Position& p = g.position();
    EXPECT_EQ(popcount(p.stones[BLACK]) + p.in_hand[BLACK], 2);
    if (v->hand_counts_for_three) {
      EXPECT_EQ(game_over(*v, p), GameOver::TooFewStones);
      EXPECT_EQ(g.outcome(), Outcome::WhiteWins);
      EXPECT_EQ(g.result_text(), "White wins: Black has only two stones left.");
      EXPECT_EQ(game_over_text(*v, GameOver::TooFewStones, BLACK),
                "Black has fewer than three stones on the board and in hand");
      EXPECT_EQ(MoveList(*v, p).size(), 0);
    } else {
      EXPECT_EQ(game_over(*v, p), GameOver::None);
      EXPECT_EQ(g.outcome(), Outcome::Ongoing);
      EXPECT_GT(MoveList(*v, p).size(), 0);
    }
  }
  // Three in all is enough in placement (two on the board, one in hand), and in
  // movement both rules agree: two on the board with an empty hand loses.
  EXPECT_FALSE(too_few_stones(TWELVE_MALOM, 2, 1));
  EXPECT_TRUE(too_few_stones(TWELVE_MALOM, 0, 2));
  EXPECT_FALSE(too_few_stones(TWELVE, 0, 2));
  for (const Variant* v : {&TWELVE_MALOM, &TWELVE, &NINE}) {
    EXPECT_TRUE(too_few_stones(*v, 2, 0)) << v->name;
    EXPECT_FALSE(too_few_stones(*v, 3, 0)) << v->name;
  }
}

TEST(Game, ThreefoldRepetitionOnPly8) {
  Game g(NINE, test::parse(NINE, REPETITION_START));
  const char* moves[] = {"g7-g4", "c4-c3", "g4-g7", "c3-c4", "g7-g4", "c4-c3", "g4-g7", "c3-c4"};
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(g.outcome(), Outcome::Ongoing) << "before ply " << i + 1;
    ASSERT_TRUE(g.play(moves[i])) << moves[i];
  }
  EXPECT_EQ(g.ply(), 8);
  EXPECT_EQ(g.outcome(), Outcome::Draw);
  EXPECT_EQ(g.reason(), EndReason::Repetition);
  EXPECT_EQ(g.result_text(), "Draw: the same position occurred for the third time.");
  EXPECT_EQ(popcount(g.position().stones[WHITE]), 9);
  EXPECT_EQ(popcount(g.position().stones[BLACK]), 9);
  EXPECT_FALSE(g.play("g7-g4")) << "no move after the end";
  ASSERT_TRUE(g.undo());
  EXPECT_EQ(g.outcome(), Outcome::Ongoing);
}

// The full-board rule (rules.md, twelve) on the one small board where a full board is
// reached: eight men a side on the 16-point board. A side blocked on a full board draws
// under the rule and loses without it; a board with an empty point is never "full".
TEST(Game, AFullBoardIsADrawUnderTheFullBoardRule) {
  static constexpr Variant EIGHT{"eight", &BOARD_16, 8, false};
  static constexpr Variant EIGHT_FULL{"eight-full", &BOARD_16, 8, false, true};
  Position p;
  int k = 0;
  for (Bitboard b = BOARD_16.all; b; ++k) p.stones[k % 2 ? BLACK : WHITE] |= bit(pop_lsb(b));
  p.side_to_move = BLACK;
  EXPECT_EQ(game_over(EIGHT_FULL, p), GameOver::FullBoard);
  EXPECT_EQ(game_over(EIGHT, p), GameOver::NoLegalMove);
  EXPECT_EQ(blocked(EIGHT_FULL, BOARD_16.all & ~bit(0)), GameOver::NoLegalMove);
  EXPECT_EQ(game_over_text(TWELVE, GameOver::FullBoard, BLACK),
            "the board is full and Black cannot move");

  const Game drawn(EIGHT_FULL, p);
  EXPECT_EQ(drawn.outcome(), Outcome::Draw);
  EXPECT_EQ(drawn.reason(), EndReason::FullBoard);
  EXPECT_EQ(drawn.result_text(), "Draw: the board is full and Black cannot move.");
  EXPECT_EQ(reason_name(EndReason::FullBoard), "full-board");
  EXPECT_EQ(find_reason("full-board"), EndReason::FullBoard);
  const Game lost(EIGHT, p);
  EXPECT_EQ(lost.outcome(), Outcome::WhiteWins);
  EXPECT_EQ(lost.result_text(), "White wins: Black has no legal move.");
}

// Plays quiet plies (no mill, no position a third time) until the game ends; returns
// the number played. Moves are taken in generation order, skipping the ones excluded.
int play_quiet_plies(Game& g, int limit) {
  int plies = 0;
  while (g.outcome() == Outcome::Ongoing && plies < limit) {
    bool played = false;
    for (Move m : MoveList(g.variant(), g.position())) {
      if (m.remove != NO_POINT) continue;
      Position next = do_move(g.position(), m);
      int seen = 0;
      for (int back = 0; back <= g.quiet_plies(); ++back) seen += undo_to(g, back) == next;
      if (seen >= 2) continue;
      EXPECT_TRUE(g.play(m));
      played = true;
      break;
    }
    if (!played) break;
    ++plies;
  }
  return plies;
}

TEST(Game, FiftyPliesWithoutAMill) {
  Game g(NINE, test::parse(NINE, "W:a1,d2,f4,g7,c5 B:a7,b6,e4,g1,d3 w"));
  EXPECT_EQ(play_quiet_plies(g, 60), DRAW_PLIES);
  EXPECT_EQ(g.quiet_plies(), DRAW_PLIES);
  EXPECT_EQ(g.outcome(), Outcome::Draw);
  EXPECT_EQ(g.reason(), EndReason::FiftyPlies);
  EXPECT_EQ(g.result_text(), "Draw: 50 plies without a mill.");
  ASSERT_TRUE(g.undo());
  EXPECT_EQ(g.outcome(), Outcome::Ongoing);
}

TEST(Game, WinOnThe50thPlyStands) {
  const Position blockade = test::parse(NINE, "W:c5,a4,b4,f4,g4,a1,g1 B:a7,d7,g7,b6,d6,f6 w");
  Game win(NINE, blockade, DRAW_PLIES - 1);
  EXPECT_EQ(win.outcome(), Outcome::Ongoing);
  ASSERT_TRUE(win.play("c5-d5"));
  EXPECT_EQ(win.quiet_plies(), DRAW_PLIES);
  EXPECT_EQ(win.outcome(), Outcome::WhiteWins);
  EXPECT_EQ(win.result_text(), "White wins: Black has no legal move.");
  Game draw(NINE, blockade, DRAW_PLIES - 1);
  ASSERT_TRUE(draw.play("a1-d1"));
  EXPECT_EQ(draw.outcome(), Outcome::Draw);
  EXPECT_EQ(draw.reason(), EndReason::FiftyPlies);
}

TEST(Game, MillResetsTheCounts) {
  Game g(NINE, test::parse(NINE, "W:a1,d1,g4,b2 B:a7,d7,b6,f6,d5 w"));
  EXPECT_EQ(g.quiet_plies(), 0);
  ASSERT_TRUE(g.play("b2-d2"));
  ASSERT_TRUE(g.play("b6-b4"));
  EXPECT_EQ(g.quiet_plies(), 2);
  ASSERT_TRUE(g.play("g4-g1xb4"));
  EXPECT_EQ(g.quiet_plies(), 0);
}

TEST(Game, PlacementIsNotCounted) {
  Game g(SIX, start_position(SIX));
  EXPECT_EQ(g.quiet_plies(), -1);
  const char* placement[] = {"b2", "d2", "c3", "d3", "b6", "d6",
                             "c5", "d5", "e3", "f2", "e5", "f6"};
  for (const char* m : placement) ASSERT_TRUE(g.play(m)) << m;
  EXPECT_TRUE(g.position().placement_over());
  EXPECT_EQ(g.quiet_plies(), 0);
}

TEST(Game, RejectsIllegalMovesWithoutChange) {
  Game g(SIX, start_position(SIX));
  Status s = g.play("a1");
  EXPECT_FALSE(s);
  EXPECT_NE(s.message().find("'a1'"), std::string::npos);
  EXPECT_EQ(g.ply(), 0);
  g.resign();
  EXPECT_EQ(g.outcome(), Outcome::BlackWins);
  EXPECT_EQ(g.result_text(), "Black wins: White resigned.");
}

}  // namespace
}  // namespace millbase
