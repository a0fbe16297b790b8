// The 16 board symmetries applied to positions and moves.
#pragma once

#include "core/position.h"

namespace millbase {

// Returns the image of p under symmetry s (0 .. NUM_SYMMETRIES - 1).
Position transform(const Board& b, const Position& p, int s);

// Returns the image of m under symmetry s.
Move transform(const Board& b, Move m, int s);

// Returns the image of p with the smallest (white, black) stone sets; equal for all 16
// images of a position. Hands and side to move are unchanged.
Position canonical(const Board& b, const Position& p);

}  // namespace millbase
