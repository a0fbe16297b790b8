#include "core/token_text.h"

namespace millbase {

// The longest token an error message repeats whole.
constexpr size_t MAX_QUOTED = 40;

std::string quote_token(std::string_view s) {
  std::string out = "'";
  for (size_t i = 0; i < s.size() && i < MAX_QUOTED; ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += char(c);
    } else {
      static constexpr char HEX[] = "0123456789abcdef";
      out += "\\x";
      out += HEX[c >> 4];
      out += HEX[c & 15];
    }
  }
  if (s.size() > MAX_QUOTED) out += "...";
  return out + "'";
}

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

std::string_view color_name(Color c) { return c == WHITE ? "White" : "Black"; }

}  // namespace millbase
