#include "engine/engine_session.h"

#include <cassert>

#include "core/movegen.h"
#include "core/notation.h"
#include "db/table_dir.h"
#include "db/value_text.h"

namespace millbase::engine {

EngineSession::EngineSession(const Variant& v, std::string db, uint64_t seed, CostNote cost)
    : variant_(&v),
      db_(std::move(db)),
      seed_(seed),
      cost_(std::move(cost)),
      game_(v, start_position(v)) {}

std::string EngineSession::dir() const { return TableDir::for_play(*variant_, db_).path(); }

Status EngineSession::set_variant(std::string_view name) {
  const Variant* v = find_variant(name);
  if (!v) return Status::error("unknown variant " + quote_token(name));
  set_variant(*v);
  return Status::ok();
}

void EngineSession::set_variant(const Variant& v) {
  variant_ = &v;
  tables_.reset();
  player_.reset();
  game_ = Game(v, start_position(v));
  pending_.reset();
}

void EngineSession::set_db(std::string dir) {
  db_ = std::move(dir);
  tables_.reset();
  player_.reset();
}

void EngineSession::set_tables(std::shared_ptr<const Tablebase> tables) {
  tables_ = std::move(tables);
  player_.reset();
}

void EngineSession::set_seed(uint64_t seed) {
  seed_ = seed;
  player_.reset();  // the tables and their cache stay
}

Status EngineSession::set_position(const Position& start, const std::vector<std::string>& moves,
                                   bool allow_pending, int quiet_plies) {
  // A removal written as its own token belongs to the move before it.
  std::vector<std::string> whole;
  for (const std::string& m : moves) {
    const std::string t = ascii_lower(m);
    if (!whole.empty() && is_separate_removal(t, whole.back()))
      whole.back() += t;
    else
      whole.push_back(t);
  }
  Game game(*variant_, start, quiet_plies);
  std::optional<Move> pending;
  for (size_t i = 0; i < whole.size(); ++i) {
    if (whole[i].starts_with("x"))
      return Status::error("removal " + quote_token(whole[i]) +
                           " follows no move that closes a mill");
    Result<Move> move = parse_move(*variant_, game.position(), whole[i]);
    if (!move && allow_pending && i + 1 == whole.size() && game.outcome() == Outcome::Ongoing) {
      Result<Move> bare = parse_move_text(*variant_, whole[i]);
      if (bare && awaits_removal(*variant_, game.position(), *bare)) {
        pending = *bare;
        break;
      }
    }
    if (!move) return move.status();
    if (Status st = game.play(*move); !st) return st;
  }
  game_ = game;
  pending_ = pending;
  return Status::ok();
}

void EngineSession::set_game(Game game) {
  assert(&game.variant() == variant_);
  game_ = std::move(game);
  pending_.reset();
}

Status EngineSession::play(Move m) {
  assert(!pending_);
  return game_.play(m);
}

bool EngineSession::undo() {
  if (!pending_) return game_.undo();
  pending_.reset();
  return true;
}

void EngineSession::restore(Line l) {
  assert(&l.game.variant() == variant_);
  game_ = std::move(l.game);
  pending_ = l.pending;
}

Status EngineSession::open() {
  if (!tables_) {
    auto tb = Tablebase::open(*variant_, dir());
    if (!tb) return tb.status();
    tables_ = *tb;
    player_.reset();
  }
  return Status::ok();
}

Player& EngineSession::player() {
  if (!player_) player_ = std::make_unique<Player>(*variant_, tables_, seed_);
  return *player_;
}

Result<Move> EngineSession::choose(int level) {
  if (game_.outcome() != Outcome::Ongoing)
    return Status::error("the game is over: " + game_.result_text());
  if (needs_tables(level))
    if (Status s = open(); !s) return s;
  return player().choose(game_.position(), level, pending(), counter(), &game_);
}

Result<std::vector<MoveValue>> EngineSession::analysis() {
  if (Status s = open(); !s) return s;
  return analyze_matching(*tables_, game_.position(), pending(), counter());
}

Result<std::vector<MoveValue>> EngineSession::moves() {
  Result<std::vector<MoveValue>> analyzed = analysis();
  if (!analyzed) return analyzed;
  std::vector<MoveValue> moves = *analyzed;
  for (MoveValue& m : moves) m.value = value_now(*tables_, m.value, counter());
  return moves;
}

Result<ValueCode> EngineSession::value() {
  if (Status s = open(); !s) return s;
  if (!pending_) {
    Result<ValueCode> v = tables_->probe(game_.position());
    if (!v || tables_->metric() != Metric::FIFTY) return v;
    return fifty_at(*v, counter());
  }
  Result<std::vector<MoveValue>> best = moves();
  if (!best) return best.status();
  return best->front().value;  // a pending move has at least one removal
}

std::string EngineSession::explain(const Status& s) const {
  return engine::explain(s, *variant_, dir(), metric(), cost_);
}

}  // namespace millbase::engine
