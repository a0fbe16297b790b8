// Notation: round trips and errors that name the bad input.
#include "core/notation.h"

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "test_util.h"

namespace millbase {
namespace {

// Expects parsing to fail with a message containing `needle`.
void expect_error(const Variant& v, const char* text, const char* needle) {
  Result<Position> p = parse_position(v, text);
  ASSERT_FALSE(p.is_ok()) << text << " parsed as " << format_position(v, *p);
  EXPECT_NE(p.message().find(needle), std::string::npos) << text << ": " << p.message();
}

TEST(Notation, PositionRoundTrip) {
  std::mt19937_64 rng(11);
  for (const Variant* v : all_variants())
    for (int i = 0; i < 5000; ++i) {
      Position p = test::random_position(*v, rng);
      std::string text = format_position(*v, p);
      Result<Position> back = parse_position(*v, text);
      ASSERT_TRUE(back.is_ok()) << text << ": " << back.message();
      EXPECT_EQ(*back, p) << text;
    }
}

TEST(Notation, AcceptsAnyOrderAndDefaultsHands) {
  Position p = test::parse(NINE, "W:c5,a4,b4,f4,g4,a1,g1 B:a7,d7,g7,b6,d6,f6 w");
  EXPECT_EQ(format_position(NINE, p), "W:a1,g1,a4,b4,f4,g4,c5 B:b6,d6,f6,a7,d7,g7 w");
  EXPECT_EQ(p.in_hand[WHITE], 0);
  EXPECT_EQ(format_position(SIX, start_position(SIX)), "W: B: w 6 6");
  EXPECT_EQ(test::parse(SIX, "W: B: w 6 6"), start_position(SIX));
}

TEST(Notation, PositionErrorsNameTheProblem) {
  expect_error(NINE, "W:z9 B: w", "unknown point 'z9'");
  expect_error(NINE, "W:d4 B: w", "unknown point 'd4'");
  expect_error(SIX, "W:a1 B: w", "'a1' is not on the 16-point board of six");
  expect_error(NINE, "W:a1,a1 B: w", "'a1' is listed twice");
  expect_error(NINE, "W:a1 B:a1 w", "'a1' is listed for both colours");
  expect_error(SIX, "W:b2,d2,f2,c3,d3,e3,b4 B: w", "more than the 6 of six");
  expect_error(NINE, "W: B: w 9 7", "cannot occur");
  expect_error(NINE, "W: B: w 12 12", "exceeds the 9 stones");
  expect_error(NINE, "W:a1 B: x", "side to move 'x'");
  expect_error(NINE, "X:a1 B: w", "expected 'W:<points>' but found 'X:a1'");
  expect_error(NINE, "W:a1 B:", "must read");
  expect_error(NINE, "W:a1, B: w", "empty point name");
  expect_error(NINE, "W: B: w 1 z", "Black's in-hand count 'z' is not a count");
}

TEST(Notation, BlackFirstStartIsValid) { EXPECT_TRUE(parse_position(NINE, "W: B: b 9 9").is_ok()); }

TEST(Notation, MoveRoundTripOverAllLegalMoves) {
  std::mt19937_64 rng(3);
  for (const Variant* v : all_variants())
    for (int i = 0; i < 2000; ++i) {
      Position p = test::random_position(*v, rng);
      for (Move m : MoveList(*v, p)) {
        Result<Move> back = parse_move(*v, p, format_move(*v, m));
        ASSERT_TRUE(back.is_ok()) << back.message();
        EXPECT_EQ(*back, m);
      }
    }
}

// Expects parse_move to fail with a message containing `needle`.
void expect_illegal(const Variant& v, const char* pos, const char* move, const char* needle) {
  Result<Move> m = parse_move(v, test::parse(v, pos), move);
  ASSERT_FALSE(m.is_ok()) << move;
  EXPECT_NE(m.message().find(needle), std::string::npos) << move << ": " << m.message();
}

TEST(Notation, IllegalMovesAreExplained) {
  const char* blockade = "W:c5,a4,b4,f4,g4,a1,g1 B:a7,d7,g7,b6,d6,f6 w";
  expect_illegal(NINE, blockade, "d5", "no stones in hand");

  expect_illegal(NINE, blockade, "d7-d5", "no White stone on d7");
  expect_illegal(NINE, blockade, "c5-b6", "b6 is not empty");
  expect_illegal(NINE, blockade, "c5-e3", "e3 is not adjacent to c5");
  expect_illegal(NINE, blockade, "c5-c4", "closes a mill; append");
  expect_illegal(NINE, blockade, "c5-d5xd7", "closes no mill");
  expect_illegal(NINE, blockade, "c5-c4xe3", "no Black stone on e3");
  expect_illegal(NINE, blockade, "c5-q9", "unknown point 'q9'");
  expect_illegal(NINE, "W:a1,d1 B:a7,d7,g7,b6 w 5 5", "g1xa7", "stands in a mill");
  expect_illegal(NINE, "W:a1 B: w 8 8", "a1-d1", "must place");
  expect_illegal(NINE, "W:a1 B: w 8 8", "a1", "not empty");
  expect_illegal(NINE, "W:a1,d1 B:a7,d7,b6 w", "a1-a4", "game is over");
}

}  // namespace
}  // namespace millbase

namespace millbase {
namespace {

TEST(Notation, PointColumnsInEitherCase) {
  for (const char* name : {"d2", "b4", "f6"}) {
    std::string upper = name;
    upper[0] = char(upper[0] - 'a' + 'A');
    Result<Point> lower_point = parse_point(SIX, name), upper_point = parse_point(SIX, upper);
    ASSERT_TRUE(lower_point && upper_point) << upper;
    EXPECT_EQ(*lower_point, *upper_point) << upper;
  }
  Result<Position> upper = parse_position(SIX, "W:D2 B:F6 w 5 5");
  Result<Position> lower = parse_position(SIX, "W:d2 B:f6 w 5 5");
  ASSERT_TRUE(upper && lower) << (upper ? lower.message() : upper.message());
  EXPECT_EQ(upper->stones, lower->stones);
  EXPECT_FALSE(parse_point(SIX, "H2"));
  EXPECT_FALSE(parse_point(SIX, "A1"));  // not on six's board, in either case
}

}  // namespace
}  // namespace millbase
