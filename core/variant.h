// Variants: a board, stones per side and the flying rule, with named presets.
//
// Room for later variants (additions, not rewrites):
//  - Lasker morris: a flag letting a side move instead of place while it has stones in
//    hand (consulted by phase(), the only place that picks the kind of turn).
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
};

// Returns true when a side with these stones has lost at the start of its turn (rules.md,
// end of the game): none in hand and fewer than three on the board; under
// hand_counts_for_three, fewer than three on the board and in hand together.
constexpr bool too_few_stones(const Variant& v, int on_board, int in_hand) {
  return (in_hand == 0 || v.hand_counts_for_three) && on_board + in_hand < 3;
}

inline constexpr Variant NINE{"nine", &BOARD_24, 9, true};
inline constexpr Variant NINE_NOFLYING{"nine-noflying", &BOARD_24, 9, false};
inline constexpr Variant SIX{"six", &BOARD_16, 6, false};
inline constexpr Variant FIVE{"five", &BOARD_16, 5, false};
inline constexpr Variant TWELVE{"twelve", &BOARD_24D, 12, true, true};
// Twelve under the rules of Malom's Morabaraba database (docs/rules-notes.md): twelve's
// board, flying and full-board draw, and the stones in hand count toward three.
inline constexpr Variant TWELVE_MALOM{"twelve-malom", &BOARD_24D, 12, true, true, true};

// Returns every preset, in the order above.
std::span<const Variant* const> all_variants();

// Returns the preset with this name, or nullptr.
const Variant* find_variant(std::string_view name);

// Returns the presets' names in the order of all_variants(): "nine, nine-noflying, ...".
std::string variant_names();

// Returns "unknown variant 'x' (choose nine, nine-noflying, ...)" for a name that is none.
std::string unknown_variant_text(std::string_view name);

}  // namespace millbase
