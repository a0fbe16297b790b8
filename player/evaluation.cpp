#include "player/evaluation.h"

namespace millbase {

int side_terms(const Variant& v, const Position& p, Color c) {
  const Board& b = *v.board;
  const EvalWeights& w = EVAL_WEIGHTS;
  const Bitboard own = p.stones[c], other = p.stones[~c];
  const Bitboard empty = b.all & ~(own | other);
  int score = w.stone * (popcount(own) + p.in_hand[c]);
  // With a stone in hand a side reaches any empty point by placing it, even where it may
  // also move (Lasker): the movement terms count only for a side with none in hand.
  const bool moving = p.in_hand[c] == 0;
  const bool flying = moving && flies(v, popcount(own), p.in_hand[c]);
  for (int i = 0; i < b.num_mills; ++i) {
    const Bitboard line = b.mills[i];
    if ((own & line) == line) {
      score += w.mill;
    } else if (popcount(own & line) == 2 && (empty & line)) {
      score += w.open_mill;
      if (!moving || flying) continue;  // a placement or a flight reaches any empty point
      const Point gap = lsb(empty & line);
      if (b.adjacent[gap] & own & ~line) score += w.threat;
    }
  }
  if (!moving || flying) return score;
  for (Bitboard s = own; s;) {
    const int free = popcount(b.adjacent[pop_lsb(s)] & empty);
    score += w.mobility * free - (free == 0 ? w.blocked : 0);
  }
  return score;
}

int evaluate(const Variant& v, const Position& p) {
  return side_terms(v, p, p.side_to_move) - side_terms(v, p, ~p.side_to_move);
}

}  // namespace millbase
