#include "db/value_text.h"

namespace millbase {

int shown_plies(ValueCode v, Metric metric) {
  return metric == Metric::FIFTY ? fifty_z(v) : distance(v);
}

std::string rule_value_text(ValueCode v, Metric metric) {
  if (is_draw(v) || distance_unknown(v)) return value_text(v);
  return std::string(is_win(v) ? "win in " : "loss in ") + std::to_string(shown_plies(v, metric));
}

std::string fifty_text(ValueCode v, int counter, bool placement) {
  const FiftyClass cls = fifty_class(v);
  const char* to = placement ? " (50-ply rule: plies to the first mill of the movement phase or "
                               "the end)"
                             : " (50-ply rule: plies to the next mill or the end)";
  switch (cls) {
    case FiftyClass::Draw:
      return "draw";
    case FiftyClass::CursedWin:
      return "cursed win: a draw under the 50-ply rule (a win without it)";
    case FiftyClass::BlessedLoss:
      return "blessed loss: a draw under the 50-ply rule (a loss without it)";
    default:
      break;
  }
  const std::string result = cls == FiftyClass::Win ? "win" : "loss";
  if (distance_unknown(v)) return result + " under the 50-ply rule (distance not stored)";
  const int z = fifty_z(v);
  if (!is_draw(fifty_at(v, counter))) return result + " in " + std::to_string(z) + to;
  return "draw under the 50-ply rule with the counter at " + std::to_string(counter) + " (a " +
         result + " in " + std::to_string(z) + " with the counter at " +
         std::to_string(FIFTY_PLIES - z) + " or less)";
}

std::string fifty_move_text(ValueCode v, int counter) {
  const ValueCode now = fifty_at(v, counter);
  if (distance_unknown(now)) return value_text(now);
  if (!is_draw(now)) return (is_win(now) ? "win in " : "loss in ") + std::to_string(fifty_z(now));
  switch (fifty_class(v)) {
    case FiftyClass::Draw:
      return "draw";
    case FiftyClass::CursedWin:
    case FiftyClass::BlessedLoss:
      return std::string("draw (") + fifty_class_name(fifty_class(v)) + ")";
    default:
      return std::string("draw (a ") + (is_win(v) ? "win" : "loss") + " in " +
             std::to_string(fifty_z(v)) + " needs the counter at " +
             std::to_string(FIFTY_PLIES - fifty_z(v)) + " or less)";
  }
}

}  // namespace millbase
