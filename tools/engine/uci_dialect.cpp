#include "tools/engine/uci_dialect.h"

#include <algorithm>
#include <cstdlib>

#include "core/board_text.h"
#include "core/notation.h"
#include "db/value_text.h"

namespace millbase::engine {

namespace {

// SkillLevel: 1..5 are the player's levels, 6 and above perfect play.
constexpr int MAX_SKILL = 30;

}  // namespace

UciDialect::UciDialect(const Variant& v, std::string db, uint64_t seed, Output out, CostNote cost)
    : s_(v, db, seed, std::move(cost)), db_(std::move(db)), out_(std::move(out)) {}

void UciDialect::report(const Status& st) { say("info string error " + s_.explain(st)); }

Status UciDialect::handle(const std::string& cmd, std::vector<std::string>& words) {
  if (cmd == "uci") return handshake();
  if (cmd == "isready") return say("readyok");
  if (cmd == "setoption") return set_option(words);
  if (cmd == "ucinewgame") return s_.set_position(start_position(s_.variant()), {}, true);
  if (cmd == "position") return set_position(words);
  if (cmd == "go") return go(words);
  if (cmd == "eval") return eval();
  if (cmd == "d") return show();
  // No search ever runs in the background, so there is nothing to stop.
  if (cmd == "stop" || cmd == "ponderhit" || cmd == "debug" || cmd == "register")
    return Status::ok();
  return say("info string unknown command " + quote_token(cmd));
}

Status UciDialect::say(const std::string& s) {
  out_(s);
  return Status::ok();
}

Status UciDialect::handshake() {
  std::string variants;
  for (const Variant* v : all_variants()) variants += " var " + std::string(v->name);
  return say(std::string("id name millbase ") + MILLBASE_VERSION +
             "\nid author the millbase developers"
             "\noption name Variant type combo default " +
             std::string(s_.variant().name) + variants +
             "\noption name TablePath type string default <empty>" +
             "\noption name SkillLevel type spin default " + std::to_string(MAX_SKILL) +
             " min 1 max " + std::to_string(MAX_SKILL) +
             "\noption name Seed type spin default 1 min 0 max 2147483647"
             "\noption name ScoreFromWhite type check default false"
             "\noption name CombinedMoves type check default false\nuciok");
}

// setoption name <id> [value <x>]; the id in any case, its words joined.
Status UciDialect::set_option(const std::vector<std::string>& words) {
  const auto [name, value] = parse_setoption(words);
  const std::string lower = ascii_lower(value);
  if (name == "variant") return s_.set_variant(value);
  if (name == "tablepath") {  // <empty>, as GUIs send the default: --db's, else data/<variant>
    s_.set_db(value.empty() || lower == "<empty>" ? db_ : value);
    return Status::ok();
  }
  if (name == "skilllevel" || name == "seed") {
    const long max = name == "seed" ? 2147483647L : MAX_SKILL, min = name == "seed" ? 0 : 1;
    char* end = nullptr;
    const long n = value.empty() ? -1 : std::strtol(value.c_str(), &end, 10);
    if (value.empty() || *end || n < min || n > max)
      return Status::error("option " + quote_token(name) + " takes a number " +
                           std::to_string(min) + ".." + std::to_string(max) + ", not " +
                           quote_token(value));
    if (name == "seed")
      s_.set_seed(uint64_t(n));
    else
      level_ = n >= PERFECT ? PERFECT : int(n);
    return Status::ok();
  }
  if (name == "scorefromwhite" || name == "combinedmoves") {
    if (lower != "true" && lower != "false")
      return Status::error("option " + quote_token(name) + " takes true or false, not " +
                           quote_token(value));
    (name == "scorefromwhite" ? score_from_white_ : combined_) = lower == "true";
    return Status::ok();
  }
  return say("info string unknown option " + quote_token(name));
}

// position startpos [moves ...] | position fen <position> [moves ...]
Status UciDialect::set_position(std::vector<std::string>& words) {
  const std::vector<std::string> moves = split_moves(words);
  Position p;
  if (words.size() == 1 && ascii_lower(words[0]) == "startpos") {
    p = start_position(s_.variant());
  } else if (!words.empty() && ascii_lower(words[0]) == "fen") {
    std::string text;
    for (size_t i = 1; i < words.size(); ++i) text += (i > 1 ? " " : "") + words[i];
    Result<Position> parsed = parse_position(s_.variant(), text);
    if (!parsed) return parsed.status();
    p = *parsed;
  } else {
    return Status::error("position takes 'startpos' or 'fen <position>', then 'moves ...'");
  }
  return s_.set_position(p, moves, true);
}

// Returns the score of value v for the side to move: "mate <plies>" (negative when
// losing) or "cp 0" for a draw; from White's side with ScoreFromWhite.
std::string UciDialect::score(ValueCode v) const {
  if (is_draw(v)) return "cp 0";
  const bool flip = score_from_white_ && s_.game().position().side_to_move == BLACK;
  const int plies = shown_plies(v, s_.metric());
  return "mate " + std::to_string(is_win(v) != flip ? plies : -plies);
}

// Returns m as the GUI plays it: one action at a time unless CombinedMoves (a move
// that closes a mill, then its removal "x<point>" at the next go).
std::string UciDialect::action(Move m) const {
  const Variant& v = s_.variant();
  if (s_.pending()) return "x" + std::string(point_name(*v.board, m.remove));
  if (!combined_) m.remove = NO_POINT;
  return format_move(v, m);
}

// go [topn N] [any search limits, ignored: the tables answer at once]
Status UciDialect::go(const std::vector<std::string>& words) {
  const Game& g = s_.game();
  if (g.outcome() != Outcome::Ongoing) {
    say("info string result " + std::string(outcome_name(g.outcome())) + " reason " +
        std::string(reason_name(g.reason())));
    return say(g.outcome() == Outcome::Draw ? "bestmove draw" : "bestmove none");
  }
  size_t topn = 0;
  for (size_t i = 0; i + 1 < words.size(); ++i)
    if (ascii_lower(words[i]) == "topn") topn = std::strtoul(words[i + 1].c_str(), nullptr, 10);
  Result<std::vector<MoveValue>> moves = s_.moves();
  Result<Move> chosen = moves ? s_.choose(level_) : Result<Move>(moves.status());
  if (!chosen) {
    say("info string error " + s_.explain(chosen.status()));
    return say("bestmove none");  // a GUI waiting for the answer never hangs
  }
  for (size_t i = 0; i < topn && i < moves->size(); ++i)
    say("info topn rank " + std::to_string(i + 1) + " move " +
        format_move(s_.variant(), (*moves)[i].move) + " score " + score((*moves)[i].value));
  for (const MoveValue& m : *moves)
    if (m.move == *chosen)
      say("info depth 1 score " + score(m.value) + " string " +
          rule_value_text(m.value, s_.metric()));
  return say("bestmove " + action(*chosen));
}

// info eval score <score>: the position's value, as go would report its best move; a
// game drawn by the draw rules of play is worth a draw.
Status UciDialect::eval() {
  if (s_.game().outcome() == Outcome::Draw) return say("info eval score cp 0 string draw");
  Result<ValueCode> v = s_.value();
  if (!v) return v.status();
  return say("info eval score " + score(*v) + " string " + rule_value_text(*v, s_.metric()));
}

// The board, its notation and any move waiting for its removal, as "#" lines.
Status UciDialect::show() {
  const Variant& v = s_.variant();
  std::string out = draw_board(v, s_.game().position()) + "position " +
                    format_position(v, s_.game().position()) + "\n";
  if (const Move* m = s_.pending())
    out += "waiting for the removal after " + format_move(v, *m) + "\n";
  for (size_t at = 0; at < out.size();) {
    const size_t next = std::min(out.find('\n', at), out.size());
    say("# " + out.substr(at, next - at));
    at = next + 1;
  }
  return Status::ok();
}

}  // namespace millbase::engine
