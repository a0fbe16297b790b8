// JSON text: strings escaped for JSON, whatever bytes they hold.
#pragma once

#include <string>
#include <string_view>

namespace millbase {

// Returns s as a JSON string literal: quotes, backslashes and control bytes escaped,
// and every byte that is not part of well-formed UTF-8 replaced by U+FFFD.
std::string json_string(std::string_view s);

}  // namespace millbase
