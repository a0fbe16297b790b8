// Solved sector values held in memory, looked up by position.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

#include "db/sector.h"
#include "db/sector_index.h"
#include "db/table_header.h"
#include "db/value.h"
#include "solver/table_reader.h"

namespace millbase {

// A sector's values: in memory, or read through its table when `reader` is set.
struct SectorValues {
  Sector sector;
  std::shared_ptr<const SectorIndex> index;
  std::vector<ValueCode> values;
  std::shared_ptr<const TableReader> reader;

  // Returns the value of entry i.
  ValueCode at(uint64_t i) const { return reader ? reader->at(i) : values[i]; }
};

// The value of every position of a terminal sector (db/sector.h is_terminal: the side to
// move has too few stones): it has lost, in every variant.
constexpr ValueCode TERMINAL_VALUE = game_over_value(GameOver::TooFewStones);

class ValueStore {
 public:
  void add(SectorValues v) {
    Sector s = v.sector;
    sectors_[s] = std::make_shared<const SectorValues>(std::move(v));
  }
  const SectorValues* find(const Sector& s) const {
    auto it = sectors_.find(s);
    return it == sectors_.end() ? nullptr : it->second.get();
  }
  void erase(const Sector& s) { sectors_.erase(s); }
  // Erases every table but those of `sectors`.
  void keep_only(const std::vector<Sector>& sectors) {
    std::erase_if(sectors_, [&](const auto& entry) {
      return std::find(sectors.begin(), sectors.end(), entry.first) == sectors.end();
    });
  }
  const std::map<Sector, std::shared_ptr<const SectorValues>>& all() const { return sectors_; }

  // Returns the value of the position (us to move) in sector s of v; terminal sectors are
  // TERMINAL_VALUE. The sector must be stored.
  ValueCode lookup(const Variant& v, const Sector& s, Bitboard us, Bitboard them) const {
    if (is_terminal(v, s)) return TERMINAL_VALUE;
    const SectorValues* t = find(s);
    assert(t && "child sector not solved");
    return t->at(t->index->rank(us, them).index);
  }

 private:
  std::map<Sector, std::shared_ptr<const SectorValues>> sectors_;
};

// Looks up values in a few known sectors without searching the store (hot paths),
// falling back to the store for others. With Metric::FIFTY the stored values are fifty
// codes and a lookup returns the value under the rule at counter 0 (fifty_at), which is
// what a parent's fold reads: the counter of a child entered by a placement or a mill
// is 0, and inside a movement unit the solver reads its own values, not these.
class ChildLookup {
 public:
  ChildLookup(const Variant& v, const ValueStore& store, const std::vector<Sector>& sectors,
              Metric metric = Metric::PLAIN)
      : variant_(v), store_(store), fifty_(metric == Metric::FIFTY) {
    for (const Sector& s : sectors)
      if (const SectorValues* sv = store.find(s)) known_.push_back({s, sv});
  }
  Metric metric() const { return fifty_ ? Metric::FIFTY : Metric::PLAIN; }

  // Returns the value of the position (us to move) in sector s; terminal sectors are
  // TERMINAL_VALUE. The sector must be stored.
  ValueCode operator()(const Sector& s, Bitboard us, Bitboard them) const {
    if (is_terminal(variant_, s)) return TERMINAL_VALUE;
    const SectorValues* sv = find(s);
    return view(sv->at(sv->index->rank(us, them).index));
  }

  // A child's value to read: entry `index` of sv, or TERMINAL_VALUE when sv is null (a
  // terminal sector). Callers that rank many children first and read their values after
  // keep these, so that the cache misses of the reads overlap.
  struct Slot {
    const SectorValues* sv;
    uint64_t index;
  };
  // Returns the slot of entry `at` of sv (null: a terminal sector), prefetching its value
  // when sv is in memory, for a read after the slots of many children are made.
  static Slot prefetched(const SectorValues* sv, uint64_t at) {
    if (sv && !sv->reader) __builtin_prefetch(&sv->values[at]);
    return {sv, at};
  }
  // Returns the slot's value as parents read it.
  ValueCode value(const Slot& s) const { return s.sv ? view(s.sv->at(s.index)) : TERMINAL_VALUE; }

  // operator() in three steps, for callers that look up many positions: locate() all,
  // then rank() all (prefetching the values held in memory), then value() each, so the
  // cache misses of the lookups overlap.
  struct PendingLookup {
    const SectorValues* sv;  // null: a terminal sector
    Bitboard us;
    SectorIndex::Located located;
    uint64_t index;
  };
  PendingLookup locate(const Sector& s, Bitboard us, Bitboard them) const {
    if (is_terminal(variant_, s)) return {nullptr, 0, {}, 0};
    const SectorValues* sv = find(s);
    return {sv, us, sv->index->locate(us, them), 0};
  }
  void rank(PendingLookup& p) const {
    if (!p.sv) return;
    p.index = p.sv->index->rank(p.us, p.located).index;
    prefetched(p.sv, p.index);
  }
  ValueCode value(const PendingLookup& p) const { return value(Slot{p.sv, p.index}); }

  // Returns the values of sector s, or null for a terminal sector (every position
  // TERMINAL_VALUE); a non-terminal s must be stored.
  const SectorValues* values_of(const Sector& s) const {
    return is_terminal(variant_, s) ? nullptr : find(s);
  }
  // Returns a stored value as parents read it.
  ValueCode view(ValueCode stored) const { return fifty_ ? fifty_at(stored, 0) : stored; }

 private:
  // Returns the values of the stored, non-terminal sector s.
  const SectorValues* find(const Sector& s) const {
    for (const auto& [sector, sv] : known_)
      if (sector == s) return sv;
    const SectorValues* sv = store_.find(s);
    assert(sv && "child sector not solved");
    return sv;
  }

  const Variant& variant_;
  const ValueStore& store_;
  bool fifty_;
  std::vector<std::pair<Sector, const SectorValues*>> known_;
};

}  // namespace millbase
