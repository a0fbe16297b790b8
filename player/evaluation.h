// A static evaluation of mill positions for the table-free search levels: what a player
// who knows the game but not the tables sees at a glance. It is a heuristic, not a
// value: only the tables say who wins.
#pragma once

#include "core/position.h"

namespace millbase {

// The weights, in hundredths of a stone.
struct EvalWeights {
  int stone = 100;     // a stone on the board or in hand
  int mill = 12;       // a closed mill
  int open_mill = 30;  // two stones of a mill line and its third point empty
  int threat = 45;     // in movement: an open mill whose empty point a stone can reach
  int mobility = 5;    // in movement: a (stone, empty neighbour) pair
  int blocked = 8;     // in movement: a stone with no empty neighbour (subtracted)
};

inline constexpr EvalWeights EVAL_WEIGHTS{};

// Returns the evaluation of p for the side to move (positive: better for it), from
// the sums of EVAL_WEIGHTS' terms for each side. Does not look for the end of the game:
// the search does.
int evaluate(const Variant& v, const Position& p);

// Returns one side's sum of EVAL_WEIGHTS' terms in p (the side `c`), for tests and
// for evaluate.
int side_terms(const Variant& v, const Position& p, Color c);

}  // namespace millbase
