// A value as every door shows it (CLI, engines, web API): a code of the tables' metric,
// with the 50-ply counter and the phase it is read at. One object, four forms, so that no
// door branches on the metric to pick its words.
#pragma once

#include <string>

#include "core/json_writer.h"
#include "db/table_header.h"
#include "db/value.h"

namespace millbase {

struct ShownValue {
  ValueCode code = DRAW;  // as the tables store it: a plain code or a fifty code
  Metric metric = Metric::PLAIN;
  int counter = 0;         // the 50-ply counter it is read at (FIFTY only)
  bool placement = false;  // the position is in placement (it has no counter yet)

  // Returns the full words: "win in 13"; under the rule "win in 7 (50-ply rule: plies
  // to the next mill or the end)", "cursed win: a draw under the 50-ply rule (a win
  // without it)", ... (fifty_text).
  std::string text() const;
  // Returns the brief words, as a move list shows them: "win in 13"; under the rule
  // "win in 8", "draw (cursed win)", "draw (a win in 9 needs the counter at 41 or less)".
  std::string brief() const;
  // Writes the members into w's open object, and returns w: "result":"win",
  // "distance":13 (null for a draw); under the rule "rule":"fifty","counter":c, "result"
  // (at c), "distance" (z when that result is decisive, else null), "class" (five ways,
  // at counter 0) and "z" (z of a decisive class, else null); where no distance is
  // stored, "distance_stored":false after them.
  JsonWriter& write_json(JsonWriter& w) const;
  // Returns the terse words of the engine protocol (docs/engine-protocol.md): "win 13",
  // "loss 4", "draw"; "win" or "loss" alone where no distance is stored; under the rule
  // the result at the counter and its plies to the next mill or the end.
  std::string terse() const;
  // Returns the result for the side to move: under the rule, at the counter.
  Wdl wdl() const;
  // Returns the code that decides the game at the counter: the plain code, or fifty_at.
  ValueCode now() const;
};

}  // namespace millbase
