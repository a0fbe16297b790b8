// The board and the index of docs/format.md, from the document alone (doc_index.h).
#include "doc_index.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <tuple>

namespace doc {

const char* const POINTS_24 =
    "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7";
const char* const POINTS_16 = "b2 d2 f2 c3 d3 e3 b4 c4 e4 f4 c5 d5 e5 b6 d6 f6";

// ---------------------------------------------------------------------------------
// Points and symmetries ("Point numbering", "The 16 symmetries").

namespace {

// Returns the words of s.
std::vector<std::string> split(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

int Board::number(const std::string& name) const {
  for (int p = 0; p < n; ++p)
    if (names[p] == name) return p;
  return -1;
}

Board make_board(const char* points) {
  Board b;
  b.names = split(points);
  b.n = int(b.names.size());
  auto ring = [](int dx, int dy) { return std::max(std::abs(dx), std::abs(dy)); };
  int rmin = 7, rmax = 0;
  for (const std::string& nm : b.names) {
    const int r = ring(nm[0] - 'a' - 3, nm[1] - '1' - 3);
    rmin = std::min(rmin, r), rmax = std::max(rmax, r);
  }
  b.perm.assign(16, std::vector<int>(b.n, -1));
  for (int s = 0; s < 16; ++s)
    for (int p = 0; p < b.n; ++p) {
      int dx = b.names[p][0] - 'a' - 3, dy = b.names[p][1] - '1' - 3;
      if (s & 8) {
        const int r = ring(dx, dy), r2 = rmin + rmax - r;
        dx = dx / r * r2, dy = dy / r * r2;
      }
      if (s & 4) dx = -dx;
      for (int t = 0; t < (s & 3); ++t) std::tie(dx, dy) = std::pair(-dy, dx);
      const std::string image{char('a' + dx + 3), char('1' + dy + 3)};
      b.perm[s][p] = b.number(image);
    }
  for (int s = 0; s < 16; ++s)
    for (int j = 0; j < 4; ++j)
      for (int v = 0; v < 256; ++v) {
        uint32_t image = 0;
        for (int t = 0; t < 8; ++t)
          if ((v >> t & 1) && 8 * j + t < b.n) image |= uint32_t(1) << b.perm[s][8 * j + t];
        b.bytes[s][j][v] = image;
      }
  return b;
}

// ---------------------------------------------------------------------------------
// The index ("The canonical position and the order of entries", formulas (1)-(10)).

uint64_t C(int n, int m) {
  if (m < 0 || n < 0 || m > n) return 0;
  uint64_t r = 1;
  for (int i = 1; i <= m; ++i) r = r * uint64_t(n - m + i) / uint64_t(i);
  return r;
}

uint32_t next_set(uint32_t x) {
  const uint32_t c = x & (~x + 1), r = x + c;
  return (((r ^ x) >> 2) / c) | r;
}

uint32_t deposit(uint32_t mask, uint32_t within) {
  uint32_t r = 0;
  for (int j = 0; within; ++j, within &= within - 1)
    if (mask >> j & 1) r |= within & (~within + 1);
  return r;
}

Index::Index(const Board& b, int a, int bb) : b_(&b), a_(a), k_(a + bb) {
  offsets_.push_back(0);
  const uint64_t sets = C(b.n, k_);
  uint32_t o = k_ ? (uint32_t(1) << k_) - 1 : 0;
  for (uint64_t r = 0; r < sets; ++r, o = k_ ? next_set(o) : 0) {  // increasing words
    uint16_t stab = 0;
    bool key = true;
    for (int s = 0; s < 16 && key; ++s) {
      const uint32_t image = b.apply(s, o);
      key = image >= o;  // (4)
      if (image == o) stab |= uint16_t(1u << s);
    }
    if (!key) continue;
    keys_.push_back(o);
    std::vector<uint32_t> stored;
    uint64_t width = C(k_, a_);  // (6)
    if (stab != 1) {             // (7)
      uint32_t mask = a_ ? (uint32_t(1) << a_) - 1 : 0;
      for (uint64_t c = 0; c < C(k_, a_); ++c, mask = a_ ? next_set(mask) : 0) {
        const uint32_t u = deposit(mask, o);
        bool least = true;
        for (int h = 1; h < 16 && least; ++h)
          if (stab >> h & 1) least = b.apply(h, u) >= u;
        if (least) stored.push_back(u);
      }
      width = stored.size();
    }
    stored_.push_back(std::move(stored));
    offsets_.push_back(offsets_.back() + width);  // (8)
  }
}

uint64_t Index::rank(uint32_t us, uint32_t them, int* orbit) const {
  const uint32_t o = us | them;  // (1)
  uint32_t best_o = ~uint32_t(0), best_u = ~uint32_t(0);
  int fixing = 0;
  for (int s = 0; s < 16; ++s) {  // (2), (3): the smallest (s(O), s(U))
    const uint32_t so = b_->apply(s, o), su = b_->apply(s, us);
    if (so < best_o || (so == best_o && su < best_u))
      best_o = so, best_u = su, fixing = 1;
    else if (so == best_o && su == best_u)
      ++fixing;
  }
  if (orbit) *orbit = 16 / fixing;
  const size_t key = std::lower_bound(keys_.begin(), keys_.end(), best_o) - keys_.begin();
  if (key == keys_.size() || keys_[key] != best_o) return ~uint64_t(0);  // not a key
  const auto& stored = stored_[key];
  if (stored.empty()) {  // (5), (6)
    uint64_t c = 0;
    int i = 0, j = 0;
    for (uint32_t w = best_o; w; w &= w - 1, ++j)
      if (best_u & w & (~w + 1)) c += C(j, ++i);
    return offsets_[key] + c;
  }
  const auto it = std::lower_bound(stored.begin(), stored.end(), best_u);  // (7)
  if (it == stored.end() || *it != best_u) return ~uint64_t(0);
  return offsets_[key] + uint64_t(it - stored.begin());
}

Entry Index::unrank(uint64_t i) const {
  const size_t key = std::upper_bound(offsets_.begin(), offsets_.end(), i) - offsets_.begin() - 1;
  const uint32_t o = keys_[key];
  uint64_t j = i - offsets_[key];
  uint32_t us;
  if (!stored_[key].empty()) {
    us = stored_[key][j];
  } else {  // colex rank j: largest j_t with C(j_t, t + 1) <= rest, t = a-1 .. 0
    uint32_t mask = 0;
    for (int t = a_ - 1, p = k_ - 1; t >= 0; --t) {
      while (C(p, t + 1) > j) --p;
      j -= C(p, t + 1);
      mask |= uint32_t(1) << p;
      --p;
    }
    us = deposit(mask, o);
  }
  return {us, o & ~us};
}

uint64_t burnside(const Board& b, int a, int bb) {
  uint64_t sum = 0;
  for (int s = 0; s < 16; ++s) {
    std::vector<std::vector<uint64_t>> fix(a + 1, std::vector<uint64_t>(bb + 1, 0));
    fix[0][0] = 1;
    std::vector<bool> seen(b.n, false);
    for (int p = 0; p < b.n; ++p) {
      if (seen[p]) continue;
      int len = 0;
      for (int q = p; !seen[q]; q = b.perm[s][q]) seen[q] = true, ++len;
      for (int i = a; i >= 0; --i)  // multiply by (1 + x^len + y^len)
        for (int j = bb; j >= 0; --j)
          fix[i][j] += (i >= len ? fix[i - len][j] : 0) + (j >= len ? fix[i][j - len] : 0);
    }
    sum += fix[a][bb];
  }
  return sum / 16;
}

}  // namespace doc
