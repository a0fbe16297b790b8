#include "player/match_record.h"

#include <cassert>
#include <vector>

#include "core/game_record.h"
#include "core/notation.h"
#include "db/table_header.h"
#include "player/levels.h"

namespace millbase {

namespace {

// Returns the tags that name game `game` of match o, besides Variant and Start.
std::vector<Tag> match_tags(const MatchOptions& o, int game) {
  return {{"White", level_name(o.white)},
          {"Black", level_name(o.black)},
          {"Seed", std::to_string(o.seed)},
          {"Game", std::to_string(game)},
          {"Tables", o.tables ? metric_name(o.tables->metric()) : "none"}};
}

}  // namespace

std::string match_game_record(const MatchOptions& o, int game, const GameResult& g) {
  Game replay(*o.variant, game_start(o, game));
  for (Move m : g.moves) {
    [[maybe_unused]] const Status played = replay.play(m);
    assert(played);
  }
  assert(replay.outcome() == g.outcome && replay.reason() == g.reason);
  return write_record(replay, match_tags(o, game));
}

Result<GameResult> read_match_game(const MatchOptions& o, int game, std::string_view text) {
  Result<GameRecord> record = read_record(text);
  if (!record) return record.status();
  const Game& g = record->game;
  if (g.variant().name != o.variant->name)
    return Status::invalid("it is a game of " + std::string(g.variant().name) + ", this match's " +
                           std::string(o.variant->name));
  for (const Tag& want : match_tags(o, game)) {
    const std::string got = tag_value(record->tags, want.first);
    if (got != want.second)
      return Status::invalid(want.first + " is '" + got + "', this match's '" + want.second + "'");
  }
  const Position start = game_start(o, game);
  if (g.start() != start)
    return Status::invalid("it starts at " + format_position(*o.variant, g.start()) +
                           ", this match's game at " + format_position(*o.variant, start));
  if (g.outcome() == Outcome::Ongoing || g.reason() == EndReason::Resignation)
    return Status::invalid("the game is not over as a match ends it (Result '" +
                           tag_value(record->tags, "Result") + "')");
  return GameResult{g.outcome(), g.reason(), g.ply(), g.moves()};
}

}  // namespace millbase
