// Sanmill's FEN: the position format of Sanmill's engine and app, read and written for
// rules.md's games (docs/uci.md, "Sanmill's FEN"). Seventeen fields, separated by blanks:
//
//   <inner ring>/<middle ring>/<outer ring> <w|b> <phase> <action>
//   <White on board> <White in hand> <Black on board> <Black in hand>
//   <White to remove> <Black to remove> <four last-mill squares> <mills bitmask>
//   <plies without a mill> <move number>
//
// Each ring is 8 characters, from its top middle point clockwise (the inner ring d5 e5 e4
// e3 d3 c3 c4 c5): 'O' White, '@' Black, '*' empty. The phase is p (placing), m (moving)
// or o (game over); the action p (place), s (select a stone to move) or r (remove).
// A FEN with action r holds the board after a move that closed a mill, its removal to
// come: it is read as the position before one such move, with that move pending (under
// Lasker's rule phase p is a placement when the counter is 0, else a move). A game
// won by a removal (the loser left with two stones) is written as Sanmill writes it,
// before the side changes: the winner's letter, phase o, action r, its removal count 1
// and counter 0; it is read as the position after the removal, the loser to move.
// A move number of 0 reads as 1 and a counter over 50 with action r as 50 (Sanmill's
// app can count a slide twice; the mill resets the counter), as Sanmill's reader does;
// the app's trailing preferred removal (p:<square>) is read and dropped.
// What only Sanmill's other rules can hold (marked stones, several removals, last-mill
// squares, formed mills, capture fields c:, i:, l:) is refused, naming the field. The
// 16-point board is the inner and middle rings; its FEN has an empty outer ring.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "core/position.h"

namespace millbase::engine {

struct SanmillFen {
  Position position;            // the position; with `pending`, the one before that move
  std::optional<Move> pending;  // action r: a move that closed a mill, its removal to come
  int counter = 0;              // plies without a mill (Game's quiet plies), at `position`
  int ply = 0;                  // Sanmill's count of actions before `position` (a removal is one)
  int none_mark = 0;            // how the last-mill fields write "none": 0 or -1
};

// Returns true when the game is over at p with `counter` plies without a mill, as far as
// a FEN can tell (it has no history to repeat): the FEN's phase o.
bool sanmill_over(const Variant& v, const Position& p, int counter);

// Returns the point names of the FEN's 24 board characters, in their order (docs/uci.md's
// table; Sanmill numbers them 8..31).
const std::array<std::string_view, 24>& sanmill_points();

// Returns true when text is in Sanmill's FEN rather than the project's notation: its
// first word holds a '/'.
bool is_sanmill_fen(std::string_view text);

// Returns the position of a Sanmill FEN for v, checked as the project's notation is
// (validate()), or an error naming the offending field. Its phase is o exactly when
// sanmill_over().
Result<SanmillFen> parse_sanmill_fen(const Variant& v, std::string_view text);

// Returns the FEN of f, as Sanmill writes it: parse_sanmill_fen(v, format_sanmill_fen(v, f))
// reads the same text back (a pending move as one of the moves that fit the board).
std::string format_sanmill_fen(const Variant& v, const SanmillFen& f);

}  // namespace millbase::engine
