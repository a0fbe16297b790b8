// Benchmark: legal moves and unmoves generated per second on positions from random
// games of each preset. Prints the median of 5 runs.
//
//   bench_movegen [--seconds-per-run S]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "core/movegen.h"
#include "core/unmovegen.h"

using namespace millbase;

namespace {

std::vector<Position> sample_positions(const Variant& v, int count) {
  std::mt19937_64 rng(1);
  std::vector<Position> out;
  while (int(out.size()) < count) {
    Position p = start_position(v, Color(rng() & 1));
    for (int ply = 0; ply < 200; ++ply) {
      MoveList moves(v, p);
      if (moves.size() == 0) break;
      out.push_back(p);
      p = do_move(p, moves.begin()[rng() % moves.size()]);
    }
  }
  out.resize(count);
  return out;
}

// Returns the rate (generated items per second) of one timed run.
template <class F>
double run(const std::vector<Position>& ps, double seconds, F generate) {
  using clock = std::chrono::steady_clock;
  long long items = 0;
  auto start = clock::now();
  double elapsed = 0;
  do {
    for (const Position& p : ps) items += generate(p);
    elapsed = std::chrono::duration<double>(clock::now() - start).count();
  } while (elapsed < seconds);
  return items / elapsed;
}

template <class F>
double median_rate(const std::vector<Position>& ps, double seconds, F generate) {
  std::vector<double> rates;
  for (int i = 0; i < 5; ++i) rates.push_back(run(ps, seconds, generate));
  std::sort(rates.begin(), rates.end());
  return rates[2];
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 0.5;
  if (argc == 3 && std::strcmp(argv[1], "--seconds-per-run") == 0) seconds = std::atof(argv[2]);
  std::printf("%-14s %16s %16s\n", "variant", "moves/s", "unmoves/s");
  for (const Variant* v : all_variants()) {
    std::vector<Position> ps = sample_positions(*v, 100000);
    double moves =
        median_rate(ps, seconds, [&](const Position& p) { return MoveList(*v, p).size(); });
    double unmoves =
        median_rate(ps, seconds, [&](const Position& p) { return UnmoveList(*v, p).size(); });
    std::printf("%-14s %16.3e %16.3e\n", std::string(v->name).c_str(), moves, unmoves);
  }
}
