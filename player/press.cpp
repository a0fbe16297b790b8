#include "player/press.h"

#include <algorithm>
#include <cmath>

#include "core/movegen.h"
#include "db/block_source.h"
#include "db/shown_value.h"
#include "player/search.h"

namespace millbase {

ValueCode value_now(const Tablebase& tables, ValueCode move_value, int counter) {
  return ShownValue{move_value, tables.metric(), counter}.now();
}

int counter_after(Move m, int counter) {
  return m.is_placement() || m.remove != NO_POINT ? 0 : counter + 1;
}

namespace {

// The chances a drawing move m gives, by the position q it leaves the opponent.
struct Chances {
  double trap = 0;   // formula (1)
  double naive = 0;  // formula (2)
};

// Returns the chances of the opponent's position q with `counter` on the counter.
Result<Chances> chances(const Tablebase& tables, const Position& q, int counter) {
  Result<std::vector<MoveValue>> replies = tables.analyze(q, counter);
  if (!replies) return replies.status();
  std::vector<Move> moves;
  std::vector<uint8_t> losing;
  int losses = 0;
  for (const MoveValue& r : *replies) {
    moves.push_back(r.move);
    losing.push_back(is_loss(value_now(tables, r.value, counter)));
    losses += losing.back();
  }
  Chances c;
  if (losses == 0) return c;
  for (int depth : MODEL_DEPTHS) {
    const SearchResult r =
        search_moves(tables.variant(), q, moves, depth, MODEL_EXTENSION, MODEL_MARGIN);
    int errs = 0;
    for (const ScoredMove& s : r.near_best)
      errs += losing[size_t(std::find(moves.begin(), moves.end(), s.move) - moves.begin())];
    c.trap += double(errs) / double(r.near_best.size());
  }
  c.trap /= double(std::size(MODEL_DEPTHS));
  c.naive = double(losses) / double(moves.size());
  return c;
}

}  // namespace

Result<std::vector<Move>> press_draws(const Tablebase& tables, const Position& p,
                                      std::span<const Move> draws, int counter, const Game* game) {
  // Every reply to every drawing move is probed below: fetched together where the tables
  // are read by request (the page's).
  if (takes_read_hints()) {
    std::vector<Position> replies;
    for (Move m : draws) {
      const Position q = do_move(p, m);
      for (Move r : MoveList(tables.variant(), q)) replies.push_back(do_move(q, r));
    }
    tables.prefetch(replies);
  }
  std::vector<double> scores, costs;
  double most_trap = 0;
  for (Move m : draws) {
    Result<Chances> c = chances(tables, do_move(p, m), counter_after(m, counter));
    if (!c) return c.status();
    const int seen = game ? game->repetitions_after(m) : 0;
    costs.push_back((seen >= 2 ? REPEAT_COST : 0) + (seen >= DRAW_REPETITIONS ? END_COST : 0));
    scores.push_back(c->trap + NAIVE_WEIGHT * c->naive - costs.back());
    most_trap = std::max(most_trap, c->trap);
  }
  // (4): no modelled opponent errs after any move: every move of the least cost.
  const std::vector<double>& key = most_trap > 0 ? scores : costs;
  const double best = most_trap > 0 ? *std::max_element(key.begin(), key.end())
                                    : *std::min_element(key.begin(), key.end());
  std::vector<Move> out;
  for (size_t i = 0; i < draws.size(); ++i)
    if (most_trap > 0 ? key[i] >= best - PRESS_MARGIN : key[i] == best) out.push_back(draws[i]);
  return out;
}

}  // namespace millbase
