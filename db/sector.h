// Sectors: positions grouped by the stones on the board and in hand of the side to
// move ("us") and of the opponent ("them").
#pragma once

#include <compare>
#include <string>
#include <vector>

#include "core/position.h"

namespace millbase {

struct Sector {
  uint8_t us = 0, them = 0;            // stones on the board
  uint8_t us_hand = 0, them_hand = 0;  // stones in hand

  constexpr bool placement() const { return us_hand || them_hand; }
  // Returns true for a last placement: one stone left in the hands (hands 1 and 0).
  constexpr bool last_placement() const { return us_hand + them_hand == 1; }
  auto operator<=>(const Sector&) const = default;
};

// Returns the sector of p (side to move normalised).
inline Sector sector_of(const Position& p) {
  return Sector{uint8_t(popcount(p.us())), uint8_t(popcount(p.them())), p.in_hand[p.side_to_move],
                p.in_hand[~p.side_to_move]};
}

// Returns true when every position of s in v is over: the side to move has too few
// stones (core/variant.h too_few_stones; loss in 0; such sectors are not stored).
inline bool is_terminal(const Variant& v, const Sector& s) {
  return too_few_stones(v, s.us, s.us_hand);
}

// Returns the name of s: "8-7" for movement, "3-2+4-4" with stones in hand.
std::string sector_name(const Sector& s);

// Returns the sector named by text, or an error naming it.
Result<Sector> parse_sector(std::string_view text);

// Returns the sector of the opponent after a move from s: `removed` when it removes a
// stone, `placed` when it places one.
inline Sector child_sector(const Sector& s, bool placed, bool removed) {
  return Sector{uint8_t(s.them - removed), uint8_t(s.us + placed), s.them_hand,
                uint8_t(s.us_hand - placed)};
}

// Returns the sectors the moves from s in v can lead to (stored or terminal): the child
// without a removal, and the one with a removal when a mill can close and the opponent
// has a stone on the board; first those of the kind of turn that phase() names, then,
// under Lasker's rule with stones both in hand and on the board, those of a move (the
// mirror sector, and the one with a removal).
std::vector<Sector> successor_sectors(const Variant& v, const Sector& s);

}  // namespace millbase
