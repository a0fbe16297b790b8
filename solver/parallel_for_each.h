// An index's entries visited in parallel: tasks of TASK_ENTRIES consecutive entries
// handed out to the OpenMP threads.
#pragma once

#include <algorithm>

#include "db/sector_index.h"

namespace millbase {

// Entries per parallel task: enough to amortise the hand-out, few enough to balance.
constexpr uint64_t TASK_ENTRIES = 4096;
// Entries between two reports of the reporting visits: about a second's work.
constexpr uint64_t REPORT_ENTRIES = uint64_t(1) << 22;

// Calls f(first, last) for consecutive ranges of at most TASK_ENTRIES entries covering
// [begin, end), in tasks spread over the OpenMP threads.
template <class F>
void parallel_for_ranges(uint64_t begin, uint64_t end, F f) {
  const int64_t tasks = int64_t((end - begin + TASK_ENTRIES - 1) / TASK_ENTRIES);
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t t = 0; t < tasks; ++t) {
    const uint64_t first = begin + uint64_t(t) * TASK_ENTRIES;
    f(first, std::min<uint64_t>(first + TASK_ENTRIES, end));
  }
}

// As above over [0, size), in slices of REPORT_ENTRIES entries; after each slice calls
// report(entries done) on the calling thread.
template <class F, class R>
void parallel_for_ranges(uint64_t size, F f, R report) {
  for (uint64_t begin = 0; begin < size; begin += REPORT_ENTRIES) {
    const uint64_t end = std::min<uint64_t>(begin + REPORT_ENTRIES, size);
    parallel_for_ranges(begin, end, f);
    report(end);
  }
}

// Calls f(index, us, them) for every entry i of index with begin <= i < end, in tasks
// spread over the OpenMP threads.
template <class F>
void parallel_for_each(const SectorIndex& index, uint64_t begin, uint64_t end, F f) {
  parallel_for_ranges(begin, end,
                      [&](uint64_t first, uint64_t last) { index.for_each(first, last, f); });
}

// Calls f(index, us, them) for every entry of index, in tasks spread over the OpenMP
// threads.
template <class F>
void parallel_for_each(const SectorIndex& index, F f) {
  parallel_for_each(index, 0, index.size(), f);
}

// As above, in slices of REPORT_ENTRIES entries; after each slice calls report(entries
// done) on the calling thread.
template <class F, class R>
void parallel_for_each(const SectorIndex& index, F f, R report) {
  parallel_for_ranges(
      index.size(), [&](uint64_t first, uint64_t last) { index.for_each(first, last, f); }, report);
}

}  // namespace millbase
