// Benchmark for issue #24: how much smaller a sector's WDL plane gets when the entries a
// probe can decide by searching the mover's captures alone are left free ("don't care").
// The mover of such a position wins: one of its captures (a move that closes a mill)
// leads to a position lost for the opponent. A movement position without a legal move
// is lost, which the probe sees too. Each block's WDL plane is compressed as the table
// writer does (2 bits per entry, one zstd frame) with the free entries filled:
//   stored     the true classes (today's plane);
//   win/loss   the class of the previous entry when that is a win or a loss, else win:
//              fills a distance plane can still index (every free entry keeps a slot);
//   any        the class of the previous entry, draws too;
//   majority   the most frequent class of the block's other entries.
//
//   bench_dontcare <variant> <table dir> <sector> [every k-th block, default 1]
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "bench/experiments/board_look.h"
#include "bench/experiments/wdl_plane.h"
#include "db/table_file.h"

using namespace millbase;

namespace {

enum Fill { STORED, WIN_LOSS, ANY, MAJORITY, FILLS };

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: bench_dontcare <variant> <dir> <sector> [every k-th block]\n");
    return 2;
  }
  const Variant* v = find_variant(argv[1]);
  if (!v) return std::fprintf(stderr, "unknown variant %s\n", argv[1]), 2;
  const std::string dir = argv[2];
  Result<Sector> s = parse_sector(argv[3]);
  if (!s) return std::fprintf(stderr, "%s\n", s.message().c_str()), 2;
  const uint64_t stride = argc > 4 ? std::stoull(argv[4]) : 1;
  Result<TableFile> file = TableFile::open_sector(*v, dir, *s);
  if (!file) return std::fprintf(stderr, "%s\n", file.message().c_str()), 1;
  Result<std::vector<ValueCode>> values = file->read_all();
  if (!values) return std::fprintf(stderr, "%s\n", values.message().c_str()), 1;
  const std::vector<Sector> children = capture_children(*v, *s);
  ValueStore store;
  if (Status st = load_sectors(*v, dir, children, store); !st)
    return std::fprintf(stderr, "%s\n", st.message().c_str()), 1;
  const ChildLookup lookup(*v, store, children);
  const auto index = SectorIndex::get(*v->board, s->us, s->them);
  const uint64_t block = file->header().block_entries;
  const uint64_t blocks = (values->size() + block - 1) / block;
  uint64_t bytes[FILLS] = {}, positions = 0, captures = 0, free_entries = 0, wins = 0;
  const auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel for schedule(dynamic) reduction(+ : bytes[ : FILLS], positions, captures, \
                                                         free_entries, wins)
  for (uint64_t b = 0; b < blocks; b += stride) {
    const uint64_t begin = b * block, end = std::min<uint64_t>(begin + block, values->size());
    std::vector<uint8_t> plane[FILLS];
    std::vector<bool> free_here;
    uint64_t count[3] = {};
    for (uint64_t i = begin; i < end; ++i) {
      Bitboard us, them;
      index->unrank(i, us, them);
      const Seen seen = look(*v, *s, us, them, &lookup, MAX_MOVES);
      const bool any_capture = seen.mills > 0, decided = seen.decided;
      const uint8_t truth = class_of((*values)[i]);
      assert(!decided || truth == 1 || seen.moves == 0);
      ++positions, captures += any_capture, free_entries += decided, wins += truth == 1;
      plane[STORED].push_back(truth);
      const uint8_t prev_wl = plane[WIN_LOSS].empty() ? 1 : plane[WIN_LOSS].back();
      plane[WIN_LOSS].push_back(decided ? (prev_wl == 0 ? truth : prev_wl) : truth);
      const uint8_t prev = plane[ANY].empty() ? truth : plane[ANY].back();
      plane[ANY].push_back(decided ? prev : truth);
      free_here.push_back(decided);
      if (!decided) ++count[truth];
    }
    const uint8_t majority = uint8_t(std::max_element(count, count + 3) - count);
    for (size_t k = 0; k < free_here.size(); ++k)
      plane[MAJORITY].push_back(free_here[k] ? majority : plane[STORED][k]);
    for (int f = 0; f < FILLS; ++f) bytes[f] += plane_bytes(plane[f]);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf(
      "%s %s: %llu positions sampled (every %llu-th block of %llu), %.1f%% wins, %.1f%% with "
      "a capture, %.1f%% free; WDL bits/position: stored %.4f, win/loss fill %.4f (%.2fx), "
      "any fill %.4f (%.2fx), majority fill %.4f (%.2fx); %.1f s\n",
      argv[1], argv[3], (unsigned long long)positions, (unsigned long long)stride,
      (unsigned long long)block, 100.0 * wins / positions, 100.0 * captures / positions,
      100.0 * free_entries / positions, 8.0 * bytes[STORED] / positions,
      8.0 * bytes[WIN_LOSS] / positions, double(bytes[STORED]) / bytes[WIN_LOSS],
      8.0 * bytes[ANY] / positions, double(bytes[STORED]) / bytes[ANY],
      8.0 * bytes[MAJORITY] / positions, double(bytes[STORED]) / bytes[MAJORITY], secs);
}
