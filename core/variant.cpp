#include "core/variant.h"

#include <array>

#include "core/token_text.h"

namespace millbase {

namespace {
constexpr std::array<const Variant*, 7> PRESETS = {&NINE,   &NINE_NOFLYING, &SIX,   &FIVE,
                                                   &TWELVE, &TWELVE_MALOM,  &LASKER};
}

std::span<const Variant* const> all_variants() { return PRESETS; }

std::string variant_names() {
  std::string names;
  for (const Variant* v : PRESETS) names += (names.empty() ? "" : ", ") + std::string(v->name);
  return names;
}

std::string unknown_variant_text(std::string_view name) {
  return "unknown variant " + quote_token(name) + " (choose " + variant_names() + ")";
}

const Variant* find_variant(std::string_view name) {
  const std::string lower = ascii_lower(name);  // preset names are lower case
  for (const Variant* v : PRESETS)
    if (v->name == lower) return v;
  return nullptr;
}

}  // namespace millbase
