// The 16 board symmetries applied to point sets by byte lookup (4 loads each).
#pragma once

#include <array>

#include "core/geometry.h"

namespace millbase {

class FastSymmetry {
 public:
  explicit FastSymmetry(const Board& b) {
    for (int s = 0; s < NUM_SYMMETRIES; ++s)
      for (int byte = 0; byte < 4; ++byte)
        for (int v = 0; v < 256; ++v) {
          Bitboard points = Bitboard(v) << (8 * byte) & b.all;
          table_[s][byte][v] = b.transform(points, s);
        }
  }

  // The byte tables of one symmetry: the images of the points of byte j of a set.
  using Table = std::array<std::array<Bitboard, 256>, 4>;

  // Returns the image of the point set x under symmetry s.
  Bitboard apply(Bitboard x, int s) const { return apply(table_[s], x); }
  // Returns the byte tables of symmetry s, for callers that apply it to many sets.
  const Table& table(int s) const { return table_[s]; }
  // Returns the image of x under the symmetry whose byte tables are t.
  static Bitboard apply(const Table& t, Bitboard x) {
    return t[0][x & 0xFF] | t[1][(x >> 8) & 0xFF] | t[2][(x >> 16) & 0xFF] | t[3][x >> 24];
  }

 private:
  std::array<Table, NUM_SYMMETRIES> table_;
};

}  // namespace millbase
