#include "engine/sanmill_values.h"

#include "db/value_text.h"

namespace millbase::engine {

int sanmill_score(ValueCode v, Color mover) {
  if (is_draw(v)) return 0;
  return is_win(v) == (mover == WHITE) ? SANMILL_MATE : -SANMILL_MATE;
}

std::string sanmill_analysis_entry(std::string_view action, ValueCode v, Metric metric) {
  std::string out = std::string(action) + "=";
  if (is_draw(v)) return out + "draw(0)";
  const bool win = is_win(v);
  // Without " in N steps" where the tables store no distance (a play set).
  return out + (win ? "win(" : "loss(") + std::to_string(win ? SANMILL_MATE : -SANMILL_MATE) +
         (distance_unknown(v) ? "" : " in " + std::to_string(shown_plies(v, metric)) + " steps") +
         ")";
}

}  // namespace millbase::engine
