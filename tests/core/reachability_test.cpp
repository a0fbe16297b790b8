// Reachability checks of the rules engine (MoveList, do_move, game_over):
//  - the number of distinct states of six men's morris reachable from the empty board
//    with White to place first, against the published figure 42,372,745;
//  - the sets of states reachable in exactly d plies, engine versus an independent slow
//    generator written here from rules.md alone (it uses nothing from core/), for six,
//    five and nine from the empty board and for movement, flying and end-of-placement
//    positions of nine, nine-noflying and six.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"

namespace millbase {
namespace {

// ---------------------------------------------------------------------------------------
// The independent generator: boards spelled from rules.md, one char per point.

std::vector<std::string> split_on(const std::string& s, char sep) {
  std::vector<std::string> parts;
  for (size_t i = 0, j; i <= s.size(); i = j + 1) {
    j = std::min(s.find(sep, i), s.size());
    if (j > i) parts.push_back(s.substr(i, j - i));
  }
  return parts;
}

struct SlowRules {
  std::vector<std::string> names;          // point names
  std::vector<std::vector<int>> lines;     // mill lines (three point indices)
  std::vector<std::pair<int, int>> steps;  // adjacent pairs
  bool flying;

  int index(const std::string& name) const {
    for (size_t i = 0; i < names.size(); ++i)
      if (names[i] == name) return int(i);
    ADD_FAILURE() << "unknown point " << name;
    return 0;
  }
  bool adjacent(int a, int b) const {
    for (auto [x, y] : steps)
      if ((x == a && y == b) || (x == b && y == a)) return true;
    return false;
  }
};

SlowRules slow_rules(const std::string& points, const std::string& lines,
                     const std::string& connectors, bool flying) {
  SlowRules r{split_on(points, ' '), {}, {}, flying};
  for (const std::string& line : split_on(lines, ' ')) {
    std::vector<int> pts;
    for (const std::string& name : split_on(line, '-')) pts.push_back(r.index(name));
    r.lines.push_back(pts);
    r.steps.push_back({pts[0], pts[1]});
    r.steps.push_back({pts[1], pts[2]});
  }
  for (const std::string& c : split_on(connectors, ' ')) {
    std::vector<std::string> ends = split_on(c, '-');
    r.steps.push_back({r.index(ends[0]), r.index(ends[1])});
  }
  return r;
}

const std::string POINTS_24 =
    "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7";
const std::string LINES_24 =
    "a1-d1-g1 b2-d2-f2 c3-d3-e3 a4-b4-c4 e4-f4-g4 c5-d5-e5 b6-d6-f6 a7-d7-g7 "
    "a1-a4-a7 b2-b4-b6 c3-c4-c5 d1-d2-d3 d5-d6-d7 e3-e4-e5 f2-f4-f6 g1-g4-g7";
const std::string POINTS_16 = "b2 d2 f2 c3 d3 e3 b4 c4 e4 f4 c5 d5 e5 b6 d6 f6";
const std::string LINES_16 =
    "b2-d2-f2 b6-d6-f6 b2-b4-b6 f2-f4-f6 c3-d3-e3 c5-d5-e5 c3-c4-c5 e3-e4-e5";
const std::string CONNECTORS_16 = "d2-d3 b4-c4 e4-f4 d5-d6";

// The stones per side only enter through the start position's in-hand counts.
const SlowRules SLOW_24 = slow_rules(POINTS_24, LINES_24, "", true);
const SlowRules SLOW_24_NOFLYING = slow_rules(POINTS_24, LINES_24, "", false);
const SlowRules SLOW_16 = slow_rules(POINTS_16, LINES_16, CONNECTORS_16, false);

struct SlowState {
  std::string board;  // '.', 'W' or 'B' per point
  int hand[2];        // White, Black
  int side;           // 0 = White to move, 1 = Black
};

const char COLOUR[2] = {'W', 'B'};

// Returns the common text of a state: "W:a1,d1 B:g7 w 3 4", point names sorted.
std::string canonical(std::vector<std::string> white, std::vector<std::string> black, char side,
                      int white_hand, int black_hand) {
  std::string s;
  for (std::vector<std::string>* pts : {&white, &black}) {
    std::sort(pts->begin(), pts->end());
    s += pts == &white ? "W:" : " B:";
    for (size_t i = 0; i < pts->size(); ++i) s += (i ? "," : "") + (*pts)[i];
  }
  return s + " " + side + " " + std::to_string(white_hand) + " " + std::to_string(black_hand);
}

std::string slow_text(const SlowRules& r, const SlowState& s) {
  std::vector<std::string> pts[2];
  for (size_t i = 0; i < r.names.size(); ++i)
    for (int c = 0; c < 2; ++c)
      if (s.board[i] == COLOUR[c]) pts[c].push_back(r.names[i]);
  return canonical(std::move(pts[0]), std::move(pts[1]), "wb"[s.side], s.hand[0], s.hand[1]);
}

// Returns the common text of "W:a1,d1 B:g7 w [3 4]" (the notation of format_position).
std::string canonical_of_text(const std::string& text) {
  std::vector<std::string> w = split_on(text, ' ');
  int wh = w.size() == 5 ? std::stoi(w[3]) : 0, bh = w.size() == 5 ? std::stoi(w[4]) : 0;
  return canonical(split_on(w[0].substr(2), ','), split_on(w[1].substr(2), ','), w[2][0], wh, bh);
}

SlowState slow_parse(const SlowRules& r, const std::string& text) {
  std::vector<std::string> w = split_on(text, ' ');
  SlowState s{std::string(r.names.size(), '.'), {0, 0}, w[2] == "b"};
  for (int c = 0; c < 2; ++c)
    for (const std::string& name : split_on(w[c].substr(2), ','))
      s.board[r.index(name)] = COLOUR[c];
  if (w.size() == 5) s.hand[0] = std::stoi(w[3]), s.hand[1] = std::stoi(w[4]);
  return s;
}

bool in_line_of(const SlowRules& r, const std::string& board, int p) {
  for (const std::vector<int>& line : r.lines)
    if (std::count(line.begin(), line.end(), p) && board[line[0]] == board[p] &&
        board[line[1]] == board[p] && board[line[2]] == board[p])
      return true;
  return false;
}

// Returns every state after one turn of s, none when the game is over at its start.
std::vector<SlowState> slow_successors(const SlowRules& r, const SlowState& s) {
  const char me = COLOUR[s.side], them = COLOUR[1 - s.side];
  const int n = int(r.names.size());
  const int mine = int(std::count(s.board.begin(), s.board.end(), me));
  std::vector<std::pair<int, int>> moves;  // (from or -1 for a placement, to)
  if (s.hand[s.side] > 0) {
    for (int to = 0; to < n; ++to)
      if (s.board[to] == '.') moves.push_back({-1, to});
  } else {
    if (mine < 3) return {};  // too few stones: lost
    const bool fly = r.flying && mine == 3;
    for (int from = 0; from < n; ++from)
      for (int to = 0; to < n; ++to)
        if (s.board[from] == me && s.board[to] == '.' && (fly || r.adjacent(from, to)))
          moves.push_back({from, to});
  }
  std::vector<SlowState> out;  // stays empty when there is no legal move: lost
  for (auto [from, to] : moves) {
    SlowState t = s;
    if (from < 0)
      t.hand[s.side] -= 1;
    else
      t.board[from] = '.';
    t.board[to] = me;
    t.side = 1 - s.side;
    std::vector<int> theirs, free;
    for (int p = 0; p < n; ++p)
      if (t.board[p] == them) {
        theirs.push_back(p);
        if (!in_line_of(r, t.board, p)) free.push_back(p);
      }
    if (!in_line_of(r, t.board, to) || theirs.empty()) {
      out.push_back(t);
      continue;
    }
    for (int p : free.empty() ? theirs : free) {
      SlowState u = t;
      u.board[p] = '.';
      out.push_back(u);
    }
  }
  return out;
}

// Returns, for d = 0..depth, the sorted texts of the states reached in exactly d plies.
std::vector<std::vector<std::string>> slow_layers(const SlowRules& r, const std::string& start,
                                                  int depth) {
  const SlowState s0 = slow_parse(r, start);
  std::unordered_map<std::string, SlowState> layer{{slow_text(r, s0), s0}};
  std::vector<std::vector<std::string>> result;
  for (int d = 0;; ++d) {
    result.emplace_back();
    for (const auto& [text, s] : layer) result.back().push_back(text);
    std::sort(result.back().begin(), result.back().end());
    if (d == depth) return result;
    std::unordered_map<std::string, SlowState> next;
    for (const auto& [text, s] : layer)
      for (const SlowState& t : slow_successors(r, s)) next.try_emplace(slow_text(r, t), t);
    layer.swap(next);
  }
}

// ---------------------------------------------------------------------------------------
// The engine's layers, and the comparison.

uint64_t key_of(const Position& p) {
  return uint64_t(p.stones[WHITE]) | uint64_t(p.stones[BLACK]) << 24 |
         uint64_t(p.in_hand[WHITE]) << 48 | uint64_t(p.in_hand[BLACK]) << 53 |
         uint64_t(p.side_to_move) << 58;
}

std::vector<std::vector<std::string>> engine_layers(const Variant& v, const Position& start,
                                                    int depth) {
  std::vector<Position> layer{start};
  std::vector<std::vector<std::string>> result;
  for (int d = 0;; ++d) {
    result.emplace_back();
    for (const Position& p : layer)
      result.back().push_back(canonical_of_text(format_position(v, p)));
    std::sort(result.back().begin(), result.back().end());
    if (d == depth) return result;
    std::unordered_map<uint64_t, Position> next;
    for (const Position& p : layer)
      for (Move m : MoveList(v, p)) {
        Position q = do_move(p, m);
        next.emplace(key_of(q), q);
      }
    layer.clear();
    for (const auto& [k, q] : next) layer.push_back(q);
  }
}

void compare_layers(const Variant& v, const SlowRules& r, const std::string& start, int depth) {
  Result<Position> p = parse_position(v, start);
  ASSERT_TRUE(p) << p.message();
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::vector<std::string>> slow = slow_layers(r, start, depth);
  const auto t1 = std::chrono::steady_clock::now();
  std::vector<std::vector<std::string>> fast = engine_layers(v, *p, depth);
  const auto t2 = std::chrono::steady_clock::now();
  std::string counts;
  for (int d = 0; d <= depth; ++d) {
    counts += " " + std::to_string(fast[d].size());
    EXPECT_EQ(fast[d].size(), slow[d].size()) << "depth " << d;
    if (fast[d] == slow[d]) continue;
    std::vector<std::string> only_fast, only_slow;
    std::set_difference(fast[d].begin(), fast[d].end(), slow[d].begin(), slow[d].end(),
                        std::back_inserter(only_fast));
    std::set_difference(slow[d].begin(), slow[d].end(), fast[d].begin(), fast[d].end(),
                        std::back_inserter(only_slow));
    ADD_FAILURE() << "depth " << d << ": " << only_fast.size() << " only in the engine (e.g. "
                  << (only_fast.empty() ? "-" : only_fast[0]) << "), " << only_slow.size()
                  << " only in the slow generator (e.g. "
                  << (only_slow.empty() ? "-" : only_slow[0]) << ")";
  }
  std::printf("%s from '%s', states by depth:%s [slow %.2f s, engine %.2f s]\n",
              std::string(v.name).c_str(), start.c_str(), counts.c_str(),
              std::chrono::duration<double>(t1 - t0).count(),
              std::chrono::duration<double>(t2 - t1).count());
}

TEST(Reachability, SlowBoardsMatchTheRulesText) {
  EXPECT_EQ(SLOW_24.names.size(), 24u);  // 16 mills, 32 adjacencies
  EXPECT_EQ(SLOW_24.lines.size(), 16u);
  EXPECT_EQ(SLOW_24.steps.size(), 32u);
  EXPECT_EQ(SLOW_16.names.size(), 16u);  // 8 mills, 20 adjacencies
  EXPECT_EQ(SLOW_16.lines.size(), 8u);
  EXPECT_EQ(SLOW_16.steps.size(), 20u);
}

TEST(Reachability, ByDepthFromTheEmptyBoard) {
  EXPECT_EQ(*parse_position(SIX, "W: B: w 6 6"), start_position(SIX, WHITE));
  compare_layers(SIX, SLOW_16, "W: B: w 6 6", 7);
  compare_layers(FIVE, SLOW_16, "W: B: w 5 5", 5);  // like six until the hands run out
  compare_layers(NINE, SLOW_24, "W: B: w 9 9", 5);
}

TEST(Reachability, ByDepthInTheMovementPhase) {
  const std::string crowded = "W:a7,g7,d6,e5,a4,f4,e3,b2,d1 B:d7,b6,f6,c5,d5,b4,c4,e4,d3 w";
  compare_layers(NINE, SLOW_24, crowded, 5);
  compare_layers(NINE_NOFLYING, SLOW_24_NOFLYING, crowded, 5);
  const std::string three = "W:a1,d1,g4 B:a7,d7,b6,f6,d5 w";  // White flies
  compare_layers(NINE, SLOW_24, three, 4);
  compare_layers(NINE_NOFLYING, SLOW_24_NOFLYING, three, 4);
  // Sixteen-point board: the connectors d2-d3, b4-c4, e4-f4, d5-d6 only matter here.
  compare_layers(SIX, SLOW_16, "W:b2,d2,c4,e4,d5 B:d3,e3,b4,e5,d6 w", 6);
  // The end of placement, with mills and removals on both sides of it.
  compare_layers(SIX, SLOW_16, "W:b2,d2,c3,e4,d5 B:f2,d3,b4,c5,f6 w 1 1", 6);
  compare_layers(FIVE, SLOW_16, "W:b2,d2,c4 B:d3,e3,f4 w 2 2", 6);
}

// ---------------------------------------------------------------------------------------
// Full reachability of six men's morris with a dense bitmap: a state's id is its board in
// base 3 (White 1, Black 2 on each of the 16 points) plus 3^16 times its hand index.

constexpr uint32_t POW3_16 = 43046721;
constexpr int NUM_HANDS = 14;

// The (White in hand, Black in hand, side to move) combinations that occur when White
// places first: equal hands with White to move, or Black one more with Black to move.
int hand_index(const Position& p) {
  const int w = p.in_hand[WHITE], b = p.in_hand[BLACK];
  if (w == 0 && b == 0) return 12 + p.side_to_move;
  if (p.side_to_move == WHITE && w == b && w <= 6) return w - 1;
  if (p.side_to_move == BLACK && b == w + 1 && b <= 6) return 6 + w;
  return -1;
}

TEST(Reachability, SixFullStateCount) {
  const auto t0 = std::chrono::steady_clock::now();
  // base3[k][x]: the base-3 value of byte k of a bitboard holding the set bits of x.
  uint32_t base3[2][256];
  for (int k = 0; k < 2; ++k)
    for (int x = 0; x < 256; ++x) {
      uint32_t value = 0, pow = k ? 6561 : 1;
      for (int i = 0; i < 8; ++i, pow *= 3)
        if (x >> i & 1) value += pow;
      base3[k][x] = value;
    }
  // digits[c]: the (White, Black) bytes of an 8-digit base-3 code c.
  std::array<uint8_t, 2> digits[6561] = {};
  for (uint32_t c = 0; c < 6561; ++c)
    for (uint32_t i = 0, x = c; i < 8; ++i, x /= 3)
      if (x % 3) digits[c][x % 3 - 1] |= uint8_t(1 << i);
  Position hands[NUM_HANDS];
  for (int w = 0; w <= 6; ++w)
    for (int b = 0; b <= 6; ++b)
      for (Color c : {WHITE, BLACK}) {
        Position p;
        p.in_hand = {uint8_t(w), uint8_t(b)};
        p.side_to_move = c;
        if (int h = hand_index(p); h >= 0) hands[h] = p;
      }

  auto encode = [&](const Position& p, int h) {
    auto b3 = [&](Bitboard s) { return base3[0][s & 0xFF] + base3[1][s >> 8 & 0xFF]; };
    return uint32_t(h) * POW3_16 + b3(p.stones[WHITE]) + 2 * b3(p.stones[BLACK]);
  };
  auto decode = [&](uint32_t id) {
    Position p = hands[id / POW3_16];
    const uint32_t board = id % POW3_16;
    const auto& lo = digits[board % 6561];
    const auto& hi = digits[board / 6561];
    p.stones[WHITE] = lo[0] | Bitboard(hi[0]) << 8;
    p.stones[BLACK] = lo[1] | Bitboard(hi[1]) << 8;
    return p;
  };

  std::vector<uint64_t> seen((uint64_t(NUM_HANDS) * POW3_16 + 63) / 64);
  auto first_visit = [&](uint32_t id) {
    uint64_t& word = seen[id >> 6];
    const uint64_t mask = uint64_t(1) << (id & 63);
    if (word & mask) return false;
    word |= mask;
    return true;
  };

  const Position start = start_position(SIX, WHITE);
  ASSERT_EQ(decode(encode(start, hand_index(start))), start);
  std::vector<uint32_t> frontier{encode(start, hand_index(start))}, next;
  first_visit(frontier[0]);
  uint64_t count = 1, outside = 0, game_over_states = 0;
  int plies = 0;
  for (; !frontier.empty(); ++plies) {
    next.clear();
    for (uint32_t id : frontier) {
      const Position p = decode(id);
      const MoveList moves(SIX, p);
      game_over_states += moves.size() == 0;
      for (Move m : moves) {
        const Position q = do_move(p, m);
        const int h = hand_index(q);
        if (h < 0) {
          ++outside;
          continue;
        }
        const uint32_t qid = encode(q, h);
        if (first_visit(qid)) next.push_back(qid);
      }
    }
    std::sort(next.begin(), next.end());  // nearby ids next: fewer cache misses
    count += next.size();
    frontier.swap(next);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("six: %llu reachable states (%llu with the game over), %d plies deep, %.1f s\n",
              (unsigned long long)count, (unsigned long long)game_over_states, plies - 1, seconds);
  RecordProperty("six_reachable_states", std::to_string(count));
  EXPECT_EQ(outside, 0u) << "a state with an in-hand combination outside the 14 expected";
  EXPECT_EQ(count, 42372745u);
}

}  // namespace
}  // namespace millbase
