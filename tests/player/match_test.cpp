// Matches: the same games for a seed whatever the threads, the score's interval, and
// perfect play that never loses a drawn or won start.
#include "player/match.h"

#include <gtest/gtest.h>

#include <random>

#include "core/movegen.h"
#include "core/notation.h"
#include "player/levels.h"
#include "tests/player/six_tables.h"

namespace millbase {
namespace {

// Returns whether two matches played the same games.
bool same_games(const MatchResult& a, const MatchResult& b) { return a.games == b.games; }

TEST(Match, SameGamesForASeedOnAnyThreads) {
  MatchOptions o;
  o.variant = &NINE;
  o.white = 3;
  o.black = 2;
  o.games = 24;
  o.seed = 7;
  o.threads = 1;
  const MatchResult one = *play_match(o);
  o.threads = 3;
  const MatchResult three = *play_match(o);
  EXPECT_TRUE(same_games(one, three));
  EXPECT_EQ(one.white_wins + one.draws + one.black_wins, 24);
  for (const GameResult& g : one.games) EXPECT_NE(g.outcome, Outcome::Ongoing);
  o.seed = 8;
  EXPECT_FALSE(same_games(one, *play_match(o))) << "another seed, other games";
}

TEST(Match, EachGameKeepsItsMoves) {
  // The moves replayed from the game's start end the game as the match says it ended.
  MatchOptions o;
  o.variant = &SIX;
  o.white = 2;
  o.black = 1;
  o.games = 6;
  o.seed = 5;
  o.starts = {start_position(SIX), *parse_position(SIX, "W:d2 B:d6 w 5 5")};
  const MatchResult r = *play_match(o);
  for (int i = 0; i < o.games; ++i) {
    const GameResult& g = r.games[size_t(i)];
    EXPECT_EQ(game_start(o, i), o.starts[size_t(i) % 2]);
    Game replay(SIX, game_start(o, i));
    for (Move m : g.moves) ASSERT_TRUE(replay.play(m));
    EXPECT_EQ(int(g.moves.size()), g.plies);
    EXPECT_EQ(replay.outcome(), g.outcome);
    EXPECT_EQ(replay.reason(), g.reason);
  }
}

TEST(Match, ScoreAndItsInterval) {
  MatchResult r;
  r.games.resize(4);
  r.white_wins = 2, r.draws = 2, r.black_wins = 0;
  // White's points 1, 1, 1/2, 1/2: mean 3/4, sample variance 1/12.
  const Score s = score_of(r, WHITE);
  EXPECT_DOUBLE_EQ(s.mean, 0.75);
  EXPECT_NEAR(s.half_width, 1.96 * std::sqrt(1.0 / 12 / 4), 1e-12);
  EXPECT_DOUBLE_EQ(score_of(r, BLACK).mean, 0.25);
}

TEST(Match, PerfectOrStrongNeedTheTables) {
  MatchOptions o;
  o.variant = &SIX;
  o.white = PERFECT;
  o.games = 2;
  EXPECT_FALSE(play_match(o));
}

TEST(Match, PerfectNeverLosesADrawnOrWonStart) {
  // Starts after random plies from the empty board, drawn or won for the side to move
  // by the tables; perfect plays that side against each level and strong, under the
  // draw rules of play.
  const auto tables = six_tables();
  ASSERT_TRUE(tables);
  std::mt19937_64 rng(21);
  std::vector<Position> starts;
  while (starts.size() < 12) {
    Position p = start_position(SIX);
    for (int plies = int(rng() % 24), i = 0; i < plies; ++i) {
      const MoveList moves(SIX, p);
      if (moves.size() == 0) break;
      p = do_move(p, moves.begin()[rng() % moves.size()]);
    }
    if (MoveList(SIX, p).size() == 0 || p.side_to_move != WHITE) continue;
    if (!is_loss(*tables->probe(p))) starts.push_back(p);
  }
  MatchOptions o;
  o.variant = &SIX;
  o.tables = tables;
  o.white = PERFECT;
  o.starts = starts;
  o.games = 24;
  o.threads = 2;
  for (int level : {1, 3, 5, STRONG}) {
    o.black = level;
    const Result<MatchResult> r = play_match(o);
    ASSERT_TRUE(r) << r.message();
    EXPECT_EQ(r->black_wins, 0) << level_name(level);
  }
}

}  // namespace
}  // namespace millbase
