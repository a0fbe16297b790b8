#include "db/tablebase.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <mutex>

#include "core/game.h"
#include "core/movegen.h"
#include "db/block_cache.h"
#include "db/dir_manifest.h"
#include "db/sector.h"
#include "db/sector_index.h"
#include "db/table_dir.h"
#include "db/table_file.h"

namespace millbase {

namespace {

class TablebaseImpl : public Tablebase {
 public:
  TablebaseImpl(const Variant& v, std::string dir, Metric metric, Options o)
      : Tablebase(v, std::move(dir)), metric_(metric), cache_(o.cache_bytes) {}

  Metric metric() const override { return metric_; }

  Result<ValueCode> probe(const Position& p) const override {
    if (Status s = validate(variant(), p); !s) return s;
    if (GameOver g = game_over(variant(), p); g != GameOver::None) return game_over_value(g);
    // No table holds it: every move wins at once (its successors are all over).
    if (other_side_lost(variant(), p)) return fold_successors(p);
    return lookup_value(p);
  }

  Result<Wdl> probe_wdl(const Position& p) const override {
    if (Status s = validate(variant(), p); !s) return s;
    if (GameOver g = game_over(variant(), p); g != GameOver::None)
      return wdl_of(game_over_value(g));
    // The whole value where the WDL planes do not tell it: under the rule, and where
    // the other side has lost (no table holds the position).
    if (metric_ == Metric::FIFTY || other_side_lost(variant(), p)) {
      Result<ValueCode> v = probe(p);
      if (!v) return v.status();
      return wdl_of(metric_ == Metric::FIFTY ? fifty_at(*v, 0) : *v);
    }
    return lookup_wdl(p);
  }

  void prefetch(std::span<const Position> positions, bool wdl_only) const override {
    if (!takes_read_hints()) return;
    // The tables to open, then (their indexes read) the blocks to read.
    std::vector<const Position*> stored;
    std::vector<ReadHint> opens;
    {
      std::lock_guard lock(mutex_);
      for (const Position& p : positions) {
        if (!validate(variant(), p) || game_over(variant(), p) != GameOver::None ||
            other_side_lost(variant(), p))
          continue;
        stored.push_back(&p);
        const Sector s = sector_of(p);
        if (!tables_.count(s)) opens.push_back(ReadHint{table_path(dir(), s)});
      }
    }
    std::sort(opens.begin(), opens.end(),
              [](const ReadHint& a, const ReadHint& b) { return a.path < b.path; });
    opens.erase(std::unique(opens.begin(), opens.end(),
                            [](const ReadHint& a, const ReadHint& b) { return a.path == b.path; }),
                opens.end());
    hint_reads(opens);
    std::vector<ReadHint> blocks;
    for (const Position* p : stored) {
      Result<Entry> e = entry(*p);
      if (!e || e->table->file.derived()) continue;  // a missing table: the probe says so
      const uint32_t b = uint32_t(e->index / e->table->file.header().block_entries);
      // A table's WDL plane is kept apart only where probe_wdl reads it alone.
      const bool plane = wdl_only && metric_ != Metric::FIFTY;
      if (!cache_.find(BlockCache::Key{e->table.get(), b, plane}))
        blocks.push_back(e->table->file.block_read(b, plane));
    }
    hint_reads(blocks);
  }

  Result<std::vector<MoveValue>> analyze(const Position& p, int counter) const override {
    if (Status s = validate(variant(), p); !s) return s;
    const bool placement = p.in_hand[WHITE] > 0 || p.in_hand[BLACK] > 0;
    if (metric_ == Metric::FIFTY)
      if (Status s = check_fifty_counter(variant(), p, counter); !s) return s;
    prefetch(successors(p), false);
    std::vector<MoveValue> out;
    for (Move m : MoveList(variant(), p)) {
      Result<ValueCode> after = probe(do_move(p, m));
      if (!after) return after.status();
      if (metric_ != Metric::FIFTY) {
        out.push_back({m, value_for_mover(*after)});
        continue;
      }
      // A mill closed in the movement phase zeroes the counter. At 50 the game is
      // already drawn: no move changes that.
      const bool zeroing = !placement && m.remove != NO_POINT;
      out.push_back(
          {m, counter == FIFTY_PLIES ? DRAW : fifty_for_mover(*after, zeroing, placement)});
    }
    // Under the rule: best by the value at this counter first, then by the code (so
    // among draws now, the moves that would win with a lower counter come first).
    const bool fifty = metric_ == Metric::FIFTY;
    std::stable_sort(out.begin(), out.end(), [&](const MoveValue& a, const MoveValue& b) {
      return fifty ? better_under_rule(a.value, b.value, counter) : better(a.value, b.value);
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
    Result<TableFile> file = TableFile::open_sector(variant(), dir(), s, metric_);
    if (!file) return file.status();
    auto t = std::make_shared<const Table>(
        Table{std::move(file).value(), SectorIndex::get(*variant().board, s.us, s.them)});
    tables_[s] = t;
    return t;
  }

  // Where a position's value is: its table and its entry.
  struct Entry {
    std::shared_ptr<const Table> table;
    uint64_t index;
  };
  Result<Entry> entry(const Position& p) const {
    Result<std::shared_ptr<const Table>> t = table(sector_of(p));
    if (!t) return t.status();
    return Entry{*t, (*t)->index->rank(p.us(), p.them()).index};
  }

  // Returns block b of table t from the cache, reading and decoding it (all values,
  // or the WDL plane only) on a miss.
  Result<std::shared_ptr<const BlockCache::Block>> block(const Table& t, uint32_t b,
                                                         bool wdl_only) const {
    const BlockCache::Key key{&t, b, wdl_only};
    if (std::shared_ptr<const BlockCache::Block> cached = cache_.find(key)) return cached;
    auto fresh = std::make_shared<BlockCache::Block>();
    Status s =
        wdl_only ? t.file.read_wdl_block(b, fresh->wdl) : t.file.read_block(b, fresh->values);
    if (!s) return s;
    cache_.insert(key, fresh);
    return std::shared_ptr<const BlockCache::Block>(fresh);
  }

  // Returns the value of p (not over) from its table, or by a one-ply search when the
  // table is derived (without distance when the table holds results only).
  Result<ValueCode> lookup_value(const Position& p) const {
    Result<Entry> e = entry(p);
    if (!e) return e.status();
    if (e->table->file.derived()) {
      Result<ValueCode> v = fold_successors(p);
      if (!v) return v;
      return derived_value(e->table->file.header(), *v, metric_);
    }
    const uint32_t per_block = e->table->file.header().block_entries;
    auto b = block(*e->table, uint32_t(e->index / per_block), false);
    if (!b) return b.status();
    return (*b)->values[e->index % per_block];
  }

  // Returns the class of p (not over) from its table's WDL plane, or by a one-ply search
  // over the successors' classes when the table is derived.
  Result<Wdl> lookup_wdl(const Position& p) const {
    Result<Entry> e = entry(p);
    if (!e) return e.status();
    if (e->table->file.derived()) {
      // A class stands for a value of the same class: the formula keeps the class. A
      // move into a lost position wins whatever the other moves give, so the captures,
      // the moves likeliest to reach one, are searched first (pass 0).
      ValueFolder fold;
      const MoveList moves(variant(), p);
      prefetch(successors(p), true);
      for (int pass = 0; pass < 2; ++pass)
        for (Move m : moves) {
          if ((m.remove != NO_POINT) != (pass == 0)) continue;
          Result<Wdl> w = probe_wdl(do_move(p, m));
          if (!w) return w.status();
          if (*w == Wdl::Loss) return Wdl::Win;
          fold.add(*w == Wdl::Draw ? DRAW : code_of_distance(1));
        }
      return wdl_of(fold.result());
    }
    const uint32_t per_block = e->table->file.header().block_entries;
    auto b = block(*e->table, uint32_t(e->index / per_block), true);
    if (!b) return b.status();
    return (*b)->wdl[e->index % per_block];
  }

  // Returns the positions after each legal move of p, when reads are hinted (else none).
  std::vector<Position> successors(const Position& p) const {
    std::vector<Position> out;
    if (takes_read_hints())
      for (Move m : MoveList(variant(), p)) out.push_back(do_move(p, m));
    return out;
  }

  // Returns the value of p by the rules.md formula over its successors' probes; with
  // fifty codes, by FiftyFolder (db/value.h).
  Result<ValueCode> fold_successors(const Position& p) const {
    const bool placement = p.in_hand[WHITE] > 0 || p.in_hand[BLACK] > 0;
    ValueFolder fold;
    FiftyFolder fifty;
    prefetch(successors(p), false);
    for (Move m : MoveList(variant(), p)) {
      Result<ValueCode> c = probe(do_move(p, m));
      if (!c) return c;
      metric_ == Metric::FIFTY ? fifty.add(*c, !placement && m.remove != NO_POINT, placement)
                               : fold.add(*c);
    }
    return metric_ == Metric::FIFTY ? fifty.result() : fold.result();
  }

  const Metric metric_;
  mutable std::mutex mutex_;
  mutable std::map<Sector, std::shared_ptr<const Table>> tables_;
  mutable BlockCache cache_;
};

}  // namespace

Status check_fifty_counter(const Variant& v, const Position& p, int counter) {
  if (counter < 0 || counter > FIFTY_PLIES)
    return Status::invalid("the 50-ply counter " + std::to_string(counter) + " is not in 0..50");
  if (counter != 0 && !draw_rules_apply(v, p))
    return Status::invalid(
        "a placement position has no 50-ply counter (it starts at 0 when "
        "placement ends), so the counter must be 0");
  return Status::ok();
}

Result<std::shared_ptr<const Tablebase>> Tablebase::open(const Variant& v, const std::string& dir,
                                                         Options options) {
  Result<TableDir> d = TableDir::open(v, dir);
  if (!d) return d.status();
  return std::shared_ptr<const Tablebase>(
      std::make_shared<TablebaseImpl>(v, d->path(), d->metric(), options));
}

}  // namespace millbase
