#include "player/search.h"

#include <algorithm>
#include <cassert>

#include "core/movegen.h"
#include "player/evaluation.h"

namespace millbase {

namespace {

// Returns the legal moves of p with the mill-closing ones first (they decide most
// cut-offs), each group in generation order.
int ordered_moves(const MoveList& list, Move* out) {
  Move* end = out;
  for (Move m : list)
    if (m.remove != NO_POINT) *end++ = m;
  for (Move m : list)
    if (m.remove == NO_POINT) *end++ = m;
  return int(end - out);
}

// The state of one search: what it needs besides the position and the window.
struct Search {
  const Variant& v;
  uint64_t nodes = 0;
};

// Returns the score of p within (alpha, beta), fail-hard: `depth` plies of every move,
// then `extra` plies of mill-closing moves only, the side to move free to stand on the
// evaluation instead (a quiescence search: no leaf is scored in the middle of a
// capture it could answer).
int negamax(Search& s, const Position& p, int depth, int extra, int alpha, int beta, int ply) {
  ++s.nodes;
  const GameOver over = game_over(s.v, p);
  if (over == GameOver::FullBoard) return 0;
  if (over != GameOver::None) return -(MATE - ply);
  const bool quiet = depth == 0;
  if (quiet) {
    const int stand = evaluate(s.v, p);
    if (extra == 0 || stand >= beta) return std::min(stand, beta);
    alpha = std::max(alpha, stand);
  }
  const MoveList list(s.v, p);
  Move moves[MAX_MOVES];
  const int n = ordered_moves(list, moves);
  for (int i = 0; i < n; ++i) {
    if (quiet && moves[i].remove == NO_POINT) break;  // mill-closing moves come first
    const int score = -negamax(s, do_move(p, moves[i]), std::max(0, depth - 1),
                               quiet ? extra - 1 : extra, -beta, -alpha, ply + 1);
    if (score >= beta) return beta;
    alpha = std::max(alpha, score);
  }
  return alpha;
}

}  // namespace

int search_score(const Variant& v, const Position& p, int depth, int extension, int alpha, int beta,
                 uint64_t* nodes) {
  Search s{v};
  const int score = negamax(s, p, depth, extension, alpha, beta, 0);
  *nodes += s.nodes;
  return score;
}

SearchResult search_moves(const Variant& v, const Position& p, std::span<const Move> roots,
                          int depth, int extension, int margin, std::span<const uint8_t> drawn) {
  assert(!roots.empty() && depth >= 1 && margin >= 0);
  assert(drawn.empty() || drawn.size() == roots.size());
  Search s{v};
  std::vector<int> order(roots.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = int(i);
  std::stable_partition(order.begin(), order.end(),
                        [&](int i) { return roots[i].remove != NO_POINT; });
  std::vector<ScoredMove> scored;
  int best = -MATE - 1;
  for (int i : order) {
    // A root whose score falls below best - margin is not needed exactly: it fails low.
    const int floor = best - margin - 1;
    const int score = !drawn.empty() && drawn[i]
                          ? 0
                          : -negamax(s, do_move(p, roots[i]), depth - 1, extension, -(MATE + 1),
                                     -std::max(floor, -MATE - 1), 1);
    if (score <= floor) continue;
    scored.push_back({roots[i], score});
    best = std::max(best, score);
  }
  SearchResult r;
  r.nodes = s.nodes;
  for (const ScoredMove& m : scored)
    if (m.score >= best - margin) r.near_best.push_back(m);
  std::stable_sort(r.near_best.begin(), r.near_best.end(),
                   [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; });
  return r;
}

}  // namespace millbase
