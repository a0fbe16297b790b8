// Perfect play in a drawn position: of the moves that keep the draw, the one that gives
// a fallible opponent the most chances to go wrong (docs/levels.md, "Pressing").
//
// Each drawing move m is scored by the position q it leaves the opponent:
//   (1) trap(m)  = mean over d in MODEL_DEPTHS of the share of losing replies among
//                  the replies a depth-d search (search.h, MODEL_EXTENSION plies of
//                  mill-closing moves past it, margin MODEL_MARGIN) would
//                  choose in q: the chance that a player who sees d plies errs now;
//   (2) naive(m) = losing replies / legal replies of q: the chance of a random reply;
//   (3) score(m) = trap(m) + NAIVE_WEIGHT * naive(m) - REPEAT_COST * [q has occurred
//                  before in the draw-rule window] - END_COST * [m ends the game by a
//                  third repetition].
//   (4) when trap(m) = 0 for every m (no modelled opponent errs whatever is played), the
//       score is no guide: the moves of the least cost in (3) are returned, so that
//       the choice among them stays random (a fixed choice replays the same drawn
//       game against a player that always answers alike).
// Otherwise the moves scored within PRESS_MARGIN of the highest score are returned. The
// caller chooses among the returned moves at random.
//   (6) On the empty board, perfect play (Player::choose at PERFECT; levels 6..9 always
//       ask the press) asks the press in all but one game in FREE_OPENING_ONE_IN, chosen
//       by its seed; in that one it chooses among every drawing move. The first move is
//       the one choice that every game shares, and the press's (on six and five a
//       corner, where the models' searches err at once) is a trap that players who see
//       deeper than the models never fall into (docs/levels.md, "Pressing").
#pragma once

#include <span>
#include <vector>

#include "core/game.h"
#include "db/tablebase.h"

namespace millbase {

inline constexpr int MODEL_DEPTHS[] = {1, 2, 3, 4, 5};
constexpr int MODEL_MARGIN = 10;
constexpr int MODEL_EXTENSION = 2;
constexpr double NAIVE_WEIGHT = 0.25;
constexpr double REPEAT_COST = 0.5;
constexpr double END_COST = 10;
constexpr double PRESS_MARGIN = 0.1;
constexpr int FREE_OPENING_ONE_IN = 3;

// Returns the value of a move (from Tablebase::analyze) under the tables' rule with
// `counter` plies on the counter: itself for plain tables, fifty_at() for FIFTY ones.
ValueCode value_now(const Tablebase& tables, ValueCode move_value, int counter);

// Returns the counter after move m played with `counter` on it: 0 after a placement
// or a mill (whatever the phase: the movement phase starts at 0), else one more.
int counter_after(Move m, int counter);

// Returns the moves of `draws` (drawing moves of p at `counter`, not empty) of the
// highest score (3); game, when given, is the game whose position is p.
Result<std::vector<Move>> press_draws(const Tablebase& tables, const Position& p,
                                      std::span<const Move> draws, int counter, const Game* game);

}  // namespace millbase
