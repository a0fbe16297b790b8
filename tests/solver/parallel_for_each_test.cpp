// The parallel visit of an index: every entry once, with its own stones, and reports
// that count up to the index's size.
#include "solver/parallel_for_each.h"

#include <gtest/gtest.h>
#include <omp.h>

#include <vector>

#include "core/variant.h"

namespace millbase {
namespace {

// Returns, for each entry of index, how often the reporting visit called f for it; checks
// the stones against unrank and the reports on the way.
std::vector<int> visit_counts(const SectorIndex& index, std::vector<uint64_t>& reports) {
  std::vector<int> seen(index.size(), 0);
  parallel_for_each(
      index,
      [&](uint64_t i, Bitboard us, Bitboard them) {
        Bitboard u = 0, t = 0;
        index.unrank(i, u, t);
        if (u == us && t == them) {
#pragma omp atomic
          ++seen[i];
        }
      },
      [&](uint64_t done) { reports.push_back(done); });
  return seen;
}

TEST(ParallelForEach, VisitsEveryEntryOnceAndReportsUpToTheSize) {
  // Nine's 5-4 has about 10 M entries, so the reports come in several slices.
  const auto index = SectorIndex::get(*NINE.board, 5, 4);
  ASSERT_GT(index->size(), 2 * REPORT_ENTRIES);
  const int before = omp_get_max_threads();
  for (int threads : {1, 2}) {
    omp_set_num_threads(threads);
    std::vector<uint64_t> reports;
    const std::vector<int> seen = visit_counts(*index, reports);
    for (uint64_t i = 0; i < seen.size(); ++i) ASSERT_EQ(seen[i], 1) << "entry " << i;
    ASSERT_FALSE(reports.empty());
    EXPECT_EQ(reports.back(), index->size());
    for (size_t k = 1; k < reports.size(); ++k) EXPECT_LT(reports[k - 1], reports[k]);
    EXPECT_EQ(reports.size(), (index->size() + REPORT_ENTRIES - 1) / REPORT_ENTRIES);
  }
  omp_set_num_threads(before);
}

}  // namespace
}  // namespace millbase
