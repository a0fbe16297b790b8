// The computer's levels, 1..LEVELS: 1..SEARCH_LEVELS play by a table-free search
// (search.h) of a depth set by the level, choosing at random among the moves whose score
// is within the level's margin of the best; LEVELS is PERFECT. The levels between them
// mix the two: at each move, level L (SEARCH_LEVELS < L < LEVELS) plays
//   (1) level SEARCH_LEVELS's move with probability 1 / N, N = LEVEL_SPECS[L].search_one_in,
//       and perfect play's move otherwise (drawn from the player's seeded generator),
// so that it errs as level 5 does, but N times less often. PERFECT and STRONG play from
// the tables (player.h).
#pragma once

#include <random>
#include <span>
#include <string>
#include <string_view>

#include "core/game.h"
#include "core/status.h"

namespace millbase {

constexpr int SEARCH_LEVELS = 5;    // 1..5: no tables
constexpr int LEVELS = 10;          // 6..9: the tables mixed with level 5 (1); 10: PERFECT
constexpr int PERFECT = LEVELS;     // the tables, pressing in drawn positions
constexpr int STRONG = LEVELS + 1;  // the tables, any value-keeping move (a baseline)

struct LevelSpec {
  int depth;              // plies searched (1: its own move, then the evaluation); 0: none
  int extension;          // plies of mill-closing moves searched past the depth
  int margin;             // moves scored within this of the best are equally likely
  int search_one_in;      // levels 6..9: N of (1), level 5 plays one move in N
  std::string_view sees;  // what the level sees, in a line (docs/levels.md)
};

// LEVEL_SPECS[level] for level 1..LEVELS - 1 (index 0 unused; LEVELS is PERFECT).
inline constexpr LevelSpec LEVEL_SPECS[LEVELS] = {
    {0, 0, 0, 1, ""},
    {1, 0, 90, 1, "its own move only, and often overlooks what it sees"},
    {1, 0, 0, 1, "its own move: closes a mill when it can, else the move that looks best"},
    {2, 2, 10, 1, "its move and the reply: blocks a mill about to close"},
    {4, 4, 5, 1, "four plies: two moves of each side"},
    {5, 4, 0, 1, "five plies: three moves of its own and two replies"},
    {0, 0, 0, 2, "the tables, but plays as level 5 one move in 2"},
    {0, 0, 0, 4, "the tables, but plays as level 5 one move in 4"},
    {0, 0, 0, 8, "the tables, but plays as level 5 one move in 8"},
    {0, 0, 0, 16, "the tables, but plays as level 5 one move in 16"},
};

// Trial players, not levels: level SEARCH_LEVELS's search made deeper, "depth6" ..
// "depth8", to measure the press against players who see further than its model
// (docs/levels.md, "The press against deeper players").
constexpr int DEEP_FIRST = STRONG + 1;  // depth6
constexpr int DEEP_LAST = STRONG + 3;   // depth8
constexpr int DEEP_FIRST_DEPTH = 6;

// Returns whether `level` plays from the tables (levels 6..10 and STRONG).
constexpr bool needs_tables(int level) { return level > SEARCH_LEVELS && level <= STRONG; }

// Returns whether `level` plays by the search alone (1..SEARCH_LEVELS and the trial players).
constexpr bool searches(int level) {
  return (level >= 1 && level <= SEARCH_LEVELS) || (level >= DEEP_FIRST && level <= DEEP_LAST);
}

// Returns the search settings of a level that searches(): LEVEL_SPECS, or for a trial
// player level SEARCH_LEVELS's with its depth.
LevelSpec search_spec(int level);

// Returns the level named by text in any case: "perfect", "strong", "1".."10" or
// "level1".."level10" (10 is "perfect"); or an error naming the text.
Result<int> parse_level(std::string_view text);

// Returns the player named by text for `millbase match`: a level (parse_level) or a
// trial player "depth6".."depth8"; or an error naming the text.
Result<int> parse_player(std::string_view text);

// Returns the level's name: "perfect" (LEVELS), "strong", "level3" or "depth7".
std::string level_name(int level);

// Returns the move a level that searches() plays in p among `legal` (legal moves of p,
// not empty), chosen with rng among the near-best; with game (whose position is p),
// a move that would repeat a position for the third time scores as a draw (0).
Move search_level_move(const Variant& v, const Position& p, std::span<const Move> legal, int level,
                       std::mt19937_64& rng, const Game* game);

}  // namespace millbase
