// Symmetry-reduced index of the positions with `us` stones of the side to move and
// `them` stones of the opponent on a board (hands do not enter the index).
//
// Every index entry is exactly one position up to the 16 symmetries, so the number of
// entries equals the number of distinct positions up to symmetry (formulas in
// sector_index.cpp). rank() is a few table lookups (plus the stabiliser of the occupied
// set for the rare symmetric ones); unrank() adds a binary search over the keys.
#pragma once

#include <algorithm>
#include <memory>
#include <vector>

#include "core/geometry.h"
#include "db/combinatorics.h"
#include "db/fast_symmetry.h"

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

  uint64_t size() const { return offsets_.back(); }
  int us() const { return us_; }
  int them() const { return them_; }

  // Returns the index of (us, them) and its orbit size; popcounts must match.
  Rank rank(Bitboard us, Bitboard them) const;

  // Returns the canonical representative stored at index i < size().
  void unrank(uint64_t i, Bitboard& us, Bitboard& them) const;

  // Calls f(index, us, them) for every entry in increasing index order, for entries
  // in [begin, end).
  template <class F>
  void for_each(uint64_t begin, uint64_t end, F f) const;

 private:
  struct Key {
    Bitboard occupied;    // orbit-minimal occupied set
    uint32_t compact;     // base of its colouring table, or NONE when no symmetry fixes it
    uint32_t inverse;     // base of its stored colourings in compact_inverse_
    uint16_t stabiliser;  // bit s: symmetry s maps the occupied set to itself
  };
  static constexpr uint32_t NONE = ~uint32_t(0);

  const Board& board_;
  std::shared_ptr<const FastSymmetry> sym_;
  const ColexTables* colex_;
  int us_, them_, k_;
  std::vector<Key> keys_;
  std::vector<uint64_t> offsets_;  // offsets_[key]: first index of the key; back() = size
  // For the k-set of colex rank r: its key << 4 | a symmetry mapping it to the key.
  std::vector<uint32_t> occupied_;
  std::vector<uint32_t> compact_;          // colouring rank -> compact rank (or NONE)
  std::vector<uint32_t> compact_inverse_;  // compact rank -> colouring rank
};

template <class F>
void SectorIndex::for_each(uint64_t begin, uint64_t end, F f) const {
  if (begin >= end) return;
  // Walk keys and colourings in order from the entry at `begin`.
  size_t key = std::upper_bound(offsets_.begin(), offsets_.end(), begin) - offsets_.begin() - 1;
  uint64_t i = begin;
  while (i < end) {
    const Key& k = keys_[key];
    uint64_t width = offsets_[key + 1] - offsets_[key];
    for (uint64_t j = i - offsets_[key]; j < width && i < end; ++j, ++i) {
      uint64_t c = k.compact == NONE ? j : compact_inverse_[k.inverse + j];
      const Bitboard us = deposit(colex_unrank(c, us_, k_), k.occupied);
      f(i, us, k.occupied & ~us);
    }
    ++key;
  }
}

}  // namespace millbase
