// The probe's block cache: bounded in bytes, the least recently used block dropped first.
#include "db/block_cache.h"

#include <gtest/gtest.h>

#include <random>

namespace millbase {
namespace {

// Returns a WDL block of n entries, each `fill` (its cache cost is n + 64 bytes).
std::shared_ptr<const BlockCache::Block> wdl_block(size_t n, Wdl fill) {
  auto b = std::make_shared<BlockCache::Block>();
  b->wdl.assign(n, fill);
  return b;
}

BlockCache::Key key(uint32_t block) { return {nullptr, block, true}; }

TEST(BlockCache, FindsWhatWasInserted) {
  BlockCache cache(1 << 20);
  EXPECT_EQ(cache.find(key(1)), nullptr);
  cache.insert(key(1), wdl_block(100, Wdl::Win));
  cache.insert(BlockCache::Key{nullptr, 1, false}, wdl_block(100, Wdl::Loss));
  ASSERT_NE(cache.find(key(1)), nullptr);
  EXPECT_EQ(cache.find(key(1))->wdl[0], Wdl::Win);  // the WDL-only flag is part of the key
  EXPECT_EQ(cache.find(BlockCache::Key{nullptr, 1, false})->wdl[0], Wdl::Loss);
  // A second insert of a present key keeps the first block.
  cache.insert(key(1), wdl_block(100, Wdl::Draw));
  EXPECT_EQ(cache.find(key(1))->wdl[0], Wdl::Win);
}

TEST(BlockCache, DropsTheLeastRecentlyUsedBlock) {
  BlockCache cache(2 * (936 + 64));  // two blocks of 936 entries
  cache.insert(key(1), wdl_block(936, Wdl::Win));
  cache.insert(key(2), wdl_block(936, Wdl::Win));
  // 1 is found after 2 was inserted: the third block drops 2.
  std::shared_ptr<const BlockCache::Block> held = cache.find(key(2));
  ASSERT_NE(cache.find(key(1)), nullptr);
  cache.insert(key(3), wdl_block(936, Wdl::Win));
  EXPECT_EQ(cache.find(key(2)), nullptr);
  ASSERT_NE(held, nullptr);  // a dropped block lives on while a probe holds it
  EXPECT_EQ(held->wdl.size(), 936u);
  EXPECT_NE(cache.find(key(1)), nullptr);
  EXPECT_NE(cache.find(key(3)), nullptr);
  // 3 was found last: the next block drops 1.
  cache.insert(key(4), wdl_block(936, Wdl::Win));
  EXPECT_EQ(cache.find(key(1)), nullptr);
  EXPECT_NE(cache.find(key(3)), nullptr);
  EXPECT_NE(cache.find(key(4)), nullptr);
}

// Random inserts and finds: never more blocks than the capacity holds, the last inserted
// block always present, and every block found carries what was inserted under its key.
TEST(BlockCache, StaysWithinItsCapacity) {
  constexpr size_t entries = 200, cost = entries + 64, capacity = 10 * cost;
  BlockCache cache(capacity);
  std::mt19937 rng(7);
  for (int step = 0; step < 20000; ++step) {
    const uint32_t b = rng() % 64;
    if (rng() % 2) {
      cache.insert(key(b), wdl_block(entries, Wdl(b % 3)));
      ASSERT_NE(cache.find(key(b)), nullptr);
    } else if (auto found = cache.find(key(b))) {
      ASSERT_EQ(found->wdl[0], Wdl(b % 3));
    }
    size_t present = 0;
    for (uint32_t k = 0; k < 64; ++k) present += cache.find(key(k)) != nullptr;
    ASSERT_LE(present * cost, capacity) << "step " << step;
  }
}

}  // namespace
}  // namespace millbase
