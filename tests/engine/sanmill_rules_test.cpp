#include "engine/sanmill_rules.h"

#include <gtest/gtest.h>

#include <tuple>

namespace millbase::engine {
namespace {

// Returns success when text holds part.
::testing::AssertionResult Has(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "'" << text << "' lacks '" << part << "'";
}

// Returns the variant the rules select, or its error message prefixed by "error: ".
std::string selected(const SanmillRules& r) {
  Result<const Variant*> v = r.variant();
  return v ? std::string((*v)->name) : "error: " + v.message();
}

TEST(SanmillRules, TheDefaultsAreNine) { EXPECT_EQ(selected(SanmillRules()), "nine"); }

TEST(SanmillRules, MayFlySelectsNineOrNineNoflying) {
  SanmillRules r;
  ASSERT_TRUE(r.set("piecescount", "9").is_ok());
  ASSERT_TRUE(r.set("mayfly", "false").is_ok());
  EXPECT_EQ(selected(r), "nine-noflying");
  ASSERT_TRUE(r.set("mayfly", "TRUE").is_ok());
  EXPECT_EQ(selected(r), "nine");
}

TEST(SanmillRules, NamesTheFirstOptionOfAGameNotSolved) {
  SanmillRules r;
  ASSERT_TRUE(r.set("piecescount", "12").is_ok());
  EXPECT_TRUE(Has(selected(r),
                  "error: the rule options select a game millbase has not "
                  "solved: PiecesCount 12 ("));
  ASSERT_TRUE(r.set("piecescount", "10").is_ok());
  EXPECT_TRUE(Has(selected(r), "PiecesCount 10"));
  ASSERT_TRUE(r.set("piecescount", "9").is_ok());
  ASSERT_TRUE(r.set("hasdiagonallines", "true").is_ok());
  EXPECT_TRUE(Has(selected(r), "HasDiagonalLines true"));
  ASSERT_TRUE(r.set("hasdiagonallines", "false").is_ok());
  for (auto [name, value] : {std::pair{"maymoveinplacingphase", "true"},
                             {"mayremovemultiple", "true"},
                             {"mayremovefrommillsalways", "true"},
                             {"isdefendermovefirst", "true"},
                             {"stalemateaction", "4"},
                             {"custodiancaptureenabled", "true"},
                             {"threefoldrepetitionrule", "false"},
                             {"piecesatleastcount", "4"},
                             {"millformationactioninplacingphase", "1"}}) {
    SanmillRules one;
    ASSERT_TRUE(one.set(name, value).is_ok()) << name;
    EXPECT_TRUE(Has(selected(one), "error: ")) << name;
  }
}

// Sanmill's "Twelve Men's Morris" has the board filled by placement lost by the first
// player (BoardFullAction 0); rules.md's twelve draws it (4, agreeToDraw).
TEST(SanmillRules, TwelveStonesWithDiagonalLinesAreTwelveWhenAFullBoardDraws) {
  SanmillRules r;
  ASSERT_TRUE(r.set("piecescount", "12").is_ok());
  ASSERT_TRUE(r.set("hasdiagonallines", "true").is_ok());
  EXPECT_TRUE(Has(selected(r),
                  "error: the rule options select a game millbase has not solved: "
                  "BoardFullAction 0 (rules.md: a board filled by placement is a draw"));
  ASSERT_TRUE(r.set("boardfullaction", "4").is_ok());
  EXPECT_EQ(selected(r), "twelve");
  for (auto [name, value, what] :
       {std::tuple{"stopplacingwhentwoemptysquares", "true", "StopPlacingWhenTwoEmptySquares true"},
        {"mayfly", "false", "MayFly false (twelve is solved with flying"},
        {"flypiececount", "4", "FlyPieceCount 4"},
        {"mayremovemultiple", "true", "MayRemoveMultiple true"},
        {"nmoverule", "100", "NMoveRule 100"}}) {
    SanmillRules one = r;
    ASSERT_TRUE(one.set(name, value).is_ok()) << name;
    EXPECT_TRUE(Has(selected(one), std::string("error: ") +
                                       "the rule options select a game "
                                       "millbase has not solved: " +
                                       what))
        << name;
  }
  // Without the diagonal lines, twelve stones are not solved.
  ASSERT_TRUE(r.set("hasdiagonallines", "false").is_ok());
  EXPECT_TRUE(Has(selected(r), "PiecesCount 12"));
}

// Sanmill's "Lasker Morris": 10 stones, moving while stones are in hand
// (MayMoveInPlacingPhase), flying, the board without diagonal lines; its other values
// (BoardFullAction 0, StopPlacingWhenTwoEmptySquares false) change nothing with 10
// stones. rules.md's draw rule still needs NMoveRule 50 (Sanmill's preset says 100).
TEST(SanmillRules, TenStonesMovingWhilePlacingAreLasker) {
  SanmillRules r;
  ASSERT_TRUE(r.set("piecescount", "10").is_ok());
  EXPECT_TRUE(Has(selected(r),
                  "error: the rule options select a game millbase has not solved: PiecesCount 10 "
                  "(millbase solves 9 stones a side without the diagonal lines, nine and "
                  "nine-noflying; 12 with them, twelve; and 10 with MayMoveInPlacingPhase true, "
                  "lasker)"));
  ASSERT_TRUE(r.set("maymoveinplacingphase", "true").is_ok());
  EXPECT_EQ(selected(r), "lasker");
  for (auto [name, value] : {std::pair{"boardfullaction", "4"},
                             {"stopplacingwhentwoemptysquares", "true"},
                             {"flypiececount", "3"},
                             {"endgamenmoverule", "100"}}) {
    SanmillRules one = r;
    ASSERT_TRUE(one.set(name, value).is_ok()) << name;
    EXPECT_EQ(selected(one), "lasker") << name;
  }
  for (auto [name, value, what] :
       {std::tuple{"mayfly", "false",
                   "MayFly false (lasker is solved with flying at three stones, on the board "
                   "and in hand together)"},
        {"hasdiagonallines", "true",
         "HasDiagonalLines true (lasker is played on the board without diagonal lines)"},
        {"flypiececount", "4", "FlyPieceCount 4"},
        {"piecesatleastcount", "4", "PiecesAtLeastCount 4"},
        {"mayremovemultiple", "true", "MayRemoveMultiple true"},
        {"nmoverule", "100", "NMoveRule 100"}}) {
    SanmillRules one = r;
    ASSERT_TRUE(one.set(name, value).is_ok()) << name;
    EXPECT_TRUE(Has(selected(one), std::string("error: the rule options select a game millbase "
                                               "has not solved: ") +
                                       what))
        << name;
  }
  // Moving while placing with nine or twelve stones is not solved: the refusal names
  // the game that has it.
  for (const char* stones : {"9", "12"}) {
    SanmillRules other = r;
    ASSERT_TRUE(other.set("piecescount", stones).is_ok());
    ASSERT_TRUE(other.set("hasdiagonallines", stones == std::string("12") ? "true" : "false"));
    ASSERT_TRUE(other.set("boardfullaction", "4").is_ok());
    EXPECT_TRUE(Has(selected(other),
                    "MayMoveInPlacingPhase true (rules.md: a side with stones in hand places "
                    "one, except in lasker, which has 10 stones a side (PiecesCount 10))"))
        << stones;
  }
}

TEST(SanmillRules, TheDrawRuleIsFiftyPlies) {
  SanmillRules r;
  ASSERT_TRUE(r.set("nmoverule", "100").is_ok());
  EXPECT_TRUE(Has(selected(r), "NMoveRule 100 (rules.md: a game is drawn after 50 plies"));
  ASSERT_TRUE(r.set("nmoverule", "50").is_ok());
  EXPECT_EQ(selected(r), "nine");
  ASSERT_TRUE(r.set("endgamenmoverule", "30").is_ok());
  EXPECT_TRUE(Has(selected(r), "EndgameNMoveRule 30"));
  ASSERT_TRUE(r.set("endgamenmoverule", "50").is_ok());
  EXPECT_EQ(selected(r), "nine");
}

TEST(SanmillRules, OptionsWithoutEffectOnNineTakeAnyValue) {
  SanmillRules r;
  ASSERT_TRUE(r.set("boardfullaction", "4").is_ok());
  ASSERT_TRUE(r.set("stopplacingwhentwoemptysquares", "true").is_ok());
  ASSERT_TRUE(r.set("custodiancaptureoncrosslines", "false").is_ok());
  EXPECT_EQ(selected(r), "nine");
  // Flying with four stones is another game, unless nobody flies.
  ASSERT_TRUE(r.set("flypiececount", "4").is_ok());
  EXPECT_TRUE(Has(selected(r), "FlyPieceCount 4"));
  ASSERT_TRUE(r.set("mayfly", "false").is_ok());
  EXPECT_EQ(selected(r), "nine-noflying");
}

TEST(SanmillRules, ABadValueIsAnErrorAndChangesNothing) {
  SanmillRules r;
  EXPECT_TRUE(Has(r.set("piecescount", "13").message(),
                  "option 'piecescount' takes a number 9..12, not '13'"));
  EXPECT_TRUE(
      Has(r.set("mayfly", "yes").message(), "option 'mayfly' takes true or false, not 'yes'"));
  EXPECT_EQ(selected(r), "nine");
}

TEST(SanmillRules, KnowsItsOptionsAndListsThoseThatSelectTheGame) {
  EXPECT_TRUE(SanmillRules::has("piecescount"));
  EXPECT_TRUE(SanmillRules::has("leapcaptureinmovingphase"));
  EXPECT_FALSE(SanmillRules::has("skilllevel"));
  EXPECT_FALSE(SanmillRules::has("PiecesCount"));  // names arrive in lower case
  const std::string lines = SanmillRules::option_lines();
  EXPECT_TRUE(Has(lines, "option name PiecesCount type spin default 9 min 9 max 12\n"));
  EXPECT_TRUE(Has(lines, "option name MayFly type check default true\n"));
  EXPECT_TRUE(Has(lines, "option name NMoveRule type spin default 50 min 10 max 200\n"));
  EXPECT_FALSE(Has(lines, "OnSquareEdges"));
}

}  // namespace
}  // namespace millbase::engine
