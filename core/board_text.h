// A position drawn as text, for terminals and the engines' "d" command.
#pragma once

#include <string>

#include "core/position.h"

namespace millbase {

// Returns the board drawn in ASCII with coordinates, White as 'W', Black as 'B'.
std::string draw_board(const Variant& v, const Position& p);

}  // namespace millbase
