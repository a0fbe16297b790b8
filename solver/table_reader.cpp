#include "solver/table_reader.h"

#include <omp.h>

#include <algorithm>
#include <cassert>

namespace millbase {

TableReader::TableReader(TableFile file, size_t cache_bytes, int threads)
    : file_(std::move(file)),
      per_block_(file_.header().block_entries),
      block_bytes_(size_t(per_block_) * sizeof(ValueCode)) {
  assert(!file_.derived() && threads > 0);
  const size_t blocks = std::max<size_t>(file_.header().block_count, 1);
  slots_ = std::clamp<size_t>(cache_bytes / block_bytes_ / size_t(threads), 1, blocks);
  caches_.assign(size_t(threads), std::vector<Slot>(slots_));
}

ValueCode TableReader::at(uint64_t i) const {
  const size_t t = size_t(omp_get_thread_num());
  assert(t < caches_.size());
  const uint32_t b = uint32_t(i / per_block_);
  Slot& slot = caches_[t][b % slots_];
  if (slot.block != b) {
    if (Status s = file_.read_block(b, slot.values); !s) {
      std::lock_guard lock(error_mutex_);
      if (!failed_.exchange(true)) error_ = s;
      slot.block = EMPTY;
      return DRAW;
    }
    slot.block = b;
  }
  return slot.values[i % per_block_];
}

Status TableReader::status() const {
  if (!failed_) return Status::ok();
  std::lock_guard lock(error_mutex_);
  return error_;
}

}  // namespace millbase
