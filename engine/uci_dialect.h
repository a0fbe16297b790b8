// The UCI dialect that mill GUIs and bridges speak (docs/uci.md), over an engine
// session; Sanmill's engine is its model: its rule options (sanmill_rules.h), its FEN
// (sanmill_fen.h), its `analyze` and its one-line answer (sanmill_values.h). Unknown
// commands and options are answered with an "info string" line and never end the
// session. Every `go` gets exactly one answer carrying `bestmove` (at once, or at `stop`
// after `go infinite`), and never a move of another position or game: after a refused
// `position`, or while the rule options select a game that is not solved, it is
// `bestmove none` after the reason.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/engine_session.h"
#include "engine/line_reader.h"
#include "engine/sanmill_fen.h"
#include "engine/sanmill_rules.h"

namespace millbase::engine {

// Sanmill's SkillLevel, its search depth in plies, as its engine and app take it.
constexpr int MIN_SKILL = 0;
constexpr int MAX_SKILL = 30;

// Returns the level `go` plays at with SkillLevel `skill` (MIN_SKILL..MAX_SKILL):
// level1 for 0 and 1, levelN for N = 2..SEARCH_LEVELS (Sanmill's depth in plies), then
// 6..10 -> level6, 11..15 -> level7, 16..20 -> level8, 21..25 -> level9 and 26..30 ->
// level10, PERFECT: the deeper Sanmill looks, the more of the tables (docs/uci.md).
int skill_level(int skill);

class UciDialect {
 public:
  // db: the table directory (TablePath's default); out: where the answers go.
  UciDialect(const Variant& v, std::string db, uint64_t seed, Output out, CostNote cost = {});

  // Runs one command (lower case) with its words, answering through out; any command but
  // `isready` first writes the answer a `go infinite` holds. An error is for report():
  // the session is then unchanged, except that a refused `position` leaves no position.
  Status handle(const std::string& cmd, std::vector<std::string>& words);
  // Answers a failed command: "info string error <reason>".
  void report(const Status& st);
  // Answers a line refused whole (st: why) like report(), and leaves no position until
  // the next valid `position`: the line may have been one, and `go` must not answer the
  // position before it.
  void skip(const Status& st);
  // Writes the answer a `go infinite` or `go ponder` holds, if any: at `quit` or the end
  // of input.
  void finish();

  const EngineSession& session() const { return s_; }
  // Returns why `go` cannot answer for a position (a refused `position`, rule options of
  // a game not solved), or ok.
  Status ready() const;
  // Returns the session's position in Sanmill's FEN (the `fen` command).
  std::string fen() const;
  // Returns the level `go` plays at: PERFECT with UsePerfectDatabase, else SkillLevel's.
  int level() const;

 private:
  // Writes s, an answer of one or more lines.
  void say(const std::string& s);
  // Returns ok after say(s): for a command whose answer is s.
  Status answered(const std::string& s);
  Status handshake();
  Status set_option(const std::vector<std::string>& words);
  Status set_rule(const std::string& name, const std::string& value);
  Status rules_ready() const;
  Status set_position(std::vector<std::string>& words);
  Status load_position(std::vector<std::string>& words);
  Status new_game();
  bool flipped() const;
  std::string score(ValueCode v) const;
  std::string words(ValueCode v) const;
  std::string action(Move m) const;
  std::vector<std::pair<std::string, ValueCode>> actions(const std::vector<MoveValue>& moves) const;
  bool sanmill_line() const;
  std::string last_line(const std::string& move, int white_score) const;
  std::string result_line() const;
  Result<Move> choose();
  std::vector<std::string> answer(size_t topn);
  Status go(const std::vector<std::string>& words);
  Status analyze(std::vector<std::string>& words);
  Status eval();
  Status show();

  // Where the game began for Sanmill's FEN: its count of actions, its "none" mark.
  struct Origin {
    int ply = 0;
    int none_mark = 0;
  };
  enum class LineForm : uint8_t { Auto, Uci, Sanmill };  // BestMoveLine's values, in order
  // A move that closes a mill given alone by go, with the removal its score described:
  // the next go plays that removal while the move waits for it in the same position.
  struct Planned {
    const Variant* variant = nullptr;
    Position before;
    Move move;
    int level = PERFECT;
  };

  struct Option;  // one of the engine's own options (uci_options.cpp)
  // Returns the engine's own options with this session's defaults, in the order `uci`
  // lists them.
  std::vector<Option> options() const;

  EngineSession s_;
  const std::string db_;  // --db: the table directory TablePath's default stands for
  Output out_;
  int level_ = PERFECT;
  bool perfect_db_ = false;  // UsePerfectDatabase: perfect play whatever SkillLevel says
  bool score_from_white_ = false, combined_ = false;
  SanmillRules rules_;
  bool rules_in_use_ = false;  // a rule option was set since the last Variant
  LineForm line_form_ = LineForm::Auto;
  std::string refused_;  // why there is no position (a refused `position`), or empty
  std::string held_;     // the last line of a `go infinite` until `stop`, or empty
  Origin origin_;
  std::optional<Planned> planned_;
};

}  // namespace millbase::engine
