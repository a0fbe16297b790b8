// Compile-time construction and self-check of boards. Included by geometry.h only.
#pragma once

namespace millbase {
namespace detail {

// Returns the coordinate named by two characters such as "d5".
constexpr Coord parse_coord(std::string_view s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'g' || s[1] < '1' || s[1] > '7')
    throw "bad point name in board spec";
  return Coord{int8_t(s[0] - 'a'), int8_t(s[1] - '1')};
}

// Calls f on each whitespace-separated token of s.
template <class F>
constexpr void for_each_token(std::string_view s, F f) {
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ') ++j;
    if (j > i) f(s.substr(i, j - i));
    i = j;
  }
}

constexpr int abs(int x) { return x < 0 ? -x : x; }
constexpr int ring(Coord c) {
  int dx = abs(c.col - 3), dy = abs(c.row - 3);
  return dx > dy ? dx : dy;
}

// Returns the image of c under symmetry s = 8*swap + 4*reflect + rotation. Swapping
// maps ring r (distance from the centre) to rmin + rmax - r along the same ray.
constexpr Coord transform_coord(Coord c, int s, int rmin, int rmax) {
  int dx = c.col - 3, dy = c.row - 3;
  if (s & 8) {
    int r = ring(c), r2 = rmin + rmax - r;
    dx = dx / r * r2;
    dy = dy / r * r2;
  }
  if (s & 4) dx = -dx;
  for (int k = 0; k < (s & 3); ++k) {
    int t = dx;
    dx = -dy;
    dy = t;
  }
  return Coord{int8_t(dx + 3), int8_t(dy + 3)};
}

}  // namespace detail

constexpr Board make_board(const BoardSpec& spec) {
  Board b;
  b.name = spec.name;
  detail::for_each_token(spec.points, [&](std::string_view t) {
    if (b.num_points == MAX_POINTS) throw "too many points";
    b.coord[b.num_points++] = detail::parse_coord(t);
  });
  b.all = b.num_points == 32 ? ~Bitboard(0) : (Bitboard(1) << b.num_points) - 1;
  auto point = [&](std::string_view t) {
    Point p = b.point_at(detail::parse_coord(t));
    if (p == NO_POINT) throw "line names a point not on the board";
    return p;
  };
  auto connect = [&](Point p, Point q) {
    if (!contains(b.adjacent[p], q)) ++b.num_adjacencies;
    b.adjacent[p] |= bit(q);
    b.adjacent[q] |= bit(p);
  };
  auto for_each_path = [&](std::string_view list, auto f) {
    detail::for_each_token(list, [&](std::string_view path) {
      Point pts[MAX_POINTS] = {};
      int n = 0;
      for (size_t i = 0; i < path.size(); i += 3) pts[n++] = point(path.substr(i, 2));
      for (int i = 0; i + 1 < n; ++i) connect(pts[i], pts[i + 1]);
      f(pts, n);
    });
  };
  for_each_path(spec.mill_lines, [&](const Point* pts, int n) {
    Bitboard m = 0;
    for (int i = 0; i < n; ++i) m |= bit(pts[i]);
    if (n != 3 || b.num_mills == MAX_MILLS) throw "bad mill line";
    b.mills[b.num_mills++] = m;
    for (int i = 0; i < n; ++i) {
      Point p = pts[i];
      if (b.mill_count[p] == MAX_MILLS_PER_POINT) throw "too many mills through a point";
      b.mills_at[p][b.mill_count[p]++] = m & ~bit(p);
    }
  });
  for_each_path(spec.connectors, [](const Point*, int) {});

  int rmin = 7, rmax = 0;
  for (int p = 0; p < b.num_points; ++p) {
    int r = detail::ring(b.coord[p]);
    rmin = r < rmin ? r : rmin;
    rmax = r > rmax ? r : rmax;
  }
  for (int s = 0; s < NUM_SYMMETRIES; ++s)
    for (int p = 0; p < b.num_points; ++p) {
      Point q = b.point_at(detail::transform_coord(b.coord[p], s, rmin, rmax));
      if (q == NO_POINT) throw "symmetry leaves the board";
      b.symmetry[s][p] = q;
    }
  for (int s = 0; s < NUM_SYMMETRIES; ++s)
    for (int t = 0; t < NUM_SYMMETRIES; ++t) {
      bool inverse = true;
      for (int p = 0; p < b.num_points; ++p) inverse &= b.symmetry[t][b.symmetry[s][p]] == p;
      if (inverse) b.inverse[s] = uint8_t(t);
    }
  return b;
}

// Self-check: every symmetry is a permutation mapping mills to mills and adjacency to
// adjacency; the 16 are distinct, closed under composition, with inverses.
constexpr bool board_is_consistent(const Board& b) {
  auto same = [&](int s, int t) {
    for (int p = 0; p < b.num_points; ++p)
      if (b.symmetry[s][p] != b.symmetry[t][p]) return false;
    return true;
  };
  for (int p = 0; p < b.num_points; ++p)
    if (b.symmetry[0][p] != p) return false;
  for (int s = 0; s < NUM_SYMMETRIES; ++s) {
    if (b.transform(b.all, s) != b.all) return false;
    for (int i = 0; i < b.num_mills; ++i) {
      bool found = false;
      for (int j = 0; j < b.num_mills; ++j) found |= b.transform(b.mills[i], s) == b.mills[j];
      if (!found) return false;
    }
    for (int p = 0; p < b.num_points; ++p)
      if (b.transform(b.adjacent[p], s) != b.adjacent[b.symmetry[s][p]]) return false;
    for (int t = 0; t < s; ++t)
      if (same(s, t)) return false;
    for (int t = 0; t < NUM_SYMMETRIES; ++t) {
      bool closed = false;
      for (int u = 0; u < NUM_SYMMETRIES; ++u) {
        bool eq = true;
        for (int p = 0; p < b.num_points; ++p)
          eq &= b.symmetry[u][p] == b.symmetry[t][b.symmetry[s][p]];
        closed |= eq;
      }
      if (!closed) return false;
    }
    for (int p = 0; p < b.num_points; ++p)
      if (b.symmetry[b.inverse[s]][b.symmetry[s][p]] != p) return false;
  }
  return true;
}

}  // namespace millbase
