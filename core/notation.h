// Text notation for points, positions and moves.
//
//   position: W:<points> B:<points> <w|b> [<white in hand> <black in hand>]
//             e.g. "W:c5,a4,b4 B:a7,d7 w"; in-hand counts default to 0; "W:" is empty.
//   move:     "d5" (place), "c5-d5" (slide or fly), with "xd7" appended for a removal.
#pragma once

#include <string>
#include <string_view>

#include "core/position.h"
#include "core/token_text.h"

namespace millbase {

// Returns the point named by text ("d5", or "D5"), or an error naming it.
Result<Point> parse_point(const Variant& v, std::string_view text);

// Returns the position described by text, checked with validate(), or an error naming
// the offending token.
Result<Position> parse_position(const Variant& v, std::string_view text);

// Returns the text of p; parse_position(v, format_position(v, p)) == p. Points are
// listed in board order; in-hand counts are written when either is non-zero.
std::string format_position(const Variant& v, const Position& p);

// Returns the move written in text without checking legality, or a syntax error.
Result<Move> parse_move_text(const Variant& v, std::string_view text);

// Returns the legal move of p written in text, or an error saying why it is not legal.
Result<Move> parse_move(const Variant& v, const Position& p, std::string_view text);

// Returns true when `token` is a removal written as a token of its own ("xb4", in either
// case) that completes `previous`, a move written without a removal: mill GUIs write a
// turn that closes a mill as two tokens, "d6-d5 xb4".
bool is_separate_removal(std::string_view token, std::string_view previous);

// Returns the text of m, e.g. "c5-d5xd7".
std::string format_move(const Variant& v, Move m);

}  // namespace millbase
