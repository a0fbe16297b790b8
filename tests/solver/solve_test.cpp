// The solve driver end to end: known results, verification, determinism across thread
// counts, and resuming after lost or damaged files.
#include "solver/solve.h"
#include "solver/unit_memory.h"

#include <gtest/gtest.h>
#include <omp.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "db/sector_index.h"
#include "db/table_dir.h"
#include "db/table_file.h"
#include "db/table_writer.h"
#include "solve_test_util.h"
#include "solver/table_reader.h"
#include "solver/verify.h"

namespace millbase {
namespace {

namespace fs = std::filesystem;

ValueCode start_value(const Variant& v, const std::string& dir) {
  ValueStore store;
  const Sector start{0, 0, uint8_t(v.stones), uint8_t(v.stones)};
  EXPECT_TRUE(load_sectors(v, dir, {start}, store));
  return store.lookup(v, start, 0, 0);
}

TEST(Solve, SixAndFiveAreDrawsAndVerify) {
  for (const Variant* v : {&SIX, &FIVE}) {
    const std::string dir = temp_dir(std::string(v->name));
    SolveReport r = solve_into(*v, dir, 2);
    EXPECT_EQ(r.units_skipped, 0);
    EXPECT_EQ(start_value(*v, dir), DRAW) << v->name;
    Result<std::vector<SectorCheck>> checks = verify_tables(*v, dir, {});
    ASSERT_TRUE(checks) << checks.message();
    size_t tables = 0;
    for (const auto& e : fs::directory_iterator(dir)) tables += e.path().extension() == ".mbt";
    EXPECT_EQ(checks->size(), tables);
    for (const SectorCheck& c : *checks)
      EXPECT_EQ(c.mismatches, 0u) << sector_name(c.sector) << ": " << c.first_mismatch;
    fs::remove_all(dir);
  }
}

TEST(Solve, SameTablesForOneAndTwoThreads) {
  const std::string one = temp_dir("six-1"), two = temp_dir("six-2");
  solve_into(SIX, one, 1);
  solve_into(SIX, two, 2);
  EXPECT_EQ(read_dir(one), read_dir(two));
  const std::string nine1 = temp_dir("nine-1"), nine2 = temp_dir("nine-2");
  solve_into(NINE, nine1, 1, {Sector{4, 4, 0, 0}});
  solve_into(NINE, nine2, 2, {Sector{4, 4, 0, 0}});
  EXPECT_EQ(read_dir(nine1), read_dir(nine2));
  for (const auto& d : {one, two, nine1, nine2}) fs::remove_all(d);
}

TEST(Solve, ResumesAfterLostAndDamagedFiles) {
  const std::string dir = temp_dir("resume");
  const std::vector<Sector> targets{Sector{4, 3, 0, 0}};
  SolveReport first = solve_into(NINE, dir, 2, targets);
  const auto complete = read_dir(dir);
  SolveReport again = solve_into(NINE, dir, 2, targets);
  EXPECT_EQ(again.units_solved, 0);
  EXPECT_EQ(again.units_skipped, first.units_solved);

  // A lost file, a flipped byte in another, and a leftover temporary file.
  fs::remove(fs::path(dir) / "3-3.mbt");
  {
    std::fstream f(fs::path(dir) / "4-3.mbt", std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(200);
    f.put('\x5a');
  }
  std::ofstream(fs::path(dir) / "3-4.mbt.tmp.12345") << "half written";
  SolveReport resumed = solve_into(NINE, dir, 2, targets);
  EXPECT_EQ(resumed.units_solved, 2);  // 3-3, and the 4-3/3-4 unit
  EXPECT_FALSE(fs::exists(fs::path(dir) / "3-4.mbt.tmp.12345")) << "leftovers are removed";
  EXPECT_EQ(read_dir(dir), complete);
  fs::remove_all(dir);
}

// A sampled check: movement sectors whole, about the fraction of each placement
// sector, the same entries for any number of threads, and a wrong table still caught.
TEST(Verify, PlacementSampleChecksAFractionAndStillFindsAWrongTable) {
  const std::string dir = temp_dir("verify-sample");
  solve_into(SIX, dir, 2);
  VerifyOptions opts;
  opts.placement_sample = 0.1;
  opts.seed = 5;
  std::vector<uint64_t> checked[2];
  for (int threads : {1, 2}) {
    omp_set_num_threads(threads);
    Result<std::vector<SectorCheck>> checks = verify_tables(SIX, dir, opts);
    ASSERT_TRUE(checks) << checks.message();
    for (const SectorCheck& c : *checks) {
      EXPECT_EQ(c.mismatches, 0u) << sector_name(c.sector);
      checked[threads - 1].push_back(c.checked);
      if (!c.sector.placement()) {
        EXPECT_EQ(c.checked, c.entries) << sector_name(c.sector);
      } else if (c.entries > 20000) {
        EXPECT_GT(c.checked, c.entries / 20) << sector_name(c.sector);
        EXPECT_LT(c.checked, c.entries / 5) << sector_name(c.sector);
      }
    }
  }
  omp_set_num_threads(omp_get_num_procs());
  EXPECT_EQ(checked[0], checked[1]);
  // Every value of a placement table replaced by a draw: the sample must see it.
  const Sector s{4, 4, 1, 1};
  const uint64_t n = SectorIndex::count(*SIX.board, s.us, s.them);
  ASSERT_TRUE(write_table(table_path(dir, s), SIX, s, std::vector<ValueCode>(n, DRAW)));
  opts.sectors = {s};
  Result<std::vector<SectorCheck>> checks = verify_tables(SIX, dir, opts);
  ASSERT_TRUE(checks) << checks.message();
  ASSERT_EQ(checks->size(), 1u);
  EXPECT_GT(checks->front().checked, 0u);
  EXPECT_LT(checks->front().checked, n);
  EXPECT_GT(checks->front().mismatches, 0u);
  fs::remove_all(dir);
}

// A whole check reads every entry: one entry changed in a movement table and one in a
// placement table is one mismatch in each, named by its position, with 1 and 2 threads.
// Rewrites the table of s in dir with one entry changed (a draw made a win in 1, any
// other value a draw).
void change_one_entry(const Variant& v, const std::string& dir, const Sector& s) {
  Result<TableFile> file = TableFile::open(table_path(dir, s), v, s);
  ASSERT_TRUE(file) << file.message();
  Result<std::vector<ValueCode>> read = file->read_all();
  ASSERT_TRUE(read) << read.message();
  std::vector<ValueCode> values = *read;
  ValueCode& x = values[values.size() / 3];
  x = x == DRAW ? code_of_distance(1) : DRAW;
  ASSERT_TRUE(write_table(table_path(dir, s), v, s, values));
}

TEST(Verify, AWholeCheckFindsOneChangedEntry) {
  const std::string dir = temp_dir("verify-one");
  solve_into(SIX, dir, 2);
  const std::vector<Sector> changed{Sector{6, 5, 0, 0}, Sector{4, 4, 1, 1}};
  for (const Sector& s : changed) change_one_entry(SIX, dir, s);
  VerifyOptions opts;
  opts.sectors = changed;  // neither reads the other
  for (int threads : {1, 2}) {
    omp_set_num_threads(threads);
    Result<std::vector<SectorCheck>> checks = verify_tables(SIX, dir, opts);
    ASSERT_TRUE(checks) << checks.message();
    ASSERT_EQ(checks->size(), 2u);
    for (const SectorCheck& c : *checks) {
      EXPECT_EQ(c.checked, c.entries) << sector_name(c.sector);
      EXPECT_EQ(c.mismatches, 1u) << sector_name(c.sector);
      EXPECT_NE(c.first_mismatch.find("recomputed"), std::string::npos) << c.first_mismatch;
      EXPECT_EQ(c.first_mismatch.substr(0, 2), "W:") << c.first_mismatch;
    }
  }
  omp_set_num_threads(omp_get_num_procs());
  fs::remove_all(dir);
}

// Under a memory limit a unit's own tables are whole and the tables it reads go through
// their blocks when they do not fit: nine's 4-3,3-4 reads 3-3 through its blocks here,
// and the whole check gives what it gives without a limit. A limit below a unit's own
// tables is refused.
TEST(Verify, UnderAMemoryLimitReadsThroughBlocksAndChecksTheSame) {
  const std::string dir = temp_dir("verify-memory");
  solve_into(NINE, dir, 2, {Sector{4, 3, 0, 0}});
  change_one_entry(NINE, dir, Sector{4, 3, 0, 0});
  const uint64_t own = 2 * sizeof(ValueCode) * SectorIndex::count(*NINE.board, 4, 3);
  const uint64_t child = sizeof(ValueCode) * SectorIndex::count(*NINE.board, 3, 3);
  VerifyOptions opts;
  opts.memory_limit = own + MIN_CHILD_CACHE + 1000;
  ASSERT_GT(child, opts.memory_limit - own);  // 3-3 cannot be read whole
  Result<std::vector<SectorCheck>> limited = verify_tables(NINE, dir, opts);
  ASSERT_TRUE(limited) << limited.message();
  opts.memory_limit = 0;
  Result<std::vector<SectorCheck>> whole = verify_tables(NINE, dir, opts);
  ASSERT_TRUE(whole) << whole.message();
  ASSERT_EQ(limited->size(), whole->size());
  uint64_t mismatches = 0;
  for (size_t i = 0; i < whole->size(); ++i) {
    const SectorCheck& a = (*limited)[i];
    const SectorCheck& b = (*whole)[i];
    EXPECT_EQ(a.sector, b.sector);
    EXPECT_EQ(a.checked, a.entries) << sector_name(a.sector);
    EXPECT_EQ(a.skipped, "") << sector_name(a.sector);
    EXPECT_EQ(a.mismatches, b.mismatches) << sector_name(a.sector);
    EXPECT_EQ(a.first_mismatch, b.first_mismatch) << sector_name(a.sector);
    if (a.sector == Sector{4, 3, 0, 0}) mismatches = a.mismatches;
  }
  EXPECT_EQ(mismatches, 1u);  // the changed entry (3-4 reads it too and may differ)
  opts.memory_limit = own - 1;
  Result<std::vector<SectorCheck>> refused = verify_tables(NINE, dir, opts);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.status().code(), Status::Code::Invalid);
  EXPECT_NE(refused.message().find("memory limit"), std::string::npos) << refused.message();
  fs::remove_all(dir);
}

TEST(Verify, APresentTableWhoseUnitPartnerIsMissingIsReportedNotChecked) {
  const std::string dir = temp_dir("verify-partial");
  solve_into(NINE, dir, 2, {Sector{4, 3, 0, 0}});
  fs::remove(fs::path(dir) / "3-4.mbt");  // as a kill or a full disk between the two
  Result<std::vector<SectorCheck>> checks = verify_tables(NINE, dir, {});
  ASSERT_TRUE(checks) << checks.message();
  bool seen = false;
  for (const SectorCheck& c : *checks) {
    EXPECT_EQ(c.mismatches, 0u);
    if (c.sector == Sector{4, 3, 0, 0}) {
      seen = true;
      EXPECT_NE(c.skipped.find("3-4.mbt is missing"), std::string::npos) << c.skipped;
    } else {
      EXPECT_EQ(c.skipped, "") << sector_name(c.sector);
    }
  }
  EXPECT_TRUE(seen);
  fs::remove_all(dir);
}

TEST(Solve, RefusesWhenOverTheMemoryBudget) {
  SolveOptions opts;
  opts.dir = temp_dir("memory");
  opts.quiet = true;
  opts.memory_limit = 1000;
  Result<SolveReport> r = solve(SIX, opts);
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("--memory"), std::string::npos) << r.message();
  EXPECT_FALSE(fs::exists(opts.dir));
}

// Returns the least memory limit the closure of targets can be solved in.
uint64_t least_memory(const Variant& v, const std::vector<Sector>& targets) {
  uint64_t least = 0;
  for (const WorkUnit& u : SectorGraph(v).closure(targets))
    least = std::max(least, unit_bytes_least(v, u));
  return least;
}

TEST(Solve, SameTablesWhenChildrenAreReadThroughTheirBlocks) {
  const std::vector<Sector> targets{Sector{4, 4, 0, 0}};
  const std::string whole = temp_dir("whole"), tight = temp_dir("tight");
  solve_into(NINE, whole, 2, targets);
  SolveOptions opts;
  opts.dir = tight;
  opts.quiet = true;
  opts.targets = targets;
  opts.memory_limit = least_memory(NINE, targets);
  Result<SolveReport> r = solve(NINE, opts);
  ASSERT_TRUE(r) << r.message();
  EXPECT_GT(r->tables_read_by_block, 0);
  EXPECT_EQ(read_dir(tight), read_dir(whole));
  fs::remove_all(whole);
  fs::remove_all(tight);
}

TEST(TableReader, ReadsEveryValueAndReportsACorruptBlock) {
  const std::string dir = temp_dir("reader");
  fs::create_directories(dir);
  const Sector s{5, 4, 0, 0};
  std::vector<ValueCode> values(3 * DEFAULT_BLOCK_ENTRIES + 100);
  for (size_t i = 0; i < values.size(); ++i) values[i] = ValueCode(i * 7 % 90);
  const std::string path = table_path(dir, s);
  ASSERT_TRUE(write_table(path, NINE, s, values));
  Result<TableFile> file = TableFile::open(path, NINE, s);
  ASSERT_TRUE(file);
  const uint64_t last_block = file->blocks().back().offset;
  TableReader reader(*file, 1, 1);  // one block of cache: every block change rereads
  for (size_t i = 0; i < values.size(); i += 97) ASSERT_EQ(reader.at(i), values[i]);
  for (size_t i = values.size(); i-- > 0;) ASSERT_EQ(reader.at(i), values[i]);
  EXPECT_TRUE(reader.status());
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(std::streamoff(last_block + 3));
    f.put('\x5a');
  }
  reader.at(0);  // block 0 is cached or rereads fine
  EXPECT_TRUE(reader.status());
  reader.at(values.size() - 1);
  Status st = reader.status();
  ASSERT_FALSE(st);
  EXPECT_NE(st.message().find(path), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("block 3"), std::string::npos) << st.message();
  fs::remove_all(dir);
}

}  // namespace
}  // namespace millbase
