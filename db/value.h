// Game values as stored in the tables (rules.md, values stored in the tables).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/position.h"

namespace millbase {

// What a table's values measure (the header's metric byte). On disk: do not change.
// PLAIN: no draw rule, plies to the end of the game. FIFTY: the 50-ply rule's values (fifty codes,
// below).
enum class Metric : uint8_t { PLAIN = 0, FIFTY = 1 };

// A value code. On disk: do not change. 0 = draw; otherwise distance + 1, where the
// distance N counts plies to the end of the game and an odd N is a win for the side to
// move, an even N a loss (code 1 = loss in 0: the game is over).
using ValueCode = uint16_t;

constexpr ValueCode DRAW = 0;
constexpr ValueCode LOSS_IN_0 = 1;
constexpr int MAX_DISTANCE = 0x7FFF;  // the largest distance a table stores

// A win or a loss whose distance is not stored (a play set's placement tables,
// docs/play-set.md). The codes keep the parity of the result and lie beyond every
// stored distance, so is_win, is_loss and wdl_of read them as any code and better()
// ranks them as the longest win and the longest loss (under the 50-ply rule,
// better_under_rule: after every win and before every loss under the rule). On disk:
// do not change.
constexpr ValueCode LOSS_NOT_STORED = 0x8001;
constexpr ValueCode WIN_NOT_STORED = 0x8002;

// Returns the stored value of a position where the game is over (g != None): a loss in
// 0, or a draw for a full board under the full-board rule. In every table format.
constexpr ValueCode game_over_value(GameOver g) {
  return g == GameOver::FullBoard ? DRAW : LOSS_IN_0;
}

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

// Returns true for a win or loss whose distance is not stored.
constexpr bool distance_unknown(ValueCode v) { return v >= LOSS_NOT_STORED; }
// Returns the code of a result without distance: DRAW, WIN_NOT_STORED or
// LOSS_NOT_STORED.
constexpr ValueCode code_without_distance(Wdl w) {
  return w == Wdl::Draw ? DRAW : w == Wdl::Win ? WIN_NOT_STORED : LOSS_NOT_STORED;
}
// Returns v, or the code of its result without distance when v's distance was found
// from one that is not stored (beyond MAX_DISTANCE): one ply before "win, not
// stored" is "loss, not stored", and so on.
constexpr ValueCode keep_unknown(ValueCode v) {
  return distance_unknown(v) ? code_without_distance(wdl_of(v)) : v;
}

// Returns "win in 13", "loss in 4" or "draw"; "win (distance not stored)" or "loss
// (distance not stored)" for a value of a play set's placement table.
inline std::string value_text(ValueCode v) {
  if (is_draw(v)) return "draw";
  if (distance_unknown(v))
    return is_win(v) ? "win (distance not stored)" : "loss (distance not stored)";
  return std::string(is_win(v) ? "win in " : "loss in ") + std::to_string(distance(v));
}

// ---------------------------------------------------------------------------------------
// Values under the 50-ply rule (Metric::FIFTY tables, docs/fifty-ply.md).
//
// A movement position p has one distance z(p): plies to the next move that closes a mill
// or to the end of the game, the winner shortest, the loser longest, where a move that
// closes a mill counts 1 whatever follows it. Its value with c plies on the counter is
//     (1) win  iff p wins in z  and z <= 50 - c,
//     (2) loss iff p loses in z and z <= 50 - c,
//     (3) draw otherwise.
// A placement position has no counter; its z counts plies to the first zeroing move of
// the movement phase or the end, placement plies included, and is not capped.
//
// A fifty code is a ValueCode whose distance D keeps the parity of the result:
//     (4) win in z  <->  D = 2z - 1,     loss in z  <->  D = 2z,     z = (D + 1) / 2,
// so is_win, is_loss, wdl_of and better() read it as they read a DTM code, and the block
// codec stores it unchanged. A position that is decisive without the rule but drawn
// under it is stored as a win (cursed win) or a loss (blessed loss) in z = FIFTY_BEYOND,
// so the WDL plane of a fifty table is the value without the rule.

constexpr int FIFTY_PLIES = 50;    // the counter's limit
constexpr int FIFTY_BEYOND = 127;  // the z of a cursed win or a blessed loss

// Returns the fifty code of a win (win = true) or a loss in z, by (4).
constexpr ValueCode fifty_code(bool win, int z) {
  return code_of_distance(win ? 2 * z - 1 : 2 * z);
}
// Returns the z of a fifty code that is not a draw, by (4).
constexpr int fifty_z(ValueCode v) { return (distance(v) + 1) / 2; }

// The value of a position under the rule with the counter at 0, five ways. On disk
// (JSON "class" strings): do not change the order.
enum class FiftyClass : uint8_t { Win, CursedWin, Draw, BlessedLoss, Loss };

// Returns the class of a fifty code at counter 0.
constexpr FiftyClass fifty_class(ValueCode v) {
  if (is_draw(v)) return FiftyClass::Draw;
  const bool beyond = fifty_z(v) == FIFTY_BEYOND;
  if (is_win(v)) return beyond ? FiftyClass::CursedWin : FiftyClass::Win;
  return beyond ? FiftyClass::BlessedLoss : FiftyClass::Loss;
}

// Returns the value under the rule with `counter` plies on the counter, by (1)-(3): the
// fifty code itself when decisive, else DRAW. A placement position takes counter 0.
constexpr ValueCode fifty_at(ValueCode v, int counter) {
  if (is_draw(v) || fifty_z(v) == FIFTY_BEYOND) return DRAW;
  if (counter > 0 && fifty_z(v) > FIFTY_PLIES - counter) return DRAW;
  return v;
}

// Returns the fifty code, for the mover, of a move into a position whose stored fifty
// code is `after` (the opponent to move). zeroing: the move closed a mill in the
// movement phase; placement: it was played in the placement phase (which has no
// counter). A win or loss in 1 for a zeroing move, else in the child's z + 1, so that
// fifty_at(code, counter before the move) is the move's value under the rule: a quiet
// move's child counts at counter + 1 iff z + 1 <= 50 - counter. A child decisive only
// without the rule, or z + 1 beyond 50 in the movement phase, makes the move a cursed
// win or a blessed loss (z = FIFTY_BEYOND).
constexpr ValueCode fifty_for_mover(ValueCode after, bool zeroing, bool placement) {
  if (is_draw(after)) return DRAW;
  const bool win = is_loss(after);
  if (distance_unknown(after)) return win ? WIN_NOT_STORED : LOSS_NOT_STORED;
  if (fifty_z(after) == FIFTY_BEYOND) return fifty_code(win, FIFTY_BEYOND);
  if (zeroing) return fifty_code(win, 1);
  const int z = fifty_z(after) + 1;
  return fifty_code(win, !placement && z > FIFTY_PLIES ? FIFTY_BEYOND : z);
}

// Returns the value as a table without distances stores it (Encoding::WDL_ONLY): DRAW,
// WIN_NOT_STORED or LOSS_NOT_STORED; for FIFTY codes, the result under the rule at
// counter 0 (cursed wins and blessed losses are draws).
constexpr ValueCode drop_distance(ValueCode v, Metric metric) {
  return code_without_distance(wdl_of(metric == Metric::FIFTY ? fifty_at(v, 0) : v));
}

// Returns true when value a is better than b for the side that gets it.
constexpr bool better(ValueCode a, ValueCode b) {
  auto rank = [](ValueCode v) -> long {
    if (is_win(v)) return 1000000L - distance(v);
    if (is_draw(v)) return 0;
    return -1000000L + distance(v);
  };
  return rank(a) > rank(b);
}

// Returns true when fifty code a is better than b for the side that gets it with
// `counter` plies on the counter: by the value under the rule at that counter first,
// then by better() (so among draws now, a move that would win with a lower counter
// comes first). The same order as better() for codes with distances; a win without
// stored distance comes before a cursed win, a blessed loss before a loss without.
constexpr bool better_under_rule(ValueCode a, ValueCode b, int counter) {
  const ValueCode a_now = fifty_at(a, counter), b_now = fifty_at(b, counter);
  if (a_now != b_now) return better(a_now, b_now);
  return better(a, b);
}

// Returns the fifty code of a position from its successors' stored fifty codes: the
// best, by better_under_rule() at counter 0, of fifty_for_mover over its moves, the
// order analyze() ranks moves in at counter 0. (The solver finds the same code in two steps: the
// value at counter 0 from its successors, then the labels beyond the rule from the plain tables;
// here they come from the successors' labels.) Call add() per move, then result().
class FiftyFolder {
 public:
  void add(ValueCode after, bool zeroing, bool placement) {
    const ValueCode mine = fifty_for_mover(after, zeroing, placement);
    if (!any_ || better_under_rule(mine, best_, 0)) best_ = mine;
    any_ = true;
  }
  // No move at all: a loss in 0.
  ValueCode result() const { return any_ ? best_ : LOSS_IN_0; }

 private:
  ValueCode best_ = DRAW;
  bool any_ = false;
};

// Returns "win", "cursed win", "draw", "blessed loss" or "loss".
inline const char* fifty_class_name(FiftyClass c) {
  constexpr const char* NAMES[] = {"win", "cursed win", "draw", "blessed loss", "loss"};
  return NAMES[int(c)];
}

// Returns the value of a position from the values of its successors, by the formula
// of rules.md: a win in 1 + min k over successors lost in k; else, if every successor
// is won, a loss in 1 + max k; else a draw. Call add() per successor, then result().
// For fifty codes (4), construct it with loss_step 3: a loss in 1 + max z is
// D = 2 (1 + max z) = max D + 3 over won successors, while a win in 1 + min z is still
// D = min D + 1 over lost ones.
class ValueFolder {
 public:
  explicit ValueFolder(int loss_step = 1) : loss_step_(loss_step) {}
  void add(ValueCode child) {
    if (is_loss(child))
      best_win_ = std::min(best_win_, distance(child) + 1);
    else if (is_win(child))
      worst_loss_ = std::max(worst_loss_, distance(child) + loss_step_);
    else
      any_draw_ = true;
  }
  // Fifty codes: adds the successor of a zeroing move (a mill closed in the movement
  // phase) from its value under the rule at counter 0. Its own distance does not count:
  // the move is the whole distance, a win in 1 (D = 1) or a loss in 1 (D = 2).
  void add_zeroing(ValueCode child_at_0) {
    if (is_loss(child_at_0))
      best_win_ = std::min(best_win_, 1);
    else if (is_win(child_at_0))
      worst_loss_ = std::max(worst_loss_, 2);
    else
      any_draw_ = true;
  }
  bool has_win() const { return best_win_ != NO_WIN; }
  bool any_draw() const { return any_draw_; }
  // Returns loss_step + the largest distance of a won successor (0 if none).
  int worst_loss() const { return worst_loss_; }
  ValueCode result() const {
    if (has_win()) return keep_unknown(code_of_distance(best_win_));
    if (any_draw_) return DRAW;
    return keep_unknown(code_of_distance(worst_loss_));  // no successor at all: loss in 0
  }

 private:
  static constexpr int NO_WIN = 1 << 30;
  int loss_step_;
  int best_win_ = NO_WIN;
  int worst_loss_ = 0;
  bool any_draw_ = false;
};

}  // namespace millbase
