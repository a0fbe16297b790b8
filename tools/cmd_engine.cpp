// millbase engine: a line protocol on stdin/stdout for GUIs and scripts
// (docs/engine-protocol.md). A malformed or illegal line is answered "error <reason>"
// and the engine keeps running.
#include <cstdio>
#include <iostream>
#include <sstream>

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "db/dir_manifest.h"
#include "player/player.h"
#include "tools/cli_common.h"

namespace millbase::cli {

namespace {

struct EngineArgs {
  std::string variant, db;
  uint64_t seed = 1;
};

class Engine {
 public:
  explicit Engine(const EngineArgs& a)
      : a_(a), variant_(find_variant(a.variant) ? find_variant(a.variant) : &SIX) {}

  void run() {
    std::printf("millbase engine ready\n");
    std::fflush(stdout);
    for (std::string line; std::getline(std::cin, line);) {
      // Words apart by any blanks (a Windows line ending among them); the command in
      // any case.
      std::istringstream in(line);
      std::string cmd, rest;
      if (!(in >> cmd)) continue;
      cmd = ascii_lower(cmd);
      for (std::string w; in >> w;) rest += (rest.empty() ? "" : " ") + w;
      if (cmd == "quit") break;
      Status s = dispatch(cmd, rest);
      if (!s) std::printf("error %s\n", explain(s, *variant_, table_dir(*variant_, a_.db)).c_str());
      std::fflush(stdout);
    }
  }

 private:
  Status dispatch(const std::string& cmd, const std::string& rest) {
    if (cmd == "isready") return reply("readyok");
    if (cmd == "variant") {
      const Variant* v = find_variant(rest);
      if (!v) return Status::error("unknown variant " + quote_token(rest));
      variant_ = v;
      tables_.reset();
      game_ = Game(*v, start_position(*v));
      return reply("ok");
    }
    if (cmd == "db") {
      if (rest.empty()) return Status::error("db needs a directory");
      a_.db = rest;
      tables_.reset();
      return reply("ok");
    }
    if (cmd == "position") return set_position(rest);
    if (cmd == "show") return reply("position " + format_position(*variant_, game_.position()));
    if (cmd == "help")
      return reply(
          "commands: isready, variant <name>, db <dir>, position start [white|black] [moves "
          "...], position <position> [moves ...], show, go [level perfect|1..5], analyze, "
          "help, quit (docs/engine-protocol.md)");
    if (cmd == "go") return go(rest);
    if (cmd == "analyze") return analyze();
    return Status::error("unknown command " + quote_token(cmd));
  }

  Status reply(const std::string& s) {
    std::printf("%s\n", s.c_str());
    return Status::ok();
  }

  // position start [white|black] [moves ...] | position <notation> [moves ...]
  Status set_position(const std::string& rest) {
    std::string text = rest, moves;
    if (size_t at = rest.find(" moves"); at != std::string::npos || rest.rfind("moves", 0) == 0) {
      at = at == std::string::npos ? 0 : at;
      text = rest.substr(0, at);
      moves = rest.substr(at + (at ? 6 : 5));
    }
    Position p;
    if (text == "start" || text == "start white" || text == "start black") {
      p = start_position(*variant_, text == "start black" ? BLACK : WHITE);
    } else {
      Result<Position> parsed = parse_position(*variant_, text);
      if (!parsed) return parsed.status();
      p = *parsed;
    }
    // The moves under the draw rules of play: a move after the game ended is refused.
    Game game(*variant_, p);
    std::istringstream in(moves);
    for (std::string m; in >> m;) {
      Result<Move> move = parse_move(*variant_, game.position(), ascii_lower(m));
      if (!move) return move.status();
      if (Status st = game.play(*move); !st) return st;
    }
    game_ = game;
    return reply("ok");
  }

  Status open() {
    if (tables_) return Status::ok();
    auto tb = Tablebase::open(*variant_, table_dir(*variant_, a_.db));
    if (!tb) return tb.status();
    tables_ = *tb;
    player_ = std::make_unique<Player>(tables_, a_.seed);
    return Status::ok();
  }

  // go [level perfect|1..5]
  Status go(const std::string& rest) {
    int level = PERFECT;
    std::istringstream in(rest);
    std::string word, value;
    if (in >> word) {
      if (word != "level" || !(in >> value))
        return Status::error("go takes 'level perfect' or 'level 1..5'");
      Result<int> parsed = parse_level(value);
      if (!parsed) return parsed.status();
      level = *parsed;
    }
    if (game_.outcome() != Outcome::Ongoing) return game_over();
    if (Status s = open(); !s) return s;
    Result<Move> m = player_->choose(game_.position(), level);
    if (!m) return m.status();
    return reply("bestmove " + format_move(*variant_, *m));
  }

  // "info result <white|black|draw> reason <why>", then "bestmove none".
  Status game_over() {
    const Outcome o = game_.outcome();
    const char* result = o == Outcome::WhiteWins   ? "white"
                         : o == Outcome::BlackWins ? "black"
                                                   : "draw";
    static constexpr const char* REASONS[] = {"none",       "no-legal-move", "too-few-stones",
                                              "repetition", "fifty-plies",   "resignation"};
    return reply(std::string("info result ") + result + " reason " + REASONS[int(game_.reason())] +
                 "\nbestmove none");
  }

  // value <result> [<distance>], then one "move <move> <result> [<distance>]" per legal
  // move, best first, then "end".
  Status analyze() {
    if (Status s = open(); !s) return s;
    Result<ValueCode> v = tables_->probe(game_.position());
    if (!v) return v.status();
    Result<std::vector<MoveValue>> moves = tables_->analyze(game_.position());
    if (!moves) return moves.status();
    auto words = [](ValueCode c) {
      return is_draw(c) ? std::string("draw")
                        : std::string(is_win(c) ? "win " : "loss ") + std::to_string(distance(c));
    };
    std::string out = "value " + words(*v) + "\n";
    for (const MoveValue& m : *moves)
      out += "move " + format_move(*variant_, m.move) + " " + words(m.value) + "\n";
    return reply(out + "end");
  }

  EngineArgs a_;
  const Variant* variant_;
  Game game_{*variant_, start_position(*variant_)};
  std::shared_ptr<const Tablebase> tables_;
  std::unique_ptr<Player> player_;
};

}  // namespace

Command register_engine(CLI::App& app) {
  auto a = std::make_shared<EngineArgs>();
  CLI::App* cmd = app.add_subcommand(
      "engine", "Line protocol on stdin/stdout for GUIs and scripts (docs/engine-protocol.md)");
  add_variant_option(cmd, &a->variant);
  cmd->add_option("--db,-d", a->db, "Table directory (default: data/<variant>)");
  cmd->add_option("--seed", a->seed, "Seed for the choices among equal moves")
      ->capture_default_str();
  return {cmd, [a] {
            const Variant* v = resolve_variant(a->variant);
            if (!v) return EXIT_USAGE;
            // A table directory named on the command line must exist: said before "ready".
            if (!a->db.empty())
              if (Status st = check_table_dir(*v, a->db); !st) return fail(st, *v, a->db);
            Engine(*a).run();
            return EXIT_OK;
          }};
}

}  // namespace millbase::cli
