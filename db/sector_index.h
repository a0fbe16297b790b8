// Symmetry-reduced index of the positions with `us` stones of the side to move and
// `them` stones of the opponent on a board (hands do not enter the index).
//
// Every index entry is exactly one position up to the 16 symmetries, so the number of
// entries equals the number of distinct positions up to symmetry (formulas in
// sector_index.cpp). rank() is a few table lookups (plus the stabiliser of the occupied
// set for the rare symmetric ones); unrank() adds a search among the few keys of a bucket of 1024
// entries.
#pragma once

#include <algorithm>
#include <memory>
#include <vector>

#include "core/geometry.h"
#include "db/combinatorics.h"
#include "db/fast_symmetry.h"
#include "db/sector.h"

namespace millbase {

class SectorIndex {
 public:
  // A rank: the index and the orbit size (16 / number of symmetries fixing the position).
  struct Rank {
    uint64_t index;
    int orbit;
  };

  // Returns the shared index for (board, us, them); built on first use and kept,
  // thread-safe.
  static std::shared_ptr<const SectorIndex> get(const Board& b, int us, int them);

  SectorIndex(const Board& b, int us, int them);

  // Returns the number of entries of the index for (b, us, them), by formula (10),
  // without building it.
  static uint64_t count(const Board& b, int us, int them);

  // Drops the cached indexes that no one else holds; get() builds them again if asked.
  static void release_unused();

  // Returns the bytes of the index's tables.
  uint64_t memory_bytes() const;

  uint64_t size() const { return offsets_.back(); }
  int us() const { return us_; }
  int them() const { return them_; }

  // Returns the index of (us, them) and its orbit size; popcounts must match.
  Rank rank(Bitboard us, Bitboard them) const { return rank(us, locate(us, them)); }

  // rank(us, them) in two steps, for callers that rank many positions: locate() reads
  // the entry of the occupied set and starts loading its key; calling it for a whole
  // batch before rank(us, located) overlaps the cache misses of the batch.
  struct Located {
    uint32_t info;  // occupied_ entry
  };
  Located locate(Bitboard us, Bitboard them) const {
    assert(popcount(us) == us_ && popcount(them) == them_ && !(us & them));
    return locate_set(us | them);
  }
  // Returns locate(us, them) for every us, them with us | them == occupied: the
  // occupied set alone decides it, so callers ranking many colourings of one set locate
  // it once.
  Located locate_set(Bitboard occupied) const {
    assert(popcount(occupied) == k_);
    const Located l{occupied_[colex_->rank(occupied)]};  // (2), (4)
    __builtin_prefetch(&keys_[l.info >> 4]);
    __builtin_prefetch(&offsets_[l.info >> 4]);
    return l;
  }
  Rank rank(Bitboard us, Located l) const { return pext_ ? rank_pext(us, l) : rank_table(us, l); }

  // What rank(us, l) reads of the located set alone, for callers that rank thousands of
  // colourings into one set (the placement fold): read once, it leaves rank_index() the
  // lookups that depend on the colouring.
  struct SetRanker {
    const FastSymmetry::Table* symmetry;  // s0 of (4), mapping the set to its key
    Bitboard occupied;                    // the key's orbit-minimal set, O*
    uint16_t stabiliser;
    uint32_t compact;      // the key's base in compact_, or NONE
    uint64_t first, last;  // the set's entries [first, last): every rank falls there
  };
  SetRanker ranker(Located l) const {
    const Key& k = keys_[l.info >> 4];
    return {
        &sym_->table(int(l.info & 15)), k.occupied, k.stabiliser, k.compact, offsets_[l.info >> 4],
        offsets_[(l.info >> 4) + 1]};
  }
  // Returns rank(us, l).index, for r = ranker(l).
  uint64_t rank_index(Bitboard us, const SetRanker& r) const {
    return pext_ ? rank_index_pext(us, r) : rank_index_table(us, r);
  }
  // Returns true when rank() extracts colourings with the processor's pext instruction
  // (BMI2) rather than by table lookups: where pext is fast (Intel since Haswell, AMD
  // since Zen 3), unless the environment sets MILLBASE_PEXT=0 (or =1 to force it on a
  // processor with BMI2). The ranks are the same either way.
  static bool uses_pext();
  // Sets us, them to the canonical representative stored at index i < size(); returns
  // its orbit size.
  int unrank(uint64_t i, Bitboard& us, Bitboard& them) const {
    return pext_ ? unrank_pdep(i, us, them) : unrank_table(i, us, them);
  }

  // Calls f(index, us, them) for every entry in increasing index order, for entries
  // in [begin, end).
  template <class F>
  void for_each(uint64_t begin, uint64_t end, F f) const {
    walk(begin, end, [&f](uint64_t i, Bitboard us, Bitboard them, const Key&) { f(i, us, them); });
  }
  // As for_each, calling f(index, us, them, orbit) with the entry's orbit size, as
  // unrank() and rank() return it.
  template <class F>
  void for_each_with_orbit(uint64_t begin, uint64_t end, F f) const {
    walk(begin, end, [&](uint64_t i, Bitboard us, Bitboard them, const Key& k) {
      Bitboard u = us;  // (9); 16 when only the identity fixes the occupied set
      f(i, us, them, k.stabiliser == 1 ? NUM_SYMMETRIES : least_colouring(u, k.stabiliser));
    });
  }

 private:
  struct Key {
    Bitboard occupied;    // orbit-minimal occupied set
    uint32_t compact;     // base of its colouring table, or NONE when no symmetry fixes it
    uint32_t inverse;     // base of its stored colourings in compact_inverse_
    uint16_t stabiliser;  // bit s: symmetry s maps the occupied set to itself
  };
  static constexpr uint32_t NONE = ~uint32_t(0);

  // rank() of the set of ranker r, with `extract` for the colouring's extraction
  // (formula (5)).
  template <class Extract>
  Rank rank_by(Bitboard us, const SetRanker& r, Extract extract) const;
  // rank_by() with pext, compiled for BMI2: called only when uses_pext().
  Rank rank_pext(Bitboard us, Located l) const;
  uint64_t rank_index_pext(Bitboard us, const SetRanker& r) const;
  // rank_by() with table lookups, on every processor.
  Rank rank_table(Bitboard us, Located l) const;
  uint64_t rank_index_table(Bitboard us, const SetRanker& r) const;

  // unrank() with `deposit` for placing the colouring on the occupied set.
  template <class Deposit>
  int unrank_by(uint64_t i, Bitboard& us, Bitboard& them, Deposit deposit) const;
  // unrank_by() with pdep, compiled for BMI2: called only when uses_pext().
  int unrank_pdep(uint64_t i, Bitboard& us, Bitboard& them) const;
  // unrank_by() with table lookups, on every processor.
  int unrank_table(uint64_t i, Bitboard& us, Bitboard& them) const;

  // Returns the key whose entries hold entry i < size(), by (11).
  size_t key_of(uint64_t i) const {
    const uint64_t b = i >> BUCKET_BITS;
    const auto first = offsets_.begin() + first_key_[b];
    const auto last = offsets_.begin() + first_key_[b + 1] + 1;
    return size_t(std::upper_bound(first, last, i) - offsets_.begin() - 1);
  }

  // Calls f(index, us, them, key) for the entries [begin, end) in index order.
  template <class F>
  void walk(uint64_t begin, uint64_t end, F f) const;

  // Replaces the colouring u of an orbit-minimal occupied set by its least image under
  // the symmetries of `stabiliser`; returns the orbit size of the position.
  int least_colouring(Bitboard& u, uint16_t stabiliser) const;

  std::shared_ptr<const FastSymmetry> sym_;
  const ColexTables* colex_;
  bool pext_;  // uses_pext(), read once: rank() and unrank() are on every hot path
  int us_, them_, k_;
  std::vector<Key> keys_;
  std::vector<uint64_t> offsets_;  // offsets_[key]: first index of the key; back() = size
  // For the k-set of colex rank r: its key << 4 | a symmetry mapping it to the key.
  std::vector<uint32_t> occupied_;
  std::vector<uint32_t> compact_;          // colouring rank -> compact rank (or NONE)
  std::vector<uint32_t> compact_inverse_;  // compact rank -> colouring rank
  // colourings_[c]: the colouring of colex rank c, C(k, us) of them, (12).
  std::vector<uint32_t> colourings_;
  static constexpr int BUCKET_BITS = 10;  // entries per bucket of first_key_: 2^10
  std::vector<uint32_t> first_key_;       // (11)
};

template <class F>
void SectorIndex::walk(uint64_t begin, uint64_t end, F f) const {
  if (begin >= end) return;
  // Walk keys and colourings in order from the entry at `begin`.
  size_t key = key_of(begin);
  uint64_t i = begin;
  while (i < end) {
    const Key& k = keys_[key];
    uint64_t width = offsets_[key + 1] - offsets_[key];
    for (uint64_t j = i - offsets_[key]; j < width && i < end; ++j, ++i) {
      uint64_t c = k.compact == NONE ? j : compact_inverse_[k.inverse + j];
      const Bitboard us = colex_->deposit(colourings_[c], k.occupied);
      f(i, us, k.occupied & ~us, k);
    }
    ++key;
  }
}

// Returns the position of entry i of sector s's index on board b, White to move (White
// holds the index's `us` stones and the sector's us_hand).
Position sector_position(const Board& b, const Sector& s, uint64_t i);

}  // namespace millbase
