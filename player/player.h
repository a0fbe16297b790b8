// A computer opponent that plays from the tables: perfect at the top level and with a
// documented rate of mistakes below it.
//
// Perfect: from a won position a move that wins in the fewest plies; from a lost one a
// move that loses in the most; among drawing moves one that leaves the opponent the
// most losing replies; remaining ties broken by a seeded RNG (reproducible per seed).
// With 50-ply tables (Metric::FIFTY) the values are those under the rule at the game's
// counter: a win is won within the counter, in the fewest plies to the next mill or
// the end, and a position the counter has made a draw is played as a draw.
// Levels 1-5: with probability MISTAKE_RATE[level] a uniformly random legal move (which
// may still be a good one), otherwise the perfect move.
#pragma once

#include <memory>
#include <random>

#include "db/tablebase.h"

namespace millbase {

constexpr int PERFECT = 6;
// Chance of a random move at levels 1..5 (index 0 unused, PERFECT never errs).
constexpr double MISTAKE_RATE[PERFECT + 1] = {0, 0.9, 0.6, 0.35, 0.15, 0.05, 0};

// Returns PERFECT for "perfect", 1..5 for "1".."5", or an error naming the text.
Result<int> parse_level(std::string_view text);

// Returns every legal move of p with its value, best first (Tablebase::analyze with the
// 50-ply counter), keeping only the moves with the from and to points of *partial when
// partial is not null.
Result<std::vector<MoveValue>> analyze_matching(const Tablebase& tables, const Position& p,
                                                const Move* partial, int counter = 0);

// Returns the value of a move (from Tablebase::analyze) under the tables' rule with
// `counter` plies on the counter: itself for plain tables, fifty_at() for FIFTY ones.
ValueCode value_now(const Tablebase& tables, ValueCode move_value, int counter);

class Player {
 public:
  Player(std::shared_ptr<const Tablebase> tables, uint64_t seed)
      : tables_(std::move(tables)), rng_(seed) {}

  // Returns the move to play in p at `level` (1..5 or PERFECT). Errors: the game is
  // over; the tables do not cover p (Status::Code::NotFound, naming the table).
  Result<Move> choose(const Position& p, int level) { return choose(p, level, nullptr); }

  // Returns the move to play in p at `level` among the legal moves with the from and to
  // points of *partial (its removal still to be chosen), or among all when partial is
  // null; counter: the plies since the last mill or the end of placement (read by
  // 50-ply tables only; 0 in placement). Errors: as above, and no legal move matching
  // partial.
  Result<Move> choose(const Position& p, int level, const Move* partial, int counter = 0);

  // Returns the moves the perfect player considers equally best in p (among those
  // matching partial when it is not null).
  Result<std::vector<Move>> best_moves(const Position& p, const Move* partial = nullptr,
                                       int counter = 0) const;

 private:
  std::shared_ptr<const Tablebase> tables_;
  std::mt19937_64 rng_;
};

}  // namespace millbase
