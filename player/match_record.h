// A match's games as game records (core/game_record.h), so that a match stopped part way
// can be resumed: each game is kept as a record when it ends and taken back instead of
// being played again (`millbase match --save DIR`, docs/levels.md).
//
//   [Variant "nine"]
//   [White "perfect"]
//   [Black "depth8"]
//   [Seed "1"]
//   [Game "17"]
//   [Tables "plain"]
//   [Result "1-0"]
//   [Reason "no-legal-move"]
//
//   1. d6 d2 ...
#pragma once

#include <string>
#include <string_view>

#include "player/match.h"

namespace millbase {

// Returns the record of game `game` of match o, whose result is g: tags naming the
// match (the players, the seed, the game, the rule of the tables when there are
// tables, the start when it is not the empty board), the result and the moves.
std::string match_game_record(const MatchOptions& o, int game, const GameResult& g);

// Returns game `game` of match o from text, a record written by match_game_record.
// Errors: text is not a record (read_record's error), or (Invalid) it is the record of
// another game or match: the first tag that differs, with both values ("White is
// 'level3', this match's 'perfect'"), another start, or a game not over.
Result<GameResult> read_match_game(const MatchOptions& o, int game, std::string_view text);

}  // namespace millbase
