// A game record: plays moves from a start position under the rules and the draw rules
// of play (rules.md), and reports the result with its reason.
//
// Draw-rule counting (our reading of rules.md, see docs/rules-notes.md): both counts
// start at the first position in which both hands are empty (Lasker: the start) and restart at the
// position after any turn that closes a mill. That position counts as the first occurrence for
// repetition and as ply 0 for the 50-ply count. The game is drawn when a position
// occurs for the third time within the window, or when 50 plies have been played in
// it, unless the side to move has lost at that moment.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/notation.h"

namespace millbase {

enum class Outcome : uint8_t { Ongoing, WhiteWins, BlackWins, Draw };

enum class EndReason : uint8_t {
  None,
  NoLegalMove,   // the loser had no legal move
  TooFewStones,  // the loser had fewer than three stones and none in hand
  Repetition,    // the same position for the third time
  FiftyPlies,    // 50 plies without a mill
  Resignation,
  FullBoard,  // no legal move on a full board: a draw (the full-board rule, twelve)
};

// Returns the outcome in one word: "ongoing", "white", "black" or "draw".
std::string_view outcome_name(Outcome o);
// Returns the reason in one word: "none", "no-legal-move", "too-few-stones", "repetition",
// "fifty-plies", "resignation" or "full-board" (in game records: do not change).
std::string_view reason_name(EndReason r);
// Returns the reason named by text (reason_name's words), or nullopt.
std::optional<EndReason> find_reason(std::string_view text);

// Returns true when the draw rules of play count in p: after placement, or from the
// first ply under Lasker's rule (rules.md), where placement and movement mix.
inline bool draw_rules_apply(const Variant& v, const Position& p) {
  return v.move_in_placement || p.placement_over();
}

constexpr int DRAW_PLIES = 50;
constexpr int DRAW_REPETITIONS = 3;

class Game {
 public:
  // quiet_plies: plies already played without a mill after placement before `start`
  // (as a chess FEN carries its half-move clock); the start itself counts once for
  // repetition.
  Game(const Variant& v, const Position& start, int quiet_plies = 0);

  // Plays a legal move; on error the game is unchanged.
  Status play(Move m);
  // Plays a move written in notation; on error the game is unchanged.
  Status play(std::string_view move_text);
  // Takes back the last move; returns false at the start.
  bool undo();
  // Ends the game: the side to move resigns.
  void resign();

  const Variant& variant() const { return *variant_; }
  const Position& position() const { return history_.back().position; }
  const Position& start() const { return history_.front().position; }
  int ply() const { return int(history_.size()) - 1; }
  const std::vector<Move>& moves() const { return moves_; }
  // Returns the plies since the draw-rule window began, or -1 during placement.
  int quiet_plies() const;
  // Returns how often the current position has occurred in the draw-rule window (1 the
  // first time), or 0 during placement.
  int repetitions() const;
  // Returns how often the position after m (a legal move) would have occurred in the
  // draw-rule window, itself included, or 0 during placement: DRAW_REPETITIONS when m
  // would end the game by repetition.
  int repetitions_after(Move m) const;

  Outcome outcome() const;
  EndReason reason() const;
  // Returns the result in words, e.g. "White wins: Black has no legal move.".
  std::string result_text() const;

 private:
  struct Entry {
    Position position;
    int quiet;   // plies in the draw-rule window; -1 during placement
    int window;  // index of the first position of the window
  };
  Entry next_entry(const Position& before, Move m) const;
  // Returns how often p occurs in the history from index `window` on.
  int occurrences(const Position& p, int window) const;

  const Variant* variant_;
  std::vector<Entry> history_;
  std::vector<Move> moves_;
  bool resigned_ = false;
};

}  // namespace millbase
