// An index's entries visited in parallel: tasks of TASK_ENTRIES consecutive entries
// handed out to the OpenMP threads.
#pragma once

#include <algorithm>

#include "db/sector_index.h"

namespace millbase {

// Entries per parallel task: enough to amortise the hand-out, few enough to balance.
constexpr uint64_t TASK_ENTRIES = 4096;

// Calls f(index, us, them) for every entry of index, in tasks spread over the OpenMP
// threads.
template <class F>
void parallel_for_each(const SectorIndex& index, F f) {
  const int64_t tasks = int64_t((index.size() + TASK_ENTRIES - 1) / TASK_ENTRIES);
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t t = 0; t < tasks; ++t)
    index.for_each(uint64_t(t) * TASK_ENTRIES,
                   std::min<uint64_t>(uint64_t(t + 1) * TASK_ENTRIES, index.size()), f);
}

}  // namespace millbase
