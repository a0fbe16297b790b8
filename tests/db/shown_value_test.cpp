// The shown value: one value in its four forms, known answers worked out from
// docs/fifty-ply.md by hand (a win in z needs the counter at 50 - z or less).
#include "db/shown_value.h"

#include <gtest/gtest.h>

namespace millbase {
namespace {

constexpr ValueCode WIN_IN_13 = 14;  // plain: distance 13 + 1
constexpr ValueCode LOSS_IN_4 = 5;

// Returns the JSON members the value writes, without the braces of their object.
std::string json(const ShownValue& shown) {
  JsonWriter w;
  shown.write_json(w.begin_object()).end_object();
  return w.str().substr(1, w.str().size() - 2);
}

TEST(ShownValue, PlainValuesIgnoreTheCounter) {
  for (int counter : {0, 30, 50}) {
    const ShownValue win{WIN_IN_13, Metric::PLAIN, counter};
    EXPECT_EQ(win.text(), "win in 13");
    EXPECT_EQ(win.brief(), "win in 13");
    EXPECT_EQ(json(win), "\"result\":\"win\",\"distance\":13");
    EXPECT_EQ(win.wdl(), Wdl::Win);
    const ShownValue loss{LOSS_IN_4, Metric::PLAIN, counter};
    EXPECT_EQ(loss.text(), "loss in 4");
    EXPECT_EQ(loss.wdl(), Wdl::Loss);
    EXPECT_EQ(json(ShownValue{DRAW}), "\"result\":\"draw\",\"distance\":null");
  }
  EXPECT_EQ(ShownValue{WIN_NOT_STORED}.text(), "win (distance not stored)");
  EXPECT_EQ(json(ShownValue{WIN_NOT_STORED}),
            "\"result\":\"win\",\"distance\":null,\"distance_stored\":false");
}

// A win whose next mill is 9 plies away: a win up to counter 41, a draw from 42 on.
TEST(ShownValue, FiftyWinTurnsIntoADrawPastItsCounter) {
  const ValueCode win9 = fifty_code(true, 9);
  const ShownValue at41{win9, Metric::FIFTY, 41};
  EXPECT_EQ(at41.wdl(), Wdl::Win);
  EXPECT_EQ(at41.brief(), "win in 9");
  EXPECT_EQ(at41.text(), "win in 9 (50-ply rule: plies to the next mill or the end)");
  EXPECT_EQ(json(at41),
            "\"rule\":\"fifty\",\"counter\":41,\"result\":\"win\",\"distance\":9,\"class\":"
            "\"win\",\"z\":9");
  const ShownValue at42{win9, Metric::FIFTY, 42};
  EXPECT_EQ(at42.wdl(), Wdl::Draw);
  EXPECT_EQ(at42.now(), DRAW);
  EXPECT_EQ(at42.brief(), "draw (a win in 9 needs the counter at 41 or less)");
  EXPECT_EQ(at42.text(),
            "draw under the 50-ply rule with the counter at 42 (a win in 9 with the counter at 41 "
            "or less)");
  EXPECT_EQ(json(at42),
            "\"rule\":\"fifty\",\"counter\":42,\"result\":\"draw\",\"distance\":null,\"class\":"
            "\"win\",\"z\":9");
  const ShownValue placement{win9, Metric::FIFTY, 0, true};
  EXPECT_EQ(placement.text(),
            "win in 9 (50-ply rule: plies to the first mill of the movement phase or the end)");
}

TEST(ShownValue, CursedWinsAndBlessedLossesAreDrawsUnderTheRule) {
  const ShownValue cursed{fifty_code(true, FIFTY_BEYOND), Metric::FIFTY, 0};
  EXPECT_EQ(cursed.wdl(), Wdl::Draw);
  EXPECT_EQ(cursed.brief(), "draw (cursed win)");
  EXPECT_EQ(cursed.text(), "cursed win: a draw under the 50-ply rule (a win without it)");
  const ShownValue blessed{fifty_code(false, FIFTY_BEYOND), Metric::FIFTY, 10};
  EXPECT_EQ(blessed.wdl(), Wdl::Draw);
  EXPECT_EQ(blessed.brief(), "draw (blessed loss)");
  EXPECT_NE(json(blessed).find("\"class\":\"blessed_loss\",\"z\":null"), std::string::npos)
      << json(blessed);
}

}  // namespace
}  // namespace millbase
