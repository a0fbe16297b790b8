#include "db/tablebase.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <list>
#include <map>
#include <mutex>
#include <unordered_map>

#include "core/movegen.h"
#include "db/sector.h"
#include "db/sector_index.h"
#include "db/table_format.h"

namespace millbase {

namespace {

// An LRU cache of decoded blocks, bounded in bytes.
class BlockCache {
 public:
  struct Block {
    std::vector<ValueCode> values;  // full decode
    std::vector<uint8_t> wdl;       // WDL-only decode
  };
  using Key = std::tuple<const void*, uint32_t, bool>;  // table, block, WDL only

  explicit BlockCache(size_t capacity) : capacity_(capacity) {}

  std::shared_ptr<const Block> find(const Key& k) {
    std::lock_guard lock(mutex_);
    auto it = map_.find(k);
    if (it == map_.end()) return nullptr;
    lru_.splice(lru_.begin(), lru_, it->second);
    return it->second->second;
  }

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

class TablebaseImpl : public Tablebase {
 public:
  TablebaseImpl(const Variant& v, std::string dir, Options o)
      : Tablebase(v, std::move(dir)), cache_(o.cache_bytes) {}

  Result<ValueCode> probe(const Position& p) const override {
    if (Status s = validate(variant(), p); !s) return s;
    if (game_over(variant(), p) != GameOver::None) return LOSS_IN_0;
    return lookup(p, false);
  }

  Result<Wdl> probe_wdl(const Position& p) const override {
    if (Status s = validate(variant(), p); !s) return s;
    if (game_over(variant(), p) != GameOver::None) return Wdl::Loss;
    Result<ValueCode> r = lookup(p, true);
    if (!r) return r.status();
    return Wdl(*r);
  }

  Result<std::vector<MoveValue>> analyze(const Position& p) const override {
    if (Status s = validate(variant(), p); !s) return s;
    std::vector<MoveValue> out;
    for (Move m : MoveList(variant(), p)) {
      Result<ValueCode> after = probe(do_move(p, m));
      if (!after) return after.status();
      out.push_back({m, value_for_mover(*after)});
    }
    std::stable_sort(out.begin(), out.end(), [](const MoveValue& a, const MoveValue& b) {
      return better(a.value, b.value);
    });
    return out;
  }

 private:
  struct Table {
    TableFile file;
    std::shared_ptr<const SectorIndex> index;
  };

  Result<std::shared_ptr<const Table>> table(const Sector& s) const {
    std::lock_guard lock(mutex_);
    if (auto it = tables_.find(s); it != tables_.end()) return it->second;
    Result<TableFile> file = TableFile::open_sector(variant(), dir(), s);
    if (!file) return file.status();
    auto t = std::make_shared<const Table>(
        Table{std::move(file).value(), SectorIndex::get(*variant().board, s.us, s.them)});
    tables_[s] = t;
    return t;
  }

  // Returns the stored code, or for wdl_only the WDL class cast to a ValueCode.
  Result<ValueCode> lookup(const Position& p, bool wdl_only) const {
    Result<std::shared_ptr<const Table>> t = table(sector_of(p));
    if (!t) return t.status();
    const Table& table = **t;
    if (table.file.derived()) return derive(p, wdl_only);
    const uint64_t i = table.index->rank(p.us(), p.them()).index;
    const uint32_t per_block = table.file.header().block_entries;
    const uint32_t b = uint32_t(i / per_block);
    const BlockCache::Key key{&table, b, wdl_only};
    std::shared_ptr<const BlockCache::Block> block = cache_.find(key);
    if (!block) {
      auto fresh = std::make_shared<BlockCache::Block>();
      Status s = wdl_only ? table.file.read_wdl_block(b, fresh->wdl)
                          : table.file.read_block(b, fresh->values);
      if (!s) return s;
      block = fresh;
      cache_.insert(key, block);
    }
    return wdl_only ? ValueCode(block->wdl[i % per_block]) : block->values[i % per_block];
  }

  // Returns the value (or WDL class) of p in a derived table: the rules.md formula over
  // its successors' probes.
  Result<ValueCode> derive(const Position& p, bool wdl_only) const {
    ValueFolder fold;
    for (Move m : MoveList(variant(), p)) {
      const Position q = do_move(p, m);
      if (wdl_only) {
        Result<Wdl> w = probe_wdl(q);
        if (!w) return w.status();
        fold.add(*w == Wdl::Draw ? DRAW : *w == Wdl::Win ? code_of_distance(1) : LOSS_IN_0);
      } else {
        Result<ValueCode> c = probe(q);
        if (!c) return c;
        fold.add(*c);
      }
    }
    const ValueCode v = fold.result();
    if (!wdl_only) return v;
    return ValueCode(is_draw(v) ? Wdl::Draw : is_win(v) ? Wdl::Win : Wdl::Loss);
  }

  mutable std::mutex mutex_;
  mutable std::map<Sector, std::shared_ptr<const Table>> tables_;
  mutable BlockCache cache_;
};

}  // namespace

Result<std::shared_ptr<const Tablebase>> Tablebase::open(const Variant& v, const std::string& dir,
                                                         Options options) {
  struct stat st;
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    return Status::not_found("no table directory " + dir +
                             " (build it with: millbase solve --variant " + std::string(v.name) +
                             " --out " + dir + ")");
  return std::shared_ptr<const Tablebase>(std::make_shared<TablebaseImpl>(v, dir, options));
}

}  // namespace millbase
