// The arithmetic of fifty codes (db/value.h (1)-(4)): the D scale, the classes, the value
// at a counter, a move's value for its mover, the folder's zeroing moves and loss step,
// and the stored round trip through the block codec and the header statistics.
#include <gtest/gtest.h>

#include "db/block_codec.h"
#include "db/table_header.h"
#include "db/tablebase.h"
#include "db/value.h"

namespace millbase {
namespace {

TEST(FiftyValue, CodesKeepTheParityOfTheResult) {
  for (int z = 0; z <= FIFTY_BEYOND; ++z) {
    const ValueCode loss = fifty_code(false, z);
    EXPECT_TRUE(is_loss(loss)) << z;
    EXPECT_EQ(fifty_z(loss), z);
    if (z == 0) continue;
    const ValueCode win = fifty_code(true, z);
    EXPECT_TRUE(is_win(win)) << z;
    EXPECT_EQ(fifty_z(win), z);
    // Shorter wins and longer losses are better, as for plain codes.
    EXPECT_TRUE(better(win, fifty_code(true, z + 1)));
    EXPECT_TRUE(better(fifty_code(false, z + 1), loss));
  }
  EXPECT_EQ(fifty_code(false, 0), LOSS_IN_0);
}

TEST(FiftyValue, ClassesAtCounterZero) {
  EXPECT_EQ(fifty_class(DRAW), FiftyClass::Draw);
  EXPECT_EQ(fifty_class(fifty_code(true, 50)), FiftyClass::Win);
  EXPECT_EQ(fifty_class(fifty_code(false, 0)), FiftyClass::Loss);
  EXPECT_EQ(fifty_class(fifty_code(true, FIFTY_BEYOND)), FiftyClass::CursedWin);
  EXPECT_EQ(fifty_class(fifty_code(false, FIFTY_BEYOND)), FiftyClass::BlessedLoss);
  EXPECT_STREQ(fifty_class_name(FiftyClass::CursedWin), "cursed win");
}

TEST(FiftyValue, DecisiveExactlyWhileZFitsTheCounter) {
  for (int z = 1; z <= FIFTY_PLIES; ++z)
    for (int c = 0; c <= FIFTY_PLIES; ++c) {
      const ValueCode win = fifty_code(true, z);
      EXPECT_EQ(fifty_at(win, c), z <= FIFTY_PLIES - c ? win : DRAW) << z << " " << c;
    }
  // A position already lost stays lost at any counter, 50 included.
  EXPECT_EQ(fifty_at(LOSS_IN_0, FIFTY_PLIES), LOSS_IN_0);
  EXPECT_EQ(fifty_at(fifty_code(true, FIFTY_BEYOND), 0), DRAW);
  // A placement position's z may pass 50: at counter 0 it counts whole.
  EXPECT_EQ(fifty_at(fifty_code(true, 60), 0), fifty_code(true, 60));
}

TEST(FiftyValue, MoveValuesForTheMover) {
  // A quiet move into a loss in 10: a win in 11, won with up to 39 on the counter.
  const ValueCode quiet = fifty_for_mover(fifty_code(false, 10), false, false);
  EXPECT_EQ(quiet, fifty_code(true, 11));
  EXPECT_EQ(fifty_at(quiet, 39), quiet);
  EXPECT_EQ(fifty_at(quiet, 40), DRAW);  // the child would stand at 41: too late
  // A quiet move into a loss in 50: a draw at every counter, a win without the rule.
  EXPECT_EQ(fifty_for_mover(fifty_code(false, 50), false, false), fifty_code(true, FIFTY_BEYOND));
  // The last placement into a loss in 50: a win in 51, placement has no counter.
  EXPECT_EQ(fifty_for_mover(fifty_code(false, 50), false, true), fifty_code(true, 51));
  // A mill into a child won in 40: a loss in 1, whatever the child's distance.
  EXPECT_EQ(fifty_for_mover(fifty_code(true, 40), true, false), fifty_code(false, 1));
  EXPECT_EQ(fifty_for_mover(fifty_code(false, 3), true, false), fifty_code(true, 1));
  EXPECT_EQ(fifty_for_mover(DRAW, false, false), DRAW);
  EXPECT_EQ(fifty_for_mover(fifty_code(true, FIFTY_BEYOND), true, false),
            fifty_code(false, FIFTY_BEYOND));
}

TEST(FiftyValue, FolderCountsZeroingMovesAsOnePly) {
  ValueFolder lost(3);  // every move closes a mill into a won position: a loss in 1
  lost.add_zeroing(fifty_code(true, 30));
  lost.add_zeroing(fifty_code(true, 7));
  EXPECT_EQ(lost.result(), fifty_code(false, 1));
  ValueFolder quiet(3);  // quiet moves into wins in 4 and 9: a loss in 10
  quiet.add(fifty_code(true, 4));
  quiet.add(fifty_code(true, 9));
  quiet.add_zeroing(fifty_code(true, 2));
  EXPECT_EQ(quiet.result(), fifty_code(false, 10));
  ValueFolder win(3);  // a quiet move into a loss in 6 and a mill into a draw: win in 7
  win.add(fifty_code(false, 6));
  win.add_zeroing(DRAW);
  EXPECT_EQ(win.result(), fifty_code(true, 7));
  ValueFolder saved(3);  // a mill into a draw saves a position whose other moves lose
  saved.add(fifty_code(true, 3));
  saved.add_zeroing(DRAW);
  EXPECT_EQ(saved.result(), DRAW);
}

TEST(FiftyValue, BlocksAndStatisticsKeepCodesAndCountTheRule) {
  const std::vector<ValueCode> values = {DRAW,
                                         fifty_code(true, 1),
                                         fifty_code(false, 1),
                                         fifty_code(true, 50),
                                         fifty_code(false, 0),
                                         fifty_code(true, FIFTY_BEYOND),
                                         fifty_code(false, FIFTY_BEYOND),
                                         fifty_code(true, 68)};
  std::vector<uint8_t> wdl, dtm;
  encode_block(values, wdl, dtm);
  std::vector<ValueCode> back(values.size());
  ASSERT_TRUE(decode_block(wdl, dtm, values.size(), back.data()));
  EXPECT_EQ(back, values);
  const TableStats s = compute_stats(values, Metric::FIFTY);
  EXPECT_EQ(s.wins, 3u);    // z 1, 50 and a placement position's 68
  EXPECT_EQ(s.losses, 2u);  // z 1 and 0
  EXPECT_EQ(s.draws, 3u);   // a draw, a cursed win and a blessed loss
  EXPECT_EQ(s.longest_win, 68u);
  EXPECT_EQ(s.longest_loss, 1u);
}

}  // namespace
}  // namespace millbase
