#include "tools/probe_input.h"

#include <iostream>
#include <sstream>

#include "core/token_text.h"
#include "db/value.h"

namespace millbase::cli {

std::vector<PositionText> read_positions(const std::vector<std::string>& args) {
  std::vector<PositionText> out;
  for (const std::string& a : args) {
    if (a != "-") {
      out.push_back({a, ""});
      continue;
    }
    int number = 0;
    for (std::string line; std::getline(std::cin, line);) {
      ++number;
      // Windows line endings and trailing blanks are not part of the position.
      line.erase(line.find_last_not_of(" \t\r") + 1);
      if (!line.empty()) out.push_back({line, "line " + std::to_string(number)});
    }
  }
  return out;
}

std::string missing_counts_hint(const Variant& v, const Position& p, const std::string& text) {
  std::istringstream words(text);
  int n = 0;
  for (std::string w; words >> w;) ++n;
  if (n != 3 || popcount(p.stones[WHITE]) + popcount(p.stones[BLACK]) >= 2 * v.stones) return "";
  return "; no in-hand counts were given, so none are in hand: if stones are still to be "
         "placed, add the counts, e.g. 'W: B: w " +
         std::to_string(v.stones) + " " + std::to_string(v.stones) + "'";
}

Result<int> take_counter(std::string& text, int otherwise) {
  const size_t at = text.rfind(" counter ");
  if (at == std::string::npos) return otherwise;
  const std::string number = text.substr(at + 9);
  int n = -1;
  size_t used = 0;
  try {
    n = std::stoi(number, &used);
  } catch (...) {
  }
  if (used != number.size() || n < 0 || n > FIFTY_PLIES)
    return Status::invalid("counter " + quote_token(number) + " is not a number of plies 0..50");
  text.erase(at);
  return n;
}

}  // namespace millbase::cli
