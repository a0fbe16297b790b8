// The board and the order of a table's entries as docs/format.md states them, written
// from the document alone, with no millbase header: the point numbering, the 16
// symmetries, and the index of "The canonical position and the order of entries"
// (formulas (1)-(10)). format_doc_test.cpp checks the library's tables against it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace doc {

// Points in number order, as the document's point tables list them.
extern const char* const POINTS_24;
extern const char* const POINTS_16;

struct Board {
  int n = 0;
  std::vector<std::string> names;                                    // by point number
  std::vector<std::vector<int>> perm;                                // perm[s][p]: image of point p
  std::array<std::array<std::array<uint32_t, 256>, 4>, 16> bytes{};  // set images by byte

  // Returns the image of point set x under symmetry s.
  uint32_t apply(int s, uint32_t x) const {
    const auto& t = bytes[s];
    return t[0][x & 0xFF] | t[1][(x >> 8) & 0xFF] | t[2][(x >> 16) & 0xFF] | t[3][x >> 24];
  }
  // Returns the number of the point called `name`, or -1.
  int number(const std::string& name) const;
};

// Returns the board of a point list (POINTS_24 or POINTS_16) with the document's
// symmetries: s = 8w + 4m + t, ring swap, then mirror, then t quarter turns.
Board make_board(const char* points);

// Returns the binomial coefficient C(n, m), 0 outside 0 <= m <= n.
uint64_t C(int n, int m);

// Returns the number of points in x.
inline int popcount(uint32_t x) { return __builtin_popcount(x); }

// Returns the next larger word with as many bits.
uint32_t next_set(uint32_t x);

// Returns the points of `within` chosen by the bits of `mask` (bit j: the j-th point).
uint32_t deposit(uint32_t mask, uint32_t within);

struct Entry {
  uint32_t us, them;
};

// The entries of sector a-b (a stones of the side to move, b of the other) on board b.
class Index {
 public:
  Index(const Board& b, int a, int bb);

  // Returns the number of entries.
  uint64_t size() const { return offsets_.back(); }

  // Returns the entry of (us, them), or ~0 when the canonical form is not stored, and
  // sets orbit to the size of its orbit (9).
  uint64_t rank(uint32_t us, uint32_t them, int* orbit = nullptr) const;

  // Returns the canonical position of entry i.
  Entry unrank(uint64_t i) const;

 private:
  const Board* b_;
  int a_, k_;
  std::vector<uint32_t> keys_;
  std::vector<uint64_t> offsets_;
  std::vector<std::vector<uint32_t>> stored_;  // per key; empty when only the identity fixes it
};

// Returns the number of entries by Burnside's lemma (10).
uint64_t burnside(const Board& b, int a, int bb);

}  // namespace doc
