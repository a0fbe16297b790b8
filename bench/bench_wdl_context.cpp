// Benchmark for issue #24: how much a model that predicts a position's WDL class from
// what a probe sees on the board alone could save over the plane as stored. For every
// entry of a sample of a table's blocks it computes, without reading any other table:
//   moves      the mover's legal moves, counted without their removals, capped at 7;
//   mill       whether one of them closes a mill;
//   threat     whether the opponent, were it to move, could close a mill;
// and prints the empirical entropies of the class (0 draw, 1 win, 2 loss) in bits per
// position: alone (order 0), given the previous entry's class (order 1), given the
// three features, and given the features and the previous class. An adaptive coder
// with these contexts would come close to the conditional entropy; the stored plane's
// size (zstd of 2-bit classes, as the writer does) is printed beside it.
//
//   bench_wdl_context <variant> <table dir> <sector> [every k-th block, default 1]
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>

#include "bench/wdl_plane.h"
#include "db/table_file.h"
#include "solver/successors.h"

using namespace millbase;

namespace {

constexpr int MOVE_BUCKETS = 8;                     // 0..7 moves, 7 meaning 7 or more
constexpr int CONTEXTS = MOVE_BUCKETS * 2 * 2 * 3;  // moves x mill x threat x previous class

// Returns the mover's moves (capped) and whether one closes a mill, removals not counted.
std::pair<int, bool> mobility(const Variant& v, const Sector& s, Bitboard us, Bitboard them) {
  int moves = 0;
  bool mill = false;
  Move last{};
  bool first = true;
  for_each_successor(v, s, us, them, [&](Move m, const Sector&, Bitboard, Bitboard) {
    // The removals of one mill-closing move come in a row: count the move once.
    if (first || m.from != last.from || m.to != last.to) ++moves;
    first = false, last = m;
    mill |= m.remove != NO_POINT;
  });
  return {std::min(moves, MOVE_BUCKETS - 1), mill};
}

// Returns the entropy in bits of the distribution counts[0..n).
double entropy_bits(const uint64_t* counts, int n) {
  uint64_t total = 0;
  for (int i = 0; i < n; ++i) total += counts[i];
  double h = 0;
  for (int i = 0; i < n; ++i)
    if (counts[i]) h -= double(counts[i]) * std::log2(double(counts[i]) / double(total));
  return h;  // in bits over all `total` entries
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: bench_wdl_context <variant> <dir> <sector> [every k-th block]\n");
    return 2;
  }
  const Variant* v = find_variant(argv[1]);
  if (!v) return std::fprintf(stderr, "unknown variant %s\n", argv[1]), 2;
  Result<Sector> s = parse_sector(argv[3]);
  if (!s) return std::fprintf(stderr, "%s\n", s.message().c_str()), 2;
  const uint64_t stride = argc > 4 ? std::stoull(argv[4]) : 1;
  if (stride == 0) return std::fprintf(stderr, "every k-th block: k must be 1 or more\n"), 2;
  Result<TableFile> file = TableFile::open_sector(*v, argv[2], *s);
  if (!file) return std::fprintf(stderr, "%s\n", file.message().c_str()), 1;
  Result<std::vector<ValueCode>> values = file->read_all();
  if (!values) return std::fprintf(stderr, "%s\n", values.message().c_str()), 1;
  const auto index = SectorIndex::get(*v->board, s->us, s->them);
  const Sector opponent{s->them, s->us, s->them_hand, s->us_hand};
  const uint64_t block = file->header().block_entries;
  const uint64_t blocks = (values->size() + block - 1) / block;
  // counts[context][class], context = ((moves * 2 + mill) * 2 + threat) * 3 + previous.
  std::vector<uint64_t> counts(CONTEXTS * 3, 0);
  uint64_t positions = 0, stored_bytes = 0;
  const auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel
  {
    std::vector<uint64_t> mine(CONTEXTS * 3, 0);
#pragma omp for schedule(dynamic) reduction(+ : positions, stored_bytes)
    for (uint64_t b = 0; b < blocks; b += stride) {
      const uint64_t begin = b * block, end = std::min<uint64_t>(begin + block, values->size());
      std::vector<uint8_t> plane;
      uint8_t previous = 0;  // each block starts afresh, as a probe decodes it
      for (uint64_t i = begin; i < end; ++i) {
        Bitboard us, them;
        index->unrank(i, us, them);
        const auto [moves, mill] = mobility(*v, *s, us, them);
        const bool threat = mobility(*v, opponent, them, us).second;
        const uint8_t truth = class_of((*values)[i]);
        const int context = ((moves * 2 + mill) * 2 + threat) * 3 + previous;
        ++mine[context * 3 + truth];
        plane.push_back(truth);
        previous = truth;
        ++positions;
      }
      stored_bytes += plane_bytes(plane);
    }
#pragma omp critical
    for (size_t k = 0; k < counts.size(); ++k) counts[k] += mine[k];
  }
  // Marginalise the contexts: none, previous class only, features only, both.
  uint64_t order0[3] = {}, order1[3][3] = {}, features[CONTEXTS / 3][3] = {};
  for (int c = 0; c < CONTEXTS; ++c)
    for (int k = 0; k < 3; ++k) {
      const uint64_t n = counts[c * 3 + k];
      order0[k] += n, order1[c % 3][k] += n, features[c / 3][k] += n;
    }
  double h1 = 0, hf = 0, hb = 0;
  for (auto& row : order1) h1 += entropy_bits(row, 3);
  for (auto& row : features) hf += entropy_bits(row, 3);
  for (int c = 0; c < CONTEXTS; ++c) hb += entropy_bits(&counts[c * 3], 3);
  const double n = double(positions);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf(
      "%s %s: %llu positions (every %llu-th block of %llu entries); WDL bits/position: stored "
      "%.4f, order 0 %.4f, order 1 %.4f, features %.4f, features and order 1 %.4f; %.1f s\n",
      argv[1], argv[3], (unsigned long long)positions, (unsigned long long)stride,
      (unsigned long long)block, 8.0 * double(stored_bytes) / n, entropy_bits(order0, 3) / n,
      h1 / n, hf / n, hb / n, secs);
}
