#include "core/board_text.h"

#include <algorithm>
#include <vector>

namespace millbase {

// The drawing puts column c at text column 2 + 4c and row r at line 2 (top - r); lines
// between adjacent points on one row or column are drawn with '-' and '|', a diagonal
// between neighbours one column and one row apart (twelve) with '/' or '\' half way.
std::string draw_board(const Variant& v, const Position& p) {
  const Board& b = *v.board;
  int cmin = 6, cmax = 0, rmin = 6, rmax = 0;
  for (int i = 0; i < b.num_points; ++i) {
    cmin = std::min<int>(cmin, b.coord[i].col), cmax = std::max<int>(cmax, b.coord[i].col);
    rmin = std::min<int>(rmin, b.coord[i].row), rmax = std::max<int>(rmax, b.coord[i].row);
  }
  const int width = 2 + 4 * (cmax - cmin) + 1, height = 2 * (rmax - rmin) + 1;
  std::vector<std::string> grid(height, std::string(width, ' '));
  auto x_of = [&](Coord c) { return 2 + 4 * (c.col - cmin); };
  auto y_of = [&](Coord c) { return 2 * (rmax - c.row); };
  for (int i = 0; i < b.num_points; ++i)
    for (Bitboard adj = b.adjacent[i]; adj;) {
      Coord c = b.coord[i], d = b.coord[pop_lsb(adj)];
      if (c.row == d.row)
        for (int x = std::min(x_of(c), x_of(d)) + 1; x < std::max(x_of(c), x_of(d)); ++x)
          grid[y_of(c)][x] = '-';
      else if (c.col == d.col)
        for (int y = std::min(y_of(c), y_of(d)) + 1; y < std::max(y_of(c), y_of(d)); ++y)
          grid[y][x_of(c)] = '|';
      else
        grid[(y_of(c) + y_of(d)) / 2][(x_of(c) + x_of(d)) / 2] =
            (d.col - c.col) * (d.row - c.row) > 0 ? '/' : '\\';
    }
  for (int i = 0; i < b.num_points; ++i) {
    Coord c = b.coord[i];
    char mark = contains(p.stones[WHITE], Point(i))   ? 'W'
                : contains(p.stones[BLACK], Point(i)) ? 'B'
                                                      : '.';
    grid[y_of(c)][x_of(c)] = mark;
  }
  for (int r = rmin; r <= rmax; ++r) grid[2 * (rmax - r)][0] = char('1' + r);
  std::string out;
  for (const std::string& line : grid) out += line.substr(0, line.find_last_not_of(' ') + 1) + "\n";
  std::string labels(width, ' ');
  for (int c = cmin; c <= cmax; ++c) labels[2 + 4 * (c - cmin)] = char('a' + c);
  return out + labels.substr(0, labels.find_last_not_of(' ') + 1) + "\n";
}

}  // namespace millbase
