#include "player/player.h"

#include "core/movegen.h"
#include "core/notation.h"
#include "db/shown_value.h"

namespace millbase {

Result<int> parse_level(std::string_view text) {
  if (text == "perfect") return PERFECT;
  if (text.size() == 1 && text[0] >= '1' && text[0] <= '5') return text[0] - '0';
  return Status::error("level " + quote_token(text) + " must be perfect or 1..5");
}

// Returns whether m is one of the moves partial stands for (every move when null).
static bool matches(const Move* partial, Move m) {
  return !partial || (m.from == partial->from && m.to == partial->to);
}

Result<std::vector<MoveValue>> analyze_matching(const Tablebase& tables, const Position& p,
                                                const Move* partial, int counter) {
  Result<std::vector<MoveValue>> analyzed = tables.analyze(p, counter);
  if (!analyzed || !partial) return analyzed;
  std::vector<MoveValue> moves = *analyzed;
  std::erase_if(moves, [&](const MoveValue& m) { return !matches(partial, m.move); });
  return moves;
}

ValueCode value_now(const Tablebase& tables, ValueCode move_value, int counter) {
  return ShownValue{move_value, tables.metric(), counter}.now();
}

// Returns the counter after move m played with `counter` on it: 0 after a placement
// or a mill (whatever the phase: the movement phase starts at 0), else one more.
static int counter_after(Move m, int counter) {
  return m.is_placement() || m.remove != NO_POINT ? 0 : counter + 1;
}

Result<std::vector<Move>> Player::best_moves(const Position& p, const Move* partial,
                                             int counter) const {
  Result<std::vector<MoveValue>> analyzed = analyze_matching(*tables_, p, partial, counter);
  if (!analyzed) return analyzed.status();
  const std::vector<MoveValue>& moves = *analyzed;
  if (moves.empty())
    return Status::error(partial ? "no legal move matches the move given" : "the game is over");
  const ValueCode best = moves.front().value;  // analyze sorts best first
  std::vector<Move> out;
  if (!is_draw(value_now(*tables_, best, counter))) {
    for (const MoveValue& m : moves)
      if (m.value == best) out.push_back(m.move);
    return out;
  }
  // Among draws: the most replies that lose for the opponent.
  int most = -1;
  for (const MoveValue& m : moves) {
    if (!is_draw(value_now(*tables_, m.value, counter))) continue;
    const int next = counter_after(m.move, counter);
    Result<std::vector<MoveValue>> replies = tables_->analyze(do_move(p, m.move), next);
    if (!replies) return replies.status();
    int losing = 0;
    for (const MoveValue& r : *replies) losing += is_loss(value_now(*tables_, r.value, next));
    if (losing > most) most = losing, out.clear();
    if (losing == most) out.push_back(m.move);
  }
  return out;
}

Result<Move> Player::choose(const Position& p, int level, const Move* partial, int counter) {
  if (level < 1 || level > PERFECT) return Status::error("level must be 1..5 or perfect");
  std::vector<Move> legal;
  for (Move m : MoveList(tables_->variant(), p))
    if (matches(partial, m)) legal.push_back(m);
  if (legal.empty())
    return Status::error(partial ? "no legal move matches the move given" : "the game is over");
  if (std::uniform_real_distribution<double>(0, 1)(rng_) < MISTAKE_RATE[level])
    return legal[rng_() % legal.size()];
  Result<std::vector<Move>> best = best_moves(p, partial, counter);
  if (!best) return best.status();
  return (*best)[rng_() % best->size()];
}

}  // namespace millbase
