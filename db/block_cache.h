// The probe's cache of decoded blocks: least recently used first out, bounded in bytes,
// shared by threads.
#pragma once

#include <list>
#include <memory>
#include <mutex>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "db/value.h"

namespace millbase {

// An LRU cache of decoded blocks, bounded in bytes.
class BlockCache {
 public:
  struct Block {
    std::vector<ValueCode> values;  // full decode
    std::vector<Wdl> wdl;           // WDL-only decode
  };
  using Key = std::tuple<const void*, uint32_t, bool>;  // table, block, WDL only

  explicit BlockCache(size_t capacity) : capacity_(capacity) {}

  // Returns the cached block k (now the most recently used), or null.
  std::shared_ptr<const Block> find(const Key& k) {
    std::lock_guard lock(mutex_);
    auto it = map_.find(k);
    if (it == map_.end()) return nullptr;
    lru_.splice(lru_.begin(), lru_, it->second);
    return it->second->second;
  }

  // Adds block k unless present, dropping the least recently used beyond the capacity.
  void insert(const Key& k, std::shared_ptr<const Block> b) {
    std::lock_guard lock(mutex_);
    if (map_.count(k)) return;
    size_ += bytes(*b);
    lru_.emplace_front(k, std::move(b));
    map_[k] = lru_.begin();
    while (size_ > capacity_ && lru_.size() > 1) {
      size_ -= bytes(*lru_.back().second);
      map_.erase(lru_.back().first);
      lru_.pop_back();
    }
  }

 private:
  static size_t bytes(const Block& b) {
    return b.values.size() * sizeof(ValueCode) + b.wdl.size() + 64;
  }
  struct KeyHash {
    size_t operator()(const Key& k) const {
      return std::hash<const void*>()(std::get<0>(k)) ^ (size_t(std::get<1>(k)) << 1) ^
             size_t(std::get<2>(k));
    }
  };

  std::mutex mutex_;
  size_t capacity_, size_ = 0;
  std::list<std::pair<Key, std::shared_ptr<const Block>>> lru_;
  std::unordered_map<Key, decltype(lru_)::iterator, KeyHash> map_;
};

}  // namespace millbase
