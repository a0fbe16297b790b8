#include "db/shown_value.h"

#include <algorithm>

#include "db/value_text.h"

namespace millbase {

std::string ShownValue::text() const {
  return metric == Metric::FIFTY ? fifty_text(code, counter, placement) : value_text(code);
}

std::string ShownValue::brief() const {
  return metric == Metric::FIFTY ? fifty_move_text(code, counter) : value_text(code);
}

namespace {

// Returns "win", "loss" or "draw" for the side to move.
const char* result_word(ValueCode v) { return is_draw(v) ? "draw" : is_win(v) ? "win" : "loss"; }

// Writes `key`: n, or null.
void number_or_null(JsonWriter& w, std::string_view key, bool known, int n) {
  w.key(key);
  known ? w.value(n) : w.null();
}

}  // namespace

JsonWriter& ShownValue::write_json(JsonWriter& w) const {
  const bool stored = !distance_unknown(code);
  if (metric != Metric::FIFTY) {
    w.field("result", result_word(code));
    number_or_null(w, "distance", !is_draw(code) && stored, distance(code));
  } else {
    const ValueCode at = now();
    const FiftyClass cls = fifty_class(code);
    std::string name = fifty_class_name(cls);
    std::replace(name.begin(), name.end(), ' ', '_');
    w.field("rule", "fifty").field("counter", counter).field("result", result_word(at));
    number_or_null(w, "distance", !is_draw(at) && stored, fifty_z(at));
    w.field("class", name);
    const bool decisive = cls == FiftyClass::Win || cls == FiftyClass::Loss;
    number_or_null(w, "z", decisive && stored, fifty_z(code));
  }
  if (!stored) w.field("distance_stored", false);
  return w;
}

std::string ShownValue::terse() const {
  const ValueCode v = now();
  if (is_draw(v)) return "draw";
  const std::string result = is_win(v) ? "win" : "loss";
  return distance_unknown(v) ? result : result + " " + std::to_string(shown_plies(v, metric));
}

Wdl ShownValue::wdl() const { return wdl_of(now()); }

ValueCode ShownValue::now() const {
  return metric == Metric::FIFTY ? fifty_at(code, counter) : code;
}

}  // namespace millbase
