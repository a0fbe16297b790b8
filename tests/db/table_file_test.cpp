// Table files: round trip, and corrupt, truncated, foreign or missing files refused
// with the file (and block) named; never a wrong value, never a crash.
#include "db/table_file.h"
#include "db/dir_lock.h"
#include "db/table_dir.h"
#include "db/table_header.h"
#include "db/table_writer.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>

#include "core/variant.h"

namespace millbase {
namespace {

namespace fs = std::filesystem;

class TableFormatTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("millbase-table-test-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    std::mt19937_64 rng(42);
    // Values with runs, all kinds and distances over 510 (two-byte half distances).
    values_.resize(3 * DEFAULT_BLOCK_ENTRIES + 1234);
    for (size_t i = 0; i < values_.size(); ++i) {
      int kind = int(rng() % 3);
      int d = int(rng() % (i < 20000 ? 40 : 700));
      values_[i] = kind == 0 ? DRAW : code_of_distance(kind == 1 ? d | 1 : d & ~1);
    }
    path_ = (dir_ / "5-4.mbt").string();
    ASSERT_TRUE(write_table(path_, NINE, sector_, values_));
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::vector<uint8_t> bytes() const {
    std::ifstream in(path_, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  void put(const std::vector<uint8_t>& b) const {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
  }
  // Returns the error of reading the file fully, or "" when it reads back equal to
  // `expected` (the values written when null).
  std::string read_error(const std::vector<ValueCode>* expected = nullptr) const {
    Result<TableFile> t = TableFile::open(path_, NINE, sector_);
    if (!t) return t.message();
    Result<std::vector<ValueCode>> v = t->read_all();
    if (!v) return v.message();
    EXPECT_EQ(*v, expected ? *expected : values_)
        << "a corrupt file read back without error but with wrong values";
    return "";
  }

  // Flips every header and index byte, and random bytes of the blocks, one at a time:
  // each is refused naming the file (else read_error checks the values read against
  // `expected`); the good file reads back after.
  void expect_every_flip_caught(uint64_t seed, const std::vector<ValueCode>* expected) const {
    const std::vector<uint8_t> good = bytes();
    std::mt19937_64 rng(seed);
    std::vector<size_t> offsets;
    for (size_t i = 0; i < HEADER_SIZE + 4 * BLOCK_ENTRY_SIZE; ++i) offsets.push_back(i);
    for (int i = 0; i < 300; ++i) offsets.push_back(rng() % good.size());
    for (size_t at : offsets) {
      std::vector<uint8_t> bad = good;
      bad[at] ^= uint8_t(1 + rng() % 255);
      put(bad);
      const std::string error = read_error(expected);
      EXPECT_NE(error, "") << "flip at byte " << at << " went unnoticed";
      EXPECT_NE(error.find(path_), std::string::npos) << error;
    }
    put(good);
    EXPECT_EQ(read_error(expected), "");
  }

  fs::path dir_;
  std::string path_;
  Sector sector_{5, 4, 0, 0};
  std::vector<ValueCode> values_;
};

TEST_F(TableFormatTest, RoundTrip) {
  Result<TableFile> t = TableFile::open(path_, NINE, sector_);
  ASSERT_TRUE(t) << t.message();
  EXPECT_EQ(t->header().entries, values_.size());
  EXPECT_EQ(t->header().block_count, 4u);
  TableStats s = compute_stats(values_);
  EXPECT_EQ(t->header().stats.wins, s.wins);
  EXPECT_EQ(t->header().stats.longest_loss, s.longest_loss);
  Result<std::vector<ValueCode>> v = t->read_all();
  ASSERT_TRUE(v) << v.message();
  EXPECT_EQ(*v, values_);
  EXPECT_TRUE(t->verify_checksums());
  EXPECT_FALSE(fs::exists(path_ + temp_suffix()));
}

TEST_F(TableFormatTest, RoundTripOverManyWriteBatches) {
  // 64-entry blocks: 1 + values_.size() / 64 = 405 blocks, written in two batches.
  ASSERT_TRUE(write_table(path_, NINE, sector_, values_, DEFAULT_ZSTD_LEVEL, 64));
  Result<TableFile> t = TableFile::open(path_, NINE, sector_);
  ASSERT_TRUE(t) << t.message();
  EXPECT_EQ(t->header().block_count, (values_.size() + 63) / 64);
  EXPECT_GT(t->header().block_count, 256u);
  EXPECT_TRUE(t->verify_checksums());
  EXPECT_EQ(read_error(), "");
}

TEST_F(TableFormatTest, EveryFlippedByteIsCaught) { expect_every_flip_caught(7, nullptr); }

TEST_F(TableFormatTest, TableWithoutDistancesRoundTripAndCorruption) {
  // Encoding 3 (a play set's placement tables): the results alone, no distance frames.
  // Only placement tables keep no distances: a movement one is refused.
  const std::string movement_path = (dir_ / "movement.mbt").string();
  ASSERT_TRUE(write_wdl_only_table(movement_path, NINE, sector_, values_, Metric::PLAIN));
  Result<TableFile> refused = TableFile::open(movement_path, NINE, sector_);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("movement table without distances"), std::string::npos)
      << refused.message();
  sector_ = Sector{5, 4, 1, 1};  // the same entries, as hands take no part in the index
  ASSERT_TRUE(write_wdl_only_table(path_, NINE, sector_, values_, Metric::PLAIN));
  std::vector<ValueCode> results;
  for (ValueCode v : values_) results.push_back(drop_distance(v, Metric::PLAIN));
  Result<TableFile> t = TableFile::open(path_, NINE, sector_);
  ASSERT_TRUE(t) << t.message();
  EXPECT_EQ(t->header().encoding, Encoding::WDL_ONLY);
  TableStats expected = compute_stats(values_);
  expected.longest_win = expected.longest_loss = 0;
  EXPECT_EQ(t->header().stats, expected);
  for (const BlockEntry& b : t->blocks()) EXPECT_EQ(b.dtm_size, 0u);
  EXPECT_EQ(read_error(&results), "");
  std::vector<Wdl> wdl;
  ASSERT_TRUE(t->read_wdl_block(1, wdl));
  for (size_t i = 0; i < wdl.size(); ++i)
    ASSERT_EQ(wdl[i], wdl_of(values_[DEFAULT_BLOCK_ENTRIES + i])) << i;
  expect_every_flip_caught(11, &results);
}

// Header fields changed with the header checksum made right again: what the checksum
// cannot catch, the field checks must.
TEST_F(TableFormatTest, BadHeaderFieldsWithAGoodChecksumAreRefused) {
  const std::vector<uint8_t> good = bytes();
  auto refused = [&](size_t at, uint8_t value, const std::string& what) {
    std::vector<uint8_t> bad = good;
    bad[at] = value;
    const uint64_t sum = table_checksum(bad.data(), HEADER_SIZE - 8);
    for (int k = 0; k < 8; ++k) bad[HEADER_SIZE - 8 + k] = uint8_t(sum >> (8 * k));
    put(bad);
    const std::string error = read_error();
    EXPECT_NE(error.find(what), std::string::npos) << "byte " << at << ": " << error;
  };
  refused(10, 7, "unknown metric");
  refused(11, 9, "unknown value encoding");
  refused(14, good[14] | 16, "unknown flags");   // bits 4..7 are reserved
  refused(14, good[14] | 2, "another variant");  // bit 1: the full board drawn
  refused(14, good[14] | 4, "another variant");  // bit 2: the stones in hand count
  refused(15, 0, "unknown compression");
  refused(20, 3, "bad block size");
  refused(32, uint8_t(good[32] + 1), "block count does not match");
  put(good);
  EXPECT_EQ(read_error(), "");
}

TEST_F(TableFormatTest, DerivedTableRoundTripAndCorruption) {
  const TableStats stats = compute_stats(values_);
  ASSERT_TRUE(write_derived_table(path_, NINE, sector_, values_.size(), stats));
  Result<TableFile> t = TableFile::open(path_, NINE, sector_);
  ASSERT_TRUE(t) << t.message();
  EXPECT_TRUE(t->derived());
  EXPECT_EQ(t->header().entries, values_.size());
  EXPECT_EQ(t->header().stats.draws, stats.draws);
  EXPECT_EQ(t->header().block_count, 0u);
  EXPECT_EQ(t->file_size(), HEADER_SIZE);
  EXPECT_TRUE(t->verify_checksums());
  Result<std::vector<ValueCode>> v = t->read_all();
  ASSERT_FALSE(v);
  EXPECT_NE(v.message().find(path_), std::string::npos) << v.message();
  // Every header byte flipped, and a byte appended, is refused at open.
  const std::vector<uint8_t> good = bytes();
  for (size_t at = 0; at < good.size(); ++at) {
    std::vector<uint8_t> bad = good;
    bad[at] ^= 0x5A;
    put(bad);
    Result<TableFile> r = TableFile::open(path_, NINE, sector_);
    EXPECT_FALSE(r) << "flip at byte " << at << " went unnoticed";
    if (!r) {
      EXPECT_NE(r.message().find(path_), std::string::npos) << r.message();
    }
  }
  std::vector<uint8_t> longer = good;
  longer.push_back(0);
  put(longer);
  EXPECT_FALSE(TableFile::open(path_, NINE, sector_));
}

TEST_F(TableFormatTest, BlockCorruptionNamesTheBlock) {
  std::vector<uint8_t> bad = bytes();
  Result<TableFile> t = TableFile::open(path_, NINE, sector_);
  ASSERT_TRUE(t);
  bad[t->blocks()[2].offset + 3] ^= 0x40;
  put(bad);
  std::string error = read_error();
  EXPECT_NE(error.find("block 2"), std::string::npos) << error;
  Result<TableFile> reopened = TableFile::open(path_, NINE, sector_);
  ASSERT_TRUE(reopened);
  EXPECT_FALSE(reopened->verify_checksums());
}

TEST_F(TableFormatTest, TruncationIsCaught) {
  const std::vector<uint8_t> good = bytes();
  for (size_t size :
       {size_t(0), size_t(10), HEADER_SIZE, HEADER_SIZE + 40, good.size() / 2, good.size() - 1}) {
    put(std::vector<uint8_t>(good.begin(), good.begin() + size));
    std::string error = read_error();
    EXPECT_NE(error, "") << "truncated to " << size;
  }
  std::vector<uint8_t> longer = good;
  longer.push_back(0);
  put(longer);
  EXPECT_NE(read_error(), "");
}

TEST_F(TableFormatTest, WrongVariantOrSectorOrMissing) {
  Result<TableFile> six = TableFile::open(path_, SIX, sector_);
  ASSERT_FALSE(six);
  EXPECT_NE(six.message().find("another variant"), std::string::npos) << six.message();
  Result<TableFile> other = TableFile::open(path_, NINE, Sector{4, 5, 0, 0});
  ASSERT_FALSE(other);
  EXPECT_NE(other.message().find("sector 5-4"), std::string::npos) << other.message();
  Result<TableFile> missing = TableFile::open((dir_ / "nope.mbt").string(), NINE, sector_);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.message().find("nope.mbt"), std::string::npos);
}

// A header records every rule that tells variants on one board apart: flying (bit 0),
// the full board drawn (bit 1) and the stones in hand counting toward three (bit 2). The
// same board and stones with one rule changed is another variant's table.
TEST(TableHeaderRules, EveryRuleOfTheVariantIsMatched) {
  constexpr Variant TWELVE_FULL_BOARD_LOST{"twelve-full-board-lost", &BOARD_24D, 12, true, false};
  const Variant* const all[] = {&NINE,         &NINE_NOFLYING,         &SIX, &FIVE, &TWELVE,
                                &TWELVE_MALOM, &TWELVE_FULL_BOARD_LOST};
  for (const Variant* v : all) {
    TableHeader h = make_header(*v, Sector{3, 3, 0, 0}, 10);
    h.block_count = 1;  // ten entries: one block
    std::vector<uint8_t> bytes;
    encode_header(h, bytes);
    TableHeader back;
    ASSERT_TRUE(decode_header(bytes, back)) << v->name;
    EXPECT_EQ(back.flying, v->flying) << v->name;
    EXPECT_EQ(back.full_board_draw, v->full_board_draw) << v->name;
    EXPECT_EQ(back.hand_counts_for_three, v->hand_counts_for_three) << v->name;
    EXPECT_EQ(bytes[14], (v->flying ? 1 : 0) | (v->full_board_draw ? 2 : 0) |
                             (v->hand_counts_for_three ? 4 : 0))
        << v->name;
    for (const Variant* w : all)
      EXPECT_EQ(header_matches(back, *w), v == w) << v->name << " against " << w->name;
  }
  EXPECT_EQ(header_variant(make_header(TWELVE_FULL_BOARD_LOST, Sector{3, 3, 0, 0}, 1)), nullptr);
  EXPECT_EQ(header_variant(make_header(TWELVE, Sector{3, 3, 0, 0}, 1)), &TWELVE);
  EXPECT_EQ(header_rules_text(make_header(TWELVE, Sector{3, 3, 0, 0}, 1)),
            "12 stones, flying, full board drawn");
  EXPECT_EQ(header_variant(make_header(TWELVE_MALOM, Sector{3, 3, 0, 0}, 1)), &TWELVE_MALOM);
  EXPECT_EQ(header_rules_text(make_header(TWELVE_MALOM, Sector{3, 3, 0, 0}, 1)),
            "12 stones, flying, full board drawn, stones in hand count toward three");
}

// compute_stats() on plain values (branch-free over chunks of 2^20, in parallel)
// against the obvious loop over the value codes' meanings, over three chunks of draws,
// wins and losses of every distance, and codes without a stored distance.
TEST(TableStatsReference, PlainStatsAgreeWithTheObviousLoop) {
  std::mt19937 rng(45);
  std::vector<ValueCode> values(3 * (size_t(1) << 20) + 12345);
  for (ValueCode& v : values) {
    const uint32_t kind = rng() % 8;
    v = kind == 0   ? DRAW
        : kind == 1 ? (rng() % 2 ? LOSS_NOT_STORED : WIN_NOT_STORED)
        : kind < 5  ? code_of_distance(int(rng() % 40))
                    : code_of_distance(int(rng() % (MAX_DISTANCE + 1)));
  }
  TableStats expected;
  for (const ValueCode v : values) {
    const uint32_t plies = is_draw(v) || distance_unknown(v) ? 0 : uint32_t(distance(v));
    if (is_draw(v)) {
      ++expected.draws;
    } else if (is_win(v)) {
      ++expected.wins, expected.longest_win = std::max(expected.longest_win, plies);
    } else {
      ++expected.losses, expected.longest_loss = std::max(expected.longest_loss, plies);
    }
  }
  EXPECT_EQ(compute_stats(values, Metric::PLAIN), expected);
  EXPECT_EQ(expected.longest_win, uint32_t(MAX_DISTANCE));  // the largest odd distance
  EXPECT_GT(expected.draws, 0u);
  // One code alone: the longest lengths are those of its class only.
  EXPECT_EQ(compute_stats(std::vector<ValueCode>{code_of_distance(6)}, Metric::PLAIN),
            (TableStats{0, 1, 0, 0, 6}));
  EXPECT_EQ(compute_stats(std::vector<ValueCode>{WIN_NOT_STORED, DRAW}, Metric::PLAIN),
            (TableStats{1, 0, 1, 0, 0}));
}

TEST_F(TableFormatTest, UnwritableDirectoryIsAnError) {
  Status s = write_table("/nonexistent-dir/x.mbt", NINE, sector_, values_);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("/nonexistent-dir"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace millbase
