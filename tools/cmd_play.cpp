// millbase play: a terminal game against the computer (or between two humans), enforcing
// the rules and the draw rules of play; a front end on the engine session
// (engine/engine_session.h), like engine and uci. Works interactively and with piped
// input.
#include <cstdio>
#include <iostream>
#include <sstream>

#include <algorithm>
#include <cassert>
#include <ctime>
#include <optional>

#include "core/game.h"
#include "core/game_record.h"
#include "core/movegen.h"
#include "engine/engine_session.h"
#include "tools/cli_common.h"
#include "tools/text_file.h"

namespace millbase::cli {

namespace {

struct PlayArgs {
  std::string variant, db, level = "perfect", white = "human", black = "computer", position, load;
  uint64_t seed = 1;
};

// Returns a typed line as the session reads it: trimmed, in lower case (point names and
// commands are lower case).
std::string typed(const std::string& line) { return ascii_lower(trimmed(line)); }

class Session {
 public:
  // Plays `game` on (a loaded record with its tags, or the start position of the first
  // game).
  Session(const PlayArgs& a, int level, const Game& game, std::vector<Tag> loaded_tags)
      : v_(game.variant()),
        a_(a),
        level_(level),
        first_(game.start()),
        session_(game.variant(), a.db, a.seed, solve_cost),
        loaded_tags_(std::move(loaded_tags)) {
    session_.set_game(game);
  }

  // Returns ok when the tables answer for the game's position, else why not.
  Status tables_ready() {
    const Result<ValueCode> value = session_.value();
    return value ? Status::ok() : value.status();
  }

  // Prints st with the command that fixes it; returns its exit code.
  int fail_on(const Status& st) const { return fail(st, v_, session_.dir(), session_.metric()); }

  int run() {
    show();
    std::string line;
    while (true) {
      if (game().outcome() == Outcome::Ongoing && computer_to_move()) {
        if (!computer_move()) return EXIT_MISSING;
        show();
        continue;
      }
      prompt();
      if (!std::getline(std::cin, line)) return EXIT_OK;
      const std::string raw = trimmed(line);
      line = ascii_lower(raw);
      std::istringstream words(line);
      std::string cmd;
      if (!(words >> cmd)) continue;
      if (cmd == "quit" || cmd == "exit") return EXIT_OK;
      if (cmd == "new") {
        session_.set_game(Game(v_, start(++games_)));
        show();
      } else if (cmd == "undo") {
        undo();
      } else if (cmd == "hint") {
        hint();
      } else if (cmd == "resign") {
        if (game().outcome() != Outcome::Ongoing) {
          say("the game is over; type new or quit");
          continue;
        }
        session_.resign();
        show();
      } else if (cmd == "save") {
        save(trimmed(raw.substr(4)));  // the file name as typed, in its case
      } else if (cmd == "help") {
        say("moves: d5, c5-d5, c5-d5xd7; commands: hint undo new resign save <file> quit (or "
            "exit)");
      } else {
        if (!human_move(line)) return EXIT_OK;
      }
    }
  }

 private:
  // Returns the start position of game n: that of the first game, with the colours
  // swapped in every other game.
  Position start(int n) const {
    Position p = first_;
    if (n % 2) {
      std::swap(p.stones[WHITE], p.stones[BLACK]);
      std::swap(p.in_hand[WHITE], p.in_hand[BLACK]);
      p.side_to_move = ~p.side_to_move;
    }
    return p;
  }

  bool computer(Color c) const { return (c == WHITE ? a_.white : a_.black) == "computer"; }
  bool computer_to_move() const { return computer(game().position().side_to_move); }
  const Game& game() const { return session_.game(); }
  void say(const std::string& s) const { std::printf("%s\n", s.c_str()), std::fflush(stdout); }

  // Returns the record's tags: the event, the date and who played, then the other tags
  // of a loaded record.
  std::vector<Tag> tags() const {
    char date[16] = "????.??.??";
    const std::time_t now = std::time(nullptr);
    if (std::tm t{}; gmtime_r(&now, &t)) std::strftime(date, sizeof date, "%Y.%m.%d", &t);
    auto who = [&](Color c) { return computer(c) ? "millbase " + level_name(level_) : "human"; };
    std::vector<Tag> tags = {
        {"Event", "millbase play"}, {"Date", date}, {"White", who(WHITE)}, {"Black", who(BLACK)}};
    for (const Tag& t : loaded_tags_)
      if (std::none_of(tags.begin(), tags.end(), [&](const Tag& o) { return o.first == t.first; }))
        tags.push_back(t);
    return tags;
  }

  // save FILE: the game so far as a record (docs/game-records.md), written atomically.
  void save(const std::string& file) {
    if (file.empty()) return say("save needs a file name: save FILE");
    Status st = write_text_file(file, write_record(game(), tags()));
    say(st ? "saved the game (" + std::to_string(game().ply()) + " plies) to " + file
           : "error: " + st.message());
  }

  void show() const {
    const Position& p = game().position();
    std::printf("\n%s", draw_board(v_, p).c_str());
    std::printf("White: %d on the board, %d in hand. Black: %d on the board, %d in hand.\n",
                popcount(p.stones[WHITE]), p.in_hand[WHITE], popcount(p.stones[BLACK]),
                p.in_hand[BLACK]);
    if (game().outcome() != Outcome::Ongoing)
      say(game().result_text() + " (ply " + std::to_string(game().ply()) +
          "; type save FILE, new or quit)\n\n" + write_record(game(), tags()));
    else
      say(std::string(color_name(p.side_to_move)) + " to move" +
          (computer_to_move() ? " (computer)." : "."));
  }

  void prompt() const {
    std::printf("%s> ", game().outcome() == Outcome::Ongoing
                            ? std::string(color_name(game().position().side_to_move)).c_str()
                            : "game over");
    std::fflush(stdout);
  }

  bool computer_move() {
    Result<Move> m = session_.choose(level_);
    if (!m) {
      say("error: " + session_.explain(m.status()));
      return false;
    }
    say(std::string(color_name(game().position().side_to_move)) + " (computer) plays " +
        format_move(v_, *m));
    const Status played = session_.play(*m);  // choose() gives a legal move
    assert(played.is_ok());
    return true;
  }

  // Plays the move typed as text, asking for the removal when a mill closes without
  // one. Returns false when the player quits at the removal prompt.
  bool human_move(const std::string& text) {
    if (game().outcome() != Outcome::Ongoing)
      return say("the game is over; type new or quit"), true;
    const Position& p = game().position();
    Result<Move> m = parse_move(v_, p, text);
    if (m) return play(*m), true;
    Result<Move> bare = parse_move_text(v_, text);
    if (!bare)
      return say("unknown command or move " + quote_token(text) +
                 " (type help): " + bare.message()),
             true;
    // A mill typed without its removal: ask for the stone to remove, again until it is
    // one that may go; undo takes the move back.
    if (!awaits_removal(v_, p, *bare)) return say(m.message()), true;
    while (true) {
      std::printf("%s closes a mill. Remove which %s stone? ", text.c_str(),
                  std::string(color_name(~p.side_to_move)).c_str());
      std::fflush(stdout);
      std::string point;
      if (!std::getline(std::cin, point)) return false;
      point = typed(point);
      if (point == "quit" || point == "exit") return false;
      if (point == "undo") return say("move taken back"), true;
      if (point == "hint") {
        hint();
        continue;
      }
      if (point.empty()) {
        say("type the point of the stone to remove (or undo to take the move back)");
        continue;
      }
      m = parse_move(v_, p, text + "x" + point);
      if (m) return play(*m), true;
      say(m.message());
    }
  }

  void play(Move m) {
    const Status played = session_.play(m);  // m: parsed in the game's position
    assert(played.is_ok());
    show();
  }

  void undo() {
    if (!session_.undo()) return say("nothing to undo");
    // Back to a position where a human is to move.
    while (computer_to_move() && game().ply() > 0 && session_.undo()) {
    }
    show();
  }

  void hint() {
    // A finished game has no moves to value, whatever the tables say of its position (a
    // draw by repetition or by the 50-ply rule, a record loaded at its end).
    if (game().outcome() != Outcome::Ongoing)
      return say("the game is over: " + game().result_text() + "; type new, undo or quit");
    Result<std::vector<MoveValue>> moves = session_.analysis();
    if (!moves) return say("error: " + session_.explain(moves.status()));
    const bool fifty = session_.metric() == Metric::FIFTY;
    const int counter = session_.counter();
    std::string out;
    if (fifty)
      out = "values under the 50-ply rule with the counter at " + std::to_string(counter) +
            " (plies to the next mill or the end):\n";
    for (const MoveValue& m : *moves)
      out += format_move(v_, m.move) + " " +
             ShownValue{m.value, session_.metric(), counter}.brief() + "\n";
    std::printf("%s", out.empty() ? "no legal moves\n" : out.c_str());
    std::fflush(stdout);
  }

  const Variant& v_;
  const PlayArgs& a_;
  int level_;
  Position first_;
  engine::EngineSession session_;
  std::vector<Tag> loaded_tags_;
  int games_ = 0;
};

int run_play(const PlayArgs& a, bool variant_given) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  const Result<int> level = parse_level(a.level);
  if (!level) return fail(EXIT_USAGE, "--" + level.message());
  for (const std::string* side : {&a.white, &a.black})
    if (*side != "human" && *side != "computer")
      return fail(EXIT_USAGE, "player " + quote_token(*side) + " must be human or computer");
  std::optional<Game> game;
  std::vector<Tag> tags;
  if (!a.load.empty()) {
    if (!a.position.empty()) return fail(EXIT_USAGE, "give --position or --load, not both");
    // Standard input carries the moves typed during the game.
    if (a.load == "-")
      return fail(EXIT_USAGE, "--load needs a file: play reads its moves from stdin");
    Result<std::string> text = read_text_file(a.load);
    if (!text) return fail(EXIT_USAGE, text.message());
    Result<GameRecord> record = read_record(*text);
    if (!record) return fail(EXIT_USAGE, a.load + ": " + record.message());
    if (variant_given && &record->game.variant() != v)
      return fail(EXIT_USAGE, a.load + " is a game of " + std::string(record->game.variant().name) +
                                  ", not of " + std::string(v->name));
    game = record->game;
    tags = record->tags;
    v = &game->variant();
  } else if (!a.position.empty()) {
    Result<Position> p = parse_position(*v, a.position);
    if (!p) return fail(EXIT_USAGE, p.message());
    game.emplace(*v, *p);
  } else {
    game.emplace(*v, start_position(*v));
  }
  Session session(a, *level, *game, std::move(tags));
  // A computer that plays from the tables needs them: checked before the first move, not
  // at it. The levels search without them.
  if (needs_tables(*level) && (a.white == "computer" || a.black == "computer"))
    if (Status st = session.tables_ready(); !st) return session.fail_on(st);
  return session.run();
}

}  // namespace

Command register_play(CLI::App& app) {
  auto a = std::make_shared<PlayArgs>();
  CLI::App* cmd = app.add_subcommand(
      "play", "Play a game in the terminal against the computer (type help for commands)");
  add_variant_option(cmd, &a->variant);
  cmd->add_option("--db,-d", a->db,
                  "Table directory (default: data/<variant>-fifty, the 50-ply rule's tables, "
                  "when it holds all the variant's 50-ply tables, else data/<variant>)");
  cmd->add_option("--level", a->level,
                  "Computer strength: level1..level5 (also 1..5: a search without the tables), "
                  "level6..level9 (the tables, erring as level 5 one move in 2..16) or perfect "
                  "(level10), docs/levels.md")
      ->capture_default_str();
  cmd->add_option("--white", a->white, "human or computer")->capture_default_str();
  cmd->add_option("--black", a->black, "human or computer")->capture_default_str();
  cmd->add_option("--position", a->position, "Start from this position instead of the empty board");
  cmd->add_option("--load", a->load, "Go on from the game in this record (docs/game-records.md)");
  cmd->add_option("--seed", a->seed, "Seed for the computer's choices")->capture_default_str();
  return {cmd, [a, cmd] { return run_play(*a, cmd->count("--variant") > 0); }};
}

}  // namespace millbase::cli
