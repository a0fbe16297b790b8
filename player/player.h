// A computer opponent that plays from the tables: perfect at the top level and with a
// documented rate of mistakes below it.
//
// Perfect: from a won position a move that wins in the fewest plies; from a lost one a
// move that loses in the most; among drawing moves one that leaves the opponent the
// most losing replies; remaining ties broken by a seeded RNG (reproducible per seed).
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

// Returns every legal move of p with its value, best first (Tablebase::analyze), keeping
// only the moves with the from and to points of *partial when partial is not null.
Result<std::vector<MoveValue>> analyze_matching(const Tablebase& tables, const Position& p,
                                                const Move* partial);

class Player {
 public:
  Player(std::shared_ptr<const Tablebase> tables, uint64_t seed)
      : tables_(std::move(tables)), rng_(seed) {}

  // Returns the move to play in p at `level` (1..5 or PERFECT). Errors: the game is
  // over; the tables do not cover p (Status::Code::NotFound, naming the table).
  Result<Move> choose(const Position& p, int level) { return choose(p, level, nullptr); }

  // Returns the move to play in p at `level` among the legal moves with the from and to
  // points of *partial (its removal still to be chosen), or among all when partial is
  // null. Errors: as above, and no legal move matching partial.
  Result<Move> choose(const Position& p, int level, const Move* partial);

  // Returns the moves the perfect player considers equally best in p (among those
  // matching partial when it is not null).
  Result<std::vector<Move>> best_moves(const Position& p, const Move* partial = nullptr) const;

 private:
  std::shared_ptr<const Tablebase> tables_;
  std::mt19937_64 rng_;
};

}  // namespace millbase
