#include "web/api/web_api.h"

#include <charconv>
#include <optional>

#include "core/game.h"
#include "core/game_record.h"
#include "core/json_writer.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "db/shown_value.h"
#include "db/table_dir.h"
#include "engine/engine_session.h"
#include "player/level_ratings.h"
#include "player/levels.h"
#include "player/player.h"

namespace millbase::web {

namespace {

ApiResponse error(int status, const std::string& message) {
  return {status, JsonWriter().begin_object().field("error", message).end_object().str()};
}

std::string side(Color c) { return c == WHITE ? "white" : "black"; }

// Writes {"white":w,"black":b}.
void write_pair(JsonWriter& w, int white, int black) {
  w.begin_object().field("white", white).field("black", black).end_object();
}

// Writes the points of a bitboard as an array of names.
void write_points(JsonWriter& w, const Variant& v, Bitboard b) {
  w.begin_array();
  while (b) w.value(point_name(*v.board, pop_lsb(b)));
  w.end_array();
}

// Writes the name of a point, or null for NO_POINT.
void write_point(JsonWriter& w, const Variant& v, Point p) {
  p == NO_POINT ? w.null() : w.value(point_name(*v.board, p));
}

// Writes the moves as an array in notation.
void write_moves(JsonWriter& w, const Variant& v, const std::vector<Move>& moves) {
  w.begin_array();
  for (Move m : moves) w.value(format_move(v, m));
  w.end_array();
}

// Writes the object of a value for the side it belongs to: plain, or a fifty code with
// `counter` plies on the counter and, under the rule, the plain value `without` (null
// when unknown); `text` in its short form (a move's), or in the long form of probe (a
// position's, placement: whether it is in the placement phase).
void write_value(JsonWriter& w, ValueCode value, Metric metric, int counter,
                 std::optional<ValueCode> without = std::nullopt, bool long_text = false,
                 bool placement = false) {
  const ShownValue shown{value, metric, counter, placement};
  shown.write_json(w.begin_object()).field("text", long_text ? shown.text() : shown.brief());
  if (metric == Metric::FIFTY) {
    w.key("without_rule");
    const ShownValue plain{without.value_or(DRAW)};
    without ? plain.write_json(w.begin_object()).field("text", plain.text()).end_object()
            : w.null();
  }
  w.end_object();
}

// What perfect play sees, in a line beside the levels' (LEVEL_SPECS[level].sees).
constexpr std::string_view PERFECT_SEES =
    "the tables: every position to the end of the game, and in a draw the traps it can set";

// Writes the levels the page offers, strongest first, as an array:
// {"name":"level3","label":"Level 3","tables":false,"sees":"...","elo":{"six":1860}},
// "elo" holding the variants where the level's rating was measured (level_ratings.h).
void write_levels(JsonWriter& w) {
  auto level = [&w](int l, std::string_view label, std::string_view sees) {
    w.begin_object()
        .field("name", level_name(l))
        .field("label", label)
        .field("tables", needs_tables(l))
        .field("sees", sees);
    w.key("elo").begin_object();
    for (const Variant* v : all_variants())
      if (const std::optional<int> elo = level_rating(*v, l)) w.field(v->name, *elo);
    w.end_object().end_object();
  };
  w.begin_array();
  level(PERFECT, "Perfect", PERFECT_SEES);
  for (int l = PERFECT - 1; l >= 1; --l)
    level(l, "Level " + std::to_string(l), LEVEL_SPECS[l].sees);
  w.end_array();
}

}  // namespace

std::string WebApi::dir(const Variant& v) const {
  auto it = options_.dirs.find(std::string(v.name));
  return TableDir::for_play(v, it == options_.dirs.end() ? "" : it->second).path();
}

std::string WebApi::explain(const Status& s, const Variant& v, Metric metric) const {
  if (options_.missing && s.code() == Status::Code::NotFound) return options_.missing(v);
  return engine::explain(s, v, dir(v), metric, options_.cost);
}

Result<std::shared_ptr<const Tablebase>> WebApi::tables(const Variant& v) {
  return cache_.get(v, dir(v));
}

std::shared_ptr<const Tablebase> WebApi::plain_tables(const Variant& v, const Tablebase& fifty) {
  if (fifty.metric() != Metric::FIFTY) return nullptr;
  auto it = options_.plain_dirs.find(std::string(v.name));
  const std::string plain =
      TableDir::named(v, it == options_.plain_dirs.end() ? "" : it->second).path();
  if (plain == fifty.dir()) return nullptr;
  Result<std::shared_ptr<const Tablebase>> tb = cache_.get(v, plain);
  return tb && (*tb)->metric() == Metric::PLAIN ? *tb : nullptr;
}

ApiResponse WebApi::handle(std::string_view path, const ApiParams& params) {
  if (path == "variants") return variants();
  if (path == "game") return game(params);
  if (path == "computer") return computer(params);
  if (path == "record") return record(params);
  return error(404, "unknown path /api/" + std::string(path) +
                        " (the API has /api/variants, /api/game, /api/computer, /api/record)");
}

ApiResponse WebApi::variants() {
  JsonWriter w;
  w.begin_object().key("variants").begin_array();
  for (const Variant* v : all_variants()) {
    const Board& b = *v->board;
    w.begin_object()
        .field("name", v->name)
        .field("stones", v->stones)
        .field("flying", v->flying)
        .field("start", format_position(*v, start_position(*v)))
        .key("points")
        .begin_array();
    for (int p = 0; p < b.num_points; ++p)
      w.begin_object()
          .field("name", point_name(b, Point(p)))
          .field("x", int(b.coord[p].col))
          .field("y", int(b.coord[p].row))
          .end_object();
    w.end_array().key("lines").begin_array();
    for (int p = 0; p < b.num_points; ++p)
      for (Bitboard adj = b.adjacent[p]; adj;)
        if (const Point q = pop_lsb(adj); q > p) {
          write_point(w.begin_array(), *v, Point(p));
          write_point(w, *v, q);
          w.end_array();
        }
    const std::string d = dir(*v);
    const Result<TableDir> tables = TableDir::open(*v, d);
    w.end_array().key("tables");
    tables ? w.value(metric_name(tables->metric())) : w.null();
    w.field("dir", d).end_object();
  }
  w.end_array().key("default");
  options_.default_variant.empty() ? w.null() : w.value(options_.default_variant);
  write_levels(w.key("levels"));
  return {200, w.end_object().str()};
}

WebApi::Values WebApi::game_values(const Variant& v, engine::EngineSession& s) {
  const Position& p = s.game().position();
  const bool ongoing = s.game().outcome() == Outcome::Ongoing;
  Values out;
  out.counter = s.counter();
  auto unvalued = [&] {
    if (ongoing)
      for (Move m : MoveList(v, p)) out.legal.push_back({m, DRAW});
    return out;
  };
  Result<std::shared_ptr<const Tablebase>> tb = tables(v);
  if (!tb) {
    out.tables_error = explain(tb.status(), v);
    return unvalued();
  }
  s.set_tables(*tb);
  out.opened = true;
  out.metric = (*tb)->metric();
  Result<ValueCode> now = (*tb)->probe(p);
  Result<std::vector<MoveValue>> analyzed =
      ongoing && now ? analyze_matching(**tb, p, nullptr, out.counter)
                     : Result<std::vector<MoveValue>>(std::vector<MoveValue>{});
  if (!now || !analyzed) {
    cache_.forget(v, (*tb)->dir());  // a table may be repaired by the next request
    out.tables_error = explain(!now ? now.status() : analyzed.status(), v, out.metric);
    return unvalued();
  }
  out.valued = true;
  out.value = *now;
  out.placement = phase(v, p) == Phase::Place;
  out.legal = *analyzed;
  // Under the 50-ply rule, the values without it when the plain tables are beside.
  if (std::shared_ptr<const Tablebase> plain = plain_tables(v, **tb)) {
    Result<ValueCode> plain_now = plain->probe(p);
    Result<std::vector<MoveValue>> plain_moves =
        ongoing ? plain->analyze(p) : Result<std::vector<MoveValue>>(std::vector<MoveValue>{});
    if (plain_now && plain_moves) {
      out.value_without = *plain_now;
      out.without = *plain_moves;
    } else {
      cache_.forget(v, plain->dir());
    }
  }
  return out;
}

void WebApi::Values::write_value(JsonWriter& w) const {
  if (valued)
    web::write_value(w, value, metric, counter, value_without, true, placement);
  else
    w.null();
}

void WebApi::Values::write_move_value(JsonWriter& w, const MoveValue& m) const {
  if (!valued) {
    w.null();
    return;
  }
  std::optional<ValueCode> plain;
  for (const MoveValue& x : without)
    if (x.move == m.move) plain = x.value;
  web::write_value(w, m.value, metric, counter, plain);
}

ApiResponse WebApi::game(const ApiParams& params) {
  Result<RequestGame> g = request_game(params, 1);
  if (!g) return error(400, g.message());
  const Variant& v = *g->variant;
  engine::EngineSession& s = *g->session;
  const Game& game = s.game();
  const Position& p = game.position();
  const bool ongoing = game.outcome() == Outcome::Ongoing;
  const Values values = game_values(v, s);
  JsonWriter w;
  w.begin_object()
      .field("variant", v.name)
      .field("start", format_position(v, g->start))
      .key("moves");
  write_moves(w, v, game.moves());
  w.field("position", format_position(v, p))
      .field("side_to_move", side(p.side_to_move))
      .field("phase", phase_name(phase(v, p)))
      .key("also_moves");
  // In placement under Lasker's rule: how the side to move may move a stone instead.
  const std::optional<Phase> also = ongoing ? also_moves(v, p) : std::nullopt;
  also ? w.value(phase_name(*also)) : w.null();
  w.key("in_hand");
  write_pair(w, p.in_hand[WHITE], p.in_hand[BLACK]);
  write_pair(w.key("on_board"), popcount(p.stones[WHITE]), popcount(p.stones[BLACK]));
  write_points(w.key("stones").begin_object().key("white"), v, p.stones[WHITE]);
  write_points(w.key("black"), v, p.stones[BLACK]);
  w.end_object().key("counter");
  game.quiet_plies() < 0 ? w.null() : w.value(values.counter);
  w.field("repetitions", game.repetitions())
      .field("outcome", outcome_name(game.outcome()))
      .field("reason", reason_name(game.reason()))
      .key("result_text");
  ongoing ? w.null() : w.value(game.result_text());
  w.key("rule");
  values.opened ? w.value(metric_name(values.metric)) : w.null();
  values.write_value(w.key("value"));
  w.key("tables_error");
  values.tables_error ? w.value(*values.tables_error) : w.null();
  w.field("record", write_record(game, {})).key("legal").begin_array();
  for (const MoveValue& m : values.legal) {
    w.begin_object().field("move", format_move(v, m.move));
    write_point(w.key("from"), v, m.move.is_placement() ? NO_POINT : m.move.from);
    write_point(w.key("to"), v, m.move.to);
    write_point(w.key("remove"), v, m.move.remove);
    values.write_move_value(w.key("value"), m);
    w.end_object();
  }
  return {200, w.end_array().end_object().str()};
}

ApiResponse WebApi::computer(const ApiParams& params) {
  const std::string seed_text = param(params, "seed", "1");
  uint64_t seed = 0;
  const auto [end, ec] =
      std::from_chars(seed_text.data(), seed_text.data() + seed_text.size(), seed);
  if (ec != std::errc() || end != seed_text.data() + seed_text.size() || seed_text.empty())
    return error(400, "seed " + quote_token(seed_text) + " is not a number 0..2^64-1");
  Result<int> level = parse_level(param(params, "level", "perfect"));
  if (!level) return error(400, level.message());
  Result<RequestGame> g = request_game(params, seed);
  if (!g) return error(400, g.message());
  const Variant& v = *g->variant;
  // The search levels play without the tables; the levels above them need them.
  std::shared_ptr<const Tablebase> tb;
  if (needs_tables(*level)) {
    Result<std::shared_ptr<const Tablebase>> opened = tables(v);
    if (!opened)
      return error(opened.status().code() == Status::Code::NotFound ? 404 : 400,
                   explain(opened.status(), v));
    tb = *opened;
  }
  const Game& game = g->session->game();
  if (game.outcome() != Outcome::Ongoing)
    return error(400, "the game is over: " + game.result_text());
  if (tb) g->session->set_tables(tb);
  Result<Move> m = g->session->choose(*level);
  if (!m) {  // a missing table, or an unreadable one (the server's fault, not the request's)
    if (tb) cache_.forget(v, tb->dir());
    return error(m.status().code() == Status::Code::NotFound ? 404 : 500,
                 explain(m.status(), v, tb ? tb->metric() : Metric::PLAIN));
  }
  return {200, JsonWriter().begin_object().field("move", format_move(v, *m)).end_object().str()};
}

ApiResponse WebApi::record(const ApiParams& params) {
  const std::string text = param(params, "text", "");
  if (text.find_first_not_of(" \t\r\n") == std::string::npos)
    return error(400, "the record is empty: paste a game record or a move list");
  Result<const Variant*> bare = variant_of(params);
  if (!bare) return error(400, bare.message());
  Result<GameRecord> r = read_record(text, **bare);
  if (!r) return error(400, r.message());
  const Game& game = r->game;
  const Variant& v = game.variant();
  JsonWriter w;
  w.begin_object()
      .field("variant", v.name)
      .field("start", format_position(v, game.start()))
      .key("moves");
  write_moves(w, v, game.moves());
  w.field("resigned", game.reason() == EndReason::Resignation)
      .field("outcome", outcome_name(game.outcome()))
      .field("reason", reason_name(game.reason()));
  return {200, w.end_object().str()};
}

}  // namespace millbase::web
