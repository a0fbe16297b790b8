// Words and tokens in messages: input quoted so that it never reaches a terminal raw,
// names read in either case, the sides' names. Below notation.h, so that variant.cpp
// and position.cpp can name what they refuse without including the notation.
#pragma once

#include <string>
#include <string_view>

#include "core/types.h"

namespace millbase {

// Returns text quoted for an error message: bytes that are not printable ASCII as \xNN,
// and cut with "..." past 40 bytes, so that input never reaches a terminal raw.
std::string quote_token(std::string_view text);

// Returns text with its ASCII capitals made small: commands, variant and point names
// are read in either case.
std::string ascii_lower(std::string_view text);

// Returns "White" or "Black".
std::string_view color_name(Color c);

}  // namespace millbase
