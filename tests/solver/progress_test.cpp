#include "solver/progress.h"

#include <gtest/gtest.h>

namespace millbase {
namespace {

TEST(PassRate, CountsPositionsOverTheSecondsOfWork) {
  PassRate r;
  EXPECT_EQ(r.rate(0, 0), 0);
  EXPECT_DOUBLE_EQ(r.rate(600, 60), 10);
  // 600 of 1,200 positions in 60 s: 60 s to go.
  EXPECT_EQ(r.eta(600, 1200, 60), "0:01:00");
  EXPECT_EQ(r.eta(1200, 1200, 120), "0:00:00");
}

TEST(PassRate, SaysNothingOfTheTimeLeftBeforeHalfAMinuteOfWork) {
  PassRate r;
  EXPECT_EQ(r.eta(0, 1000, 0), "unknown");
  EXPECT_EQ(r.eta(10, 1000, PassRate::MIN_SECONDS - 1), "unknown");
  EXPECT_EQ(r.eta(0, 1000, 3600), "unknown");  // an hour's loading, nothing solved
  EXPECT_NE(r.eta(10, 1000, PassRate::MIN_SECONDS), "unknown");
}

TEST(PassRate, LeavesUnitsFoundDoneOutOfTheRate) {
  // A resumed pass: 1,000 positions found solved in 100 s of reading headers, then 300
  // solved in 30 s. The rate is 10 a second, so the 900 left take 90 s (counting the
  // 100 s would give 2.3 a second and 390 s).
  PassRate r;
  r.skip(1000, 100);
  EXPECT_DOUBLE_EQ(r.rate(1300, 130), 10);
  EXPECT_EQ(r.eta(1300, 2200, 130), "0:01:30");
  // Work counts from the end of the skipped units.
  EXPECT_EQ(r.eta(1100, 2200, 100 + PassRate::MIN_SECONDS - 1), "unknown");
}

TEST(ProgressText, PrintsTimesAndCounts) {
  EXPECT_EQ(human_time(3725), "1:02:05");
  EXPECT_EQ(human_time(0.4), "0:00:00");
  EXPECT_EQ(human_count(1.26e6), "1.26M");
  EXPECT_EQ(human_count(4100), "4.1k");
  EXPECT_EQ(human_count(26.8e9), "26.80G");
  EXPECT_EQ(human_count(999), "999");
}

}  // namespace
}  // namespace millbase
