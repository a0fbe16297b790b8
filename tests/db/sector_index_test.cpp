// Symmetry-reduced index: one entry per orbit, rank/unrank round trips.
#include "db/sector_index.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <tuple>

#include "core/symmetry.h"
#include "core/variant.h"

namespace millbase {
namespace {

// Returns the number of orbits of positions with a and b stones, by brute force.
uint64_t count_orbits(const Board& board, int a, int b) {
  std::set<std::pair<Bitboard, Bitboard>> orbits;
  const int n = board.num_points;
  // All a-sets u, then all b-sets of the other points (colex order via Gosper's hack).
  auto first = [](int k) { return k == 0 ? Bitboard(0) : (Bitboard(1) << k) - 1; };
  for (Bitboard u = first(a); u < (Bitboard(1) << n); u = a ? next_combination(u) : ~0u) {
    for (Bitboard m = first(b); m < (Bitboard(1) << (n - a)); m = b ? next_combination(m) : ~0u) {
      Bitboard t = deposit(m, board.all & ~u);
      std::pair<Bitboard, Bitboard> best{~0u, ~0u};
      for (int s = 0; s < NUM_SYMMETRIES; ++s)
        best = std::min(best, {board.transform(u, s), board.transform(t, s)});
      orbits.insert(best);
    }
  }
  return orbits.size();
}

TEST(SectorIndex, EntriesAreExactlyTheOrbitsOnThe16PointBoard) {
  for (auto [a, b] : {std::pair{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 1}, {3, 3}, {4, 2}, {2, 5}}) {
    SectorIndex index(BOARD_16, a, b);
    EXPECT_EQ(index.size(), count_orbits(BOARD_16, a, b)) << a << "-" << b;
  }
}

TEST(SectorIndex, EntriesAreExactlyTheOrbitsOnThe24PointBoard) {
  for (auto [a, b] : {std::pair{0, 0}, {1, 0}, {2, 1}, {3, 0}, {2, 2}, {3, 3}}) {
    SectorIndex index(BOARD_24, a, b);
    EXPECT_EQ(index.size(), count_orbits(BOARD_24, a, b)) << a << "-" << b;
  }
}

TEST(SectorIndex, RankUnrankAndOrbitSizes) {
  std::mt19937_64 rng(1);
  for (const Board* board : {&BOARD_16, &BOARD_24})
    for (auto [a, b] : {std::pair{3, 3}, {4, 3}, {2, 0}, {5, 4}}) {
      SectorIndex index(*board, a, b);
      uint64_t step = std::max<uint64_t>(1, index.size() / 3000);
      for (uint64_t i = rng() % step; i < index.size(); i += step) {
        Bitboard u, t;
        index.unrank(i, u, t);
        ASSERT_EQ(popcount(u), a);
        ASSERT_EQ(popcount(t), b);
        ASSERT_EQ(u & t, 0u);
        std::set<std::pair<Bitboard, Bitboard>> images;
        for (int s = 0; s < NUM_SYMMETRIES; ++s)
          images.insert({board->transform(u, s), board->transform(t, s)});
        for (auto [su, st] : images) {
          SectorIndex::Rank r = index.rank(su, st);
          ASSERT_EQ(r.index, i);
          ASSERT_EQ(r.orbit, int(images.size()));
        }
      }
    }
}

TEST(SectorIndex, ForEachMatchesUnrank) {
  SectorIndex index(BOARD_16, 4, 3);
  uint64_t expected = 100;
  index.for_each(100, 2100, [&](uint64_t i, Bitboard u, Bitboard t) {
    ASSERT_EQ(i, expected++);
    Bitboard uu, tt;
    index.unrank(i, uu, tt);
    ASSERT_EQ(u, uu);
    ASSERT_EQ(t, tt);
  });
  EXPECT_EQ(expected, 2100u);
}

// unrank() finds an entry's key through buckets of 1024 entries: every entry of indexes
// with one bucket, with many, and with keys narrower than a bucket, against one walk
// from the first entry (which steps from key to key); walks that start at the entries
// around each bucket boundary agree too.
TEST(SectorIndex, UnrankAndWalksFromAnyEntryMatchOneWalkFromTheStart) {
  for (auto [board, a, b] : {std::tuple{&BOARD_16, 2, 0},
                             {&BOARD_16, 3, 3},
                             {&BOARD_24, 3, 3},
                             {&BOARD_24, 4, 4},
                             {&BOARD_24, 1, 0}}) {
    SectorIndex index(*board, a, b);
    std::vector<std::pair<Bitboard, Bitboard>> walked;
    index.for_each(0, index.size(), [&](uint64_t, Bitboard u, Bitboard t) {
      walked.push_back({u, t});
    });
    ASSERT_EQ(walked.size(), index.size());
    for (uint64_t i = 0; i < index.size(); ++i) {
      Bitboard u, t;
      index.unrank(i, u, t);
      ASSERT_EQ(std::pair(u, t), walked[i]) << a << "-" << b << " entry " << i;
    }
    for (uint64_t edge = 1024; edge < index.size() + 1024; edge += 1024) {
      const uint64_t begin = edge - 1, end = std::min(edge + 2, index.size());
      index.for_each(begin, end, [&](uint64_t i, Bitboard u, Bitboard t) {
        ASSERT_EQ(std::pair(u, t), walked[i]) << a << "-" << b << " walk from " << begin;
      });
    }
  }
}

// The orbit sizes of the walk are those of unrank and rank, on a board where many
// occupied sets have symmetries (every entry of 3-3 on the 16-point board).
TEST(SectorIndex, ForEachWithOrbitMatchesUnrankAndRank) {
  SectorIndex index(BOARD_16, 3, 3);
  uint64_t seen = 0, small_orbits = 0;
  index.for_each_with_orbit(0, index.size(), [&](uint64_t i, Bitboard u, Bitboard t, int orbit) {
    Bitboard uu, tt;
    ASSERT_EQ(orbit, index.unrank(i, uu, tt)) << i;
    ASSERT_EQ(orbit, index.rank(u, t).orbit) << i;
    ++seen;
    small_orbits += orbit < 16;
  });
  EXPECT_EQ(seen, index.size());
  EXPECT_GT(small_orbits, 0u);
}

TEST(SectorIndex, NineEightEightSizeIsTheOrbitCount) {
  // Burnside over the 16 symmetries gives 591,726,690 orbits for 8 + 8 stones on the
  // 24-point board (computed independently from the cycle types of the symmetries).
  EXPECT_EQ(SectorIndex(BOARD_24, 8, 8).size(), 591726690u);
}

}  // namespace
}  // namespace millbase
