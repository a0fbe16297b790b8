#include "player/match.h"

#include <atomic>
#include <cmath>
#include <mutex>
#include <thread>

#include "player/player.h"

namespace millbase {

uint64_t game_seed(uint64_t seed, int game, Color c) {
  // splitmix64 of (seed, game, colour): neighbouring games get unrelated streams.
  uint64_t x = seed * 0x9E3779B97F4A7C15ULL + uint64_t(game) * 2 + uint64_t(c) + 1;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

Position game_start(const MatchOptions& o, int game) {
  return o.starts.empty() ? start_position(*o.variant) : o.starts[size_t(game) % o.starts.size()];
}

Result<GameResult> play_game(const MatchOptions& o, const Position& start, int game) {
  const Variant& v = *o.variant;
  Player players[2] = {Player(v, o.tables, game_seed(o.seed, game, WHITE)),
                       Player(v, o.tables, game_seed(o.seed, game, BLACK))};
  const int levels[2] = {o.white, o.black};
  Game g(v, start);
  while (g.outcome() == Outcome::Ongoing) {
    const Color side = g.position().side_to_move;
    Result<Move> m =
        players[side].choose(g.position(), levels[side], nullptr, std::max(0, g.quiet_plies()), &g);
    if (!m) return m.status();
    if (Status s = g.play(*m); !s) return s;
  }
  return GameResult{g.outcome(), g.reason(), g.ply(), g.moves()};
}

Result<MatchResult> play_match(const MatchOptions& o) {
  MatchResult r;
  r.games.resize(size_t(std::max(0, o.games)));
  std::atomic<int> next{0};
  std::mutex lock;
  int done = 0;
  auto is_kept = [&](int i) { return size_t(i) < o.kept.size() && o.kept[size_t(i)]; };
  for (int i = 0; i < o.games; ++i)
    if (is_kept(i)) r.games[size_t(i)] = *o.kept[size_t(i)], ++done;
  Status failed = Status::ok();
  auto work = [&] {
    for (int i; (i = next++) < o.games;) {
      if (is_kept(i)) continue;
      Result<GameResult> g = play_game(o, game_start(o, i), i);
      std::lock_guard<std::mutex> hold(lock);
      Status s = g ? (o.finished ? o.finished(i, *g) : Status::ok()) : g.status();
      if (!s) {
        if (failed) failed = s;
        next = o.games;  // the others stop after their game
        return;
      }
      r.games[size_t(i)] = *g;
      if (o.progress) o.progress(++done);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < std::max(1, o.threads); ++t) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  if (!failed) return failed;
  for (const GameResult& g : r.games) {
    r.white_wins += g.outcome == Outcome::WhiteWins;
    r.draws += g.outcome == Outcome::Draw;
    r.black_wins += g.outcome == Outcome::BlackWins;
  }
  return r;
}

Score score_of(const MatchResult& r, Color c) {
  const double n = double(r.games.size());
  if (n == 0) return {};
  const int wins = c == WHITE ? r.white_wins : r.black_wins;
  const int losses = c == WHITE ? r.black_wins : r.white_wins;
  const double mean = (wins + 0.5 * r.draws) / n;
  // Sample variance of the points: sum (x - mean)^2 / (n - 1).
  const double ss =
      wins * (1 - mean) * (1 - mean) + r.draws * (0.5 - mean) * (0.5 - mean) + losses * mean * mean;
  const double var = n > 1 ? ss / (n - 1) : 0;
  return {mean, 1.96 * std::sqrt(var / n)};
}

}  // namespace millbase
