// Packing: derived tables replace exactly the selected sectors, only after their values
// check out, and a packed directory still verifies, resumes and feeds later solves.
#include "solver/pack.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "db/table_dir.h"
#include "db/table_file.h"
#include "db/table_writer.h"
#include "solve_test_util.h"
#include "solver/solve.h"
#include "solver/verify.h"

namespace millbase {
namespace {

namespace fs = std::filesystem;

TEST(Pack, DerivesTheOddHandPlacementSectorsAndStillVerifies) {
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
      EXPECT_EQ(f->derived(), derived_when_packed(s)) << sector_name(s);
      EXPECT_EQ(derived.count(s) == 1, derived_when_packed(s)) << sector_name(s);
    }
  // Packing again changes nothing; the packed directory verifies and counts as solved.
  Result<std::vector<PackedSector>> again = pack_tables(SIX, dir);
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->empty());
  Result<std::vector<SectorCheck>> checks = verify_tables(SIX, dir, {});
  ASSERT_TRUE(checks) << checks.message();
  for (const SectorCheck& c : *checks) EXPECT_EQ(c.mismatches, 0u) << sector_name(c.sector);
  EXPECT_EQ(solve_into(SIX, dir, 2).units_solved, 0);
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

TEST(Pack, RefusesATableThatDisagreesWithItsSuccessors) {
  const std::string dir = temp_dir("pack-bad");
  const Sector s{4, 5, 2, 1};  // 3 stones in hand, derived when packed
  ASSERT_TRUE(derived_when_packed(s));
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
  const Sector s{4, 5, 2, 1};
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
