#include "player/player.h"

#include "core/movegen.h"

namespace millbase {

// Returns whether m is one of the moves partial stands for (every move when null).
static bool matches(const Move* partial, Move m) {
  return !partial || (m.from == partial->from && m.to == partial->to);
}

// Returns the error of a position with no move to choose.
static Status no_move(const Move* partial) {
  return Status::error(partial ? "no legal move matches the move given" : "the game is over");
}

Result<std::vector<MoveValue>> analyze_matching(const Tablebase& tables, const Position& p,
                                                const Move* partial, int counter) {
  Result<std::vector<MoveValue>> analyzed = tables.analyze(p, counter);
  if (!analyzed || !partial) return analyzed;
  std::vector<MoveValue> moves = *analyzed;
  std::erase_if(moves, [&](const MoveValue& m) { return !matches(partial, m.move); });
  return moves;
}

Result<std::vector<Move>> Player::best_moves(const Position& p, const Move* partial, int counter,
                                             const Game* game, bool press) const {
  if (!tables_)
    return Status::error("perfect play needs the tables of " + std::string(variant_->name));
  Result<std::vector<MoveValue>> analyzed = analyze_matching(*tables_, p, partial, counter);
  if (!analyzed) return analyzed.status();
  const std::vector<MoveValue>& moves = *analyzed;
  if (moves.empty()) return no_move(partial);
  const ValueCode best = moves.front().value;  // analyze sorts best first
  const bool drawn = is_draw(value_now(*tables_, best, counter));
  std::vector<Move> out;
  for (const MoveValue& m : moves)
    if (drawn ? is_draw(value_now(*tables_, m.value, counter)) : m.value == best)
      out.push_back(m.move);
  if (!drawn || !press) return out;
  return press_draws(*tables_, p, out, counter, game);
}

Result<Move> Player::choose(const Position& p, int level, const Move* partial, int counter,
                            const Game* game) {
  if (level < 1 || level > DEEP_LAST) return Status::error("no level " + std::to_string(level));
  if (searches(level)) {
    std::vector<Move> legal;
    for (Move m : MoveList(*variant_, p))
      if (matches(partial, m)) legal.push_back(m);
    if (legal.empty()) return no_move(partial);
    return search_level_move(*variant_, p, legal, level, rng_, game);
  }
  const bool perfect = level == PERFECT;  // asked for, not reached from levels 6..9 below
  if (level < LEVELS) {  // levels.h (1): one move in N by level 5's search, else perfect's
    if (!tables_)
      return Status::error(level_name(level) + " needs the tables of " +
                           std::string(variant_->name));
    // The tables are read whichever way the coin falls, so that a missing table is an
    // error at every move, as for perfect play.
    if (Result<std::vector<MoveValue>> read = analyze_matching(*tables_, p, partial, counter);
        !read)
      return read.status();
    if (rng_() % LEVEL_SPECS[level].search_one_in == 0)
      return choose(p, SEARCH_LEVELS, partial, counter, game);
    level = PERFECT;
  }
  // press.h (6): on the empty board perfect play opens freely in one game in
  // FREE_OPENING_ONE_IN (levels 6..9 keep the press's opening).
  const bool press =
      level == PERFECT && !(perfect && p.occupied() == 0 && rng_() % FREE_OPENING_ONE_IN == 0);
  Result<std::vector<Move>> best = best_moves(p, partial, counter, game, press);
  if (!best) return best.status();
  return (*best)[rng_() % best->size()];
}

}  // namespace millbase
