// Read hints (db/block_source.h, Tablebase::prefetch): where tables are read by request
// (the page's range requests), every block a move's probes read was hinted before, in
// one batch for the tables to open and one for the blocks; the values are the same.
#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <tuple>

#include "core/movegen.h"
#include "core/notation.h"
#include "db/block_source.h"
#include "player/player.h"
#include "tests/player/six_tables.h"

namespace millbase {
namespace {

using Read = std::tuple<std::string, uint64_t, uint64_t>;

// What the tables' sources were asked: the reads, and the hints before them.
struct Log {
  std::mutex mutex;
  std::vector<Read> reads;
  std::vector<std::vector<ReadHint>> batches;
};

class LoggingSource : public BlockSource {
 public:
  LoggingSource(SourcePtr inner, Log* log) : inner_(std::move(inner)), log_(log) {}
  const std::string& name() const override { return inner_->name(); }
  uint64_t size() const override { return inner_->size(); }
  Status read(uint64_t offset, size_t size, std::vector<uint8_t>& out) const override {
    std::lock_guard lock(log_->mutex);
    log_->reads.emplace_back(name(), offset, size);
    return inner_->read(offset, size, out);
  }

 private:
  SourcePtr inner_;
  Log* log_;
};

class PrefetchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(six_tables());
    set_source_opener([this](const std::string& path) -> Result<SourcePtr> {
      Result<SourcePtr> file = open_file_source(path);
      if (!file) return file;
      return SourcePtr(std::make_shared<LoggingSource>(*file, &log_));
    });
    set_source_prefetcher([this](const std::vector<ReadHint>& hints) {
      std::lock_guard lock(log_.mutex);
      log_.batches.push_back(hints);
    });
    // Fresh tables: nothing opened or cached yet.
    Result<std::shared_ptr<const Tablebase>> opened = Tablebase::open(SIX, six_tables()->dir());
    ASSERT_TRUE(opened) << opened.message();
    tables_ = *opened;
  }
  void TearDown() override {
    set_source_opener(nullptr);
    set_source_prefetcher(nullptr);
  }

  // Returns the block reads (not the opening's: header and index) not hinted before.
  std::vector<Read> unhinted_block_reads() {
    std::set<Read> hinted;
    for (const auto& batch : log_.batches)
      for (const ReadHint& h : batch) hinted.emplace(h.path, h.offset, h.size);
    std::vector<Read> out;
    for (const Read& r : log_.reads)
      if (std::get<1>(r) >= HEADER_SIZE_SEEN && !hinted.count(r)) out.push_back(r);
    return out;
  }

  // The opening reads bytes [0, 96) and the index right after: any read starting past
  // a table's index is a block's. A block never starts below this.
  static constexpr uint64_t HEADER_SIZE_SEEN = 96 + 32;

  Log log_;
  std::shared_ptr<const Tablebase> tables_;
};

TEST_F(PrefetchTest, AnalyzeHintsItsTablesThenItsBlocks) {
  const Position p = *parse_position(SIX, "W:b2,d2,f4,c5 B:b6,d6,e3,c4 w 2 2");
  Result<std::vector<MoveValue>> hinted = tables_->analyze(p);
  ASSERT_TRUE(hinted) << hinted.message();
  // Two batches: the tables of the successors' sectors (opened then), their blocks.
  ASSERT_EQ(log_.batches.size(), 2u);
  for (const ReadHint& h : log_.batches[0]) EXPECT_EQ(h.size, 0u) << h.path;
  EXPECT_FALSE(log_.batches[0].empty());
  EXPECT_FALSE(log_.batches[1].empty());
  for (const ReadHint& h : log_.batches[1]) EXPECT_GT(h.size, 0u) << h.path;
  EXPECT_TRUE(unhinted_block_reads().empty());
  // The same values as the shared tables, which took no hint.
  TearDown();
  Result<std::vector<MoveValue>> plain = six_tables()->analyze(p);
  ASSERT_TRUE(plain);
  ASSERT_EQ(hinted->size(), plain->size());
  for (size_t i = 0; i < plain->size(); ++i) {
    EXPECT_EQ((*hinted)[i].move, (*plain)[i].move);
    EXPECT_EQ((*hinted)[i].value, (*plain)[i].value);
  }
}

TEST_F(PrefetchTest, BlocksAlreadyReadAreNotHintedAgain) {
  const Position p = *parse_position(SIX, "W:b2,d2,f4,c5 B:b6,d6,e3,c4 w 2 2");
  ASSERT_TRUE(tables_->analyze(p));
  const size_t reads = log_.reads.size();
  log_.batches.clear();
  ASSERT_TRUE(tables_->analyze(p));
  EXPECT_EQ(log_.reads.size(), reads);  // all from the block cache
  for (const auto& batch : log_.batches) EXPECT_TRUE(batch.empty());
}

TEST_F(PrefetchTest, ThePressReadsOnlyWhatWasHinted) {
  // Six's empty board, a draw: perfect play presses among its drawing moves, probing
  // every reply of each.
  const Position p = *parse_position(SIX, "W: B: w 6 6");
  Result<std::vector<MoveValue>> moves = six_tables()->analyze(p);
  ASSERT_TRUE(moves);
  ASSERT_TRUE(is_draw(moves->front().value) && is_draw((*moves)[1].value));
  // best_moves, not choose: on the empty board choose opens without the press in one
  // game in three (press.h (6)).
  const Player perfect(tables_, 1);
  Result<std::vector<Move>> m = perfect.best_moves(p);
  ASSERT_TRUE(m) << m.message();
  EXPECT_GE(log_.batches.size(), 2u);
  EXPECT_TRUE(unhinted_block_reads().empty());
}

}  // namespace
}  // namespace millbase
