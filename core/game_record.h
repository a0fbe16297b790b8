// Game records: a PGN-like text of tag pairs and a move list in the project's notation
// (docs/game-records.md), written by `play` and read by `play --load` and `annotate`.
//
//   [Variant "six"]
//   [White "human"]
//   [Black "millbase perfect"]
//   [Result "0-1"]
//   [Reason "no-legal-move"]
//
//   1. d2 f4 2. b4 d6 ... 17. c3-c4xf4 0-1
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"

namespace millbase {

using Tag = std::pair<std::string, std::string>;

struct GameRecord {
  std::vector<Tag> tags;  // every tag of the record, in order
  Game game;              // the moves replayed from the start, with the recorded result
};

// Returns the record of g: the tags Variant, then `tags` (except those the game itself
// fixes: Variant, Start, Result, Reason), then Start (when g does not start from the
// empty board with White first), Result and Reason, then the numbered moves.
std::string write_record(const Game& g, const std::vector<Tag>& tags);

// Returns the game recorded in text, replayed under the rules and the draw rules of
// play; a record that ends in resignation ends resigned. Errors name the line and the
// token: a malformed tag, an unknown variant, an illegal move, a Result or Reason that
// the moves contradict. Moves may carry a removal as a token of their own ("xb4");
// move numbers, {comments} and ";" comments are skipped.
Result<GameRecord> read_record(std::string_view text);

// Returns the game in text as read_record reads it, but a text without tags is a bare
// move list of `bare`, optionally after a start position of 3 to 5 words ("W:d2,d3 B:c4
// w d3-c3"): as if under [Variant] and [Start] tags, with its errors naming the lines of
// text as it is ("b2 b2": line 1).
Result<GameRecord> read_record(std::string_view text, const Variant& bare);

// Returns the value of tag name in tags (the first), or "" when absent.
std::string tag_value(const std::vector<Tag>& tags, std::string_view name);

}  // namespace millbase
