// The computer's levels: 1..LEVELS play by a table-free search (search.h) of a depth
// set by the level, choosing at random among the moves whose score is within the
// level's margin of the best; PERFECT and STRONG play from the tables (player.h).
#pragma once

#include <random>
#include <span>
#include <string>
#include <string_view>

#include "core/game.h"
#include "core/status.h"

namespace millbase {

constexpr int LEVELS = 5;
constexpr int PERFECT = LEVELS + 1;  // the tables, pressing in drawn positions
constexpr int STRONG = LEVELS + 2;   // the tables, any value-keeping move (a baseline)

struct LevelSpec {
  int depth;              // plies searched (1: its own move, then the evaluation)
  int extension;          // plies of mill-closing moves searched past the depth
  int margin;             // moves scored within this of the best are equally likely
  std::string_view sees;  // what the level sees, in a line (docs/levels.md)
};

// LEVEL_SPECS[level] for level 1..LEVELS (index 0 unused).
inline constexpr LevelSpec LEVEL_SPECS[LEVELS + 1] = {
    {0, 0, 0, ""},
    {1, 0, 90, "its own move only, and often overlooks what it sees"},
    {1, 0, 0, "its own move: closes a mill when it can, else the move that looks best"},
    {2, 2, 10, "its move and the reply: blocks a mill about to close"},
    {4, 4, 5, "four plies: two moves of each side"},
    {5, 4, 0, "five plies: three moves of its own and two replies"},
};

// Returns the level named by text in any case: "perfect", "strong", "1".."5" or
// "level1".."level5"; or an error naming the text.
Result<int> parse_level(std::string_view text);

// Returns the level's name: "perfect", "strong" or "level3".
std::string level_name(int level);

// Returns the move a search level (1..LEVELS) plays in p among `legal` (legal moves of
// p, not empty), chosen with rng among the near-best; with game (whose position is p),
// a move that would repeat a position for the third time scores as a draw (0).
Move search_level_move(const Variant& v, const Position& p, std::span<const Move> legal, int level,
                       std::mt19937_64& rng, const Game* game);

}  // namespace millbase
