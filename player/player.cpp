#include "player/player.h"

#include "core/movegen.h"
#include "core/notation.h"

namespace millbase {

Result<int> parse_level(std::string_view text) {
  if (text == "perfect") return PERFECT;
  if (text.size() == 1 && text[0] >= '1' && text[0] <= '5') return text[0] - '0';
  return Status::error("level " + quote_token(text) + " must be perfect or 1..5");
}

Result<std::vector<Move>> Player::best_moves(const Position& p) const {
  Result<std::vector<MoveValue>> moves = tables_->analyze(p);
  if (!moves) return moves.status();
  if (moves->empty()) return Status::error("the game is over");
  const ValueCode best = moves->front().value;  // analyze sorts best first
  std::vector<Move> out;
  if (!is_draw(best)) {
    for (const MoveValue& m : *moves)
      if (m.value == best) out.push_back(m.move);
    return out;
  }
  // Among draws: the most replies that lose for the opponent.
  int most = -1;
  for (const MoveValue& m : *moves) {
    if (!is_draw(m.value)) continue;
    Result<std::vector<MoveValue>> replies = tables_->analyze(do_move(p, m.move));
    if (!replies) return replies.status();
    int losing = 0;
    for (const MoveValue& r : *replies) losing += is_loss(r.value);
    if (losing > most) most = losing, out.clear();
    if (losing == most) out.push_back(m.move);
  }
  return out;
}

Result<Move> Player::choose(const Position& p, int level) {
  if (level < 1 || level > PERFECT) return Status::error("level must be 1..5 or perfect");
  MoveList legal(tables_->variant(), p);
  if (legal.size() == 0) return Status::error("the game is over");
  if (std::uniform_real_distribution<double>(0, 1)(rng_) < MISTAKE_RATE[level])
    return legal.begin()[rng_() % legal.size()];
  Result<std::vector<Move>> best = best_moves(p);
  if (!best) return best.status();
  return (*best)[rng_() % best->size()];
}

}  // namespace millbase
