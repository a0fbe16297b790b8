// Benchmark: probes per second of random positions of one sector, single thread, with a
// warm block cache (every block decoded once before timing) and with a cold one (a
// cache too small to keep a block, so each probe reads and decodes its block; the file
// is in the page cache). Prints the median of 5 runs. `--positions N` (200,000 by default)
// sets how many random positions the warm cache is filled with and timed on: sectors
// whose probes search three plies need fewer to finish in minutes.
//
//   bench_probe <variant> <table dir> <sector> [--wdl] [--positions N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

#include "db/sector.h"
#include "db/sector_index.h"
#include "db/tablebase.h"

using namespace millbase;

int main(int argc, char** argv) {
  const char* usage = "usage: bench_probe <variant> <dir> <sector> [--wdl] [--positions N]\n";
  if (argc < 4) return std::fprintf(stderr, "%s", usage), 2;
  const Variant* v = find_variant(argv[1]);
  Result<Sector> s = parse_sector(argv[3]);
  if (!v || !s) return std::fprintf(stderr, "bad variant or sector\n"), 2;
  bool wdl = false;
  size_t count = 200000;
  for (int i = 4; i < argc; ++i) {
    if (std::strcmp(argv[i], "--wdl") == 0)
      wdl = true;
    else if (std::strcmp(argv[i], "--positions") == 0 && i + 1 < argc &&
             std::atoll(argv[i + 1]) > 0)
      count = size_t(std::atoll(argv[++i]));
    else
      return std::fprintf(stderr, "bad argument %s\n%s", argv[i], usage), 2;
  }
  auto index = SectorIndex::get(*v->board, s->us, s->them);
  std::mt19937_64 rng(1);
  std::vector<Position> positions(count);
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
      "probes/s (%.1f us each); %zu positions\n",
      argv[1], argv[3], wdl ? " (WDL only)" : "", (unsigned long long)index->size(), warm,
      1e6 / warm, cold, 1e6 / cold, count);
}
