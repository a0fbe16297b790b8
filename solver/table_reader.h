// Random access to a sector's values through its compressed table, for solves whose
// memory budget cannot hold the whole table: each thread keeps its own small
// direct-mapped cache of decoded blocks, so reads take no lock.
#pragma once

#include <atomic>
#include <mutex>
#include <vector>

#include "db/table_file.h"

namespace millbase {

class TableReader {
 public:
  // Reads `file` (not derived) with about cache_bytes of decoded blocks in all, split
  // among `threads` threads (at least one block each).
  TableReader(TableFile file, size_t cache_bytes, int threads);

  // Returns the value of entry i. Call from OpenMP thread numbers below `threads`, or
  // from outside a parallel region. On a read error, records it and returns DRAW:
  // check status() before trusting what was computed from the reads.
  ValueCode at(uint64_t i) const;

  // Returns the first read error, or ok.
  Status status() const;

  // Returns the bytes of decoded blocks this reader may hold.
  size_t cache_bytes() const { return caches_.size() * slots_ * block_bytes_; }

 private:
  static constexpr uint32_t EMPTY = ~uint32_t(0);
  struct Slot {
    uint32_t block = EMPTY;
    std::vector<ValueCode> values;
  };

  TableFile file_;
  uint32_t per_block_;
  size_t block_bytes_, slots_;
  mutable std::vector<std::vector<Slot>> caches_;  // [thread][block mod slots_]
  mutable std::atomic<bool> failed_{false};
  mutable std::mutex error_mutex_;
  mutable Status error_ = Status::ok();
};

}  // namespace millbase
