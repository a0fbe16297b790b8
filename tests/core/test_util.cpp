#include "test_util.h"

#include <gtest/gtest.h>

#include "core/notation.h"

namespace millbase::test {

Position random_position(const Variant& v, std::mt19937_64& rng) {
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Position p;
  p.side_to_move = Color(uniform(0, 1));
  int other_hand = uniform(0, 2) == 0 ? uniform(0, v.stones - 1) : 0;
  int mover_hand = other_hand + (other_hand < v.stones ? uniform(0, 1) : 0);
  p.in_hand[p.side_to_move] = uint8_t(mover_hand);
  p.in_hand[~p.side_to_move] = uint8_t(other_hand);
  for (Color c : {p.side_to_move, ~p.side_to_move}) {
    int max_on_board = v.stones - p.in_hand[c];
    // Three stones often enough to exercise flying.
    int n = uniform(0, 3) == 0 ? std::min(3, max_on_board) : uniform(0, max_on_board);
    while (popcount(p.stones[c]) < n) {
      Point q = Point(uniform(0, v.board->num_points - 1));
      if (!contains(p.occupied(), q)) p.stones[c] |= bit(q);
    }
  }
  EXPECT_TRUE(validate(v, p).is_ok()) << format_position(v, p);
  return p;
}

Position parse(const Variant& v, const char* text) {
  Result<Position> p = parse_position(v, text);
  EXPECT_TRUE(p.is_ok()) << text << ": " << (p ? "" : p.message());
  return p ? *p : Position{};
}

}  // namespace millbase::test
