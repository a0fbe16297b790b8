#include "core/symmetry.h"

namespace millbase {

Position transform(const Board& b, const Position& p, int s) {
  Position q = p;
  q.stones[WHITE] = b.transform(p.stones[WHITE], s);
  q.stones[BLACK] = b.transform(p.stones[BLACK], s);
  return q;
}

Move transform(const Board& b, Move m, int s) {
  auto image = [&](Point x) { return x == NO_POINT ? NO_POINT : b.symmetry[s][x]; };
  return Move{image(m.from), image(m.to), image(m.remove)};
}

Position canonical(const Board& b, const Position& p) {
  Position best = p;
  for (int s = 1; s < NUM_SYMMETRIES; ++s) {
    Position q = transform(b, p, s);
    if (q.stones < best.stones) best = q;
  }
  return best;
}

}  // namespace millbase
