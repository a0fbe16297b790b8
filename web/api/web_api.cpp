#include "web/api/web_api.h"

#include <algorithm>
#include <charconv>
#include <optional>

#include "core/game.h"
#include "core/game_record.h"
#include "core/json_text.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "db/shown_value.h"
#include "db/table_dir.h"
#include "engine/engine_session.h"
#include "player/levels.h"
#include "player/player.h"

namespace millbase::web {

namespace {

ApiResponse error(int status, const std::string& message) {
  return {status, "{\"error\":" + json_string(message) + "}"};
}

// Returns the parameter `name`, or `otherwise` when it is absent.
std::string param(const ApiParams& params, const std::string& name, const std::string& otherwise) {
  auto it = params.find(name);
  return it == params.end() ? otherwise : it->second;
}

std::string side(Color c) { return c == WHITE ? "white" : "black"; }

// Returns {"white":w,"black":b}.
std::string pair_json(int white, int black) {
  return "{\"white\":" + std::to_string(white) + ",\"black\":" + std::to_string(black) + "}";
}

// Returns the points of a bitboard as a JSON array of names.
std::string points_json(const Variant& v, Bitboard b) {
  std::string out;
  while (b)
    out += (out.empty() ? "\"" : ",\"") + std::string(point_name(*v.board, pop_lsb(b))) + "\"";
  return "[" + out + "]";
}

// Returns the name of a point as JSON, or null for NO_POINT.
std::string point_json(const Variant& v, Point p) {
  return p == NO_POINT ? "null" : json_string(point_name(*v.board, p));
}

// Returns the JSON object of a value for the side it belongs to: plain, or a fifty code
// with `counter` plies on the counter and, under the rule, the plain value `without`
// (null when unknown); `text` in its short form (a move's), or in the long form of probe
// (a position's, placement: whether it is in the placement phase).
std::string value_json(ValueCode value, Metric metric, int counter,
                       std::optional<ValueCode> without = std::nullopt, bool long_text = false,
                       bool placement = false) {
  const ShownValue shown{value, metric, counter, placement};
  const std::string text = long_text ? shown.text() : shown.brief();
  if (metric != Metric::FIFTY) return "{" + shown.json() + ",\"text\":" + json_string(text) + "}";
  const ShownValue plain{without.value_or(DRAW)};
  const std::string without_json =
      without ? "{" + plain.json() + ",\"text\":" + json_string(plain.text()) + "}" : "null";
  return "{" + shown.json() + ",\"text\":" + json_string(text) +
         ",\"without_rule\":" + without_json + "}";
}

// What perfect play sees, in a line beside the levels' (LEVEL_SPECS[level].sees).
constexpr std::string_view PERFECT_SEES =
    "the tables: every position to the end of the game, and in a draw the traps it can set";

// Returns the levels the page offers, strongest first, as a JSON array:
// {"name":"level3","label":"Level 3","tables":false,"sees":"..."}.
std::string levels_json() {
  auto level = [](std::string_view name, std::string_view label, bool tables,
                  std::string_view sees) {
    return "{\"name\":" + json_string(name) + ",\"label\":" + json_string(label) +
           ",\"tables\":" + (tables ? "true" : "false") + ",\"sees\":" + json_string(sees) + "}";
  };
  std::string out = level(level_name(PERFECT), "Perfect", true, PERFECT_SEES);
  for (int l = LEVELS; l >= 1; --l)
    out += "," + level(level_name(l), "Level " + std::to_string(l), false, LEVEL_SPECS[l].sees);
  return "[" + out + "]";
}

// Returns the variant named by the `variant` parameter (any case; default six).
Result<const Variant*> variant_of(const ApiParams& params) {
  const std::string name = param(params, "variant", "six");
  if (const Variant* v = find_variant(ascii_lower(name))) return v;
  return Status::invalid(unknown_variant_text(name));
}

// Returns the words of a move list: split at blanks and commas.
std::vector<std::string> move_words(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  for (char c : text + " ") {
    if (c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r' || c == '+') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  return words;
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
  std::string list;
  for (const Variant* v : all_variants()) {
    const Board& b = *v->board;
    std::string points, lines;
    for (int p = 0; p < b.num_points; ++p) {
      points += std::string(points.empty() ? "" : ",") +
                "{\"name\":" + json_string(point_name(b, Point(p))) +
                ",\"x\":" + std::to_string(b.coord[p].col) +
                ",\"y\":" + std::to_string(b.coord[p].row) + "}";
      for (Bitboard adj = b.adjacent[p]; adj;)
        if (const Point q = pop_lsb(adj); q > p)
          lines += std::string(lines.empty() ? "" : ",") + "[" + point_json(*v, Point(p)) + "," +
                   point_json(*v, q) + "]";
    }
    const std::string d = dir(*v);
    const Result<TableDir> tables = TableDir::open(*v, d);
    const bool present = bool(tables);
    list += std::string(list.empty() ? "" : ",") + "{\"name\":" + json_string(v->name) +
            ",\"stones\":" + std::to_string(v->stones) +
            ",\"flying\":" + (v->flying ? "true" : "false") +
            ",\"start\":" + json_string(format_position(*v, start_position(*v))) + ",\"points\":[" +
            points + "],\"lines\":[" + lines +
            "],\"tables\":" + (present ? json_string(metric_name(tables->metric())) : "null") +
            ",\"dir\":" + json_string(d) + "}";
  }
  const std::string preferred =
      options_.default_variant.empty() ? "null" : json_string(options_.default_variant);
  return {200, "{\"variants\":[" + list + "],\"default\":" + preferred +
                   ",\"levels\":" + levels_json() + "}"};
}

namespace {

// The game of a request: its variant, start and moves replayed in a session.
struct RequestGame {
  const Variant* variant;
  Position start;
  std::unique_ptr<engine::EngineSession> session;
};

// Returns the game that the variant, start and moves parameters describe; errors are
// the notation's, naming the token.
Result<RequestGame> request_game(const ApiParams& params, uint64_t seed) {
  Result<const Variant*> v = variant_of(params);
  if (!v) return v.status();
  const std::string start_text = param(params, "start", "");
  Result<Position> start =
      start_text.empty() ? Result<Position>(start_position(**v)) : parse_position(**v, start_text);
  if (!start) return Status::invalid(start.message());
  auto session = std::make_unique<engine::EngineSession>(**v, "", seed);
  if (Status st = session->set_position(*start, move_words(param(params, "moves", "")), false); !st)
    return Status::invalid(st.message());
  const std::string resigned = param(params, "resigned", "0");
  if (resigned != "0" && resigned != "1")
    return Status::invalid("resigned " + quote_token(resigned) + " is not 0 or 1");
  if (resigned == "1") {
    if (session->game().outcome() != Outcome::Ongoing)
      return Status::invalid("resigned=1, but the game is already over: " +
                             session->game().result_text());
    session->resign();
  }
  return RequestGame{*v, *start, std::move(session)};
}

}  // namespace

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
    out.tables_error = json_string(explain(tb.status(), v));
    return unvalued();
  }
  s.set_tables(*tb);
  out.metric = (*tb)->metric();
  out.rule = std::string("\"") + metric_name(out.metric) + "\"";
  Result<ValueCode> now = (*tb)->probe(p);
  Result<std::vector<MoveValue>> analyzed =
      ongoing && now ? analyze_matching(**tb, p, nullptr, out.counter)
                     : Result<std::vector<MoveValue>>(std::vector<MoveValue>{});
  if (!now || !analyzed) {
    cache_.forget(v, (*tb)->dir());  // a table may be repaired by the next request
    out.tables_error = json_string(explain(!now ? now.status() : analyzed.status(), v, out.metric));
    return unvalued();
  }
  out.valued = true;
  out.legal = *analyzed;
  // Under the 50-ply rule, the values without it when the plain tables are beside.
  std::optional<ValueCode> without;
  if (std::shared_ptr<const Tablebase> plain = plain_tables(v, **tb)) {
    Result<ValueCode> plain_now = plain->probe(p);
    Result<std::vector<MoveValue>> plain_moves =
        ongoing ? plain->analyze(p) : Result<std::vector<MoveValue>>(std::vector<MoveValue>{});
    if (plain_now && plain_moves) {
      without = *plain_now;
      out.without = *plain_moves;
    } else {
      cache_.forget(v, plain->dir());
    }
  }
  out.value = value_json(*now, out.metric, out.counter, without, true, phase(v, p) == Phase::Place);
  return out;
}

std::string WebApi::Values::move_json(const MoveValue& m) const {
  if (!valued) return "null";
  std::optional<ValueCode> plain;
  for (const MoveValue& w : without)
    if (w.move == m.move) plain = w.value;
  return value_json(m.value, metric, counter, plain);
}

ApiResponse WebApi::game(const ApiParams& params) {
  Result<RequestGame> g = request_game(params, 1);
  if (!g) return error(400, g.message());
  const Variant& v = *g->variant;
  engine::EngineSession& s = *g->session;
  const Game& game = s.game();
  const Position& p = game.position();
  const Phase ph = phase(v, p);
  std::string moves;
  for (Move m : game.moves())
    moves += std::string(moves.empty() ? "" : ",") + json_string(format_move(v, m));

  const bool ongoing = game.outcome() == Outcome::Ongoing;
  const Values values = game_values(v, s);
  std::string legal_json;
  for (const MoveValue& m : values.legal)
    legal_json += std::string(legal_json.empty() ? "" : ",") +
                  "{\"move\":" + json_string(format_move(v, m.move)) +
                  ",\"from\":" + point_json(v, m.move.is_placement() ? NO_POINT : m.move.from) +
                  ",\"to\":" + point_json(v, m.move.to) +
                  ",\"remove\":" + point_json(v, m.move.remove) +
                  ",\"value\":" + values.move_json(m) + "}";
  const char* phase_name = ph == Phase::Place ? "placement"
                           : ph == Phase::Fly ? "flying"
                                              : "movement";
  std::string body =
      "{\"variant\":" + json_string(v.name) +
      ",\"start\":" + json_string(format_position(v, g->start)) + ",\"moves\":[" + moves +
      "],\"position\":" + json_string(format_position(v, p)) + ",\"side_to_move\":\"" +
      side(p.side_to_move) + "\",\"phase\":\"" + phase_name +
      "\",\"in_hand\":" + pair_json(p.in_hand[WHITE], p.in_hand[BLACK]) +
      ",\"on_board\":" + pair_json(popcount(p.stones[WHITE]), popcount(p.stones[BLACK])) +
      ",\"stones\":{\"white\":" + points_json(v, p.stones[WHITE]) +
      ",\"black\":" + points_json(v, p.stones[BLACK]) + "}" +
      ",\"counter\":" + (game.quiet_plies() < 0 ? "null" : std::to_string(values.counter)) +
      ",\"repetitions\":" + std::to_string(game.repetitions()) + ",\"outcome\":\"" +
      std::string(outcome_name(game.outcome())) + "\",\"reason\":\"" +
      std::string(reason_name(game.reason())) +
      "\",\"result_text\":" + (ongoing ? "null" : json_string(game.result_text())) +
      ",\"rule\":" + values.rule + ",\"value\":" + values.value +
      ",\"tables_error\":" + values.tables_error +
      ",\"record\":" + json_string(write_record(game, {})) + ",\"legal\":[" + legal_json + "]}";
  return {200, body};
}

ApiResponse WebApi::computer(const ApiParams& params) {
  const std::string seed_text = param(params, "seed", "1");
  uint64_t seed = 0;
  const auto [end, ec] =
      std::from_chars(seed_text.data(), seed_text.data() + seed_text.size(), seed);
  if (ec != std::errc() || end != seed_text.data() + seed_text.size() || seed_text.empty())
    return error(400, "seed " + quote_token(seed_text) + " is not a number 0..2^64-1");
  Result<int> level = parse_level(ascii_lower(param(params, "level", "perfect")));
  if (!level) return error(400, level.message());
  Result<RequestGame> g = request_game(params, seed);
  if (!g) return error(400, g.message());
  const Variant& v = *g->variant;
  // The levels search without the tables; perfect play needs them.
  std::shared_ptr<const Tablebase> tb;
  if (*level > LEVELS) {
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
  return {200, "{\"move\":" + json_string(format_move(v, *m)) + "}"};
}

namespace {

// Returns `text` as a game record: a record as it is; a bare move list, optionally after
// a start position, under the tags [Variant] (the variant parameter) and [Start].
Result<std::string> as_record(const ApiParams& params, const std::string& text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos)
    return Status::invalid("the record is empty: paste a game record or a move list");
  if (text[first] == '[') return text;
  Result<const Variant*> v = variant_of(params);
  if (!v) return v.status();
  std::string head = "[Variant \"" + std::string((*v)->name) + "\"]\n";
  std::string moves = text;
  if (text[first] == 'W' || text[first] == 'w') {  // a start position: its 3 to 5 words
    // Split at blanks only: a position holds commas.
    std::vector<std::string> words;
    for (size_t at = first; at < text.size();) {
      const size_t end = std::min(text.find_first_of(" \t\r\n", at), text.size());
      if (end > at) words.push_back(text.substr(at, end - at));
      at = end + 1;
    }
    for (size_t n = std::min<size_t>(5, words.size()); n >= 3; --n) {
      std::string position;
      for (size_t i = 0; i < n; ++i) position += (i ? " " : "") + words[i];
      if (!parse_position(**v, position)) continue;
      head += "[Start \"" + position + "\"]\n";
      moves.clear();
      for (size_t i = n; i < words.size(); ++i) moves += words[i] + " ";
      break;
    }
  }
  return head + "\n" + moves;
}

}  // namespace

ApiResponse WebApi::record(const ApiParams& params) {
  Result<std::string> text = as_record(params, param(params, "text", ""));
  if (!text) return error(400, text.message());
  Result<GameRecord> r = read_record(*text);
  if (!r) return error(400, r.message());
  const Game& game = r->game;
  const Variant& v = game.variant();
  std::string moves;
  for (Move m : game.moves())
    moves += std::string(moves.empty() ? "" : ",") + json_string(format_move(v, m));
  return {200, "{\"variant\":" + json_string(v.name) +
                   ",\"start\":" + json_string(format_position(v, game.start())) + ",\"moves\":[" +
                   moves + "],\"resigned\":" +
                   (game.reason() == EndReason::Resignation ? "true" : "false") +
                   ",\"outcome\":\"" + std::string(outcome_name(game.outcome())) +
                   "\",\"reason\":\"" + std::string(reason_name(game.reason())) + "\"}"};
}

}  // namespace millbase::web
