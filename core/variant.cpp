#include "core/variant.h"

#include <array>

#include "core/notation.h"

namespace millbase {

namespace {
constexpr std::array<const Variant*, 4> PRESETS = {&NINE, &NINE_NOFLYING, &SIX, &FIVE};
}

std::span<const Variant* const> all_variants() { return PRESETS; }

const Variant* find_variant(std::string_view name) {
  const std::string lower = ascii_lower(name);  // preset names are lower case
  for (const Variant* v : PRESETS)
    if (v->name == lower) return v;
  return nullptr;
}

}  // namespace millbase
