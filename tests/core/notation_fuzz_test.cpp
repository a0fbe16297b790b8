// A seeded mutation fuzz of the notation parser (positions and moves): hostile text
// never crashes it, every message stays one short printable line, and whatever it
// accepts writes back to text that parses to the same.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/test_util.h"

namespace millbase {
namespace {

using test::check_message;
using test::mutate;

TEST(NotationFuzz, PositionsAndMoves) {
  const std::vector<std::pair<const Variant*, std::string>> seeds = {
      {&SIX, "W: B: w 6 6"},
      {&SIX, "W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w"},
      {&NINE, "W:c5,a4,b4,f4,g4,a1,g1 B:a7,d7,g7,b6,d6,f6 w"},
      {&NINE, "W:a1,d1,g4 B:a7,d7,b6 w 2 3"},
      {&FIVE, "W:b2 B:f6 b 4 4"},
  };
  std::mt19937_64 rng(20261201);
  int accepted = 0, refused = 0, moves_accepted = 0;
  for (int round = 0; round < 300000; ++round) {
    const auto& [v, seed] = seeds[rng() % seeds.size()];
    const std::string text = mutate(seed, rng);
    Result<Position> p = parse_position(*v, text);
    if (!p) {
      ++refused;
      check_message(p.message(), text);
      continue;
    }
    ++accepted;
    const std::string back = format_position(*v, *p);
    Result<Position> again = parse_position(*v, back);
    ASSERT_TRUE(again) << text << " -> " << back << ": " << again.message();
    ASSERT_EQ(format_position(*v, *again), back) << text;
    // Moves of that position: each legal one written and mutated.
    MoveList legal(*v, *p);
    if (legal.size() == 0) continue;
    const std::string move = format_move(*v, legal.begin()[rng() % legal.size()]);
    const std::string typed = rng() % 2 ? move : mutate(move, rng);
    Result<Move> m = parse_move(*v, *p, typed);
    if (!m) {
      check_message(m.message(), typed);
      continue;
    }
    ++moves_accepted;
    ASSERT_TRUE(legal.contains(*m)) << typed;
    Result<Move> round_trip = parse_move(*v, *p, format_move(*v, *m));
    ASSERT_TRUE(round_trip && *round_trip == *m) << typed;
  }
  EXPECT_GT(accepted, 1000);
  EXPECT_GT(refused, 1000);
  EXPECT_GT(moves_accepted, 500);
}

}  // namespace
}  // namespace millbase
