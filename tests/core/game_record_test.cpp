// Game records (docs/game-records.md): round trips of random games, the format's
// details, errors that name the line, and a seeded mutation fuzz.
#include "core/game_record.h"

#include <gtest/gtest.h>

#include <random>

#include "core/movegen.h"
#include "test_util.h"

namespace millbase {
namespace {

// Returns a game of v played with random legal moves until it ends or `plies` are played.
Game random_game(const Variant& v, std::mt19937_64& rng, int plies, Color first = WHITE) {
  Game g(v, start_position(v, first));
  while (g.outcome() == Outcome::Ongoing && g.ply() < plies) {
    MoveList legal(v, g.position());
    EXPECT_TRUE(g.play(legal.begin()[rng() % legal.size()]));
  }
  return g;
}

void expect_same(const Game& a, const Game& b) {
  EXPECT_EQ(&a.variant(), &b.variant());
  EXPECT_EQ(a.start(), b.start());
  EXPECT_EQ(a.moves(), b.moves());
  EXPECT_EQ(a.outcome(), b.outcome());
  EXPECT_EQ(a.reason(), b.reason());
}

TEST(GameRecord, RandomGamesRoundTrip) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200; ++i) {
    const Variant& v = *all_variants()[i % all_variants().size()];
    Game g = random_game(v, rng, 10 + int(rng() % 300), Color(i % 3 == 0));
    if (i % 7 == 0 && g.outcome() == Outcome::Ongoing) g.resign();
    const std::string text = write_record(g, {{"White", "human"}, {"Black", "a \"quoted\\ name"}});
    Result<GameRecord> back = read_record(text);
    ASSERT_TRUE(back) << back.message() << "\n" << text;
    expect_same(back->game, g);
    EXPECT_EQ(tag_value(back->tags, "Black"), "a \"quoted\\ name");
    EXPECT_EQ(write_record(back->game, back->tags), text) << "written twice the same";
  }
}

TEST(GameRecord, WrittenAsDocumented) {
  Game g(SIX, start_position(SIX, BLACK));
  for (const char* m : {"d2", "f4", "b4"}) ASSERT_TRUE(g.play(m));
  EXPECT_EQ(write_record(g, {{"Event", "test"}, {"Result", "ignored"}}),
            "[Variant \"six\"]\n[Event \"test\"]\n[Start \"W: B: b 6 6\"]\n[Result \"*\"]\n\n"
            "1... d2 2. f4 b4 *\n");
}

TEST(GameRecord, ReadsWhatGuisWrite) {
  // Removals as tokens of their own, comments, numbers glued to moves, CRLF endings.
  Game g(SIX, start_position(SIX));
  for (const char* m : {"b2", "b6", "d2", "d6", "f2xb6"}) ASSERT_TRUE(g.play(m));
  Result<GameRecord> r = read_record(
      "[Variant \"six\"]\r\n\r\n1.b2 b6 {a comment\nover lines} 2. d2 d6 ; the rest\n3. f2 Xb6 "
      "*\r\n");
  ASSERT_TRUE(r) << r.message();
  expect_same(r->game, g);
}

TEST(GameRecord, ResignationIsRead) {
  Result<GameRecord> r =
      read_record("[Variant \"five\"]\n[Result \"0-1\"]\n[Reason \"resignation\"]\n\n1. b2 *");
  EXPECT_FALSE(r) << "the result token must agree with the Result tag";
  r = read_record("[Variant \"five\"]\n[Result \"1-0\"]\n[Reason \"resignation\"]\n\n1. b2 f6");
  EXPECT_FALSE(r) << "after b2 f6 White is to move, so only White can have resigned";
  r = read_record("[Variant \"five\"]\n[Result \"0-1\"]\n[Reason \"resignation\"]\n\n1. b2 f6");
  ASSERT_TRUE(r) << r.message();
  EXPECT_EQ(r->game.outcome(), Outcome::BlackWins);
  r = read_record("[Variant \"five\"]\n[Result \"0-1\"]\n[Reason \"resignation\"]\n\n1. b2");
  EXPECT_FALSE(r) << "Black is to move after b2; White cannot have resigned";
  r = read_record("[Variant \"five\"]\n[Result \"1-0\"]\n[Reason \"resignation\"]\n\n1. b2");
  ASSERT_TRUE(r) << r.message();
  EXPECT_EQ(r->game.outcome(), Outcome::WhiteWins);
  EXPECT_EQ(r->game.reason(), EndReason::Resignation);
}

TEST(GameRecord, ErrorsNameTheLineAndTheToken) {
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"1. d2", "no [Variant"},
      {"[Variant \"seven\"]", "unknown variant 'seven'"},
      {"[Variant six]", "line 1: tag 'Variant' needs a quoted value"},
      {"[Variant \"six]", "has no closing quote"},
      {"[Variant \"six\"] x", "must end with ']'"},
      {"[Variant \"six\"]\n\n1. d2 f4\n2. a1", "line 4, ply 3: "},
      {"[Variant \"six\"]\n1. d2\n[Event \"late\"]", "line 3: tag after the moves"},
      {"[Variant \"six\"]\n[Result \"1-0\"]\n1. d2", "the moves end with the game going on"},
      {"[Variant \"six\"]\n[Result \"2-0\"]", "must be 1-0, 0-1, 1/2-1/2 or *"},
      {"[Variant \"six\"]\n[Reason \"boredom\"]", "[Reason 'boredom'] is not a reason"},
      {"[Variant \"six\"]\n1. d2 * f4", "moves after the result"},
      {"[Variant \"six\"]\n1. d2 xb4", "line 2, ply 1: illegal move 'd2xb4': it closes no mill"},
      {"[Variant \"six\"]\n1. d2 {open", "not closed"},
      {"[Variant \"six\"]\n[Start \"W:a1 B: w\"]", "[Start]: "},
      {"[Variant \"six\"]\n[Result \"*\"]\n[Reason \"no-legal-move\"]\n1. d2",
       "[Reason 'no-legal-move'] but the moves leave the game going on"},
      {"[Variant \"six\"]\n[Reason \"resignation\"]\n1. d2",
       "but the moves leave the game going on"},
      {"[Variant \"six\"]\n[Reason \"none\"]", "[Reason 'none'] is not a reason"},
      {"[Variant \"six\"]\n1. d2 1-0",
       "the record says 1-0 but the moves end with the game going on"},
      {"[Variant \"six\"]\n[Variant \"five\"]\n1. d2", "line 2: a second [Variant] tag"},
      {"[Variant \"six\"]\n[Event \"a\"]\n[Event \"a\"]", "line 3: a second [Event] tag"},
      {"[Variant \"six\"]\n1. b2 b4 2. d2 d6 3. f2 xb4 xd6",
       "line 2, ply 6: removal 'xd6' stands alone: it belongs to a move that closes a mill"},
  };
  for (const Case& c : cases) {
    Result<GameRecord> r = read_record(c.text);
    ASSERT_FALSE(r) << c.text;
    EXPECT_NE(r.message().find(c.message), std::string::npos)
        << c.text << "\n  gave: " << r.message() << "\n  expected: " << c.message;
  }
}

// A UTF-8 byte-order mark, as some editors write, is not part of the first line.
TEST(GameRecord, ByteOrderMarkIsSkipped) {
  Result<GameRecord> r = read_record("\xEF\xBB\xBF[Variant \"six\"]\n[Event \"x\"]\n\n1. d2 f4\n");
  ASSERT_TRUE(r) << r.message();
  EXPECT_EQ(r->game.moves().size(), 2u);
  EXPECT_EQ(tag_value(r->tags, "Event"), "x");
}

// A bare move list, optionally after a start position, is a record of the variant given;
// its errors name the lines of the text as pasted, not those of tags added before it.
TEST(GameRecord, BareMoveListsNameTheirOwnLines) {
  const Variant& six = *find_variant("six");
  Result<GameRecord> r = read_record("1. d2 c4 2. b2", six);
  ASSERT_TRUE(r) << r.message();
  EXPECT_EQ(r->game.moves().size(), 3u);
  EXPECT_EQ(tag_value(r->tags, "Variant"), "six");
  r = read_record("W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w\nd3-c3", six);
  ASSERT_TRUE(r) << r.message();
  EXPECT_EQ(tag_value(r->tags, "Start"), "W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w");
  EXPECT_EQ(r->game.outcome(), Outcome::WhiteWins);
  const struct {
    const char* text;
    const char* message;
  } cases[] = {{"b2 b2", "line 1, ply 2: illegal move 'b2'"},
               {"b2\n\nd2 d2", "line 3, ply 3: illegal move 'd2'"},
               {"W:b2 B: b 5 6\n{a comment}\nd2 d2", "line 3, ply 2: illegal move 'd2'"},
               {"[Variant \"six\"]\n\n1. b2 b2", "line 3, ply 2"}};
  for (const auto& c : cases) {
    r = read_record(c.text, six);
    ASSERT_FALSE(r) << c.text;
    EXPECT_NE(r.message().find(c.message), std::string::npos)
        << c.text << "\n  gave: " << r.message();
  }
  // A record with tags is read as it is, whatever variant is given.
  r = read_record("[Variant \"five\"]\n\n1. b2", six);
  ASSERT_TRUE(r) << r.message();
  EXPECT_EQ(r->game.variant().name, "five");
}

TEST(GameRecord, DrawRulesAreReplayed) {
  // The threefold repetition of game_test.cpp, recorded: a move after the draw is refused,
  // and the draw needs no Result tag to be read.
  const std::string start =
      "[Variant \"nine\"]\n[Start \"W:a7,g7,d6,e5,a4,f4,e3,b2,d1 "
      "B:d7,b6,f6,c5,d5,b4,c4,e4,d3 w\"]\n\n";
  const std::string moves = "g7-g4 c4-c3 g4-g7 c3-c4 g7-g4 c4-c3 g4-g7 c3-c4";
  Result<GameRecord> r = read_record(start + moves);
  ASSERT_TRUE(r) << r.message();
  EXPECT_EQ(r->game.reason(), EndReason::Repetition);
  r = read_record(start + moves + " g7-g4");
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("ply 9: the game is over"), std::string::npos) << r.message();
  r = read_record(start + "[Reason \"fifty-plies\"]\n" + moves);
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("but the game ended by repetition"), std::string::npos) << r.message();
}

TEST(GameRecordFuzz, HostileRecordsNeverCrash) {
  std::mt19937_64 rng(20261201);
  std::vector<std::string> seeds;
  for (int i = 0; i < 8; ++i) {
    const Variant& v = *all_variants()[i % all_variants().size()];
    seeds.push_back(write_record(random_game(v, rng, 10 + int(rng() % 60)), {{"White", "x"}}));
  }
  int accepted = 0, refused = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text = seeds[rng() % seeds.size()];
    text = test::mutate(text, rng);
    Result<GameRecord> r = read_record(text);
    if (!r) {
      ++refused;
      test::check_message(r.message(), text);
      continue;
    }
    ++accepted;
    // Whatever is accepted writes back to a record that reads the same.
    Result<GameRecord> again = read_record(write_record(r->game, r->tags));
    ASSERT_TRUE(again) << again.message() << "\n" << text;
    expect_same(again->game, r->game);
  }
  EXPECT_GT(accepted, 300) << refused << " refused";
  EXPECT_GT(refused, 1000) << accepted << " accepted";
}

}  // namespace
}  // namespace millbase
