// Benchmark: the C++ API on positions written in notation, one per line of a file (the
// positions bench/perf/bench_python.py times the Python package on), one thread, with a
// warm block cache (every position probed once before timing). Prints the median of 5
// runs of: parse_position + Tablebase::probe_wdl, probe_wdl alone on parsed positions,
// parse_position + Tablebase::probe.
//
//   bench_text_probe <variant> <table dir> <positions file>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "core/notation.h"
#include "db/tablebase.h"

using namespace millbase;

// Returns the median over 5 runs of body() per second, each run over n items.
template <class F>
double median_rate(size_t n, F body) {
  std::vector<double> rates;
  for (int r = 0; r < 5; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    body();
    rates.push_back(n /
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(rates.begin(), rates.end());
  return rates[2];
}

int main(int argc, char** argv) {
  if (argc != 4) return std::fprintf(stderr, "usage: bench_text_probe <variant> <dir> <file>\n"), 2;
  const Variant* v = find_variant(argv[1]);
  if (!v) return std::fprintf(stderr, "%s\n", unknown_variant_text(argv[1]).c_str()), 2;
  std::vector<std::string> texts;
  std::ifstream in(argv[3]);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) texts.push_back(line);
  std::vector<Position> positions;
  for (const std::string& t : texts) {
    Result<Position> p = parse_position(*v, t);
    if (!p) return std::fprintf(stderr, "%s: %s\n", t.c_str(), p.message().c_str()), 2;
    positions.push_back(*p);
  }
  auto tb = Tablebase::open(*v, argv[2], Tablebase::Options{size_t(1) << 30});
  if (!tb) return std::fprintf(stderr, "%s\n", tb.message().c_str()), 1;
  long sum = 0;
  for (const Position& p : positions) sum += *(*tb)->probe(p) + int(*(*tb)->probe_wdl(p));
  const double parse_wdl = median_rate(texts.size(), [&] {
    for (const std::string& t : texts) sum += int(*(*tb)->probe_wdl(*parse_position(*v, t)));
  });
  const double wdl = median_rate(positions.size(), [&] {
    for (const Position& p : positions) sum += int(*(*tb)->probe_wdl(p));
  });
  const double parse_value = median_rate(texts.size(), [&] {
    for (const std::string& t : texts) sum += *(*tb)->probe(*parse_position(*v, t));
  });
  std::printf("C++ API, %zu positions, one thread, warm cache (checksum %ld):\n", texts.size(),
              sum);
  std::printf("  parse + probe_wdl  %.3g /s (%.2f us each)\n", parse_wdl, 1e6 / parse_wdl);
  std::printf("  probe_wdl alone    %.3g /s (%.2f us each)\n", wdl, 1e6 / wdl);
  std::printf("  parse + probe      %.3g /s (%.2f us each)\n", parse_value, 1e6 / parse_value);
}
