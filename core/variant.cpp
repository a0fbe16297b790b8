#include "core/variant.h"

#include <array>

namespace millbase {

namespace {
constexpr std::array<const Variant*, 4> PRESETS = {&NINE, &NINE_NOFLYING, &SIX, &FIVE};
}

std::span<const Variant* const> all_variants() { return PRESETS; }

const Variant* find_variant(std::string_view name) {
  for (const Variant* v : PRESETS)
    if (v->name == name) return v;
  return nullptr;
}

}  // namespace millbase
