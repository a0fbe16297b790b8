// Values as Sanmill's engine writes them (docs/uci.md, "Sanmill's answers"): on its score
// scale, where a stone is worth 5 (VALUE_EACH_PIECE) and a won game 80 (VALUE_MATE), and
// in the words of its `analyze` answer.
#pragma once

#include <string>
#include <string_view>

#include "core/types.h"
#include "db/value.h"

namespace millbase::engine {

// Sanmill's VALUE_MATE: the score of a won game.
constexpr int SANMILL_MATE = 80;

// Returns the score of v, a value for `mover`, from White's side as Sanmill's `info score`
// gives it: SANMILL_MATE when White wins, -SANMILL_MATE when Black wins, 0 for a draw.
int sanmill_score(ValueCode v, Color mover);

// Returns one entry of Sanmill's "info analysis" line for an action whose value for the
// mover is v: "d6=win(80 in 13 steps)", "d6-d5=loss(-80 in 4 steps)" or "xb4=draw(0)"; the
// steps are the plies shown to users (shown_plies).
std::string sanmill_analysis_entry(std::string_view action, ValueCode v, Metric metric);

}  // namespace millbase::engine
