// The engine session that play, engine, uci and the web API share: the game under the
// draw rules, a move waiting for its removal, undo, and its answers against the tables
// of six (solved by the six_db and six_fifty fixtures of tests/tools): the chosen move is
// one the tables rank best, and under the 50-ply rule its values are the codes at the
// game's counter. A missing directory is named with the command that builds it.
#include "engine/engine_session.h"

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/notation.h"

namespace millbase::engine {
namespace {

// Returns the first legal move of p that closes a mill, written without its removal.
std::optional<std::string> mill_move_without_removal(const Position& p) {
  for (Move m : MoveList(SIX, p))
    if (m.remove != NO_POINT) {
      Move bare = m;
      bare.remove = NO_POINT;
      return format_move(SIX, bare);
    }
  return std::nullopt;
}

TEST(EngineSession, PendingRemovalThenUndoAndSetGame) {
  EngineSession s(SIX, "/nonexistent", 1);
  // Plays the first legal move until the mover can close a mill; that move, written
  // without its removal, waits.
  const Position start = start_position(SIX);
  std::vector<std::string> line;
  Game g(SIX, start);
  std::optional<std::string> mill;
  while (!(mill = mill_move_without_removal(g.position()))) {
    const MoveList moves(SIX, g.position());
    ASSERT_GT(moves.size(), 0) << "the game ended before a mill could close";
    const Move first = *moves.begin();
    line.push_back(format_move(SIX, first));
    ASSERT_TRUE(g.play(first));
  }
  ASSERT_TRUE(s.set_position(start, line, false));
  EXPECT_EQ(s.game().ply(), int(line.size()));
  std::vector<std::string> with_mill = line;
  with_mill.push_back(*mill);
  ASSERT_TRUE(s.set_position(start, with_mill, true));
  ASSERT_NE(s.pending(), nullptr);
  EXPECT_EQ(format_move(SIX, *s.pending()), *mill);
  EXPECT_EQ(s.game().ply(), int(line.size())) << "a pending move is not played yet";
  // Without allow_pending the same line is refused and the session is unchanged.
  EXPECT_FALSE(s.set_position(start, with_mill, false));
  EXPECT_NE(s.pending(), nullptr);
  // undo takes back the pending move alone, then a ply.
  EXPECT_TRUE(s.undo());
  EXPECT_EQ(s.pending(), nullptr);
  EXPECT_EQ(s.game().ply(), int(line.size()));
  EXPECT_TRUE(s.undo());
  EXPECT_EQ(s.game().ply(), int(line.size()) - 1);
  // A removal as a token of its own must follow a move that closes a mill.
  EXPECT_FALSE(s.set_position(start, {"xb2"}, false));
  // set_game makes a game the session's, with nothing pending.
  Game one(SIX, start);
  ASSERT_TRUE(one.play("d2"));
  s.set_game(one);
  EXPECT_EQ(s.game().ply(), 1);
  EXPECT_TRUE(s.play(*parse_move(SIX, s.game().position(), "b2")));
  EXPECT_EQ(s.game().ply(), 2);
  s.resign();
  EXPECT_NE(s.game().outcome(), Outcome::Ongoing);
  EXPECT_FALSE(s.choose(PERFECT)) << "the game is over";
  while (s.undo()) {
  }
  EXPECT_EQ(s.game().ply(), 0);
  EXPECT_FALSE(s.undo());
}

TEST(EngineSession, MissingDirectoryIsNamedWithItsCommand) {
  EngineSession s(SIX, "/nonexistent/six", 1);
  Result<Move> m = s.choose(PERFECT);
  ASSERT_FALSE(m);
  EXPECT_EQ(m.status().code(), Status::Code::NotFound);
  const std::string text = s.explain(m.status());
  EXPECT_NE(text.find("millbase solve --variant six --out /nonexistent/six"), std::string::npos)
      << text;
}

// The levels need no tables: a game at levels 1..5 where the directory is missing, while
// perfect play and the values say what is missing.
TEST(EngineSession, LevelsPlayWithoutTables) {
  EngineSession s(SIX, "/nonexistent/six", 1);
  for (int ply = 0; ply < 80 && s.game().outcome() == Outcome::Ongoing; ++ply) {
    Result<Move> m = s.choose(1 + ply % SEARCH_LEVELS);
    ASSERT_TRUE(m) << m.message();
    ASSERT_TRUE(s.play(*m));
  }
  EXPECT_GT(s.game().ply(), 10);
  if (s.game().outcome() != Outcome::Ongoing) {
    ASSERT_TRUE(s.undo());
  }
  EXPECT_EQ(s.choose(PERFECT).status().code(), Status::Code::NotFound);
  EXPECT_EQ(s.choose(STRONG).status().code(), Status::Code::NotFound);
  EXPECT_FALSE(s.value());
  // A level that waits for its removal completes it without tables too.
  EngineSession mill(SIX, "/nonexistent/six", 1);
  ASSERT_TRUE(mill.set_position(*parse_position(SIX, "W:d2,f2,c4 B:d6,f6,e4 w 3 3"), {"b2"}, true));
  ASSERT_NE(mill.pending(), nullptr);
  Result<Move> removal = mill.choose(3);
  ASSERT_TRUE(removal) << removal.message();
  EXPECT_EQ(format_move(SIX, *removal).substr(0, 3), "b2x");
}

// The chosen move is among the moves ranked best, for several seeds and positions of a
// game of six played by the session itself.
TEST(EngineSession, ChoosesAMoveTheTablesRankBest) {
  EngineSession s(SIX, SIX_DB, 7);
  for (int ply = 0; ply < 40 && s.game().outcome() == Outcome::Ongoing; ++ply) {
    Result<std::vector<MoveValue>> moves = s.moves();
    ASSERT_TRUE(moves) << moves.message();
    Result<Move> m = s.choose(PERFECT);
    ASSERT_TRUE(m) << m.message();
    bool best = false;
    for (const MoveValue& mv : *moves) best |= mv.move == *m && mv.value == moves->front().value;
    EXPECT_TRUE(best) << format_position(SIX, s.game().position()) << ": " << format_move(SIX, *m);
    Result<ValueCode> value = s.value();
    ASSERT_TRUE(value);
    EXPECT_EQ(*value, moves->front().value) << "the position's value is its best move's";
    ASSERT_TRUE(s.play(*m));
  }
  EXPECT_EQ(s.metric(), Metric::PLAIN);
}

// Under the 50-ply rule, moves() gives analysis()'s codes at the game's counter.
TEST(EngineSession, FiftyValuesAtTheCounter) {
  EngineSession s(SIX, SIX_FIFTY_DB, 3);
  int checked_in_movement = 0;
  for (int ply = 0; ply < 60 && s.game().outcome() == Outcome::Ongoing; ++ply) {
    Result<std::vector<MoveValue>> raw = s.analysis();
    Result<std::vector<MoveValue>> now = s.moves();
    ASSERT_TRUE(raw && now);
    ASSERT_EQ(raw->size(), now->size());
    EXPECT_EQ(s.metric(), Metric::FIFTY);
    for (size_t i = 0; i < raw->size(); ++i) {
      EXPECT_EQ((*now)[i].move, (*raw)[i].move);
      EXPECT_EQ((*now)[i].value, fifty_at((*raw)[i].value, s.counter()));
    }
    checked_in_movement += s.counter() > 0;
    Result<Move> m = s.choose(1);  // a level that errs: the game wanders
    ASSERT_TRUE(m) << m.message();
    ASSERT_TRUE(s.play(*m));
  }
  EXPECT_GT(checked_in_movement, 0) << "no position with the counter above 0";
}

}  // namespace
}  // namespace millbase::engine
