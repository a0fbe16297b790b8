// Play sets (docs/play-set.md): six's placement tables without distances keep every
// result, verify, and still let the perfect player win every won position it is given.
#include "solver/play_set.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "db/sector_index.h"
#include "db/table_file.h"
#include "db/tablebase.h"
#include "player/player.h"
#include "solve_test_util.h"
#include "solver/pack.h"
#include "solver/sector_graph.h"
#include "solver/verify.h"

namespace millbase {
namespace {

namespace fs = std::filesystem;

// Six solved plainly and under the 50-ply rule, each also packed as a play set.
class PlaySet : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = temp_dir("play-set");
    solve_into(SIX, full(Metric::PLAIN), 2);
    SolveOptions opts;
    opts.dir = full(Metric::FIFTY);
    opts.metric = Metric::FIFTY;
    opts.plain_dir = full(Metric::PLAIN);
    opts.quiet = true;
    ASSERT_TRUE(solve(SIX, opts));
    for (Metric m : {Metric::PLAIN, Metric::FIFTY}) {
      fs::copy(full(m), play(m));
      ASSERT_TRUE(pack_tables(SIX, play(m), {}, true));
      fs::copy(play(m), packed(m));
      Result<std::vector<PlaySetTable>> made = make_play_set(SIX, play(m), {}, true);
      ASSERT_TRUE(made) << made.message();
      ASSERT_FALSE(made->empty());
    }
  }
  static void TearDownTestSuite() { fs::remove_all(root_); }

  static std::string full(Metric m) { return root_ + "/full-" + metric_name(m); }
  static std::string play(Metric m) { return root_ + "/play-" + metric_name(m); }
  static std::string packed(Metric m) { return root_ + "/packed-" + metric_name(m); }

  static std::string root_;
};

std::string PlaySet::root_;

TEST_F(PlaySet, EveryTableKeepsItsResultsAndTheDirectoryVerifies) {
  const SectorGraph graph(SIX);
  for (Metric m : {Metric::PLAIN, Metric::FIFTY}) {
    SCOPED_TRACE(metric_name(m));
    ValueStore whole, kept;
    int without = 0;
    for (const WorkUnit& u : graph.units())
      for (const Sector& s : u.sectors) {
        Result<TableFile> f = TableFile::open_sector(SIX, play(m), s, m);
        ASSERT_TRUE(f) << f.message();
        // Placement tables stored without distances; movement tables as they were.
        if (s.placement() && !f->derived()) {
          EXPECT_EQ(f->header().encoding, Encoding::WDL_ONLY) << sector_name(s);
          ++without;
        }
        if (!s.placement() && !f->derived()) {
          EXPECT_EQ(read_file(table_path(play(m), s)), read_file(table_path(full(m), s)));
        }
        ASSERT_TRUE(load_sectors(SIX, full(m), {s}, whole, m));
        Status st = load_sectors(SIX, play(m), {s}, kept, m);
        ASSERT_TRUE(st) << st.message();
        const std::vector<ValueCode>& a = whole.find(s)->values;
        const std::vector<ValueCode>& b = kept.find(s)->values;
        ASSERT_EQ(a.size(), b.size());
        for (size_t i = 0; i < a.size(); ++i) {
          // The same result under the directory's rule; a distance, where one is
          // still found, is the true one.
          ASSERT_EQ(drop_distance(a[i], m), drop_distance(b[i], m)) << sector_name(s) << " " << i;
          if (!s.placement() || (!is_draw(b[i]) && !distance_unknown(b[i]))) {
            ASSERT_EQ(a[i], b[i]) << sector_name(s) << " " << i;
          }
        }
      }
    EXPECT_GT(without, 40);
    VerifyOptions opts;
    opts.metric = m;
    opts.quiet = true;
    Result<std::vector<SectorCheck>> checks = verify_tables(SIX, play(m), opts);
    ASSERT_TRUE(checks) << checks.message();
    expect_all_verified(*checks);
  }
}

// Returns won placement positions of six (side to move wins under m at counter 0): up
// to `per_sector` from each even-hand placement sector, spread over its entries.
std::vector<Position> won_placement_positions(const std::string& dir, Metric m, int per_sector) {
  std::vector<Position> out;
  const SectorGraph graph(SIX);
  for (const WorkUnit& u : graph.units())
    for (const Sector& s : u.sectors) {
      if (!s.placement() || derived_when_packed(SIX, s)) continue;
      ValueStore store;
      if (!load_sectors(SIX, dir, {s}, store, m)) continue;
      const SectorValues& sv = *store.find(s);
      const uint64_t stride = std::max<uint64_t>(1, sv.values.size() / (8 * per_sector));
      int found = 0;
      for (uint64_t i = 0; i < sv.values.size() && found < per_sector; i += stride) {
        const ValueCode v = m == Metric::FIFTY ? fifty_at(sv.values[i], 0) : sv.values[i];
        if (!is_win(v)) continue;
        Position p;
        sv.index->unrank(i, p.stones[WHITE], p.stones[BLACK]);
        p.in_hand = {s.us_hand, s.them_hand};
        if (game_over(SIX, p) == GameOver::None) out.push_back(p), ++found;
      }
    }
  return out;
}

TEST_F(PlaySet, ThePlayerWinsWonPlacementPositionsAgainstTheWholeTables) {
  for (Metric m : {Metric::PLAIN, Metric::FIFTY}) {
    SCOPED_TRACE(metric_name(m));
    auto with_distances = *Tablebase::open(SIX, full(m));
    auto play_set = *Tablebase::open(SIX, play(m));
    const std::vector<Position> starts = won_placement_positions(full(m), m, 8);
    ASSERT_GT(starts.size(), 200u);
    uint64_t seed = 0;
    for (const Position& start : starts) {
      // The winner plays from the play set; the loser defends with every distance.
      Player winner(play_set, ++seed), loser(with_distances, seed + 1000);
      const Color side = start.side_to_move;
      if (m == Metric::FIFTY) {
        // Under the draw rules: the 50-ply counter and threefold repetition.
        Game g(SIX, start);
        while (g.outcome() == Outcome::Ongoing && g.ply() < 400) {
          const int counter = std::max(0, g.quiet_plies());
          Player& mover = g.position().side_to_move == side ? winner : loser;
          Result<Move> mv = mover.choose(g.position(), PERFECT, nullptr, counter);
          ASSERT_TRUE(mv) << mv.message();
          ASSERT_TRUE(g.play(*mv));
        }
        EXPECT_EQ(g.outcome(), side == WHITE ? Outcome::WhiteWins : Outcome::BlackWins)
            << format_position(SIX, start) << ": " << g.result_text();
        continue;
      }
      // Without the rule: every move of the winner keeps the win, by the whole tables.
      Position p = start;
      int plies = 0;
      for (; game_over(SIX, p) == GameOver::None && plies < 400; ++plies) {
        const bool winning_side = p.side_to_move == side;
        Result<Move> mv = (winning_side ? winner : loser).choose(p, PERFECT);
        ASSERT_TRUE(mv) << mv.message();
        p = do_move(p, *mv);
        if (winning_side) {
          Result<ValueCode> after = with_distances->probe(p);
          ASSERT_TRUE(after && is_loss(*after)) << format_position(SIX, start) << " ply " << plies;
        }
      }
      EXPECT_NE(game_over(SIX, p), GameOver::None) << format_position(SIX, start);
      EXPECT_NE(p.side_to_move, side) << format_position(SIX, start);
    }
  }
}

// make_play_set changes a table only after every table that reads it (its predecessors)
// that it changes: so wherever it stops, a table that keeps its distances reads none that
// lost theirs, which is what lets a stopped run verify.
TEST_F(PlaySet, ChangesATableOnlyAfterTheTablesThatReadIt) {
  const std::string dir = root_ + "/order";
  fs::remove_all(dir);
  fs::copy(packed(Metric::PLAIN), dir);
  std::map<Sector, size_t> when;
  ASSERT_TRUE(make_play_set(
      SIX, dir, [&](const PlaySetTable& t) { when.emplace(t.sector, when.size()); }, true));
  ASSERT_GT(when.size(), 30u);
  const SectorGraph graph(SIX);
  int pairs = 0;
  for (const WorkUnit& u : graph.units())
    for (const Sector& p : u.sectors)
      for (const Sector& c : successor_sectors(SIX, p)) {
        if (!when.count(p) || !when.count(c)) continue;
        EXPECT_LT(when[p], when[c]) << sector_name(p) << " reads " << sector_name(c);
        ++pairs;
      }
  EXPECT_GT(pairs, 30);
  fs::remove_all(dir);
}

// A play set killed partway, at a third and at two thirds of the tables it changes: the
// tables make_play_set changed before the kill as it made them, the others as packed. It
// verifies (the results where a search finds no distance), and making it again finishes
// it into the same files as one run.
TEST_F(PlaySet, AnInterruptedOneVerifiesAndResumesToTheSameFiles) {
  const std::string dir = root_ + "/interrupted";
  for (Metric m : {Metric::PLAIN, Metric::FIFTY}) {
    // The order in which make_play_set changes the tables.
    std::vector<Sector> order;
    fs::remove_all(dir);
    fs::copy(packed(m), dir);
    ASSERT_TRUE(make_play_set(
        SIX, dir, [&](const PlaySetTable& t) { order.push_back(t.sector); }, true));
    ASSERT_GT(order.size(), 30u);
    for (size_t thirds : {1, 2}) {
      SCOPED_TRACE(std::string(metric_name(m)) + ", stopped at " + std::to_string(thirds) + "/3");
      fs::remove_all(dir);
      fs::copy(packed(m), dir);
      for (size_t k = 0; k < order.size() * thirds / 3; ++k)
        fs::copy_file(table_path(play(m), order[k]), table_path(dir, order[k]),
                      fs::copy_options::overwrite_existing);
      ASSERT_NE(read_dir(dir), read_dir(play(m)));
      VerifyOptions opts;
      opts.metric = m;
      opts.quiet = true;
      Result<std::vector<SectorCheck>> checks = verify_tables(SIX, dir, opts);
      ASSERT_TRUE(checks) << checks.message();
      expect_all_verified(*checks);
      // Probes there give every placement position its result, and a distance (or a
      // 50-ply label beyond the rule) only where it is the one of the whole tables.
      {
        auto stopped = *Tablebase::open(SIX, dir);
        auto whole = *Tablebase::open(SIX, full(m));
        int with_distance = 0, without = 0;
        const SectorGraph graph(SIX);
        for (const WorkUnit& u : graph.units())
          for (const Sector& s : u.sectors) {
            if (!s.placement()) continue;
            SectorIndex::get(*SIX.board, s.us, s.them)
                ->for_each(0, SectorIndex::count(*SIX.board, s.us, s.them),
                           [&](uint64_t i, Bitboard us, Bitboard them) {
                             if (i % 13) return;
                             Position q;
                             q.stones = {us, them};
                             q.in_hand = {s.us_hand, s.them_hand};
                             if (game_over(SIX, q) != GameOver::None) return;
                             const ValueCode got = *stopped->probe(q), want = *whole->probe(q);
                             EXPECT_EQ(drop_distance(got, m), drop_distance(want, m))
                                 << format_position(SIX, q);
                             if (distance_unknown(got) || is_draw(got)) {
                               ++without;
                               return;
                             }
                             EXPECT_EQ(got, want) << format_position(SIX, q);
                             ++with_distance;
                           });
          }
        EXPECT_GT(with_distance, 1000);
        EXPECT_GT(without, 1000);
      }
      Result<std::vector<PlaySetTable>> made = make_play_set(SIX, dir, {}, true);
      ASSERT_TRUE(made) << made.message();
      EXPECT_FALSE(made->empty());
      EXPECT_EQ(read_dir(dir), read_dir(play(m)));
    }
  }
}

TEST_F(PlaySet, ASolveRefusesItAndMakingItAgainChangesNothing) {
  const auto before = read_dir(play(Metric::PLAIN));
  SolveOptions opts;
  opts.dir = play(Metric::PLAIN);
  opts.quiet = true;
  Result<SolveReport> r = solve(SIX, opts);
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("keeps no distances"), std::string::npos) << r.message();
  Result<std::vector<PlaySetTable>> again = make_play_set(SIX, play(Metric::PLAIN), {}, true);
  ASSERT_TRUE(again) << again.message();
  EXPECT_TRUE(again->empty());
  Result<std::vector<PackedSector>> packed = pack_tables(SIX, play(Metric::PLAIN), {}, true);
  ASSERT_TRUE(packed) << packed.message();
  EXPECT_TRUE(packed->empty());
  EXPECT_EQ(read_dir(play(Metric::PLAIN)), before);
}

}  // namespace
}  // namespace millbase
