// The retrograde solver against a brute-force reference solver (dense_sectors.h).
//
// The reference is dense and slow on purpose: it enumerates every position of the
// sectors it needs (every disjoint placement of the stones, no symmetry reduction), takes
// successors from the rules engine's forward move generation only (MoveList, do_move),
// closes the set of sectors under successors, and computes values by the level-by-level
// reading of rules.md with full sweeps: level 0 = the side to move has no move (loss in
// 0, or a draw on a full board under the full-board rule); then round n (n odd) makes a
// win in n of each unresolved position with a successor lost in n - 1, round n (n even)
// a loss in n of each unresolved position whose successors are all resolved wins; what
// no round resolves is a draw.
//
// Every position of every sector stored by the fast solver (solve_unit, looked up through
// its symmetry-reduced index) must carry the reference value. Configurations: the
// movement closures of 3-3 (with 3-2) and of 4-3 in nine, nine-noflying and twelve; the whole of
// five, of four men with flying on the 16-point board and of three men with flying on
// the 24-point board, from the empty board; the full sector of eight men on the 16-point
// board with and without the full-board rule (against the reference with its closure:
// disabled, 2 minutes); three men a side with the stones in hand counting toward three
// (Malom's rule). Also checked for each: the tables are the
// same with one and two threads; stored codes are in range with win/loss parity; loss in
// 0 exactly where the side to move has no move and the board is not full under the
// full-board rule. About 100 s at -O2 on two cores.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "dense_sectors.h"
#include "solver/retrograde.h"
#include "solver/sector_graph.h"
#include "solver/value_store.h"

namespace millbase {
namespace {

using dense::choose;
using dense::DenseGraph;
using dense::DenseSector;
using dense::PlainReference;
using dense::white_to_move;

// ---------------------------------------------------------------------------------------
// The fast solver and the comparison.

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// Solves the units in order with `threads` OpenMP threads; returns the store and the
// values of each sector in unit order.
ValueStore solve_fast(const Variant& v, const std::vector<WorkUnit>& units, int threads,
                      std::vector<SectorValues>* all = nullptr) {
  const int saved = omp_get_max_threads();
  omp_set_num_threads(threads);
  ValueStore store;
  for (const WorkUnit& u : units)
    for (SectorValues& sv : solve_unit(v, u, store)) {
      if (all) all->push_back(sv);
      store.add(std::move(sv));
    }
  omp_set_num_threads(saved);
  return store;
}

std::vector<Sector> stored_sectors(const std::vector<WorkUnit>& units) {
  std::vector<Sector> out;
  for (const WorkUnit& u : units) out.insert(out.end(), u.sectors.begin(), u.sectors.end());
  return out;
}

// Checks every position of every sector in `sectors` against the reference; returns the
// number of positions compared.
uint64_t compare(const Variant& v, const PlainReference& ref, const ValueStore& store,
                 const std::vector<Sector>& sectors) {
  constexpr size_t MAX_EXAMPLES = 20;
  uint64_t compared = 0, mismatches = 0;
  std::vector<std::string> examples;
  for (const Sector& s : sectors) {
    const DenseSector* d = ref.graph().find(s);
    if (!d) {
      ADD_FAILURE() << "sector " << sector_name(s) << " missing from the reference";
      continue;
    }
    compared += d->size;
#pragma omp parallel for schedule(dynamic, 1 << 14) reduction(+ : mismatches)
    for (uint64_t i = 0; i < d->size; ++i) {
      Bitboard us, them;
      d->decode(i, us, them);
      ValueCode fast = store.lookup(v, s, us, them), slow = ref.value(s, us, them);
      if (fast == slow) continue;
      ++mismatches;
#pragma omp critical
      if (examples.size() < MAX_EXAMPLES)
        examples.push_back(format_position(v, white_to_move(s, us, them)) + ": solver " +
                           value_text(fast) + ", reference " + value_text(slow));
    }
  }
  std::sort(examples.begin(), examples.end());
  std::string text;
  for (const std::string& e : examples) text += "\n  " + e;
  EXPECT_EQ(mismatches, 0u) << v.name << ": " << mismatches << " of " << compared
                            << " positions differ, e.g.:" << text;
  return compared;
}

// Sanity facts of the stored entries: every code is a draw or a distance whose parity
// says win (odd) or loss (even), within range; loss in 0 exactly where the side to move
// has no legal move, unless the full-board rule makes that a draw.
void check_sanity(const Variant& v, const ValueStore& store) {
  uint64_t bad_range = 0, bad_parity = 0, bad_blocked = 0;
  for (const auto& entry : store.all()) {
    const Sector& s = entry.first;
    const SectorValues& t = *entry.second;
    ASSERT_EQ(t.values.size(), t.index->size());
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : bad_range, bad_parity, bad_blocked)
    for (uint64_t b = 0; b < t.values.size(); b += 1 << 14) {
      t.index->for_each(
          b, std::min<uint64_t>(b + (1 << 14), t.values.size()),
          [&](uint64_t i, Bitboard us, Bitboard them) {
            const ValueCode c = t.values[i];
            const int d = distance(c);
            if (!is_draw(c) && (d < 0 || d > MAX_DISTANCE)) ++bad_range;
            if (!is_draw(c) && (is_win(c) != (d % 2 == 1) || is_loss(c) != (d % 2 == 0)))
              ++bad_parity;
            const Position p = white_to_move(s, us, them);
            const bool blocked = MoveList(v, p).size() == 0;
            bad_blocked += blocked ? c != game_over_value(game_over(v, p)) : c == LOSS_IN_0;
          });
    }
  }
  EXPECT_EQ(bad_range, 0u) << v.name << ": codes out of range";
  EXPECT_EQ(bad_parity, 0u) << v.name << ": distance parity does not match win/loss";
  EXPECT_EQ(bad_blocked, 0u) << v.name
                             << ": blocked positions must hold the game's end, and only they "
                                "a loss in 0";
}

// Solves `units` with the fast solver (two threads, then one, which must give identical
// tables) and with the reference, compares everything, and prints the value of the start
// position (empty board, full hands) when the units include it.
void check_configuration(const Variant& v, const std::vector<WorkUnit>& units, const char* label) {
  const std::vector<Sector> sectors = stored_sectors(units);
  auto t0 = std::chrono::steady_clock::now();
  std::vector<SectorValues> two, one;
  ValueStore store = solve_fast(v, units, 2, &two);
  const double fast_seconds = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  solve_fast(v, units, 1, &one);
  const double fast1_seconds = seconds_since(t0);
  ASSERT_EQ(one.size(), two.size());
  for (size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].sector, two[i].sector);
    EXPECT_TRUE(one[i].values == two[i].values)
        << v.name << " " << sector_name(one[i].sector) << ": 1 and 2 threads differ";
  }
  check_sanity(v, store);

  t0 = std::chrono::steady_clock::now();
  DenseGraph graph(v, sectors);
  PlainReference ref(graph);
  const double ref_seconds = seconds_since(t0);
  EXPECT_EQ(ref.formula_violations(), 0u) << "the reference breaks the formula of rules.md";
  const uint64_t compared = compare(v, ref, store, sectors);

  uint64_t stored = 0;
  for (const auto& [s, sv] : store.all()) stored += sv->values.size();
  std::printf(
      "[ %s ] %s: %zu units, %llu stored entries, %llu positions compared; reference "
      "%llu positions in %zu sectors, %llu moves, longest %d plies, %d rounds; solver "
      "%.1fs (2 threads), %.1fs (1 thread), reference %.1fs\n",
      label, std::string(v.name).c_str(), units.size(), (unsigned long long)stored,
      (unsigned long long)compared, (unsigned long long)graph.size(), graph.sectors().size(),
      (unsigned long long)graph.edges(), ref.max_distance(), ref.rounds(), fast_seconds,
      fast1_seconds, ref_seconds);
  const uint8_t hand = uint8_t(v.stones);
  const Sector start{0, 0, hand, hand};
  if (store.find(start)) {
    const ValueCode solver = store.lookup(v, start, 0, 0), reference = ref.value(start, 0, 0);
    std::printf("[ %s ] %s start position (%s): solver %s, reference %s\n", label,
                std::string(v.name).c_str(), sector_name(start).c_str(), value_text(solver).c_str(),
                value_text(reference).c_str());
  }
}

// Movement closure of `targets` in v.
void check_movement(const Variant& v, const std::vector<Sector>& targets, const char* label) {
  SectorGraph g(v);
  std::vector<WorkUnit> units = g.closure(targets);
  ASSERT_FALSE(units.empty());
  check_configuration(v, units, label);
}

// The whole variant, every unit of its sector graph.
void check_whole(const Variant& v) { check_configuration(v, SectorGraph(v).units(), "whole"); }

// Returns the next set with as many points as b in increasing order (Gosper's hack).
Bitboard next_set(Bitboard b) {
  const Bitboard low = b & -b, ripple = b + low;
  return ripple | (((b ^ ripple) >> 2) / low);
}

// The encoding maps the disjoint placements of a sector one to one onto 0 .. size - 1
// (the reference also checks decode then encode on every position it builds).
TEST(ReferenceSolver, EncodingIsABijection) {
  for (const Board* b : {&BOARD_16, &BOARD_24})
    for (int us = 1; us <= 4; ++us)
      for (int them = 1; them <= 4; ++them) {
        const int n = b->num_points;
        if (choose(n, us) * choose(n, them) > 5'000'000) continue;
        const DenseSector d = dense::dense_sector(Sector{uint8_t(us), uint8_t(them), 0, 0}, n, 0);
        std::vector<char> seen(d.size, 0);
        uint64_t bad = 0;
        const Bitboard end = Bitboard(1) << n;
        for (Bitboard u = (Bitboard(1) << us) - 1; u < end; u = next_set(u))
          for (Bitboard t = (Bitboard(1) << them) - 1; t < end; t = next_set(t)) {
            if (u & t) continue;
            const uint64_t i = d.encode(u, t);
            Bitboard du = 0, dt = 0;
            if (i < d.size) d.decode(i, du, dt);
            bad += i >= d.size || seen[i] || du != u || dt != t;
            if (i < d.size) seen[i] = 1;
          }
        EXPECT_EQ(bad, 0u) << b->name << " " << us << "-" << them;
        EXPECT_EQ(uint64_t(std::count(seen.begin(), seen.end(), 1)), d.size);
      }
}

TEST(ReferenceSolver, NineThreeThree) {
  // 3-2 (the opponent already down to two) is not reached from 3-3; add it explicitly.
  for (const Variant* v : {&NINE, &NINE_NOFLYING}) check_movement(*v, {{3, 3}, {3, 2}}, "3-3");
}

TEST(ReferenceSolver, NineFourThree) {
  for (const Variant* v : {&NINE, &NINE_NOFLYING}) check_movement(*v, {{4, 3}}, "4-3");
}

// Twelve men's morris: the diagonals are mills and moves, on the same points as nine.
TEST(ReferenceSolver, TwelveThreeThreeAndFourThree) {
  check_movement(TWELVE, {{3, 3}, {3, 2}}, "3-3");
  check_movement(TWELVE, {{4, 3}}, "4-3");
}

// With the 4-4 unit the reference holds 81 million positions and 1.3 billion moves (6 GB,
// about 3.5 minutes for both variants): too much for the suite; run it with
// --gtest_also_run_disabled_tests.
TEST(ReferenceSolver, DISABLED_NineFourFour) {
  for (const Variant* v : {&NINE, &NINE_NOFLYING}) check_movement(*v, {{4, 4}}, "4-4");
}

TEST(ReferenceSolver, WholeFive) { check_whole(FIVE); }

// The full-board rule (rules.md, twelve), on the one board where a small test reaches a
// full board: eight men a side on the 16-point board; and twelve. The full sector
// (8-8, 12-12) has no move: every position a draw under the rule, a loss in 0 without
// it. Solved alone: no move reads another sector.
constexpr Variant EIGHT{"eight", &BOARD_16, 8, false};
constexpr Variant EIGHT_FULL{"eight-full", &BOARD_16, 8, false, true};

TEST(ReferenceSolver, FullBoard) {
  for (const Variant* v : {&EIGHT, &EIGHT_FULL, &TWELVE}) {
    const Sector full{uint8_t(v->stones), uint8_t(v->stones), 0, 0};
    ValueStore store;
    for (SectorValues& sv : solve_unit(*v, WorkUnit{{full}, {}, false}, store))
      store.add(std::move(sv));
    const SectorValues* t = store.find(full);
    ASSERT_TRUE(t);
    const ValueCode want = v->full_board_draw ? DRAW : LOSS_IN_0;
    EXPECT_EQ(uint64_t(std::count(t->values.begin(), t->values.end(), want)), t->values.size())
        << v->name;
    check_sanity(*v, store);
  }
}

// The same against the reference with everything the graph puts under 8-8 (21 units, 35
// million positions, about 2 minutes for both): too much for the suite; run it with
// --gtest_also_run_disabled_tests.
TEST(ReferenceSolver, DISABLED_FullBoardClosure) {
  for (const Variant* v : {&EIGHT, &EIGHT_FULL}) check_movement(*v, {{8, 8}}, "8-8");
}

// Small variants with flying from the empty board, on both boards.
TEST(ReferenceSolver, WholeFlyingVariants) {
  static constexpr Variant FOUR_FLY{"four-fly", &BOARD_16, 4, true};
  static constexpr Variant THREE_FLY_24{"three-fly-24", &BOARD_24, 3, true};
  check_whole(FOUR_FLY);
  check_whole(THREE_FLY_24);
}

// Malom's rule of too few stones (twelve-malom: the stones in hand count toward three),
// on the smallest games where it bites: three stones a side, where one removal in
// placement leaves two stones in all. Solved whole on the 16-point board without flying
// and on the board with diagonals with flying, against the reference, whose positions
// end by game_over() alone. The rule must change some values, or it was not tested.
TEST(ReferenceSolver, WholeThreeStonesWithTheHandCounting) {
  static constexpr Variant THREE_16{"three-16", &BOARD_16, 3, false};
  static constexpr Variant THREE_16_HAND{"three-16-hand", &BOARD_16, 3, false, false, true};
  static constexpr Variant THREE_FLY_24D_HAND{
      "three-fly-24d-hand", &BOARD_24D, 3, true, true, true};
  check_whole(THREE_16_HAND);
  check_whole(THREE_FLY_24D_HAND);
  // The same placement sector under both rules: some position differs.
  const Sector s{1, 2, 1, 1};  // the mover has one stone on the board and one in hand
  const ValueStore plain = solve_fast(THREE_16, SectorGraph(THREE_16).units(), 2);
  const ValueStore hand = solve_fast(THREE_16_HAND, SectorGraph(THREE_16_HAND).units(), 2);
  EXPECT_TRUE(plain.find(s)) << "stored under rules.md";
  EXPECT_FALSE(hand.find(s)) << "terminal when the hand counts";
  uint64_t differ = 0, compared = 0;
  for (const auto& [sector, sv] : hand.all()) {
    const SectorValues* other = plain.find(sector);
    ASSERT_TRUE(other) << sector_name(sector);
    for (uint64_t i = 0; i < sv->values.size(); ++i) differ += sv->values[i] != other->values[i];
    compared += sv->values.size();
  }
  EXPECT_GT(differ, 0u) << "of " << compared;
}

// Lasker's rules (rules.md, "(lasker)"): a side with stones in hand may move instead of
// placing, so every unit with stones on the board is cyclic, placement included; flying
// and the loss by too few stones count the hand. Whole games small enough for the
// reference: four stones a side with flying on the 16-point board, three on the 24-point
// board, and Lasker's own endgames of three stones a side (hands and board together),
// the closure of `solve --variant lasker --max-stones 3`.
TEST(ReferenceSolver, WholeLaskerRuleVariants) {
  static constexpr Variant LASKER_4_16{"lasker-4-16", &BOARD_16, 4, true, false, true, true};
  static constexpr Variant LASKER_3_24{"lasker-3-24", &BOARD_24, 3, true, false, true, true};
  static constexpr Variant LASKER_4_16_SLIDE{
      "lasker-4-16-slide", &BOARD_16, 4, false, false, true, true};
  check_whole(LASKER_4_16);
  check_whole(LASKER_3_24);
  check_whole(LASKER_4_16_SLIDE);
}

TEST(ReferenceSolver, LaskerUpToThreeStones) {
  check_movement(LASKER, SectorGraph(LASKER).up_to_stones(3), "lasker<=3");
}

// Every sector of `solve --variant lasker --max-stones 4`: 127 million dense positions
// in 72 sectors, 2.3 billion moves, 11.2 GB and 3.5 minutes (bench/history/lasker.md):
// too much for the suite; run it with --gtest_also_run_disabled_tests.
TEST(ReferenceSolver, DISABLED_LaskerUpToFourStones) {
  check_movement(LASKER, SectorGraph(LASKER).up_to_stones(4), "lasker<=4");
}

}  // namespace
}  // namespace millbase
