// Binomial coefficients and colex ranking of point sets, built at compile time.
#pragma once

#include <array>
#include <cstdint>

#include "core/bitboard.h"

namespace millbase {

// Returns the table C[n][k] = n choose k for 0 <= n, k <= 32.
constexpr std::array<std::array<uint64_t, 33>, 33> make_binomials() {
  std::array<std::array<uint64_t, 33>, 33> c{};
  for (int n = 0; n <= 32; ++n) {
    c[n][0] = 1;
    for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
  }
  return c;
}
inline constexpr auto BINOMIAL = make_binomials();
static_assert(BINOMIAL[24][12] == 2704156 && BINOMIAL[16][8] == 12870);

// Returns the colex rank of a set among the sets of its size: with points
// p_0 < p_1 < ... < p_{k-1}, rank = sum_i C(p_i, i + 1). Increasing integer value of the
// word is increasing colex rank.
inline uint64_t colex_rank(Bitboard set) {
  uint64_t r = 0;
  for (int i = 1; set; ++i) r += BINOMIAL[pop_lsb(set)][i];
  return r;
}

// Returns the k-point set (of points below n) with colex rank r; inverse of colex_rank.
inline Bitboard colex_unrank(uint64_t r, int k, int n) {
  Bitboard set = 0;
  for (int p = n - 1; k > 0; --p)
    if (BINOMIAL[p][k] <= r) {
      r -= BINOMIAL[p][k];
      set |= bit(Point(p));
      --k;
    }
  return set;
}

// Returns the points of `sub` renumbered by their order within `within` (a bit
// extract: bit j of the result is the j-th point of `within`).
inline Bitboard extract(Bitboard sub, Bitboard within) {
  Bitboard r = 0;
  for (int j = 0; within; ++j)
    if (contains(sub, pop_lsb(within))) r |= Bitboard(1) << j;
  return r;
}

// Returns the points of `within` selected by the bits of `mask` (inverse of extract).
inline Bitboard deposit(Bitboard mask, Bitboard within) {
  Bitboard r = 0;
  for (int j = 0; within; ++j) {
    Point p = pop_lsb(within);
    if ((mask >> j) & 1) r |= bit(p);
  }
  return r;
}

// Returns the next larger word with the same number of bits (Gosper's hack).
inline Bitboard next_combination(Bitboard x) {
  Bitboard c = x & -x, r = x + c;
  return (((r ^ x) >> 2) / c) | r;
}

}  // namespace millbase

namespace millbase {

// Byte-wise tables for colex_rank and extract on hot paths (built once, checked).
class ColexTables {
 public:
  static const ColexTables& get();

  // Returns colex_rank(set), by a table lookup per byte up to its highest set bit (the
  // bytes above add nothing): the colourings that rank() extracts lie in the low bits.
  uint64_t rank(Bitboard set) const {
    uint64_t r = 0;
    int below = 0;
    for (int j = 0; set; ++j, set >>= 8) {
      const unsigned byte = set & 0xFF;
      r += part_[j][byte][below];
      below += popcount(byte);
    }
    return r;
  }

  // Returns extract(sub, within), by 4 table lookups.
  Bitboard extract(Bitboard sub, Bitboard within) const {
    Bitboard r = 0;
    int shift = 0;
    for (int j = 0; j < 4; ++j) {
      unsigned w = (within >> (8 * j)) & 0xFF, s = (sub >> (8 * j)) & 0xFF;
      r |= Bitboard(extract_[w][s]) << shift;
      shift += popcount(w);
    }
    return r;
  }

  // Returns deposit(mask, within), by 4 table lookups.
  Bitboard deposit(Bitboard mask, Bitboard within) const {
    Bitboard r = 0;
    for (int j = 0; j < 4; ++j) {
      const unsigned w = (within >> (8 * j)) & 0xFF;
      r |= Bitboard(deposit_[w][mask & 0xFF]) << (8 * j);
      mask >>= popcount(w);
    }
    return r;
  }

 private:
  ColexTables();
  // part_[j][v][c]: sum over the bits t of v, the i-th lowest, of C(8j + t, c + i + 1).
  uint32_t part_[4][256][33];
  uint8_t extract_[256][256];
  uint8_t deposit_[256][256];  // deposit_[w][m] = deposit(m, w) for bytes w, m
};

}  // namespace millbase
