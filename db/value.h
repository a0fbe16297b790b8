// Game values as stored in the tables (rules.md, values stored in the tables).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

namespace millbase {

// A value code. On disk: do not change. 0 = draw; otherwise distance + 1, where the
// distance N counts plies to the end of the game and an odd N is a win for the side to
// move, an even N a loss (code 1 = loss in 0: the game is over).
using ValueCode = uint16_t;

constexpr ValueCode DRAW = 0;
constexpr ValueCode LOSS_IN_0 = 1;
constexpr int MAX_DISTANCE = 0xFFFE;

// Returns the code of "win in d" (d odd) or "loss in d" (d even).
constexpr ValueCode code_of_distance(int d) { return ValueCode(d + 1); }
constexpr bool is_draw(ValueCode v) { return v == DRAW; }
constexpr bool is_win(ValueCode v) { return v != DRAW && (v - 1) % 2 == 1; }
constexpr bool is_loss(ValueCode v) { return v != DRAW && (v - 1) % 2 == 0; }
// Returns the distance of a win or loss code.
constexpr int distance(ValueCode v) { return v - 1; }

// Win, draw or loss for the side to move, as the WDL plane of a table stores it. On
// disk: do not change (class 3 is invalid).
enum class Wdl : uint8_t { Draw = 0, Win = 1, Loss = 2 };

// Returns the class of a value.
constexpr Wdl wdl_of(ValueCode v) {
  return is_draw(v) ? Wdl::Draw : is_win(v) ? Wdl::Win : Wdl::Loss;
}

// Returns "win in 13", "loss in 4" or "draw".
inline std::string value_text(ValueCode v) {
  if (is_draw(v)) return "draw";
  return std::string(is_win(v) ? "win in " : "loss in ") + std::to_string(distance(v));
}

// Returns the value of a position from the values of its successors, by the formula
// of rules.md: a win in 1 + min k over successors lost in k; else, if every successor
// is won, a loss in 1 + max k; else a draw. Call add() per successor, then result().
class ValueFolder {
 public:
  void add(ValueCode child) {
    if (is_loss(child))
      best_win_ = std::min(best_win_, distance(child) + 1);
    else if (is_win(child))
      worst_loss_ = std::max(worst_loss_, distance(child) + 1);
    else
      any_draw_ = true;
  }
  bool has_win() const { return best_win_ != NO_WIN; }
  bool any_draw() const { return any_draw_; }
  // Returns 1 + the largest distance of a won successor (0 if none).
  int worst_loss() const { return worst_loss_; }
  ValueCode result() const {
    if (has_win()) return code_of_distance(best_win_);
    if (any_draw_) return DRAW;
    return code_of_distance(worst_loss_);  // no successor at all: loss in 0
  }

 private:
  static constexpr int NO_WIN = 1 << 30;
  int best_win_ = NO_WIN;
  int worst_loss_ = 0;
  bool any_draw_ = false;
};

}  // namespace millbase
