#include "engine/engine_dialect.h"

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "db/shown_value.h"

namespace millbase::engine {

EngineDialect::EngineDialect(const Variant& v, std::string db, uint64_t seed, Output out,
                             CostNote cost)
    : s_(v, std::move(db), seed, std::move(cost)), out_(std::move(out)) {}

void EngineDialect::greet() { out_("millbase engine ready"); }

void EngineDialect::report(const Status& st) { out_("error " + s_.explain(st)); }

Status EngineDialect::handle(const std::string& cmd, std::vector<std::string>& words) {
  std::string rest;
  for (const std::string& w : words) rest += (rest.empty() ? "" : " ") + w;
  if (cmd == "isready") return reply("readyok");
  if (cmd == "variant") {
    if (Status st = s_.set_variant(rest); !st) return st;
    return reply("ok");
  }
  if (cmd == "db") {
    if (rest.empty()) return Status::error("db needs a directory");
    s_.set_db(rest);
    return reply("ok");
  }
  if (cmd == "position") return set_position(words);
  if (cmd == "show")
    return reply("position " + format_position(s_.variant(), s_.game().position()));
  if (cmd == "help")
    return reply(
        "commands: isready, variant <name>, db <dir>, position start [white|black] [moves "
        "...], position <position> [moves ...], show, go [level perfect|1..10], analyze, "
        "help, quit (docs/engine-protocol.md)");
  if (cmd == "go") return go(words);
  if (cmd == "analyze") return analyze();
  return Status::error("unknown command " + quote_token(cmd));
}

Status EngineDialect::reply(const std::string& s) {
  out_(s);
  return Status::ok();
}

// position start [white|black] [moves ...] | position <notation> [moves ...]
Status EngineDialect::set_position(std::vector<std::string>& words) {
  const std::vector<std::string> moves = split_moves(words);
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
  const std::string start = ascii_lower(text);
  Position p;
  if (start == "start" || start == "start white" || start == "start black") {
    p = start_position(s_.variant(), start == "start black" ? BLACK : WHITE);
  } else {
    Result<Position> parsed = parse_position(s_.variant(), text);
    if (!parsed) return parsed.status();
    p = *parsed;
  }
  // The moves under the draw rules of play: a move after the game ended is refused.
  if (Status st = s_.set_position(p, moves, false); !st) return st;
  return reply("ok");
}

// go [level perfect|1..10]
Status EngineDialect::go(const std::vector<std::string>& words) {
  int level = PERFECT;
  if (!words.empty()) {
    if (words.size() != 2 || ascii_lower(words[0]) != "level")
      return Status::error("go takes 'level perfect' or 'level 1..10'");
    Result<int> parsed = parse_level(words[1]);
    if (!parsed) return parsed.status();
    level = *parsed;
  }
  if (s_.game().outcome() != Outcome::Ongoing) return game_over();
  Result<Move> m = s_.choose(level);
  if (!m) return m.status();
  return reply("bestmove " + format_move(s_.variant(), *m));
}

// "info result <white|black|draw> reason <why>", then "bestmove none".
Status EngineDialect::game_over() {
  return reply("info result " + std::string(outcome_name(s_.game().outcome())) + " reason " +
               std::string(reason_name(s_.game().reason())) + "\nbestmove none");
}

// value <result> [<distance>], then one "move <move> <result> [<distance>]" per legal
// move, best first, then "end".
Status EngineDialect::analyze() {
  Result<ValueCode> v = s_.value();
  if (!v) return v.status();
  Result<std::vector<MoveValue>> moves = s_.moves();
  if (!moves) return moves.status();
  // The protocol's words: "win N", "loss N" or "draw" (ShownValue::terse).
  auto words = [&](ValueCode c) { return ShownValue{c, s_.metric(), s_.counter()}.terse(); };
  std::string out = "value " + words(*v) + "\n";
  for (const MoveValue& m : *moves)
    out += "move " + format_move(s_.variant(), m.move) + " " + words(m.value) + "\n";
  return reply(out + "end");
}

}  // namespace millbase::engine
