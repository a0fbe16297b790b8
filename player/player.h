// The computer opponent (docs/levels.md).
//
// PERFECT, from the tables: from a won position a move that wins in the fewest plies;
// from a lost one a move that loses in the most; from a drawn one the drawing move that
// gives a fallible opponent the most chances to go wrong (press.h), but on the empty
// board, in one game in three, any drawing move (press.h (6)). STRONG: the same,
// but any drawing move, the baseline of a plain strongly solved database. With 50-ply
// tables (Metric::FIFTY) the values are those under the rule at the game's counter: a
// win is won within the counter, in the fewest plies to the next mill or the end, and a
// position the counter has made a draw is played as a draw.
// Levels 1..SEARCH_LEVELS: a table-free search (levels.h); the levels between them and
// PERFECT: PERFECT's move (pressing on the empty board too), or level SEARCH_LEVELS's
// one move in N (levels.h (1)). Every remaining tie is broken by a seeded RNG, so that a
// game is reproducible from its seed.
#pragma once

#include <memory>
#include <random>

#include "db/tablebase.h"
#include "player/levels.h"
#include "player/press.h"

namespace millbase {

// Returns every legal move of p with its value, best first (Tablebase::analyze with the
// 50-ply counter), keeping only the moves with the from and to points of *partial when
// partial is not null.
Result<std::vector<MoveValue>> analyze_matching(const Tablebase& tables, const Position& p,
                                                const Move* partial, int counter = 0);

class Player {
 public:
  // tables: those of the game's variant, or null for a player of the search levels only.
  Player(const Variant& v, std::shared_ptr<const Tablebase> tables, uint64_t seed)
      : variant_(&v), tables_(std::move(tables)), rng_(seed) {}
  Player(std::shared_ptr<const Tablebase> tables, uint64_t seed)
      : Player(tables->variant(), tables, seed) {}

  // Returns the move to play in p at `level` (1..LEVELS, PERFECT = LEVELS, STRONG, or a
  // trial player DEEP_FIRST..DEEP_LAST).
  // Errors: the game is over; the tables do not cover p (Status::Code::NotFound, naming
  // the table).
  Result<Move> choose(const Position& p, int level) { return choose(p, level, nullptr); }

  // Returns the move to play in p at `level` among the legal moves with the from and to
  // points of *partial (its removal still to be chosen), or among all when partial is
  // null; counter: the plies since the last mill or the end of placement (read by
  // 50-ply tables only; 0 in placement); game, when given: the game whose position is
  // p, so that repetitions are seen. Errors: as above; no legal move matching partial;
  // a level that needs_tables() without tables.
  Result<Move> choose(const Position& p, int level, const Move* partial, int counter = 0,
                      const Game* game = nullptr);

  // Returns the moves the perfect player considers equally best in p (among those
  // matching partial when it is not null); with press false, STRONG's moves.
  Result<std::vector<Move>> best_moves(const Position& p, const Move* partial = nullptr,
                                       int counter = 0, const Game* game = nullptr,
                                       bool press = true) const;

 private:
  const Variant* variant_;
  std::shared_ptr<const Tablebase> tables_;
  std::mt19937_64 rng_;
};

}  // namespace millbase
