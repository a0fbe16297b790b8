#include "db/sector.h"

#include <charconv>

#include "core/notation.h"

namespace millbase {

std::string sector_name(const Sector& s) {
  std::string name = std::to_string(s.us) + "-" + std::to_string(s.them);
  if (s.placement()) name += "+" + std::to_string(s.us_hand) + "-" + std::to_string(s.them_hand);
  return name;
}

Result<Sector> parse_sector(std::string_view text) {
  int v[4] = {0, 0, 0, 0};
  const char* p = text.data();
  const char* end = p + text.size();
  const char separators[4] = {'-', '+', '-', '\0'};
  int n = 0;
  for (; n < 4; ++n) {
    auto [next, ec] = std::from_chars(p, end, v[n]);
    if (ec != std::errc() || v[n] < 0 || v[n] > 32) break;
    p = next;
    if (p == end) break;
    if (*p != separators[n]) break;
    ++p;
  }
  if (p != end || (n != 1 && n != 3))
    return Status::error("sector " + quote_token(text) +
                         " must read <us>-<them> or <us>-<them>+<us in hand>-<them in hand>");
  return Sector{uint8_t(v[0]), uint8_t(v[1]), uint8_t(v[2]), uint8_t(v[3])};
}

std::vector<Sector> successor_sectors(const Variant& v, const Sector& s) {
  std::vector<Sector> out;
  // The children of a placement (place) or of a move (!place); a mill needs three stones.
  auto add = [&](bool place) {
    out.push_back(child_sector(s, place, false));
    if (s.them > 0 && s.us + place >= 3) out.push_back(child_sector(s, place, true));
  };
  add(s.us_hand > 0);
  if (s.us_hand > 0 && may_move(v, s.us, s.us_hand)) add(false);
  return out;
}

}  // namespace millbase
