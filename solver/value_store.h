// Solved sector values held in memory, looked up by position.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

#include "db/sector.h"
#include "db/sector_index.h"
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
  const std::map<Sector, std::shared_ptr<const SectorValues>>& all() const { return sectors_; }

  // Returns the value of the position (us to move) in sector s; terminal sectors are
  // loss in 0. The sector must be stored.
  ValueCode lookup(const Sector& s, Bitboard us, Bitboard them) const {
    if (is_terminal(s)) return LOSS_IN_0;
    const SectorValues* t = find(s);
    assert(t && "child sector not solved");
    return t->at(t->index->rank(us, them).index);
  }

 private:
  std::map<Sector, std::shared_ptr<const SectorValues>> sectors_;
};

// Looks up values in a few known sectors without searching the store (hot paths),
// falling back to the store for others.
class ChildLookup {
 public:
  ChildLookup(const ValueStore& store, const std::vector<Sector>& sectors) : store_(store) {
    for (const Sector& s : sectors)
      if (const SectorValues* sv = store.find(s)) known_.push_back({s, sv});
  }
  // Returns the value of the position (us to move) in sector s; terminal sectors are
  // loss in 0. The sector must be stored.
  ValueCode operator()(const Sector& s, Bitboard us, Bitboard them) const {
    if (is_terminal(s)) return LOSS_IN_0;
    const SectorValues* sv = find(s);
    return sv->at(sv->index->rank(us, them).index);
  }

  // operator() in three steps, for callers that look up many positions: locate() all,
  // then rank() all (prefetching the values held in memory), then value() each, so the
  // cache misses of the lookups overlap.
  struct Probe {
    const SectorValues* sv;  // null: a terminal sector (a loss in 0)
    Bitboard us;
    SectorIndex::Located located;
    uint64_t index;
  };
  Probe locate(const Sector& s, Bitboard us, Bitboard them) const {
    if (is_terminal(s)) return {nullptr, 0, {}, 0};
    const SectorValues* sv = find(s);
    return {sv, us, sv->index->locate(us, them), 0};
  }
  void rank(Probe& p) const {
    if (!p.sv) return;
    p.index = p.sv->index->rank(p.us, p.located).index;
    if (!p.sv->reader) __builtin_prefetch(&p.sv->values[p.index]);
  }
  ValueCode value(const Probe& p) const { return p.sv ? p.sv->at(p.index) : LOSS_IN_0; }

 private:
  // Returns the values of the stored, non-terminal sector s.
  const SectorValues* find(const Sector& s) const {
    for (const auto& [sector, sv] : known_)
      if (sector == s) return sv;
    const SectorValues* sv = store_.find(s);
    assert(sv && "child sector not solved");
    return sv;
  }

  const ValueStore& store_;
  std::vector<std::pair<Sector, const SectorValues*>> known_;
};

// Calls f(move, child sector, child us, child them) for every legal move of the position
// (us to move) in sector s. The child is seen from its side to move (the opponent).
template <class F>
void for_each_successor(const Variant& v, const Sector& s, Bitboard us, Bitboard them, F f);

// Calls f(index, us, them) for every entry of index, in chunks spread over the OpenMP
// threads.
template <class F>
void parallel_for_each(const SectorIndex& index, F f);

// Returns the value of the position by the formula of rules.md from its successors'
// values in `lookup`, looked up in steps so that their cache misses overlap.
inline ValueCode evaluate(const Variant& v, const Sector& s, Bitboard us, Bitboard them,
                          const ChildLookup& lookup);

}  // namespace millbase

#include "core/movegen.h"

namespace millbase {

template <class F>
void for_each_successor(const Variant& v, const Sector& s, Bitboard us, Bitboard them, F f) {
  Position p;
  p.stones = {us, them};
  p.in_hand = {s.us_hand, s.them_hand};
  // The child's bitboards straight from the move: cheaper than a whole do_move().
  for (Move m : MoveList(v, p))
    f(m, child_sector(s, m.is_placement(), m.remove != NO_POINT), opponent_after(them, m),
      mover_after(us, m));
}

template <class F>
void parallel_for_each(const SectorIndex& index, F f) {
  constexpr uint64_t CHUNK = 4096;
  const int64_t chunks = int64_t((index.size() + CHUNK - 1) / CHUNK);
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t c = 0; c < chunks; ++c)
    index.for_each(uint64_t(c) * CHUNK, std::min<uint64_t>(uint64_t(c + 1) * CHUNK, index.size()),
                   f);
}

inline ValueCode evaluate(const Variant& v, const Sector& s, Bitboard us, Bitboard them,
                          const ChildLookup& lookup) {
  ChildLookup::Probe probes[MAX_MOVES];
  int n = 0;
  for_each_successor(v, s, us, them, [&](Move, const Sector& cs, Bitboard cu, Bitboard ct) {
    probes[n++] = lookup.locate(cs, cu, ct);
  });
  for (int i = 0; i < n; ++i) lookup.rank(probes[i]);
  ValueFolder fold;
  for (int i = 0; i < n; ++i) fold.add(lookup.value(probes[i]));
  return fold.result();
}

}  // namespace millbase
