// Variants: a board, stones per side and the flying rule, with named presets.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/geometry.h"

namespace millbase {

struct Variant {
  std::string_view name;
  const Board* board;
  int stones;   // per side
  bool flying;  // a side with exactly three stones on the board and none in hand flies
  // The full-board rule (rules.md, twelve): a side with no legal move because every point
  // is occupied draws instead of losing.
  bool full_board_draw = false;
  // Malom's rule of too few stones (docs/rules-notes.md; not in rules.md): the stones in
  // hand count toward the three a side needs, so a side with fewer than three on the
  // board and in hand together has lost, in placement too.
  bool hand_counts_for_three = false;
  // Lasker morris (rules.md, "(lasker)"): a side with stones in hand may move a stone on
  // the board instead of placing one, and the draw rules of play count from the first ply.
  bool move_in_placement = false;
};

// Returns true when a side with these stones has lost at the start of its turn (rules.md,
// end of the game): none in hand and fewer than three on the board; under
// hand_counts_for_three, fewer than three on the board and in hand together.
constexpr bool too_few_stones(const Variant& v, int on_board, int in_hand) {
  return (in_hand == 0 || v.hand_counts_for_three) && on_board + in_hand < 3;
}

// Returns true when a side with these stones flies when it moves a stone (rules.md, a
// turn): flying on and exactly three stones on the board and in hand together. A side
// moves with none in hand except under move_in_placement (Lasker), where the hand counts.
constexpr bool flies(const Variant& v, int on_board, int in_hand) {
  return v.flying && on_board + in_hand == 3;
}

// Returns true when a side with these stones may move a stone on the board this turn
// (rather than only place): none in hand, or Lasker's choice while it has one there.
constexpr bool may_move(const Variant& v, int on_board, int in_hand) {
  return in_hand == 0 || (v.move_in_placement && on_board > 0);
}

inline constexpr Variant NINE{"nine", &BOARD_24, 9, true};
inline constexpr Variant NINE_NOFLYING{"nine-noflying", &BOARD_24, 9, false};
inline constexpr Variant SIX{"six", &BOARD_16, 6, false};
inline constexpr Variant FIVE{"five", &BOARD_16, 5, false};
inline constexpr Variant TWELVE{"twelve", &BOARD_24D, 12, true, true};
// Twelve under the rules of Malom's Morabaraba database (docs/rules-notes.md): twelve's
// board, flying and full-board draw, and the stones in hand count toward three.
inline constexpr Variant TWELVE_MALOM{"twelve-malom", &BOARD_24D, 12, true, true, true};
// Lasker morris: nine's board, ten stones, flying, the hand counting toward three and
// moves while stones are in hand.
inline constexpr Variant LASKER{"lasker", &BOARD_24, 10, true, false, true, true};

// Returns every preset, in the order above.
std::span<const Variant* const> all_variants();

// Returns the preset with this name, or nullptr.
const Variant* find_variant(std::string_view name);

// Returns the presets' names in the order of all_variants(): "nine, nine-noflying, ...".
std::string variant_names();

// Returns "unknown variant 'x' (choose nine, nine-noflying, ...)" for a name that is none.
std::string unknown_variant_text(std::string_view name);

}  // namespace millbase
