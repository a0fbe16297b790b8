// The rule options of Sanmill's engine (PiecesCount, MayFly, NMoveRule, ...) and the game
// they select (docs/uci.md, "Sanmill's rule options"): nine or nine-noflying, twelve
// (12 stones and the diagonal lines) or lasker (10 stones and MayMoveInPlacingPhase), when
// every option plays rules.md's game, otherwise an error naming the first option, and its
// value, whose game millbase has not solved. An option that changes nothing in a game of
// nine or ten stones (BoardFullAction: they never fill the board) takes any of its values
// there; twelve needs rules.md's value.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "core/variant.h"

namespace millbase::engine {

class SanmillRules {
 public:
  SanmillRules();

  // Returns true when `name` (lower case, without blanks) is one of the rule options.
  static bool has(std::string_view name);
  // Sets rule option `name` (has(name)) to `value`, checked against the option's type and
  // Sanmill's range; an error names the value and leaves the options unchanged.
  Status set(std::string_view name, std::string_view value);
  // Returns the variant the options select: nine, or nine-noflying when MayFly is false;
  // twelve with PiecesCount 12 and HasDiagonalLines true; lasker with PiecesCount 10 and
  // MayMoveInPlacingPhase true.
  // Error: the first option whose value selects a game that is not solved, and why.
  Result<const Variant*> variant() const;
  // Returns the "option name ..." lines of the options that select the game, with the
  // values of rules.md's game as their defaults (one line each, joined by '\n').
  static std::string option_lines();

 private:
  std::vector<int> values_;  // per option of the table in sanmill_rules.cpp; checks 0 or 1
};

}  // namespace millbase::engine
