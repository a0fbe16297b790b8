#include "core/geometry.h"

namespace millbase {

static_assert(BOARD_24.num_points == 24 && BOARD_24.num_mills == 16 &&
              BOARD_24.num_adjacencies == 32);
static_assert(BOARD_24D.num_points == 24 && BOARD_24D.num_mills == 20 &&
              BOARD_24D.num_adjacencies == 40);
static_assert(BOARD_16.num_points == 16 && BOARD_16.num_mills == 8 &&
              BOARD_16.num_adjacencies == 20);
static_assert(board_is_consistent(BOARD_24));
static_assert(board_is_consistent(BOARD_24D));
static_assert(board_is_consistent(BOARD_16));

std::string_view point_name(const Board& b, Point p) {
  static constexpr char names[7][7][3] = {
#define ROW(c) {#c "1", #c "2", #c "3", #c "4", #c "5", #c "6", #c "7"}
      ROW(a), ROW(b), ROW(c), ROW(d),
      ROW(e), ROW(f), ROW(g)
#undef ROW
  };
  assert(p < b.num_points);
  return std::string_view(names[b.coord[p].col][b.coord[p].row], 2);
}

}  // namespace millbase
