#include "core/variant.h"

#include <algorithm>

#include <array>

namespace millbase {

namespace {
constexpr std::array<const Variant*, 4> PRESETS = {&NINE, &NINE_NOFLYING, &SIX, &FIVE};
}

std::span<const Variant* const> all_variants() { return PRESETS; }

const Variant* find_variant(std::string_view name) {
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
  for (const Variant* v : PRESETS)
    if (std::equal(v->name.begin(), v->name.end(), name.begin(), name.end(),
                   [&](char a, char b) { return lower(a) == lower(b); }))
      return v;
  return nullptr;
}

}  // namespace millbase
