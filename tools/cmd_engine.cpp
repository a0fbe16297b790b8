// millbase engine: a line protocol on stdin/stdout for GUIs and scripts
// (docs/engine-protocol.md). A malformed or illegal line is answered "error <reason>"
// and the engine keeps running.
#include <cstdio>
#include <iostream>
#include <sstream>

#include "core/movegen.h"
#include "core/notation.h"
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
  explicit Engine(const EngineArgs& a) : a_(a), variant_(find_variant(a.variant)) {
    if (!variant_) variant_ = &SIX;
    position_ = start_position(*variant_);
  }

  void run() {
    std::printf("millbase engine ready\n");
    std::fflush(stdout);
    for (std::string line; std::getline(std::cin, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      std::istringstream in(line);
      std::string cmd;
      if (!(in >> cmd)) continue;
      std::string rest;
      std::getline(in, rest);
      rest.erase(0, rest.find_first_not_of(' '));
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
      if (!v) return Status::error("unknown variant '" + rest + "'");
      variant_ = v;
      tables_.reset();
      position_ = start_position(*v);
      return reply("ok");
    }
    if (cmd == "db") {
      if (rest.empty()) return Status::error("db needs a directory");
      a_.db = rest;
      tables_.reset();
      return reply("ok");
    }
    if (cmd == "position") return set_position(rest);
    if (cmd == "show") return reply("position " + format_position(*variant_, position_));
    if (cmd == "go") return go(rest);
    if (cmd == "analyze") return analyze();
    return Status::error("unknown command '" + cmd + "'");
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
    std::istringstream in(moves);
    for (std::string m; in >> m;) {
      Result<Move> move = parse_move(*variant_, p, m);
      if (!move) return move.status();
      p = do_move(p, *move);
    }
    position_ = p;
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
    if (Status s = open(); !s) return s;
    Result<Move> m = player_->choose(position_, level);
    if (!m) return m.status();
    return reply("bestmove " + format_move(*variant_, *m));
  }

  // value <result> [<distance>], then one "move <move> <result> [<distance>]" per legal
  // move, best first, then "end".
  Status analyze() {
    if (Status s = open(); !s) return s;
    Result<ValueCode> v = tables_->probe(position_);
    if (!v) return v.status();
    Result<std::vector<MoveValue>> moves = tables_->analyze(position_);
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
  Position position_;
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
            if (!resolve_variant(a->variant)) return EXIT_USAGE;
            Engine(*a).run();
            return EXIT_OK;
          }};
}

}  // namespace millbase::cli
