// The C API's 50-ply counter (capi/millbase.h) against six's 50-ply tables, solved by the
// cli.solve_six_fifty fixture.
#include "capi_fixture.h"

#include <random>

#include "core/movegen.h"
#include "player/press.h"

namespace millbase::capi_test {
namespace {

// The 50-ply counter (millbase_probe_counter, millbase_best_move_counter) on six's 50-ply
// tables, against Tablebase::probe with fifty_at() and analyze(p, counter), over the
// movement positions of seeded random games at every counter; a decisive value must
// turn into a draw once its z no longer fits the plies left. With the plain tables the
// counter does not change the answer; a counter outside 0..50 or in placement is
// refused.
TEST(CApiCounterTest, ValuesAndMovesFollowTheCounter) {
  char err[MILLBASE_ERR_SIZE];
  millbase_tables *fifty = nullptr, *plain = nullptr;
  ASSERT_EQ(millbase_open("six", SIX_FIFTY_DB, &fifty, err, sizeof err), MILLBASE_OK) << err;
  ASSERT_EQ(millbase_open("six", SIX_DB, &plain, err, sizeof err), MILLBASE_OK) << err;
  std::shared_ptr<const Tablebase> cpp = *Tablebase::open(SIX, SIX_FIFTY_DB);
  ASSERT_EQ(cpp->metric(), Metric::FIFTY);
  std::mt19937_64 rng(2026);
  int checked = 0, turned_to_draw = 0;
  for (int game = 0; game < 40; ++game) {
    Position p = *parse_position(SIX, START);
    for (int ply = 0; ply < 40 && game_over(SIX, p) == GameOver::None; ++ply) {
      MoveList moves(SIX, p);
      p = do_move(p, moves.begin()[rng() % uint64_t(moves.size())]);
      if (p.in_hand[WHITE] || p.in_hand[BLACK] || game_over(SIX, p) != GameOver::None) continue;
      const std::string text = format_position(SIX, p);
      const ValueCode stored = *cpp->probe(p);
      for (int counter : {0, 1, 20, 35, 49, 50}) {
        int result = -9, distance = -9;
        ASSERT_EQ(millbase_probe_counter(fifty, text.c_str(), counter, &result, &distance, err,
                                         sizeof err),
                  MILLBASE_OK)
            << text << " " << err;
        const ValueCode now = fifty_at(stored, counter);
        EXPECT_EQ(result, int(wdl_of(now))) << text << " counter " << counter;
        EXPECT_EQ(distance, is_draw(now) ? -1 : fifty_z(now)) << text << " counter " << counter;
        turned_to_draw += !is_draw(fifty_at(stored, 0)) && is_draw(now);
        char move[MILLBASE_MOVE_SIZE];
        const int code = millbase_best_move_counter(fifty, text.c_str(), counter, 5, move,
                                                    sizeof move, err, sizeof err);
        if (counter == FIFTY_PLIES) {  // a drawn game under the rule: no move
          EXPECT_EQ(code, MILLBASE_GAME_OVER) << text;
          EXPECT_NE(std::string(err).find("50-ply rule"), std::string::npos) << err;
          EXPECT_EQ(result, MILLBASE_DRAW) << text;
          ++checked;
          continue;
        }
        ASSERT_EQ(code, MILLBASE_OK) << text << " " << err;
        const std::vector<MoveValue> ranked = *cpp->analyze(p, counter);
        const ValueCode best = value_now(*cpp, ranked.front().value, counter);
        bool among_best = false;
        for (const MoveValue& m : ranked)
          among_best |=
              format_move(SIX, m.move) == move && value_now(*cpp, m.value, counter) == best;
        EXPECT_TRUE(among_best) << text << " counter " << counter << ": " << move;
        int plain_at = -9, plain_0 = -9, d_at = -9, d_0 = -9;
        ASSERT_EQ(
            millbase_probe_counter(plain, text.c_str(), counter, &plain_at, &d_at, err, sizeof err),
            MILLBASE_OK);
        ASSERT_EQ(millbase_probe(plain, text.c_str(), &plain_0, &d_0, err, sizeof err),
                  MILLBASE_OK);
        EXPECT_EQ(std::make_pair(plain_at, d_at), std::make_pair(plain_0, d_0)) << text;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 1000);
  EXPECT_GT(turned_to_draw, 0) << "no position's value depended on the counter";
  int result, distance;
  char move[MILLBASE_MOVE_SIZE];
  EXPECT_EQ(millbase_probe_counter(fifty, BLOCKADE, 51, &result, &distance, err, sizeof err),
            MILLBASE_INVALID);
  EXPECT_NE(std::string(err).find("51"), std::string::npos) << err;
  EXPECT_EQ(millbase_probe_counter(plain, BLOCKADE, -1, &result, &distance, err, sizeof err),
            MILLBASE_INVALID);
  EXPECT_EQ(millbase_best_move_counter(fifty, START, 3, 1, move, sizeof move, err, sizeof err),
            MILLBASE_INVALID);
  EXPECT_NE(std::string(err).find("placement"), std::string::npos) << err;
  EXPECT_EQ(millbase_close(fifty), MILLBASE_OK);
  EXPECT_EQ(millbase_close(plain), MILLBASE_OK);
}

}  // namespace
}  // namespace millbase::capi_test
