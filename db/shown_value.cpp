#include "db/shown_value.h"

#include "db/value_text.h"

namespace millbase {

std::string ShownValue::text() const {
  return metric == Metric::FIFTY ? fifty_text(code, counter, placement) : value_text(code);
}

std::string ShownValue::brief() const {
  return metric == Metric::FIFTY ? fifty_move_text(code, counter) : value_text(code);
}

std::string ShownValue::json() const {
  return metric == Metric::FIFTY ? json_fifty(code, counter) : json_value(code);
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
