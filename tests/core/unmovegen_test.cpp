// Unmove generation: P is a predecessor of Q exactly when Q is a successor of P.
#include "core/unmovegen.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "core/movegen.h"
#include "core/notation.h"
#include "test_util.h"

namespace millbase {
namespace {

bool lists(const UnmoveList& l, Move m) { return std::find(l.begin(), l.end(), m) != l.end(); }

// Every successor of p lists the move back to p among its unmoves.
void check_successors(const Variant& v, const Position& p) {
  for (Move m : MoveList(v, p)) {
    Position q = do_move(p, m);
    UnmoveList unmoves(v, q);
    EXPECT_TRUE(lists(unmoves, m)) << format_position(v, p) << " then " << format_move(v, m);
    EXPECT_EQ(undo_move(q, m), p);
  }
}

// Every unmove of q leads to a valid, non-terminal predecessor in which it is legal.
void check_predecessors(const Variant& v, const Position& q) {
  UnmoveList unmoves(v, q);
  std::set<std::tuple<int, int, int>> seen;
  for (Move m : unmoves) {
    EXPECT_TRUE(seen.insert({m.from, m.to, m.remove}).second) << "duplicate unmove";
    Position p = undo_move(q, m);
    std::string where = format_position(v, q) + " unmove " + format_move(v, m);
    EXPECT_TRUE(validate(v, p).is_ok()) << where;
    EXPECT_TRUE(MoveList(v, p).contains(m)) << where << " from " << format_position(v, p);
    EXPECT_EQ(do_move(p, m), q) << where;
  }
}

TEST(Unmovegen, PropertyOnRandomPositions) {
  std::mt19937_64 rng(2024);
  for (const Variant* v : all_variants())
    for (int i = 0; i < 3000; ++i) {
      Position p = test::random_position(*v, rng);
      check_successors(*v, p);
      check_predecessors(*v, p);
    }
}

TEST(Unmovegen, PropertyOnPositionsFromRandomGames) {
  std::mt19937_64 rng(99);
  for (const Variant* v : all_variants())
    for (int game = 0; game < 60; ++game) {
      Position p = start_position(*v, Color(game & 1));
      for (int ply = 0; ply < 120; ++ply) {
        check_successors(*v, p);
        check_predecessors(*v, p);
        MoveList moves(*v, p);
        if (moves.size() == 0) break;
        p = do_move(p, moves.begin()[rng() % moves.size()]);
      }
    }
}

TEST(Unmovegen, UndoesRemovalAndPlacement) {
  Position q = test::parse(NINE, "W:a1,d1,g1 B:a7 b 6 7");
  UnmoveList unmoves(NINE, q);
  Move g1xd2 = *parse_move_text(NINE, "g1xd2");
  ASSERT_TRUE(lists(unmoves, g1xd2));
  EXPECT_EQ(format_position(NINE, undo_move(q, g1xd2)), "W:a1,d1 B:d2,a7 w 7 7");
  // g1 closed a mill while Black had a stone on the board, so a removal happened.
  EXPECT_FALSE(lists(unmoves, *parse_move_text(NINE, "g1")));
  EXPECT_TRUE(lists(unmoves, *parse_move_text(NINE, "a1xd2")));
  EXPECT_FALSE(lists(unmoves, *parse_move_text(NINE, "a1")));
  // b6 is in no mill: undone as a plain placement, with no removal to restore.
  UnmoveList plain(NINE, test::parse(NINE, "W:a1,d1,g1,b6 B:a7 b 5 6"));
  EXPECT_TRUE(lists(plain, *parse_move_text(NINE, "b6")));
  EXPECT_FALSE(lists(plain, *parse_move_text(NINE, "b6xd2")));
}

TEST(Unmovegen, StartPositionHasNoPredecessor) {
  for (const Variant* v : all_variants())
    EXPECT_EQ(UnmoveList(*v, start_position(*v)).size(), 0) << v->name;
}

}  // namespace
}  // namespace millbase
