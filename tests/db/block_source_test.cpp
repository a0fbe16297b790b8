// BlockSource, the seam between a table and where its bytes come from (db/block_source.h):
// a table read from memory or through another opener equals the file's, a block costs
// only its own bytes, hostile bytes are caught whatever the source, and a missing table
// is still named as missing.
#include "db/block_source.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <random>

#include "core/variant.h"
#include "db/sector_index.h"
#include "db/table_file.h"
#include "db/table_writer.h"

namespace millbase {
namespace {

namespace fs = std::filesystem;

// A source that records every read it serves, as a range fetch would count requests.
class CountingSource : public BlockSource {
 public:
  explicit CountingSource(SourcePtr inner) : inner_(std::move(inner)) {}
  const std::string& name() const override { return inner_->name(); }
  uint64_t size() const override { return inner_->size(); }
  Status read(uint64_t offset, size_t size, std::vector<uint8_t>& out) const override {
    std::lock_guard lock(mutex_);
    reads_.emplace_back(offset, size);
    return inner_->read(offset, size, out);
  }
  std::vector<std::pair<uint64_t, size_t>> reads() const {
    std::lock_guard lock(mutex_);
    return reads_;
  }

 private:
  SourcePtr inner_;
  mutable std::mutex mutex_;
  mutable std::vector<std::pair<uint64_t, size_t>> reads_;
};

class BlockSourceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("millbase-source-test-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    std::mt19937_64 rng(5);
    values_.resize(3 * DEFAULT_BLOCK_ENTRIES + 777);
    for (size_t i = 0; i < values_.size(); ++i) {
      const int kind = int(rng() % 3), d = int(rng() % 90);
      values_[i] = kind == 0 ? DRAW : code_of_distance(kind == 1 ? d | 1 : d & ~1);
    }
    path_ = table_path(dir_.string(), sector_);
    ASSERT_TRUE(write_table(path_, NINE, sector_, values_));
    std::ifstream in(path_, std::ios::binary);
    bytes_.assign(std::istreambuf_iterator<char>(in), {});
  }
  void TearDown() override {
    set_source_opener(nullptr);
    fs::remove_all(dir_);
  }

  fs::path dir_;
  std::string path_;
  Sector sector_{5, 4, 0, 0};
  std::vector<ValueCode> values_;
  std::vector<uint8_t> bytes_;
};

TEST_F(BlockSourceTest, MemoryReadsAsTheFile) {
  Result<TableFile> file = TableFile::open(path_, NINE, sector_);
  ASSERT_TRUE(file) << file.message();
  Result<TableFile> memory = TableFile::open(memory_source("mem:5-4", bytes_), NINE, sector_);
  ASSERT_TRUE(memory) << memory.message();
  EXPECT_EQ(memory->path(), "mem:5-4");
  EXPECT_EQ(memory->file_size(), file->file_size());
  EXPECT_EQ(memory->blocks().size(), file->blocks().size());
  Result<std::vector<ValueCode>> all = memory->read_all();
  ASSERT_TRUE(all) << all.message();
  EXPECT_EQ(*all, values_);
}

TEST_F(BlockSourceTest, ABlockCostsOnlyItsOwnBytes) {
  Result<SourcePtr> file = open_file_source(path_);
  ASSERT_TRUE(file) << file.message();
  auto counting = std::make_shared<CountingSource>(*file);
  Result<TableFile> t = TableFile::open(counting, NINE, sector_);
  ASSERT_TRUE(t) << t.message();
  const uint32_t blocks = t->header().block_count;
  ASSERT_EQ(blocks, 4u);
  // Opening reads the header, then the index: nothing of the blocks.
  const std::vector<std::pair<uint64_t, size_t>> opened{
      {0, HEADER_SIZE}, {HEADER_SIZE, size_t(blocks) * BLOCK_ENTRY_SIZE}};
  EXPECT_EQ(counting->reads(), opened);
  std::vector<ValueCode> block;
  ASSERT_TRUE(t->read_block(2, block));
  const BlockEntry& e = t->blocks()[2];
  std::vector<std::pair<uint64_t, size_t>> expected = opened;
  expected.emplace_back(e.offset, size_t(e.wdl_size) + e.dtm_size);  // both frames at once
  EXPECT_EQ(counting->reads(), expected);
  EXPECT_TRUE(std::equal(block.begin(), block.end(), values_.begin() + 2 * DEFAULT_BLOCK_ENTRIES));
  // The WDL plane alone: one read of its frame.
  std::vector<Wdl> wdl;
  ASSERT_TRUE(t->read_wdl_block(1, wdl));
  EXPECT_EQ(counting->reads().back(),
            std::make_pair(t->blocks()[1].offset, size_t(t->blocks()[1].wdl_size)));
}

TEST_F(BlockSourceTest, FlippedBytesAreCaughtInMemory) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 200; ++i) {
    std::vector<uint8_t> bad = bytes_;
    const size_t at = i < 100 ? size_t(i) : rng() % bad.size();  // the header, then anywhere
    bad[at] ^= uint8_t(1 + rng() % 255);
    Result<TableFile> t = TableFile::open(memory_source("mem:bad", bad), NINE, sector_);
    std::string error = t ? "" : t.message();
    if (t) {
      Result<std::vector<ValueCode>> all = t->read_all();
      if (all) {
        ASSERT_EQ(*all, values_) << "flip at byte " << at << " read back wrong values";
      }
      error = all ? "" : all.message();
    }
    ASSERT_NE(error, "") << "flip at byte " << at << " went unnoticed";
    EXPECT_NE(error.find("mem:bad"), std::string::npos) << error;
  }
}

TEST_F(BlockSourceTest, ReadsPastTheEndAreErrors) {
  const SourcePtr s = memory_source("mem:short", {1, 2, 3, 4});
  std::vector<uint8_t> out;
  EXPECT_TRUE(s->read(1, 3, out));
  EXPECT_EQ(out, (std::vector<uint8_t>{2, 3, 4}));
  for (auto [offset, size] : {std::pair<uint64_t, size_t>{2, 3}, {5, 0}, {UINT64_MAX, 2}}) {
    const Status st = s->read(offset, size, out);
    EXPECT_FALSE(st.is_ok()) << offset << "+" << size;
    EXPECT_NE(st.message().find("mem:short"), std::string::npos) << st.message();
  }
  const std::vector<uint8_t> half(bytes_.begin(), bytes_.begin() + ptrdiff_t(bytes_.size() / 2));
  Result<TableFile> t = TableFile::open(memory_source("mem:half", half), NINE, sector_);
  ASSERT_FALSE(t);
  EXPECT_NE(t.message().find("mem:half: corrupt table"), std::string::npos) << t.message();
}

TEST_F(BlockSourceTest, AnOpenerServesTablesByPath) {
  // A directory that exists only in the opener, as the page's tables on a static host;
  // its table has the entries of its sector's index, as open_sector checks.
  const Sector small{3, 2, 0, 0};
  values_.assign(SectorIndex::count(*NINE.board, small.us, small.them), DRAW);
  for (size_t i = 0; i < values_.size(); i += 7) values_[i] = code_of_distance(int(i % 11));
  const std::string small_path = table_path(dir_.string(), small);
  ASSERT_TRUE(write_table(small_path, NINE, small, values_));
  std::ifstream in(small_path, std::ios::binary);
  const std::vector<uint8_t> bytes(std::istreambuf_iterator<char>(in), {});
  in.close();
  fs::rename(small_path, small_path + ".away");
  std::map<std::string, std::vector<uint8_t>> hosted{{"web:/nine/3-2.mbt", bytes}};
  int opened = 0;
  set_source_opener([&](const std::string& path) -> Result<SourcePtr> {
    ++opened;
    const auto it = hosted.find(path);
    if (it == hosted.end()) return Status::not_found(path + ": 404");
    return memory_source(path, it->second);
  });
  Result<TableFile> t = TableFile::open_sector(NINE, "web:/nine", small);
  ASSERT_TRUE(t) << t.message();
  Result<std::vector<ValueCode>> all = t->read_all();
  ASSERT_TRUE(all) << all.message();
  EXPECT_EQ(*all, values_);
  // A table the opener does not have is missing, named as the files' are.
  Result<TableFile> missing = TableFile::open_sector(NINE, "web:/nine", Sector{5, 5, 0, 0});
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.status().code(), Status::Code::NotFound);
  EXPECT_EQ(missing.message(), missing_table(NINE, "web:/nine", Sector{5, 5, 0, 0}).message());
  EXPECT_EQ(opened, 2);
  // Files on disk are not read while the opener is set, and are again after.
  fs::rename(small_path + ".away", small_path);
  EXPECT_FALSE(TableFile::open_sector(NINE, dir_.string(), small));
  set_source_opener(nullptr);
  EXPECT_TRUE(TableFile::open_sector(NINE, dir_.string(), small));
}

TEST_F(BlockSourceTest, FileSourceRefusesWhatIsNotARegularFile) {
  Result<SourcePtr> missing = open_file_source((dir_ / "none.mbt").string());
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.status().code(), Status::Code::NotFound);
  Result<SourcePtr> directory = open_file_source(dir_.string());
  ASSERT_FALSE(directory);
  EXPECT_NE(directory.message().find("not a regular file"), std::string::npos)
      << directory.message();
  EXPECT_EQ(TableFile::open_sector(NINE, dir_.string(), Sector{5, 5, 0, 0}).status().code(),
            Status::Code::NotFound);
}

}  // namespace
}  // namespace millbase
