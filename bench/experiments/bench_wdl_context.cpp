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
// With --counts, `mill` and `threat` become counts of the mill-closing moves (0, 1, 2 or
// more) instead of yes or no.
//
// With --free, the entries a probe could decide by searching the mover's captures (a
// capture into a position lost for the opponent, as bench_dontcare) are left free and
// filled with the most frequent class of the other entries with the same features; it
// prints the share of free entries, the filled plane's zstd size and the entropy given
// the features and the previous (filled) class: the two levers together.
//
//   bench_wdl_context <variant> <table dir> <sector> [every k-th block, default 1] [--free]
//                     [--counts]
#include <omp.h>

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "bench/experiments/board_look.h"
#include "bench/experiments/wdl_plane.h"
#include "db/table_file.h"

using namespace millbase;

namespace {

constexpr int MOVE_BUCKETS = 8;  // 0..7 moves, 7 meaning 7 or more
constexpr int MILL_LEVELS = 3;   // mill and threat: 0, 1 (or yes), 2 or more
constexpr int FEATURES = MOVE_BUCKETS * MILL_LEVELS * MILL_LEVELS;  // moves x mill x threat
constexpr int CONTEXTS = FEATURES * 3;                              // x previous class

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
    std::fprintf(stderr,
                 "usage: bench_wdl_context <variant> <dir> <sector> [every k-th block] [--free] "
                 "[--counts]\n");
    return 2;
  }
  const Variant* v = find_variant(argv[1]);
  if (!v) return std::fprintf(stderr, "unknown variant %s\n", argv[1]), 2;
  Result<Sector> s = parse_sector(argv[3]);
  if (!s) return std::fprintf(stderr, "%s\n", s.message().c_str()), 2;
  const uint64_t stride = argc > 4 ? std::stoull(argv[4]) : 1;
  if (stride == 0) return std::fprintf(stderr, "every k-th block: k must be 1 or more\n"), 2;
  bool with_free = false, counts_of_mills = false;
  for (int i = 5; i < argc; ++i) {
    if (std::strcmp(argv[i], "--free") == 0)
      with_free = true;
    else if (std::strcmp(argv[i], "--counts") == 0)
      counts_of_mills = true;
    else
      return std::fprintf(stderr, "unknown option %s\n", argv[i]), 2;
  }
  Result<TableFile> file = TableFile::open_sector(*v, argv[2], *s);
  if (!file) return std::fprintf(stderr, "%s\n", file.message().c_str()), 1;
  Result<std::vector<ValueCode>> values = file->read_all();
  if (!values) return std::fprintf(stderr, "%s\n", values.message().c_str()), 1;
  // The capture children, for --free.
  const std::vector<Sector> children = with_free ? capture_children(*v, *s) : std::vector<Sector>{};
  ValueStore store;
  if (Status st = load_sectors(*v, argv[2], children, store); !st)
    return std::fprintf(stderr, "%s\n", st.message().c_str()), 1;
  const ChildLookup captures(*v, store, children);
  const auto index = SectorIndex::get(*v->board, s->us, s->them);
  const Sector opponent{s->them, s->us, s->them_hand, s->us_hand};
  const uint64_t block = file->header().block_entries;
  const uint64_t blocks = (values->size() + block - 1) / block;
  // Per sampled entry: features * 8 + class * 2 + free.
  std::vector<std::vector<uint16_t>> sampled(blocks);
  const auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel for schedule(dynamic)
  for (uint64_t b = 0; b < blocks; b += stride) {
    const uint64_t begin = b * block, end = std::min<uint64_t>(begin + block, values->size());
    for (uint64_t i = begin; i < end; ++i) {
      Bitboard us, them;
      index->unrank(i, us, them);
      const Seen seen = look(*v, *s, us, them, with_free ? &captures : nullptr, MOVE_BUCKETS - 1);
      const Seen theirs = look(*v, opponent, them, us, nullptr, MOVE_BUCKETS - 1);
      const uint8_t truth = class_of((*values)[i]);
      assert(!seen.decided || truth == 1 || seen.moves == 0);
      const int mill = counts_of_mills ? std::min(seen.mills, 2) : seen.mills > 0;
      const int threat = counts_of_mills ? std::min(theirs.mills, 2) : theirs.mills > 0;
      const int features = (seen.moves * MILL_LEVELS + mill) * MILL_LEVELS + threat;
      sampled[b].push_back(uint16_t(features * 8 + truth * 2 + seen.decided));
    }
  }
  // A free entry takes the most frequent class of the other entries with its features.
  uint64_t by_features[FEATURES][3] = {};
  for (const auto& entries : sampled)
    for (uint16_t e : entries)
      if (!(e & 1)) ++by_features[e >> 3][(e >> 1) & 3];
  uint8_t fill[FEATURES];
  for (int f = 0; f < FEATURES; ++f)
    fill[f] = uint8_t(std::max_element(by_features[f], by_features[f] + 3) - by_features[f]);
  // counts[context][class], context = features * 3 + previous: the true classes and
  // the filled ones.
  std::vector<uint64_t> counts(CONTEXTS * 3, 0), filled(CONTEXTS * 3, 0);
  uint64_t positions = 0, free_entries = 0, stored_bytes = 0, filled_bytes = 0;
#pragma omp parallel for schedule(dynamic) reduction(+ : positions, free_entries, stored_bytes, \
                                                         filled_bytes)
  for (uint64_t b = 0; b < blocks; b += stride) {
    std::vector<uint64_t> mine(CONTEXTS * 3, 0), mine_filled(CONTEXTS * 3, 0);
    std::vector<uint8_t> plane, plane_filled;
    uint8_t previous = 0, previous_filled = 0;  // each block starts afresh, as a probe decodes it
    for (uint16_t e : sampled[b]) {
      const int features = e >> 3;
      const uint8_t truth = (e >> 1) & 3, cls = (e & 1) ? fill[features] : truth;
      ++mine[(features * 3 + previous) * 3 + truth];
      ++mine_filled[(features * 3 + previous_filled) * 3 + cls];
      plane.push_back(truth), plane_filled.push_back(cls);
      previous = truth, previous_filled = cls;
      ++positions, free_entries += e & 1;
    }
    if (plane.empty()) continue;
    stored_bytes += plane_bytes(plane);
    if (with_free) filled_bytes += plane_bytes(plane_filled);
#pragma omp critical
    for (size_t k = 0; k < counts.size(); ++k) counts[k] += mine[k], filled[k] += mine_filled[k];
  }
  // Marginalise the contexts: none, previous class only, features only, both.
  uint64_t order0[3] = {}, order1[3][3] = {}, features[FEATURES][3] = {};
  for (int c = 0; c < CONTEXTS; ++c)
    for (int k = 0; k < 3; ++k) {
      const uint64_t n = counts[c * 3 + k];
      order0[k] += n, order1[c % 3][k] += n, features[c / 3][k] += n;
    }
  double h1 = 0, hf = 0, hb = 0, hb_filled = 0;
  for (auto& row : order1) h1 += entropy_bits(row, 3);
  for (auto& row : features) hf += entropy_bits(row, 3);
  for (int c = 0; c < CONTEXTS; ++c)
    hb += entropy_bits(&counts[c * 3], 3), hb_filled += entropy_bits(&filled[c * 3], 3);
  const double n = double(positions);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf(
      "%s %s: %llu positions (every %llu-th block of %llu entries); WDL bits/position: stored "
      "%.4f, order 0 %.4f, order 1 %.4f, features %.4f, features and order 1 %.4f",
      argv[1], argv[3], (unsigned long long)positions, (unsigned long long)stride,
      (unsigned long long)block, 8.0 * double(stored_bytes) / n, entropy_bits(order0, 3) / n,
      h1 / n, hf / n, hb / n);
  if (with_free)
    std::printf("; %.1f%% free, filled: zstd %.4f, features and order 1 %.4f",
                100.0 * double(free_entries) / n, 8.0 * double(filled_bytes) / n, hb_filled / n);
  std::printf("; %.1f s\n", secs);
}
