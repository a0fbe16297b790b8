// The levels' search: alpha-beta against plain minimax (the reference model) on random
// positions, the evaluation's symmetry, and the moves a level must find (a mill in one,
// a block, a win).
#include "player/search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/symmetry.h"
#include "player/evaluation.h"
#include "player/levels.h"

namespace millbase {
namespace {

// The reference: minimax without pruning over every move for `depth` plies, then over
// the mill-closing moves for `extra` plies, where the side to move may also stand on
// the evaluation.
int reference(const Variant& v, const Position& p, int depth, int extra, int ply) {
  const GameOver over = game_over(v, p);
  if (over == GameOver::FullBoard) return 0;
  if (over != GameOver::None) return -(MATE - ply);
  int best = depth == 0 ? evaluate(v, p) : -MATE - 1;
  if (depth == 0 && extra == 0) return best;
  for (Move m : MoveList(v, p)) {
    if (depth == 0 && m.remove == NO_POINT) continue;
    best = std::max(best, -reference(v, do_move(p, m), std::max(0, depth - 1),
                                     depth == 0 ? extra - 1 : extra, ply + 1));
  }
  return best;
}

// Returns a position after `plies` random legal moves from the start (fewer when the
// game ends first).
Position random_position(const Variant& v, std::mt19937_64& rng, int plies) {
  Position p = start_position(v);
  for (int i = 0; i < plies; ++i) {
    const MoveList moves(v, p);
    if (moves.size() == 0) break;
    p = do_move(p, moves.begin()[rng() % moves.size()]);
  }
  return p;
}

TEST(Search, MatchesPlainMinimax) {
  std::mt19937_64 rng(11);
  int checked = 0;
  for (const Variant* v : {&FIVE, &SIX, &NINE, &TWELVE, &LASKER})
    for (int trial = 0; trial < 40; ++trial) {
      const Position p = random_position(*v, rng, int(rng() % 40));
      const MoveList list(*v, p);
      if (list.size() == 0) continue;
      const std::vector<Move> roots(list.begin(), list.end());
      const int depth = 1 + int(rng() % 3), extra = int(rng() % 3), margin = int(rng() % 60);
      std::vector<uint8_t> drawn(roots.size());
      for (uint8_t& d : drawn) d = rng() % 8 == 0;
      std::vector<int> want(roots.size());
      int best = -MATE - 1;
      for (size_t i = 0; i < roots.size(); ++i) {
        want[i] = drawn[i] ? 0 : -reference(*v, do_move(p, roots[i]), depth - 1, extra, 1);
        best = std::max(best, want[i]);
      }
      const SearchResult got = search_moves(*v, p, roots, depth, extra, margin, drawn);
      size_t expected = 0;
      for (size_t i = 0; i < roots.size(); ++i) {
        if (want[i] < best - margin) continue;
        ++expected;
        auto it = std::find_if(got.near_best.begin(), got.near_best.end(),
                               [&](const ScoredMove& s) { return s.move == roots[i]; });
        ASSERT_NE(it, got.near_best.end())
            << format_position(*v, p) << " " << format_move(*v, roots[i]);
        EXPECT_EQ(it->score, want[i]) << format_position(*v, p) << " " << format_move(*v, roots[i]);
      }
      EXPECT_EQ(got.near_best.size(), expected) << format_position(*v, p);
      EXPECT_TRUE(std::is_sorted(
          got.near_best.begin(), got.near_best.end(),
          [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; }));
      ++checked;
    }
  EXPECT_GT(checked, 150);
}

TEST(Evaluation, SameUnderTheBoardsSymmetries) {
  std::mt19937_64 rng(5);
  for (const Variant* v : {&SIX, &NINE, &TWELVE, &LASKER})
    for (int trial = 0; trial < 200; ++trial) {
      const Position p = random_position(*v, rng, int(rng() % 50));
      for (int s = 0; s < NUM_SYMMETRIES; ++s)
        EXPECT_EQ(evaluate(*v, transform(*v->board, p, s)), evaluate(*v, p))
            << format_position(*v, p) << " symmetry " << s;
    }
}

TEST(Evaluation, CountsTheTermsOfEachSide) {
  // Each side's terms by hand, with EVAL_WEIGHTS, in placement (no mobility terms).
  const Position p = *parse_position(NINE, "W:a1,d1,g1,a4 B:a7,d7 w 4 4");
  const EvalWeights& w = EVAL_WEIGHTS;
  // White: 8 stones, the mill a1-d1-g1, no open mill (a1-a4-a7 holds a black stone).
  EXPECT_EQ(side_terms(NINE, p, WHITE), 8 * w.stone + w.mill);
  // Black: 6 stones, the open mill a7-d7-g7.
  EXPECT_EQ(side_terms(NINE, p, BLACK), 6 * w.stone + w.open_mill);
  EXPECT_EQ(evaluate(NINE, p), 2 * w.stone + w.mill - w.open_mill);
}

// Returns the move level `level` chooses in p with seed `seed`.
Move level_move(const Variant& v, const Position& p, int level, uint64_t seed) {
  const MoveList list(v, p);
  const std::vector<Move> legal(list.begin(), list.end());
  std::mt19937_64 rng(seed);
  return search_level_move(v, p, legal, level, rng, nullptr);
}

TEST(Levels, CloseAMillInOne) {
  // White slides d3-d2 to close b2-d2-f2 (and removes a stone), which Black's d1-d2
  // would block next: from level 2 up every level, whatever its seed, closes it.
  const Position p = *parse_position(NINE, "W:b2,f2,d3,a4,g4 B:d1,a7,g7,c5,e5 w");
  for (int level = 2; level <= SEARCH_LEVELS; ++level)
    for (uint64_t seed = 0; seed < 10; ++seed) {
      const Move m = level_move(NINE, p, level, seed);
      EXPECT_NE(m.remove, NO_POINT) << "level " << level << ": " << format_move(NINE, m);
    }
}

TEST(Levels, BlockAMillAboutToClose) {
  // Black threatens f6 (b6-d6-f6) with a stone to place; White has no mill of its own
  // to make: from level 3 up White places on f6.
  const Position p = *parse_position(SIX, "W:b2,e4 B:b6,d6 w 4 4");
  const Point f6 = *parse_point(SIX, "f6");
  for (int level = 3; level <= SEARCH_LEVELS; ++level)
    for (uint64_t seed = 0; seed < 10; ++seed)
      EXPECT_EQ(level_move(SIX, p, level, seed).to, f6) << "level " << level;
}

TEST(Levels, TrialPlayersSearchDeeperThanLevelFive) {
  // depth6..depth8: level 5's settings, one ply deeper each; they block as level 5 does.
  const Position p = *parse_position(SIX, "W:b2,e4 B:b6,d6 w 4 4");
  for (int level = DEEP_FIRST; level <= DEEP_LAST; ++level) {
    const LevelSpec s = search_spec(level), five = search_spec(SEARCH_LEVELS);
    EXPECT_EQ(s.depth, five.depth + 1 + level - DEEP_FIRST);
    EXPECT_EQ(s.extension, five.extension);
    EXPECT_EQ(s.margin, five.margin);
    EXPECT_FALSE(needs_tables(level));
    EXPECT_EQ(level_move(SIX, p, level, 1).to, *parse_point(SIX, "f6")) << level_name(level);
  }
}

TEST(Levels, TakeTheWinningRemoval) {
  // Black has three stones and none in hand; White closes a1-d1-g1 by g4-g1: any removal
  // leaves Black two stones, which wins. Level 2 and up see it.
  const Position p = *parse_position(NINE, "W:a1,d1,g4,b4 B:a7,d7,b6 w");
  for (int level = 2; level <= SEARCH_LEVELS; ++level) {
    const Move m = level_move(NINE, p, level, 1);
    EXPECT_EQ(game_over(NINE, do_move(p, m)), GameOver::TooFewStones) << "level " << level;
  }
}

TEST(Levels, MoveAStoneWhileStonesAreInHand) {
  // Lasker (rules.md): White, with a stone in hand, wins in 3 only by sliding b4-b6 out of
  // its mill a4-b4-c4: then b6-b4 closes it again and f6 closes b6-d6-f6, and Black, with
  // three stones on the board and in hand, can block only one. No placement makes two
  // threats. Levels 4 and 5, which see three plies, play the slide whatever the seed.
  const Position p = *parse_position(LASKER, "W:a4,b4,c4,d6 B:f4 w 1 2");
  const Move slide = *parse_move(LASKER, p, "b4-b6");
  for (int level = 4; level <= SEARCH_LEVELS; ++level)
    for (uint64_t seed = 0; seed < 10; ++seed)
      EXPECT_EQ(level_move(LASKER, p, level, seed), slide) << "level " << level;
}

TEST(Levels, Names) {
  EXPECT_EQ(*parse_level("perfect"), PERFECT);
  EXPECT_EQ(*parse_level("strong"), STRONG);
  EXPECT_EQ(*parse_level("3"), 3);
  EXPECT_EQ(*parse_level("level5"), 5);
  EXPECT_EQ(*parse_level("level9"), 9);
  EXPECT_EQ(*parse_level("10"), PERFECT);
  EXPECT_EQ(*parse_level("level10"), PERFECT);
  EXPECT_FALSE(parse_level("level11"));
  EXPECT_FALSE(parse_level("0"));
  EXPECT_FALSE(parse_level("010"));
  EXPECT_FALSE(parse_level("level"));
  EXPECT_FALSE(parse_level("levels"));
  EXPECT_NE(parse_level("x").message().find("'x'"), std::string::npos);
  // Any case, as typed; an error quotes the text as given.
  EXPECT_EQ(*parse_level("Perfect"), PERFECT);
  EXPECT_EQ(*parse_level("STRONG"), STRONG);
  EXPECT_EQ(*parse_level("Level2"), 2);
  EXPECT_NE(parse_level("Level11").message().find("'Level11'"), std::string::npos);
  for (int level = 1; level <= STRONG; ++level) EXPECT_EQ(*parse_level(level_name(level)), level);
  // The trial players: match's only (parse_player), not levels.
  for (int level = 1; level <= DEEP_LAST; ++level)
    EXPECT_EQ(*parse_player(level_name(level)), level);
  EXPECT_EQ(level_name(DEEP_FIRST), "depth6");
  EXPECT_EQ(level_name(DEEP_LAST), "depth8");
  EXPECT_EQ(*parse_player("Depth7"), DEEP_FIRST + 1);
  EXPECT_FALSE(parse_level("depth7"));
  EXPECT_FALSE(parse_player("depth5"));
  EXPECT_NE(parse_player("depth9").message().find("'depth9'"), std::string::npos);
  EXPECT_FALSE(searches(0));
}

}  // namespace
}  // namespace millbase
