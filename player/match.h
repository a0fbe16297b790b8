// Matches: games between two players (levels.h) from given starts under the draw rules
// of play (core/game.h), seeded per game so that a match is the same for a seed
// whatever the number of threads.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/game.h"
#include "db/tablebase.h"

namespace millbase {

struct GameResult {
  Outcome outcome = Outcome::Ongoing;
  EndReason reason = EndReason::None;
  int plies = 0;
  std::vector<Move> moves;  // the game's moves from its start, plies of them
  bool operator==(const GameResult&) const = default;
};

struct MatchOptions {
  const Variant* variant = nullptr;
  std::shared_ptr<const Tablebase> tables;  // needed by the levels that needs_tables() only
  int white = 1, black = 1;  // levels 1..LEVELS (PERFECT), STRONG or trial players (levels.h)
  int games = 0;
  uint64_t seed = 0;
  std::vector<Position> starts;  // game i starts at starts[i % size]; none: the empty board
  int threads = 1;
  // Games already played, by index (empty, or one slot per game): a game given is taken
  // as it is instead of being played (a match resumed: match_record.h).
  std::vector<std::optional<GameResult>> kept;
  // Called after each game played (not kept), one call at a time; an error stops the
  // match and is its result.
  std::function<Status(int game, const GameResult& result)> finished;
  // Called after each game with the number of games done (kept ones included), one call
  // at a time.
  std::function<void(int done)> progress;
};

struct MatchResult {
  std::vector<GameResult> games;  // in game order
  int white_wins = 0, draws = 0, black_wins = 0;
};

// A side's points per game: the mean and the half width of its 95% confidence interval
// (normal approximation over the games' points 1, 1/2, 0).
struct Score {
  double mean = 0, half_width = 0;
};

// Returns the seed of colour c's player in game `game` of a match seeded `seed`.
uint64_t game_seed(uint64_t seed, int game, Color c);

// Returns the start of game `game`: o.starts[game % size], or the empty board.
Position game_start(const MatchOptions& o, int game);

// Plays one game from start between players of levels white and black seeded by
// game_seed(seed, game, colour). Errors: a player needs tables that are missing.
Result<GameResult> play_game(const MatchOptions& o, const Position& start, int game);

// Plays o.games games over o.threads threads, taking those of o.kept as they are.
// Errors: the first game's error, or o.finished's.
Result<MatchResult> play_match(const MatchOptions& o);

// Returns colour c's score in the match.
Score score_of(const MatchResult& r, Color c);

}  // namespace millbase
