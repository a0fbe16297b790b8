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

  // Returns the image of the point set x under symmetry s.
  Bitboard apply(Bitboard x, int s) const {
    const auto& t = table_[s];
    return t[0][x & 0xFF] | t[1][(x >> 8) & 0xFF] | t[2][(x >> 16) & 0xFF] | t[3][x >> 24];
  }

 private:
  std::array<std::array<std::array<Bitboard, 256>, 4>, NUM_SYMMETRIES> table_;
};

}  // namespace millbase
