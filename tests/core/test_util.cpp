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

// Returns s mutated 1-4 times: a byte flipped, set, dropped, inserted or duplicated.
std::string mutate(std::string s, std::mt19937_64& rng) {
  static constexpr char ALPHABET[] = "abcdefgxWB:,- 0123456789wb+\t\r\xff\x01[]\"{}.\n";
  for (int k = 1 + int(rng() % 4); k-- > 0;) {
    const size_t at = s.empty() ? 0 : rng() % s.size();
    switch (rng() % 5) {
      case 0:
        if (!s.empty()) s[at] = char(s[at] ^ (1 << (rng() % 8)));
        break;
      case 1:
        if (!s.empty()) s[at] = ALPHABET[rng() % (sizeof ALPHABET - 1)];
        break;
      case 2:
        if (!s.empty()) s.erase(at, 1 + rng() % 3);
        break;
      case 3:
        s.insert(at, 1, ALPHABET[rng() % (sizeof ALPHABET - 1)]);
        break;
      default:
        if (!s.empty()) s.insert(at, s.substr(at, 1 + rng() % 6));
    }
  }
  return s;
}

void check_message(const std::string& m, const std::string& input) {
  ASSERT_FALSE(m.empty()) << input;
  ASSERT_LT(m.size(), 400u) << "message too long for input of " << input.size() << " bytes";
  for (char c : m) ASSERT_TRUE(c >= 0x20 && c < 0x7f) << "unprintable byte in message: " << m;
}

}  // namespace millbase::test
