#include "engine/sanmill_fen.h"

#include <gtest/gtest.h>

#include <cstdio>

#include "core/notation.h"

namespace millbase::engine {
namespace {

// Returns success when text holds part.
::testing::AssertionResult Has(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "'" << text << "' lacks '" << part << "'";
}

constexpr std::string_view NINE_START =
    "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1";

Position position(const Variant& v, std::string_view text) {
  Result<Position> p = parse_position(v, text);
  EXPECT_TRUE(p.is_ok()) << p.message();
  return *p;
}

// Reads fen for v, expects success, and expects format_sanmill_fen to give it back.
SanmillFen round_trip(const Variant& v, std::string_view fen) {
  Result<SanmillFen> f = parse_sanmill_fen(v, fen);
  EXPECT_TRUE(f.is_ok()) << f.message();
  if (!f) return {};
  EXPECT_EQ(format_sanmill_fen(v, *f), fen);
  return *f;
}

std::string error(const Variant& v, std::string_view fen) {
  Result<SanmillFen> f = parse_sanmill_fen(v, fen);
  EXPECT_FALSE(f.is_ok()) << fen;
  return f ? "" : f.message();
}

TEST(SanmillFen, RingsRunClockwiseFromTheTopMiddleInnerFirst) {
  const auto& points = sanmill_points();
  for (int ring = 0; ring < 3; ++ring) {
    // The first point of each ring is its top middle: column d, above the centre.
    EXPECT_EQ(points[8 * ring][0], 'd');
    EXPECT_EQ(points[8 * ring][1], "567"[ring]);
    // Clockwise: the second point is the top right corner (column e, f, g).
    EXPECT_EQ(points[8 * ring + 1][0], "efg"[ring]);
    for (int i = 0; i < 8; ++i) {
      const Point a = *parse_point(NINE, points[8 * ring + i]);
      const Point b = *parse_point(NINE, points[8 * ring + (i + 1) % 8]);
      EXPECT_TRUE(contains(BOARD_24.adjacent[a], b)) << points[8 * ring + i];
    }
  }
  // The middles of the sides line up across the rings (the spokes).
  for (int i = 0; i < 8; i += 2) {
    const Point inner = *parse_point(NINE, points[i]), middle = *parse_point(NINE, points[8 + i]);
    EXPECT_TRUE(contains(BOARD_24.adjacent[inner], middle)) << points[i];
  }
}

TEST(SanmillFen, ReadsTheStartOfNine) {
  const SanmillFen f = round_trip(NINE, NINE_START);
  EXPECT_EQ(f.position, start_position(NINE));
  EXPECT_FALSE(f.pending);
  EXPECT_EQ(f.counter, 0);
  EXPECT_EQ(f.ply, 0);
}

TEST(SanmillFen, MapsEachRingPointToItsName) {
  const SanmillFen f =
      round_trip(NINE, "O@******/*******O/*******@ w p p 2 7 2 7 0 0 0 0 0 0 0 0 3");
  EXPECT_EQ(f.position, position(NINE, "W:d5,b6 B:e5,a7 w 7 7"));
  EXPECT_EQ(f.ply, 4);  // move 3, White to move: four actions played
}

TEST(SanmillFen, ReadsARemovalAfterAPlacementAsThatPlacementPending) {
  // White's a1 d1 g1 is a mill; Black's removal is to come.
  const SanmillFen f =
      round_trip(NINE, "********/***@*@**/***OOO** w p r 3 6 2 7 1 0 0 0 0 0 0 0 4");
  ASSERT_TRUE(f.pending);
  EXPECT_TRUE(f.pending->is_placement());
  EXPECT_EQ(format_move(NINE, *f.pending), "g1");  // the first mill stone in the FEN's order
  EXPECT_EQ(f.position, position(NINE, "W:a1,d1 B:f2,b2 w 7 7"));
  EXPECT_EQ(f.ply, 5);
}

TEST(SanmillFen, ReadsARemovalAfterASlideAsThatSlidePending) {
  const std::string fen = "****O***/*O*@***@/@**OOO*@ w m r 5 0 4 0 1 0 0 0 0 0 0 5 31";
  const SanmillFen f = round_trip(NINE_NOFLYING, fen);
  ASSERT_TRUE(f.pending);
  EXPECT_EQ(format_move(NINE_NOFLYING, *f.pending), "g4-g1");
  EXPECT_EQ(f.counter, 4);  // the slide itself is the fifth ply without a mill
  EXPECT_EQ(f.position, position(NINE_NOFLYING, "W:d3,f6,g4,d1,a1 B:b6,d7,a7,f2 w"));
}

TEST(SanmillFen, KeepsTheNoneMarkOfTheLastMillFields) {
  const SanmillFen f =
      round_trip(NINE, "********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 -1 0 0 1");
  EXPECT_EQ(f.none_mark, -1);
}

TEST(SanmillFen, WritesPhaseOWhenTheGameIsOver) {
  // White to move with no legal move has lost: the side to move keeps its letter.
  const SanmillFen f =
      round_trip(NINE, "********/@*******/OO@O@*@O w o s 4 0 4 0 0 0 0 0 0 0 0 0 20");
  EXPECT_TRUE(sanmill_over(NINE, f.position, f.counter));
  EXPECT_TRUE(Has(error(NINE, "********/@*******/OO@O@*@O w m s 4 0 4 0 0 0 0 0 0 0 0 0 20"),
                  "phase 'm' must be 'o' here (the game is over under rules.md)"));
  // 50 plies without a mill end it too.
  round_trip(NINE, "O*O*O***/********/@@@***** w o s 3 0 3 0 0 0 0 0 0 0 0 50 60");
}

TEST(SanmillFen, WritesAGameWonByARemovalBeforeTheSideChanges) {
  // Black's g7 g4 g1 is a mill and White is left with two stones: Sanmill writes Black's
  // letter, phase o, action r, Black's removal count 1 and the counter 0.
  const std::string fen = "********/O*O*****/*@@@**** b o r 2 0 3 0 0 1 0 0 0 0 0 0 20";
  const SanmillFen f = round_trip(NINE, fen);
  EXPECT_EQ(f.position, position(NINE, "W:d6,f4 B:g7,g4,g1 w"));
  EXPECT_FALSE(f.pending);
  EXPECT_TRUE(sanmill_over(NINE, f.position, f.counter));
  EXPECT_EQ(f.ply, 39);  // move 20, Black's turn: 39 actions, the removal among them
  // The same position with White to move, as a FEN without history may say it, is read
  // and written as Sanmill writes it.
  Result<SanmillFen> w =
      parse_sanmill_fen(NINE, "********/O*O*****/*@@@**** w o s 2 0 3 0 0 0 0 0 0 0 0 0 21");
  ASSERT_TRUE(w.is_ok()) << w.message();
  EXPECT_EQ(w->position, f.position);
  EXPECT_EQ(format_sanmill_fen(NINE, *w), fen);
  // Without a mill of the winner (no game reaches it) the loser's letter stays.
  round_trip(NINE, "********/O*O*****/@@@***** w o s 2 0 3 0 0 0 0 0 0 0 0 0 20");
  // Refused: a loser with three stones, no mill of the winner, a counter.
  EXPECT_TRUE(Has(error(NINE, "********/O*O*O***/*@@@**** b o r 3 0 3 0 0 1 0 0 0 0 0 0 20"),
                  "but White has three stones or more"));
  EXPECT_TRUE(Has(error(NINE, "********/O*O*****/@@@***** b o r 2 0 3 0 0 1 0 0 0 0 0 0 20"),
                  "but Black has no mill on the board"));
  EXPECT_TRUE(Has(error(NINE, "********/O*O*****/*@@@**** b o r 2 0 3 0 0 1 0 0 0 0 0 4 20"),
                  "the plies without a mill must be 0 after a removal, not 4"));
}

TEST(SanmillFen, ReadsWhatSanmillsReaderAccepts) {
  // A move number of 0 reads as 1 (written back as 1).
  Result<SanmillFen> zero =
      parse_sanmill_fen(NINE, "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 0");
  ASSERT_TRUE(zero.is_ok()) << zero.message();
  EXPECT_EQ(zero->ply, 0);
  EXPECT_EQ(format_sanmill_fen(NINE, *zero), NINE_START);
  // The app's preferred removal p:<square> is read and dropped.
  Result<SanmillFen> preferred =
      parse_sanmill_fen(NINE, "********/***@*@**/***OOO** w p r 3 6 2 7 1 0 0 0 0 0 0 0 4 p:21");
  ASSERT_TRUE(preferred.is_ok()) << preferred.message();
  EXPECT_EQ(format_sanmill_fen(NINE, *preferred),
            "********/***@*@**/***OOO** w p r 3 6 2 7 1 0 0 0 0 0 0 0 4");
  EXPECT_TRUE(Has(error(NINE, std::string(NINE_START) + " p:7"),
                  "the preferred removal 'p:7' must be 'p:' and one of Sanmill's squares 8..31"));
}

TEST(SanmillFen, ReadsARemovalWithACounterOver50As50) {
  // Sanmill's app can count a slide twice: the mill resets the counter, so it is read as
  // 50 (the slide the 50th ply) and the removal still comes.
  const std::string pending = "****O***/*O*@***@/@**OOO*@ w m r 5 0 4 0 1 0 0 0 0 0 0 %d 31";
  char text[100];
  std::snprintf(text, sizeof text, pending.c_str(), 73);
  Result<SanmillFen> f = parse_sanmill_fen(NINE_NOFLYING, text);
  ASSERT_TRUE(f.is_ok()) << f.message();
  ASSERT_TRUE(f->pending);
  EXPECT_EQ(f->counter, 49);
  std::snprintf(text, sizeof text, pending.c_str(), 50);
  EXPECT_EQ(format_sanmill_fen(NINE_NOFLYING, *f), text);
  // Without a removal a counter over 50 is refused, saying why.
  EXPECT_TRUE(Has(error(NINE, "O*O*O***/********/@@@***** w o s 3 0 3 0 0 0 0 0 0 0 0 51 60"),
                  "the plies without a mill 51 is over 50: the game is drawn once it reaches 50"));
}

// Lasker (rules.md): a side with stones in hand may move instead of placing, and the
// draw rules count from the first ply. Sanmill writes such a side's turn as phase p,
// action p (it may select a stone to move from there), and phase m once its own hand is
// empty, whatever the other side holds.
TEST(SanmillFen, ReadsLaskersTurnsWithStonesInHand) {
  // White with a stone in hand, 7 plies without a mill: the counter runs in placement.
  const SanmillFen f =
      round_trip(LASKER, "******O*/O*@***O*/******O* w p p 4 1 1 2 0 0 0 0 0 0 0 7 20");
  EXPECT_EQ(f.position, position(LASKER, "W:a4,b4,c4,d6 B:f4 w 1 2"));
  EXPECT_EQ(f.counter, 7);
  EXPECT_TRUE(Has(error(NINE, "******O*/O*@***O*/******O* w p p 4 2 1 2 0 0 0 0 0 0 0 7 20"),
                  "the plies without a mill must be 0 while stones are in hand"));
  // White's hand is empty, Black still has stones in it: White moves (phase m).
  const SanmillFen m =
      round_trip(LASKER, "********/********/**O*OO*@ w m s 3 0 1 2 0 0 0 0 0 0 0 5 12");
  EXPECT_EQ(m.position, position(LASKER, "W:g4,d1,a1 B:a7 w 0 2"));
  EXPECT_TRUE(Has(error(LASKER, "********/********/**O*OO*@ w p p 3 0 1 2 0 0 0 0 0 0 0 5 12"),
                  "the phase 'p' must be 'm' here (no stones in hand)"));
}

TEST(SanmillFen, ReadsARemovalAfterALaskerMoveWithStonesInHand) {
  // White, with a stone in hand, has closed a1-d1-g1; Sanmill's counter tells how: 0
  // after a placement (it restarts there), 1 or more after a move.
  const std::string after = "********/********/***OOO*@ w p r 3 1 1 2 1 0 0 0 0 0 0 %d 12";
  char text[100];
  std::snprintf(text, sizeof text, after.c_str(), 3);
  const SanmillFen slid = round_trip(LASKER, text);
  ASSERT_TRUE(slid.pending);
  EXPECT_EQ(format_move(LASKER, *slid.pending), "g4-g1");
  EXPECT_EQ(slid.position, position(LASKER, "W:a1,d1,g4 B:a7 w 1 2"));
  EXPECT_EQ(slid.counter, 2);  // the slide is the third ply without a mill
  std::snprintf(text, sizeof text, after.c_str(), 0);
  const SanmillFen placed = round_trip(LASKER, text);
  ASSERT_TRUE(placed.pending);
  EXPECT_EQ(format_move(LASKER, *placed.pending), "g1");
  EXPECT_EQ(placed.position, position(LASKER, "W:a1,d1 B:a7 w 2 2"));
  // Without Lasker's rule a side with stones in hand only places.
  EXPECT_TRUE(Has(error(NINE, "********/********/***OOO*@ w p r 3 1 1 2 1 0 0 0 0 0 0 3 12"),
                  "the plies without a mill must be 0 after a placement, not 3"));
}

TEST(SanmillFen, ReadsTheSixteenPointBoardAsTheInnerRings) {
  const SanmillFen f =
      round_trip(SIX, "O*******/@*******/******** b p p 1 5 1 5 0 0 0 0 0 0 0 0 2");
  EXPECT_EQ(f.position, position(SIX, "W:d5 B:d6 b 5 5"));
  EXPECT_TRUE(Has(error(SIX, "********/********/O******* w p p 1 5 0 6 0 0 0 0 0 0 0 0 1"),
                  "a stone at d7: point 'd7' is not on the 16-point board of six"));
}

TEST(SanmillFen, RefusesWhatOnlySanmillsOtherRulesHold) {
  EXPECT_TRUE(Has(error(NINE, "X*******/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1"),
                  "marked stone 'X' at d5"));
  EXPECT_TRUE(Has(error(NINE, "********/***@*@**/***OOO** w p r 3 6 2 7 2 0 0 0 0 0 0 0 4"),
                  "White's stones to remove must be 1 with action r"));
  EXPECT_TRUE(Has(error(NINE, "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 7 0 1"),
                  "the formed mills '7' must be 0"));
  EXPECT_TRUE(Has(error(NINE, "********/********/******** w p p 0 9 0 9 0 0 12 0 0 0 0 0 1"),
                  "White's last mill from 12 must be 0 or -1"));
  EXPECT_TRUE(Has(error(NINE, "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1 s:1"),
                  "the field 's:1' after the move number is not one of Sanmill's"));
  EXPECT_TRUE(Has(error(NINE, std::string(NINE_START) + " c:w-1-9|b-0-"),
                  "the field 'c:w-1-9|b-0-' holds Sanmill's custodian captures"));
  EXPECT_TRUE(Has(error(NINE, "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0"),
                  "16 fields, not 17"));
}

TEST(SanmillFen, NamesTheFieldThatDoesNotFit) {
  EXPECT_TRUE(Has(error(NINE, "********/********/******* w p p 0 9 0 9 0 0 0 0 0 0 0 0 1"),
                  "must be three rings of 8 points"));
  EXPECT_TRUE(Has(error(NINE, "O*******/********/******** w p p 0 8 0 9 0 0 0 0 0 0 0 0 1"),
                  "White's stones on the board is 0 but the board has 1"));
  EXPECT_TRUE(Has(error(NINE, "********/********/******** x p p 0 9 0 9 0 0 0 0 0 0 0 0 1"),
                  "the side to move 'x'"));
  EXPECT_TRUE(Has(error(NINE, "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 3 1"),
                  "the plies without a mill must be 0 while stones are in hand"));
  EXPECT_TRUE(Has(error(NINE, "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 -1"),
                  "the move number -1 is not 0 or more"));
  EXPECT_TRUE(Has(error(NINE, "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1x"),
                  "the move number must be a number, not '1x'"));
  EXPECT_TRUE(Has(error(NINE, "********/********/******** w m s 0 9 0 9 0 0 0 0 0 0 0 0 1"),
                  "the phase 'm' must be 'p' here (stones in hand)"));
  EXPECT_TRUE(Has(error(NINE, "********/********/******** w p s 0 9 0 9 0 0 0 0 0 0 0 0 1"),
                  "the action 's' must be 'p' here"));
  EXPECT_TRUE(Has(error(NINE, "********/********/******** w p p 0 12 0 9 0 0 0 0 0 0 0 0 1"),
                  "White's stones in hand 12 is not 0..9 (nine)"));
  // Action r with no mill on the board.
  EXPECT_TRUE(Has(error(NINE, "O*******/**@*@***/***O*O*O w m r 4 0 2 0 1 0 0 0 0 0 0 3 30"),
                  "no move of White can have closed a mill"));
}

TEST(SanmillFen, TellsItsFormFromTheProjectsNotation) {
  EXPECT_TRUE(is_sanmill_fen(NINE_START));
  EXPECT_TRUE(is_sanmill_fen("  a/b w"));
  EXPECT_FALSE(is_sanmill_fen("W:d2,b4 B:f4 b 4 5"));
  EXPECT_FALSE(is_sanmill_fen(""));
}

}  // namespace
}  // namespace millbase::engine
