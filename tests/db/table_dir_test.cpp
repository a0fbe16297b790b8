// The table directory: the default paths, the choice of tables for play, opening with
// the MANIFEST's metric, the checks that keep variants, rules and metrics apart, and the
// leftovers of killed writers.
#include "db/table_dir.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "core/variant.h"
#include "db/dir_manifest.h"
#include "db/table_writer.h"

namespace millbase {
namespace {

namespace fs = std::filesystem;

// Twelve's board and stones with the other full-board rule: no preset.
constexpr Variant TWELVE_FULL_BOARD_LOST{"twelve-full-board-lost", &BOARD_24D, 12, true, false};

class TableDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("millbase-table-dir-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_);
    dir_ = (root_ / "t").string();
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(root_); }
  // Writes a small table of sector s of v into dir_ under `name` (its own by default).
  void put_table(const Variant& v, const Sector& s, Metric metric = Metric::PLAIN,
                 std::string name = "") const {
    const std::vector<ValueCode> values(10, DRAW);
    if (name.empty()) name = table_file_name(s);
    ASSERT_TRUE(write_table(dir_ + "/" + name, v, s, values, DEFAULT_ZSTD_LEVEL,
                            DEFAULT_BLOCK_ENTRIES, metric));
  }
  void put_manifest(const Variant& v, Metric metric, bool all = true) const {
    DirManifest m;
    m.variant = std::string(v.name);
    m.metric = metric_name(metric);
    m.all = all;
    ASSERT_TRUE(write_manifest(dir_, m));
  }
  fs::path root_;
  std::string dir_;
};

TEST_F(TableDirTest, NamedIsGivenOrTheDefaultUnderData) {
  EXPECT_EQ(TableDir::named(SIX, "").path(), "data/six");
  EXPECT_EQ(TableDir::named(SIX, "", Metric::FIFTY).path(), "data/six-fifty");
  EXPECT_EQ(TableDir::named(NINE, "x/y", Metric::FIFTY).path(), "x/y");
  EXPECT_EQ(TableDir::named(NINE, "x/y", Metric::FIFTY).metric(), Metric::FIFTY);
  EXPECT_EQ(TableDir(FIVE, "d").table_path(Sector{3, 2, 4, 4}), "d/3-2+4-4.mbt");
}

TEST_F(TableDirTest, OpenTakesTheManifestsMetric) {
  Result<TableDir> plain = TableDir::open(SIX, dir_);
  ASSERT_TRUE(plain) << plain.message();
  EXPECT_EQ(plain->metric(), Metric::PLAIN) << "no MANIFEST: plain tables";
  put_manifest(SIX, Metric::FIFTY);
  Result<TableDir> fifty = TableDir::open(SIX, dir_);
  ASSERT_TRUE(fifty) << fifty.message();
  EXPECT_EQ(fifty->metric(), Metric::FIFTY);
  EXPECT_EQ(fifty->path(), dir_);
  Result<TableDir> other = TableDir::open(FIVE, dir_);
  ASSERT_FALSE(other);
  EXPECT_EQ(other.status().code(), Status::Code::Invalid);
  EXPECT_NE(other.message().find("holds tables of six (metric fifty"), std::string::npos)
      << other.message();
  Result<TableDir> none = TableDir::open(SIX, dir_ + "/absent");
  ASSERT_FALSE(none);
  EXPECT_EQ(none.status().code(), Status::Code::NotFound);
  EXPECT_NE(none.message().find("no table directory " + dir_ + "/absent"), std::string::npos)
      << none.message();
}

TEST_F(TableDirTest, CheckWithoutTheDirectoryIsNotFoundButTheManifestCheckIsOk) {
  const TableDir d(NINE, dir_ + "/new", Metric::FIFTY);
  EXPECT_EQ(d.check().code(), Status::Code::NotFound);
  EXPECT_FALSE(d.check_manifest()) << "no MANIFEST means plain tables, not 50-ply ones";
  EXPECT_TRUE(TableDir(NINE, dir_ + "/new").check_manifest());
}

TEST_F(TableDirTest, ForPlayTakesTheFiftyTablesOnlyWhenWhole) {
  const fs::path cwd = fs::current_path();
  fs::current_path(root_);
  fs::create_directories("data/six");
  fs::create_directories("data/six-fifty");
  EXPECT_EQ(TableDir::for_play(SIX, "").path(), "data/six") << "no MANIFEST in six-fifty";
  dir_ = "data/six-fifty";
  put_manifest(SIX, Metric::FIFTY, false);
  EXPECT_EQ(TableDir::for_play(SIX, "").path(), "data/six") << "not whole";
  put_manifest(SIX, Metric::FIFTY, true);
  EXPECT_EQ(TableDir::for_play(SIX, "").path(), "data/six-fifty");
  EXPECT_EQ(TableDir::for_play(SIX, "").metric(), Metric::FIFTY);
  EXPECT_EQ(TableDir::for_play(FIVE, "").path(), "data/five") << "six's tables are not five's";
  EXPECT_EQ(TableDir::for_play(SIX, "data/six").path(), "data/six") << "a given directory wins";
  EXPECT_EQ(TableDir::for_play(SIX, "data/six-fifty").metric(), Metric::FIFTY);
  fs::current_path(cwd);
}

TEST_F(TableDirTest, MissingNamesTheFileTheSectorAndTheVariant) {
  const Status st = TableDir(SIX, dir_).missing(Sector{4, 3, 0, 0});
  EXPECT_EQ(st.code(), Status::Code::NotFound);
  EXPECT_EQ(st.message(), "missing table " + dir_ + "/4-3.mbt (sector 4-3 of six)");
  EXPECT_EQ(st.subject(), "4-3");
}

TEST_F(TableDirTest, MatchesComparesEveryRuleAndTheMetric) {
  for (const Variant* v : {&NINE, &NINE_NOFLYING, &SIX, &FIVE, &TWELVE, &TWELVE_FULL_BOARD_LOST})
    for (const Variant* w : {&NINE, &NINE_NOFLYING, &SIX, &FIVE, &TWELVE, &TWELVE_FULL_BOARD_LOST})
      for (Metric m : {Metric::PLAIN, Metric::FIFTY})
        EXPECT_EQ(
            TableDir(*w, dir_, Metric::PLAIN).matches(make_header(*v, Sector{3, 3, 0, 0}, 1, m)),
            v == w && m == Metric::PLAIN)
            << v->name << " in a directory of " << w->name << ", metric " << metric_name(m);
}

TEST_F(TableDirTest, TablesBelongOrTheFirstForeignOneIsNamed) {
  const TableDir d(TWELVE, dir_);
  put_table(TWELVE, Sector{3, 3, 0, 0});
  EXPECT_TRUE(d.check_tables_belong());
  put_table(TWELVE_FULL_BOARD_LOST, Sector{3, 2, 0, 0});
  Status st = d.check_tables_belong();
  ASSERT_FALSE(st) << "a table of twelve's board under the other full-board rule";
  EXPECT_EQ(st.code(), Status::Code::Invalid);
  EXPECT_NE(st.message().find(dir_ + "/3-2.mbt is a table of an unknown variant"),
            std::string::npos)
      << st.message();
  fs::remove(dir_ + "/3-2.mbt");
  put_table(TWELVE, Sector{3, 2, 0, 0}, Metric::PLAIN, "2-3.mbt");
  st = d.check_tables_belong();
  ASSERT_FALSE(st);
  EXPECT_NE(st.message().find("holds the table of sector 3-2, whose file is 3-2.mbt"),
            std::string::npos)
      << st.message();
  fs::remove(dir_ + "/2-3.mbt");
  put_table(TWELVE, Sector{3, 2, 0, 0}, Metric::FIFTY);
  EXPECT_FALSE(d.check_tables_belong()) << "a 50-ply table among plain ones";
  fs::remove(dir_ + "/3-2.mbt");
  std::ofstream(dir_ + "/3-1.mbt") << "damaged";
  EXPECT_TRUE(d.check_tables_belong()) << "a damaged table is no foreign one";
}

TEST_F(TableDirTest, LeftoversAreTheTemporaryFilesOfKilledWriters) {
  put_table(SIX, Sector{3, 3, 0, 0});
  for (const std::string name : {"3-2.mbt.tmp.host.12", "MANIFEST.tmp.h.9", "notes.tmp.x"})
    std::ofstream(dir_ + "/" + name) << "x";
  EXPECT_EQ(leftover_files(dir_),
            (std::vector<std::string>{dir_ + "/3-2.mbt.tmp.host.12", dir_ + "/MANIFEST.tmp.h.9"}));
  Result<std::vector<std::string>> tables = table_file_paths(dir_);
  ASSERT_TRUE(tables) << tables.message();
  EXPECT_EQ(*tables, std::vector<std::string>{dir_ + "/3-3.mbt"});
  EXPECT_EQ(TableDir(SIX, dir_).remove_leftovers(), 2);
  EXPECT_TRUE(leftover_files(dir_).empty());
  EXPECT_TRUE(fs::exists(dir_ + "/notes.tmp.x"));
  EXPECT_FALSE(table_file_paths(dir_ + "/absent"));
}

}  // namespace
}  // namespace millbase
