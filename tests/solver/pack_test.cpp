// Packing: derived tables replace exactly the selected sectors, only after their values
// check out, and a packed directory still verifies, resumes and feeds later solves.
#include "solver/pack.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>

#include "core/notation.h"
#include "db/sector_index.h"
#include "db/table_dir.h"
#include "db/table_file.h"
#include "db/table_writer.h"
#include "db/tablebase.h"
#include "solve_test_util.h"
#include "solver/solve.h"
#include "solver/verify.h"

namespace millbase {
namespace {

namespace fs = std::filesystem;

TEST(Pack, DerivesTheSelectedSectorsAndStillVerifies) {
  const std::string dir = temp_dir("pack");
  solve_into(SIX, dir, 2);
  Result<std::vector<PackedSector>> packed = pack_tables(SIX, dir);
  ASSERT_TRUE(packed) << packed.message();
  std::set<Sector> derived;
  for (const PackedSector& p : *packed) {
    derived.insert(p.sector);
    EXPECT_LT(p.bytes_after, p.bytes_before);
  }
  SectorGraph graph(SIX);
  for (const WorkUnit& u : graph.units())
    for (const Sector& s : u.sectors) {
      Result<TableFile> f = TableFile::open_sector(SIX, dir, s);
      ASSERT_TRUE(f) << f.message();
      EXPECT_EQ(f->derived(), derived_when_packed(SIX, s)) << sector_name(s);
      EXPECT_EQ(derived.count(s) == 1, derived_when_packed(SIX, s)) << sector_name(s);
    }
  // Packing again changes nothing; the packed directory verifies and counts as solved.
  Result<std::vector<PackedSector>> again = pack_tables(SIX, dir);
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->empty());
  Result<std::vector<SectorCheck>> checks = verify_tables(SIX, dir, {});
  ASSERT_TRUE(checks) << checks.message();
  expect_all_verified(*checks);
  EXPECT_EQ(solve_into(SIX, dir, 2).units_solved, 0);
  fs::remove_all(dir);
}

struct ProbeDepth {
  int derived_movement = 0;  // derived movement sectors
  int deepest = 0;           // the most plies a probe searches
};

// Checks the probe depth that pack.h promises, with derived(s) saying which sectors of v
// are derived: a probe of a derived sector reaches stored tables within three plies, and
// only from the last full placements (hands 1 and 1) does it take three. Returns what it
// counted.
ProbeDepth expect_probe_depth(const Variant& v, const std::function<bool(const Sector&)>& derived) {
  ProbeDepth n;
  auto is_derived = [&](const Sector& s) { return !is_terminal(v, s) && derived(s); };
  // The plies a probe of s searches before every path reaches a stored table; a sector
  // on a circle of derived sectors counts 100 or more.
  std::map<Sector, int> memo;
  std::function<int(const Sector&)> plies = [&](const Sector& s) {
    if (!is_derived(s)) return 0;
    if (auto it = memo.find(s); it != memo.end()) return it->second;
    memo[s] = 100;
    int deepest = 0;
    for (const Sector& c : successor_sectors(v, s)) deepest = std::max(deepest, plies(c));
    return memo[s] = deepest + 1;
  };
  const SectorGraph graph(v);
  for (const WorkUnit& u : graph.units())
    for (const Sector& s : u.sectors) {
      if (!is_derived(s)) continue;
      n.derived_movement += !s.placement();
      const int d = plies(s);
      EXPECT_LE(d, 3) << v.name << " " << sector_name(s);
      if (d == 3) {
        EXPECT_TRUE(s.us_hand == 1 && s.them_hand == 1) << v.name << " " << sector_name(s);
      }
      n.deepest = std::max(n.deepest, d);
    }
  return n;
}

TEST(Pack, ADerivedSectorIsProbedInThreePliesAtMost) {
  for (const Variant* v : all_variants()) {
    const ProbeDepth n =
        expect_probe_depth(*v, [&](const Sector& s) { return derived_when_packed(*v, s); });
    EXPECT_GT(n.derived_movement, 0) << v->name;
    // Lasker derives movement sectors only (solver/pack.h): one ply.
    EXPECT_EQ(n.deepest, v->move_in_placement ? 1 : 3) << v->name;
  }
}

// Replaces the tables of six's sectors that `earlier` selects in dir by derived tables,
// as a pack under an earlier rule did. Returns the sectors.
std::set<Sector> derive_as_earlier_pack(const std::string& dir,
                                        const std::function<bool(const Sector&)>& earlier) {
  std::set<Sector> derived;
  const SectorGraph graph(SIX);
  for (const WorkUnit& u : graph.units())
    for (const Sector& s : u.sectors) {
      if (!earlier(s)) continue;
      Result<TableFile> f = TableFile::open_sector(SIX, dir, s);
      EXPECT_TRUE(f) << f.message();
      if (!f) continue;
      EXPECT_TRUE(
          write_derived_table(table_path(dir, s), SIX, s, f->header().entries, f->header().stats));
      derived.insert(s);
    }
  return derived;
}

// Expects six's directory dir, as packed, to keep the probe depth of pack.h and to verify.
void expect_packed_dir_sound(const std::string& dir) {
  expect_probe_depth(SIX, [&](const Sector& s) {
    Result<TableFile> f = TableFile::open_sector(SIX, dir, s);
    return f && f->derived();
  });
  Result<std::vector<SectorCheck>> checks = verify_tables(SIX, dir, {});
  ASSERT_TRUE(checks) << checks.message();
  expect_all_verified(*checks);
}

// A directory packed before the movement side kept changed (the sectors a-b with
// a > b >= 3 derived) stays valid: packing it again keeps their mirrors stored, so no
// derived table reads another beyond what may_read_derived() allows, and it verifies.
TEST(Pack, ADirectoryPackedUnderTheEarlierRuleKeepsItsMirrorsStored) {
  const std::string dir = temp_dir("pack-earlier");
  solve_into(SIX, dir, 2);
  const int earlier = int(derive_as_earlier_pack(dir, [](const Sector& s) {
                            return !s.placement() && s.us > s.them && s.them >= 3;
                          }).size());
  ASSERT_GT(earlier, 0);
  Result<std::vector<PackedSector>> packed = pack_tables(SIX, dir, {}, true);
  ASSERT_TRUE(packed) << packed.message();
  int kept = 0, placement_derived = 0;
  for (const PackedSector& p : *packed) {
    if (p.kept_stored) {
      ++kept;
      EXPECT_FALSE(p.sector.placement()) << sector_name(p.sector);
      EXPECT_EQ(p.bytes_after, p.bytes_before);
    } else {
      placement_derived += p.sector.placement();
      EXPECT_TRUE(p.sector.placement()) << sector_name(p.sector);
    }
  }
  EXPECT_EQ(kept, earlier);  // every mirror of an earlier derived sector
  EXPECT_GT(placement_derived, 0);
  expect_packed_dir_sound(dir);
  fs::remove_all(dir);
}

// A directory packed when the placement sectors with an odd number of stones in hand were
// the derived ones (the second player's, hands k and k - 1) stays valid: packing it again
// keeps the first player's stored, since deriving them would make a derived table read
// another, and it verifies.
TEST(Pack, ADirectoryPackedUnderTheEarlierPlacementRuleKeepsItsPlacementStored) {
  const std::string dir = temp_dir("pack-earlier-placement");
  solve_into(SIX, dir, 2);
  const std::set<Sector> earlier = derive_as_earlier_pack(
      dir, [](const Sector& s) { return s.placement() && (s.us_hand + s.them_hand) % 2 == 1; });
  ASSERT_GT(earlier.size(), 30u);
  Result<std::vector<PackedSector>> packed = pack_tables(SIX, dir, {}, true);
  ASSERT_TRUE(packed) << packed.message();
  // The first player's hands k and k (k >= 2) read the second player's, derived: kept.
  // The last full placements are derived only where no derived table reads them (the
  // sectors that no move reaches).
  int kept = 0, movement_derived = 0;
  for (const PackedSector& p : *packed) {
    const Sector& s = p.sector;
    if (s.placement() && s.us_hand >= 2) {
      EXPECT_TRUE(p.kept_stored) << sector_name(s);
    }
    if (!s.placement()) {
      EXPECT_FALSE(p.kept_stored) << sector_name(s);
    }
    kept += p.kept_stored;
    movement_derived += !s.placement() && !p.kept_stored;
  }
  EXPECT_GT(kept, 30);
  EXPECT_GT(movement_derived, 0);
  expect_packed_dir_sound(dir);
  fs::remove_all(dir);
}

TEST(Pack, LaterSolvesReadDerivedChildrenAndWriteTheSameTables) {
  const std::string full = temp_dir("pack-full"), partial = temp_dir("pack-partial");
  solve_into(SIX, full, 2);
  // Solve the part of six below 3-3+2-2, pack it, then solve the rest on top.
  const Sector middle{3, 3, 2, 2};
  solve_into(SIX, partial, 2, {middle});
  Result<std::vector<PackedSector>> packed = pack_tables(SIX, partial);
  ASSERT_TRUE(packed) << packed.message();
  ASSERT_FALSE(packed->empty());
  EXPECT_GT(solve_into(SIX, partial, 2).units_solved, 0);
  for (const auto& e : fs::directory_iterator(full)) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() != ".mbt") continue;
    Result<TableFile> f = TableFile::open_any(partial + "/" + name);
    ASSERT_TRUE(f) << f.message();
    if (!f->derived()) {
      EXPECT_EQ(read_file(e.path()), read_file(partial + "/" + name)) << name;
    }
  }
  fs::remove_all(full);
  fs::remove_all(partial);
}

// 50-ply tables: a derived sector's codes, labels beyond the rule included, come out of
// its successors' codes (FiftyFolder) equal to what the solver stored, both when a
// reader loads the whole sector and when the Tablebase probes its positions. And the
// 50-ply solve from packed plain tables writes the same tables.
TEST(Pack, FiftyTablesDeriveTheStoredCodes) {
  const std::string plain = temp_dir("pack-fifty-plain"), fifty = temp_dir("pack-fifty"),
                    packed = temp_dir("pack-fifty-packed");
  solve_into(SIX, plain, 2);
  SolveOptions opts;
  opts.dir = fifty;
  opts.quiet = true;
  opts.metric = Metric::FIFTY;
  opts.plain_dir = plain;
  ASSERT_TRUE(solve(SIX, opts));
  fs::copy(fifty, packed);
  Result<std::vector<PackedSector>> p = pack_tables(SIX, packed);
  ASSERT_TRUE(p) << p.message();
  ASSERT_EQ(p->size(), 139u);
  auto tb = Tablebase::open(SIX, packed);
  ASSERT_TRUE(tb) << tb.message();
  ASSERT_EQ((*tb)->metric(), Metric::FIFTY);
  uint64_t beyond = 0, probed = 0;
  for (const PackedSector& d : *p) {
    const Sector& s = d.sector;
    Result<TableFile> f = TableFile::open_sector(SIX, fifty, s, Metric::FIFTY);
    ASSERT_TRUE(f) << f.message();
    const std::vector<ValueCode> stored = *f->read_all();
    ValueStore store;
    ASSERT_TRUE(load_sectors(SIX, packed, {s}, store, Metric::FIFTY)) << sector_name(s);
    ASSERT_EQ(store.find(s)->values, stored) << sector_name(s);
    for (ValueCode c : stored) beyond += !is_draw(c) && fifty_z(c) == FIFTY_BEYOND;
    // Every 13th position through the probe, which folds its successors' probes.
    SectorIndex::get(*SIX.board, s.us, s.them)
        ->for_each(0, stored.size(), [&](uint64_t i, Bitboard us, Bitboard them) {
          if (i % 13) return;
          Position q;
          q.stones = {us, them};
          q.in_hand = {s.us_hand, s.them_hand};
          if (game_over(SIX, q) != GameOver::None) return;
          Result<ValueCode> got = (*tb)->probe(q);
          ASSERT_TRUE(got) << got.message();
          ASSERT_EQ(*got, stored[i]) << format_position(SIX, q);
          ++probed;
        });
  }
  EXPECT_GT(beyond, 0u);  // cursed wins and blessed losses among the derived codes
  EXPECT_GT(probed, 100000u);
  // The 50-ply solve reads a packed plain directory (derived placement and movement
  // tables) to label cursed wins and blessed losses, and writes the same tables.
  const std::string packed_plain = temp_dir("pack-fifty-packed-plain"),
                    again = temp_dir("pack-fifty-again");
  fs::copy(plain, packed_plain);
  ASSERT_TRUE(pack_tables(SIX, packed_plain, {}, true));
  opts.dir = again;
  opts.plain_dir = packed_plain;
  ASSERT_TRUE(solve(SIX, opts));
  EXPECT_EQ(read_dir(again), read_dir(fifty));
  for (const std::string& d : {plain, fifty, packed, packed_plain, again}) fs::remove_all(d);
}

TEST(Pack, RefusesATableThatDisagreesWithItsSuccessors) {
  const std::string dir = temp_dir("pack-bad");
  const Sector s{4, 4, 2, 2};  // the first player to move with 2 and 2 in hand: derived
  ASSERT_TRUE(derived_when_packed(SIX, s));
  solve_into(SIX, dir, 2, {s});
  Result<TableFile> f = TableFile::open_sector(SIX, dir, s);
  ASSERT_TRUE(f);
  std::vector<ValueCode> values = *f->read_all();
  values[values.size() / 2] = is_draw(values[values.size() / 2]) ? LOSS_IN_0 : DRAW;
  ASSERT_TRUE(write_table(table_path(dir, s), SIX, s, values));
  const std::string before = read_file(table_path(dir, s));
  Result<std::vector<PackedSector>> packed = pack_tables(SIX, dir);
  ASSERT_FALSE(packed);
  EXPECT_NE(packed.message().find(table_path(dir, s)), std::string::npos) << packed.message();
  EXPECT_NE(packed.message().find("not packed"), std::string::npos) << packed.message();
  EXPECT_EQ(read_file(table_path(dir, s)), before);
  fs::remove_all(dir);
}

TEST(Pack, ADerivedTableWithWrongStatisticsIsReportedWhenLoaded) {
  const std::string dir = temp_dir("pack-stats");
  const Sector s{4, 4, 2, 2};
  solve_into(SIX, dir, 2, {s});
  ASSERT_TRUE(pack_tables(SIX, dir));
  Result<TableFile> f = TableFile::open_sector(SIX, dir, s);
  ASSERT_TRUE(f && f->derived());
  TableStats wrong = f->header().stats;
  ++wrong.wins;
  ASSERT_TRUE(write_derived_table(table_path(dir, s), SIX, s, f->header().entries, wrong));
  ValueStore store;
  Status st = load_sectors(SIX, dir, {s}, store);
  ASSERT_FALSE(st);
  EXPECT_NE(st.message().find(table_path(dir, s)), std::string::npos) << st.message();
  fs::remove_all(dir);
}

}  // namespace
}  // namespace millbase
