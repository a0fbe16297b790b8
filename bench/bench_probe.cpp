// Benchmark: probes per second of random positions of one sector, single thread, with a
// warm block cache (every block decoded once before timing) and with a cold one (a
// cache too small to keep a block, so each probe reads and decodes its block; the file
// is in the page cache). Prints the median of 5 runs.
//
//   bench_probe <variant> <table dir> <sector> [--wdl]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>

#include "db/sector.h"
#include "db/sector_index.h"
#include "db/tablebase.h"

using namespace millbase;

int main(int argc, char** argv) {
  if (argc < 4)
    return std::fprintf(stderr, "usage: bench_probe <variant> <dir> <sector> [--wdl]\n"), 2;
  const Variant* v = find_variant(argv[1]);
  Result<Sector> s = parse_sector(argv[3]);
  if (!v || !s) return std::fprintf(stderr, "bad variant or sector\n"), 2;
  const bool wdl = argc > 4 && std::strcmp(argv[4], "--wdl") == 0;
  auto index = SectorIndex::get(*v->board, s->us, s->them);
  std::mt19937_64 rng(1);
  std::vector<Position> positions(200000);
  for (Position& p : positions) p = sector_position(*v->board, *s, rng() % index->size());
  auto run = [&](size_t cache_bytes, size_t count) {
    Tablebase::Options o;
    o.cache_bytes = cache_bytes;
    auto tb = Tablebase::open(*v, argv[2], o);
    if (!tb) std::fprintf(stderr, "%s\n", tb.message().c_str()), std::exit(1);
    if (cache_bytes > (1 << 20))  // warm: decode every block once
      for (const Position& p : positions) (void)(*tb)->probe(p);
    std::vector<double> rates;
    for (int r = 0; r < 5; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      uint64_t sum = 0;
      for (size_t i = 0; i < count; ++i) {
        const Position& p = positions[(i * 7919 + r) % positions.size()];
        if (wdl)
          sum += uint64_t(*(*tb)->probe_wdl(p));
        else
          sum += *(*tb)->probe(p);
      }
      double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      rates.push_back(count / s);
      if (sum == 42) std::printf(" ");
    }
    std::sort(rates.begin(), rates.end());
    return rates[2];
  };
  double warm = run(size_t(1) << 30, positions.size());
  double cold = run(1, 2000);
  std::printf(
      "%s %s%s: %llu entries; warm cache %.3g probes/s (%.2f us each); cold cache %.3g "
      "probes/s (%.1f us each)\n",
      argv[1], argv[3], wdl ? " (WDL only)" : "", (unsigned long long)index->size(), warm,
      1e6 / warm, cold, 1e6 / cold);
}
