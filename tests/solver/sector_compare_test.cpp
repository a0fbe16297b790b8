// Comparing two table directories: the chunked, block-wise comparison against an obvious
// one over whole tables, for any number of threads; damaged and missing tables named.
#include "solver/sector_compare.h"

#include <gtest/gtest.h>
#include <omp.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "db/sector_index.h"
#include "db/table_dir.h"
#include "db/table_file.h"
#include "db/table_writer.h"
#include "solve_test_util.h"

namespace millbase {
namespace {

namespace fs = std::filesystem;

constexpr Sector S33{3, 3, 0, 0};

// Nine's and nine-noflying's 3-3 tables, solved once for the tests of this file.
class CompareTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    flying_ = new std::string(temp_dir("compare-nine"));
    noflying_ = new std::string(temp_dir("compare-noflying"));
    solve_into(NINE, *flying_, 2, {S33});
    solve_into(NINE_NOFLYING, *noflying_, 2, {S33});
  }
  static void TearDownTestSuite() {
    fs::remove_all(*flying_), fs::remove_all(*noflying_);
    delete flying_, delete noflying_;
  }
  static std::string* flying_;
  static std::string* noflying_;
};
std::string* CompareTest::flying_ = nullptr;
std::string* CompareTest::noflying_ = nullptr;

// The obvious comparison: both tables read whole, entry by entry.
SectorComparison reference(const ComparedTables& a, const ComparedTables& b, const Sector& s,
                           int examples) {
  auto read = [&](const ComparedTables& t) {
    Result<TableFile> f = TableFile::open_sector(*t.variant, t.dir, s);
    Result<std::vector<ValueCode>> values = f ? f->read_all() : f.status();
    EXPECT_TRUE(values) << values.message();
    return values ? *values : std::vector<ValueCode>{};
  };
  const std::vector<ValueCode> x = read(a), y = read(b);
  EXPECT_EQ(x.size(), y.size());
  SectorComparison c;
  c.sector = s;
  c.positions = x.size();
  for (size_t i = 0; i < x.size(); ++i) {
    const int cx = int(wdl_of(x[i])), cy = int(wdl_of(y[i]));
    ++c.counts[cx][cy];
    if (cx != cy && int(c.examples[cx][cy].size()) < examples) c.examples[cx][cy].push_back(i);
  }
  return c;
}

TEST_F(CompareTest, AgreesWithTheObviousComparisonForAnyNumberOfThreads) {
  const ComparedTables a{&NINE, *flying_}, b{&NINE_NOFLYING, *noflying_};
  const SectorComparison want = reference(a, b, S33, 3);
  ASSERT_GT(want.positions - want.agree(), 0u);  // the games differ here
  for (int threads : {1, 2}) {
    omp_set_num_threads(threads);
    Result<SectorComparison> got = compare_sector(a, b, S33, Metric::PLAIN, 3);
    ASSERT_TRUE(got) << got.message();
    EXPECT_EQ(got->positions, want.positions);
    EXPECT_EQ(got->counts, want.counts) << threads << " threads";
    EXPECT_EQ(got->examples, want.examples) << threads << " threads";
  }
  omp_set_num_threads(omp_get_num_procs());
}

// Many chunks, and blocks of another size on each side so that chunks begin inside
// blocks: made-up values in nine's 4-4 (3.2 M entries, 13 chunks), one side in blocks
// of the usual size, the other of 3004 entries. The values differ only around the
// start of chunk 3 (2^18 entries each) and inside chunk 7, so the first examples of a
// pair of classes span two chunks and come from chunks that two threads finish in
// either order.
TEST(Compare, ChunksAndBlocksOfAnySizeLineUp) {
  const Sector s{4, 4, 0, 0};
  const uint64_t n = SectorIndex::count(*NINE.board, 4, 4), chunk = uint64_t(1) << 18;
  std::mt19937_64 rng(5);
  auto made_up = [&] { return ValueCode(rng() % 3 == 0 ? DRAW : 1 + rng() % 40); };
  std::vector<ValueCode> x(n), y(n);
  for (uint64_t i = 0; i < n; ++i) {
    x[i] = made_up();
    const bool near3 = i + 40 >= 3 * chunk && i < 3 * chunk + 40;
    const bool in7 = i >= 7 * chunk && i < 8 * chunk && rng() % 10 == 0;
    y[i] = near3 || in7 ? made_up() : x[i];
  }
  const std::string a = temp_dir("compare-made-up-a"), b = temp_dir("compare-made-up-b");
  fs::create_directories(a), fs::create_directories(b);
  ASSERT_TRUE(write_table(table_path(a, s), NINE, s, x, 3));
  ASSERT_TRUE(write_table(table_path(b, s), NINE_NOFLYING, s, y, 3, 3004));
  const ComparedTables first{&NINE, a}, second{&NINE_NOFLYING, b};
  const SectorComparison want = reference(first, second, s, 12);
  ASSERT_GT(want.positions, 10 * chunk);
  ASSERT_LT(want.examples[1][2].front(), 3 * chunk);  // both sides of the chunk boundary
  ASSERT_GE(want.examples[1][2].back(), 3 * chunk);
  for (int threads : {1, 2}) {
    omp_set_num_threads(threads);
    for (int round = 0; round < 3; ++round) {
      Result<SectorComparison> got = compare_sector(first, second, s, Metric::PLAIN, 12);
      ASSERT_TRUE(got) << got.message();
      EXPECT_EQ(got->counts, want.counts) << threads << " threads";
      EXPECT_EQ(got->examples, want.examples) << threads << " threads";
    }
  }
  omp_set_num_threads(omp_get_num_procs());
  fs::remove_all(a), fs::remove_all(b);
}

// A derived table whose successors' tables are missing: NotFound, on the side of the
// directory that holds it.
TEST(Compare, ADerivedTableWithoutItsSuccessorsIsNotFoundOnItsSide) {
  const Sector s{4, 3, 0, 0};
  const uint64_t n = SectorIndex::count(*NINE.board, 4, 3);
  const std::string a = temp_dir("compare-stored"), b = temp_dir("compare-derived");
  fs::create_directories(a), fs::create_directories(b);
  const std::vector<ValueCode> values(n, DRAW);
  ASSERT_TRUE(write_table(table_path(a, s), NINE, s, values, 3));
  ASSERT_TRUE(write_derived_table(table_path(b, s), NINE_NOFLYING, s, n,
                                  compute_stats(values, Metric::PLAIN), Metric::PLAIN));
  int side = -1;
  Result<SectorComparison> c =
      compare_sector({&NINE, a}, {&NINE_NOFLYING, b}, s, Metric::PLAIN, 1, {}, &side);
  ASSERT_FALSE(c);
  EXPECT_EQ(c.status().code(), Status::Code::NotFound) << c.message();
  EXPECT_EQ(side, 1);
  fs::remove_all(a), fs::remove_all(b);
}

TEST_F(CompareTest, ADirectoryAgreesWithItsCopyEverywhere) {
  const std::string copy = temp_dir("compare-copy");
  fs::copy(*flying_, copy);
  Result<SectorComparison> c =
      compare_sector({&NINE, *flying_}, {&NINE, copy}, S33, Metric::PLAIN, 1);
  ASSERT_TRUE(c) << c.message();
  EXPECT_EQ(c->agree(), c->positions);
  EXPECT_GT(c->positions, 0u);
  for (const auto& row : c->examples)
    for (const auto& cell : row) EXPECT_TRUE(cell.empty());
  fs::remove_all(copy);
}

TEST_F(CompareTest, ADamagedBlockIsNamed) {
  const std::string copy = temp_dir("compare-damaged");
  fs::copy(*noflying_, copy);
  const std::string path = table_path(copy, S33);
  {
    // A byte in the middle of block 0's WDL frame (what is read without the rule).
    Result<TableFile> file = TableFile::open_sector(NINE_NOFLYING, copy, S33);
    ASSERT_TRUE(file) << file.message();
    const BlockEntry& e = file->blocks()[0];
    const std::streamoff at = std::streamoff(e.offset + e.wdl_size / 2);
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(at);
    const char was = char(f.get());
    f.seekp(at);
    f.put(char(was ^ 0x40));
  }
  Result<SectorComparison> c =
      compare_sector({&NINE, *flying_}, {&NINE_NOFLYING, copy}, S33, Metric::PLAIN, 1);
  ASSERT_FALSE(c);
  EXPECT_NE(c.message().find(path), std::string::npos) << c.message();
  EXPECT_NE(c.message().find("corrupt table"), std::string::npos) << c.message();
  fs::remove_all(copy);
}

TEST_F(CompareTest, AMissingTableIsNotFound) {
  const std::string empty = temp_dir("compare-empty");
  fs::create_directories(empty);
  int side = -1;
  Result<SectorComparison> c =
      compare_sector({&NINE, *flying_}, {&NINE_NOFLYING, empty}, S33, Metric::PLAIN, 1, {}, &side);
  ASSERT_FALSE(c);
  EXPECT_EQ(c.status().code(), Status::Code::NotFound) << c.message();
  EXPECT_EQ(side, 1);
  fs::remove_all(empty);
}

}  // namespace
}  // namespace millbase
