#include "engine/sanmill_rules.h"

#include <array>

#include "core/notation.h"
#include "engine/line_reader.h"

namespace millbase::engine {

namespace {

enum class Kind : uint8_t { Check, Spin };

// Which values of an option play rules.md's game with nine stones (nine or nine-noflying).
enum class Solved : uint8_t {
  Ours,         // only `ours`
  Any,          // every value: the option changes nothing in a game of nine stones
  FlyingThree,  // `ours` while MayFly is true, any value without flying
  AtLeastDraw,  // at least NMoveRule's value: no draw rule of its own
};

// The one value of an option that plays rules.md's game in one of the games other than
// nine's (twelve, lasker), and what rules.md says instead; value -1: as for nine.
struct Only {
  int value = -1;
  std::string_view rule = "";
};

struct RuleOption {
  std::string_view name;  // as Sanmill spells it
  Kind kind;
  int min, max;  // Sanmill's range (0..1 for a check)
  int ours;      // the value of rules.md's game of nine stones, the default here
  Solved solved;
  bool listed;            // in the handshake; the capture variants' details are not
  std::string_view rule;  // what rules.md says instead, for a refusal
  // With twelve stones and the diagonal lines (twelve), and with ten stones moving while
  // placing (lasker): the value that plays rules.md's game there (Only).
  Only twelve = {}, lasker = {};
};

constexpr std::string_view MILLS_ONLY = "rules.md: stones are removed by mills only";
constexpr std::string_view EVERY_MILL = "rules.md: re-forming a mill counts every time";

// Sanmill's rule options (its ucioption.cpp), in the order refusals are reported.
constexpr std::array OPTIONS = {
    RuleOption{"PiecesCount", Kind::Spin, 9, 12, 9, Solved::Ours, true,
               "millbase solves 9 stones a side without the diagonal lines, nine and "
               "nine-noflying; 12 with them, twelve; and 10 with MayMoveInPlacingPhase true, "
               "lasker",
               Only{12}, Only{10}},
    RuleOption{"HasDiagonalLines", Kind::Check, 0, 1, 0, Solved::Ours, true,
               "millbase solves the board with diagonal lines for 12 stones a side, twelve",
               Only{1}, Only{0, "lasker is played on the board without diagonal lines"}},
    RuleOption{"MayFly", Kind::Check, 0, 1, 1, Solved::Any, true, "",
               Only{1, "twelve is solved with flying at three stones"},
               Only{1,
                    "lasker is solved with flying at three stones, on the board and in hand "
                    "together"}},
    RuleOption{"FlyPieceCount", Kind::Spin, 3, 4, 3, Solved::FlyingThree, true,
               "rules.md: a side flies with exactly three stones"},
    RuleOption{"PiecesAtLeastCount", Kind::Spin, 3, 5, 3, Solved::Ours, true,
               "rules.md: a side loses with fewer than three stones"},
    RuleOption{"MillFormationActionInPlacingPhase", Kind::Spin, 0, 5, 0, Solved::Ours, true,
               "rules.md: a mill removes a stone from the board, in placement too"},
    RuleOption{"MayMoveInPlacingPhase", Kind::Check, 0, 1, 0, Solved::Ours, true,
               "rules.md: a side with stones in hand places one, except in lasker, which has "
               "10 stones a side (PiecesCount 10)",
               Only{}, Only{1}},
    RuleOption{"IsDefenderMoveFirst", Kind::Check, 0, 1, 0, Solved::Ours, true,
               "rules.md: turns alternate when placement ends"},
    RuleOption{"MayRemoveMultiple", Kind::Check, 0, 1, 0, Solved::Ours, true,
               "rules.md: closing two mills at once removes one stone"},
    RuleOption{"MayRemoveFromMillsAlways", Kind::Check, 0, 1, 0, Solved::Ours, true,
               "rules.md: a stone in a mill is removed only when all are in mills"},
    RuleOption{"RestrictRepeatedMillsFormation", Kind::Check, 0, 1, 0, Solved::Ours, true,
               EVERY_MILL},
    RuleOption{"OneTimeUseMill", Kind::Check, 0, 1, 0, Solved::Ours, true, EVERY_MILL},
    RuleOption{"StalemateAction", Kind::Spin, 0, 5, 0, Solved::Ours, true,
               "rules.md: a side with no legal move loses"},
    RuleOption{"CustodianCaptureEnabled", Kind::Check, 0, 1, 0, Solved::Ours, true, MILLS_ONLY},
    RuleOption{"InterventionCaptureEnabled", Kind::Check, 0, 1, 0, Solved::Ours, true, MILLS_ONLY},
    RuleOption{"LeapCaptureEnabled", Kind::Check, 0, 1, 0, Solved::Ours, true, MILLS_ONLY},
    RuleOption{
        "BoardFullAction", Kind::Spin, 0, 4, 0, Solved::Any, true, "",
        Only{4, "rules.md: a board filled by placement is a draw, Sanmill's 4 (agreeToDraw)"}},
    RuleOption{"StopPlacingWhenTwoEmptySquares", Kind::Check, 0, 1, 0, Solved::Any, true, "",
               Only{0, "rules.md: placement goes on until both hands are empty"}},
    RuleOption{"NMoveRule", Kind::Spin, 10, 200, 50, Solved::Ours, true,
               "rules.md: a game is drawn after 50 plies without a mill"},
    RuleOption{"EndgameNMoveRule", Kind::Spin, 5, 200, 100, Solved::AtLeastDraw, true,
               "rules.md has no shorter draw rule for the endgame, so at least NMoveRule"},
    RuleOption{"ThreefoldRepetitionRule", Kind::Check, 0, 1, 1, Solved::Ours, true,
               "rules.md: the third repetition of a position draws"},
    // The details of the captures above: nothing while those are off.
    RuleOption{"CustodianCaptureOnSquareEdges", Kind::Check, 0, 1, 1, Solved::Any, false, ""},
    RuleOption{"CustodianCaptureOnCrossLines", Kind::Check, 0, 1, 1, Solved::Any, false, ""},
    RuleOption{"CustodianCaptureOnDiagonalLines", Kind::Check, 0, 1, 1, Solved::Any, false, ""},
    RuleOption{"CustodianCaptureInPlacingPhase", Kind::Check, 0, 1, 1, Solved::Any, false, ""},
    RuleOption{"CustodianCaptureInMovingPhase", Kind::Check, 0, 1, 1, Solved::Any, false, ""},
    RuleOption{"CustodianCaptureOnlyWhenOwnPiecesLeq3", Kind::Check, 0, 1, 0, Solved::Any, false,
               ""},
    RuleOption{"InterventionCaptureOnSquareEdges", Kind::Check, 0, 1, 1, Solved::Any, false, ""},
    RuleOption{"InterventionCaptureOnCrossLines", Kind::Check, 0, 1, 1, Solved::Any, false, ""},
    RuleOption{"InterventionCaptureOnDiagonalLines", Kind::Check, 0, 1, 1, Solved::Any, false, ""},
    RuleOption{"InterventionCaptureInPlacingPhase", Kind::Check, 0, 1, 1, Solved::Any, false, ""},
    RuleOption{"InterventionCaptureInMovingPhase", Kind::Check, 0, 1, 1, Solved::Any, false, ""},
    RuleOption{"InterventionCaptureOnlyWhenOwnPiecesLeq3", Kind::Check, 0, 1, 0, Solved::Any, false,
               ""},
    RuleOption{"LeapCaptureOnSquareEdges", Kind::Check, 0, 1, 1, Solved::Any, false, ""},
    RuleOption{"LeapCaptureOnCrossLines", Kind::Check, 0, 1, 1, Solved::Any, false, ""},
    RuleOption{"LeapCaptureOnDiagonalLines", Kind::Check, 0, 1, 1, Solved::Any, false, ""},
    RuleOption{"LeapCaptureInPlacingPhase", Kind::Check, 0, 1, 1, Solved::Any, false, ""},
    RuleOption{"LeapCaptureInMovingPhase", Kind::Check, 0, 1, 1, Solved::Any, false, ""},
    RuleOption{"LeapCaptureOnlyWhenOwnPiecesLeq3", Kind::Check, 0, 1, 0, Solved::Any, false, ""},
};

// Returns the index in OPTIONS of the option called `name` (lower case), or -1.
int find(std::string_view name) {
  for (size_t i = 0; i < OPTIONS.size(); ++i)
    if (ascii_lower(OPTIONS[i].name) == name) return int(i);
  return -1;
}

// Returns the value as the option is written: "true", "false" or the number.
std::string shown(const RuleOption& o, int value) {
  if (o.kind == Kind::Check) return value ? "true" : "false";
  return std::to_string(value);
}

}  // namespace

SanmillRules::SanmillRules() {
  for (const RuleOption& o : OPTIONS) values_.push_back(o.ours);
}

bool SanmillRules::has(std::string_view name) { return find(name) >= 0; }

Status SanmillRules::set(std::string_view name, std::string_view value) {
  const int i = find(name);
  assert(i >= 0);
  const RuleOption& o = OPTIONS[i];
  if (o.kind == Kind::Check) {
    Result<bool> on = parse_check(name, value);
    if (!on) return on.status();
    values_[i] = *on;
    return Status::ok();
  }
  Result<long> n = parse_spin(name, value, o.min, o.max);
  if (!n) return n.status();
  values_[i] = int(*n);
  return Status::ok();
}

Result<const Variant*> SanmillRules::variant() const {
  const bool flying = values_[find("mayfly")];
  const int draw_plies = values_[find("nmoverule")];
  const int stones = values_[find("piecescount")];
  // Twelve stones on the board with diagonal lines: twelve, where the board can fill.
  const bool twelve = stones == 12 && values_[find("hasdiagonallines")];
  // Ten stones that may move while stones are in hand: Lasker morris.
  const bool lasker = stones == 10 && values_[find("maymoveinplacingphase")];
  for (size_t i = 0; i < OPTIONS.size(); ++i) {
    const RuleOption& o = OPTIONS[i];
    const int v = values_[i];
    const Only& only = twelve ? o.twelve : lasker ? o.lasker : Only{};
    const bool by_game = only.value >= 0;
    const bool solved =
        by_game ? v == only.value
                : o.solved == Solved::Any ||
                      (o.solved == Solved::FlyingThree && (!flying || v == o.ours)) ||
                      (o.solved == Solved::AtLeastDraw && v >= draw_plies) || v == o.ours;
    if (!solved)
      return Status::error("the rule options select a game millbase has not solved: " +
                           std::string(o.name) + " " + shown(o, v) + " (" +
                           std::string(by_game && !only.rule.empty() ? only.rule : o.rule) + ")");
  }
  if (twelve) return &TWELVE;
  if (lasker) return &LASKER;
  return flying ? &NINE : &NINE_NOFLYING;
}

std::string SanmillRules::option_lines() {
  std::string out;
  for (const RuleOption& o : OPTIONS) {
    if (!o.listed) continue;
    out += (out.empty() ? "" : "\n") + std::string("option name ") + std::string(o.name) +
           (o.kind == Kind::Check ? " type check default " + shown(o, o.ours)
                                  : " type spin default " + shown(o, o.ours) + " min " +
                                        std::to_string(o.min) + " max " + std::to_string(o.max));
  }
  return out;
}

}  // namespace millbase::engine
