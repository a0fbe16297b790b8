// Benchmark and check of a play set (docs/play-set.md): probes `per_sector` random
// positions of every sector in the play set and in the tables it was made from.
// Placement positions must have the same result under the directory's rule (and the same
// value where the play set has a distance), movement positions the same value. Prints
// the probes, the mismatches and the play set's mean probe time from a cold start.
//
//   bench_play_set <variant> <play set dir> <source dir> <per_sector>
#include <chrono>
#include <cstdio>
#include <random>

#include "core/movegen.h"
#include "core/notation.h"
#include "db/sector_index.h"
#include "db/tablebase.h"
#include "solver/sector_graph.h"

using namespace millbase;

int main(int argc, char** argv) {
  if (argc < 5)
    return std::fprintf(
               stderr,
               "usage: bench_play_set <variant> <play set dir> <source dir> <per_sector>\n"),
           2;
  const Variant* v = find_variant(argv[1]);
  if (!v) return std::fprintf(stderr, "unknown variant %s\n", argv[1]), 2;
  auto play_tables = Tablebase::open(*v, argv[2]);
  auto full_tables = Tablebase::open(*v, argv[3]);
  for (const auto* t : {&play_tables, &full_tables})
    if (!*t) return std::fprintf(stderr, "%s\n", t->message().c_str()), 2;
  const std::shared_ptr<const Tablebase> play = *play_tables, full = *full_tables;
  if (play->metric() != full->metric())
    return std::fprintf(stderr, "the two directories hold tables of different metrics\n"), 2;
  const int per = std::atoi(argv[4]);
  const Metric m = play->metric();
  std::mt19937_64 rng(20261203);
  uint64_t probes = 0, bad = 0, unknown = 0, placement = 0;
  double play_s = 0;
  SectorGraph graph(*v);
  for (const WorkUnit& u : graph.units())
    for (const Sector& s : u.sectors) {
      auto index = SectorIndex::get(*v->board, s.us, s.them);
      for (int k = 0; k < per; ++k) {
        const Position p = sector_position(*v->board, s, rng() % index->size());
        if (game_over(*v, p) != GameOver::None) continue;
        auto t0 = std::chrono::steady_clock::now();
        Result<ValueCode> a = play->probe(p);
        play_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        Result<ValueCode> b = full->probe(p);
        if (!a || !b) {
          std::printf("error %s: %s %s\n", sector_name(s).c_str(), a ? "" : a.message().c_str(),
                      b ? "" : b.message().c_str());
          ++bad;
          continue;
        }
        ++probes;
        bool ok;
        if (s.placement()) {
          ++placement;
          unknown += distance_unknown(*a);
          ok = drop_distance(*a, m) == drop_distance(*b, m) &&
               (is_draw(*a) || distance_unknown(*a) || *a == *b);
        } else {
          ok = *a == *b;
        }
        if (!ok && ++bad <= 10)
          std::printf("mismatch at %s: play set %s, source %s\n", format_position(*v, p).c_str(),
                      value_text(*a).c_str(), value_text(*b).c_str());
      }
    }
  std::printf(
      "%llu probes (%llu placement, %llu without distance), %llu mismatches; play set "
      "probes %.1f us each on average (cold start, cache 64 MiB)\n",
      (unsigned long long)probes, (unsigned long long)placement, (unsigned long long)unknown,
      (unsigned long long)bad, 1e6 * play_s / probes);
  return bad ? 1 : 0;
}
