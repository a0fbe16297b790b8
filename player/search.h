// The table-free search of the levels: negamax with alpha-beta pruning to a fixed depth
// over whole turns (a move with its removal), then optionally a few plies of
// mill-closing moves only (a quiescence search), scored by evaluate() at the leaves and
// by the rules at the end of the game.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/position.h"

namespace millbase {

// The score of a won game: a side to move that has lost at ply k of the search scores
// -(MATE - k), so that nearer wins score higher. Far above any evaluation.
constexpr int MATE = 30000;

struct ScoredMove {
  Move move;
  int score;  // for the side to move in the searched position
};

struct SearchResult {
  std::vector<ScoredMove> near_best;  // the moves within the margin of the best, best first
  uint64_t nodes = 0;                 // positions visited
};

// Returns the moves of `roots` (legal moves of p, not empty) whose score searched `depth`
// plies deep (depth 1: the move, then the evaluation), then up to `extension` plies of
// mill-closing moves, is at least the best's minus `margin`, with their exact scores.
// drawn[i], when given, marks roots[i] as ending the game in a draw (a third
// repetition): it scores 0 without a search.
SearchResult search_moves(const Variant& v, const Position& p, std::span<const Move> roots,
                          int depth, int extension, int margin,
                          std::span<const uint8_t> drawn = {});

// Returns the score of p for the side to move searched as search_moves searches a root's
// successor, within (alpha, beta) fail-hard; adds the positions visited to *nodes.
int search_score(const Variant& v, const Position& p, int depth, int extension, int alpha, int beta,
                 uint64_t* nodes);

}  // namespace millbase
