#include "player/levels.h"

#include <algorithm>
#include <cassert>
#include <vector>

#include "core/token_text.h"
#include "player/search.h"

namespace millbase {

Result<int> parse_level(std::string_view text) {
  const std::string lower = ascii_lower(text);
  if (lower == "perfect") return PERFECT;
  if (lower == "strong") return STRONG;
  std::string_view digits = lower;
  if (digits.starts_with("level")) digits.remove_prefix(5);
  int n = 0;
  const bool number = !digits.empty() && digits.size() <= 2 && digits[0] != '0' &&
                      std::all_of(digits.begin(), digits.end(), [&](char c) {
                        n = 10 * n + (c - '0');
                        return c >= '0' && c <= '9';
                      });
  if (number && n >= 1 && n <= LEVELS) return n;
  return Status::error("level " + quote_token(text) + " must be perfect, strong or 1.." +
                       std::to_string(LEVELS));
}

Result<int> parse_player(std::string_view text) {
  const std::string lower = ascii_lower(text);
  for (int level = DEEP_FIRST; level <= DEEP_LAST; ++level)
    if (lower == level_name(level)) return level;
  Result<int> level = parse_level(text);
  if (!level) return Status::error(level.message() + ", or a trial player depth6..depth8");
  return level;
}

std::string level_name(int level) {
  assert(level >= 1 && level <= DEEP_LAST);
  if (level == PERFECT) return "perfect";
  if (level == STRONG) return "strong";
  if (level >= DEEP_FIRST) return "depth" + std::to_string(search_spec(level).depth);
  return "level" + std::to_string(level);
}

LevelSpec search_spec(int level) {
  assert(level >= 1 && searches(level) && level <= DEEP_LAST);
  if (level <= SEARCH_LEVELS) return LEVEL_SPECS[level];
  LevelSpec deeper = LEVEL_SPECS[SEARCH_LEVELS];
  deeper.depth = DEEP_FIRST_DEPTH + (level - DEEP_FIRST);
  deeper.sees = "a trial player: level 5's search, deeper";
  return deeper;
}

Move search_level_move(const Variant& v, const Position& p, std::span<const Move> legal, int level,
                       std::mt19937_64& rng, const Game* game) {
  assert(searches(level) && !legal.empty());
  const LevelSpec spec = search_spec(level);
  std::vector<uint8_t> drawn;
  if (game)
    for (Move m : legal) drawn.push_back(game->repetitions_after(m) >= DRAW_REPETITIONS);
  const SearchResult r = search_moves(v, p, legal, spec.depth, spec.extension, spec.margin, drawn);
  return r.near_best[rng() % r.near_best.size()].move;
}

}  // namespace millbase
