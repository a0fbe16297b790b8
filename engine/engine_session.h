// What both engine dialects (millbase engine, millbase uci) share: the variant, the
// table directory, the game so far under the draw rules of play, a move that waits for
// its removal, the tables, opened on first use, and the player. The levels' moves need
// no tables; perfect play, values and analysis do. The dialects differ only in how they
// read commands and write answers (engine_dialect.h, uci_dialect.h).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/fix_hint.h"
#include "player/player.h"

namespace millbase::engine {

class EngineSession {
 public:
  // db: the table directory (empty: TableDir::for_play()'s choice); cost: what solving a variant
  // costs, said when its whole directory is missing.
  EngineSession(const Variant& v, std::string db, uint64_t seed, CostNote cost = {});

  const Variant& variant() const { return *variant_; }
  const Game& game() const { return game_; }
  // Returns the move that closed a mill and waits for its removal, or null.
  const Move* pending() const { return pending_ ? &*pending_ : nullptr; }
  // Returns the table directory in use: the one given, else TableDir::for_play()'s choice (the
  // 50-ply tables when they are there: the session plays under the draw rules).
  std::string dir() const;
  // Returns the plies since the last mill or the end of placement (0 in placement; under
  // Lasker's rule since the last mill or the start).
  int counter() const { return std::max(0, game_.quiet_plies()); }
  // Returns the metric of the tables (PLAIN until they are opened).
  Metric metric() const { return tables_ ? tables_->metric() : Metric::PLAIN; }

  // Chooses the variant named (any case) and goes back to its empty board.
  Status set_variant(std::string_view name);
  // Chooses variant v and goes back to its empty board.
  void set_variant(const Variant& v);
  // Uses the tables in dir from the next probe on (empty: data/<variant>).
  void set_db(std::string dir);
  // Uses these tables (opened by the caller, for the session's variant).
  void set_tables(std::shared_ptr<const Tablebase> tables);
  // Seeds the choices among equally good moves.
  void set_seed(uint64_t seed);

  // Starts the game at `start`, with quiet_plies plies without a mill already played
  // after placement (Game's), and plays `moves` in notation: "d6", "d6-d5", "d6-d5xb4",
  // or a removal "xb4" as a token of its own after the move that closes the mill. With
  // allow_pending, the last move may close a mill without its removal, which then waits
  // (pending()). On error the session is unchanged.
  Status set_position(const Position& start, const std::vector<std::string>& moves,
                      bool allow_pending, int quiet_plies = 0);

  // Makes `game` the session's game (a new game, or a record loaded), with no move
  // pending.
  void set_game(Game game);
  // Plays m, a legal move of the game's position, the whole move (no move pending).
  Status play(Move m);
  // Takes back the move waiting for its removal when one waits, else the last ply; false
  // when there is nothing to take back.
  bool undo();
  // The side to move resigns.
  void resign() { game_.resign(); }

  // The game and the move waiting for its removal: what set_position sets.
  struct Line {
    Game game;
    std::optional<Move> pending;
  };
  // Returns the game and its pending move, for restore().
  Line line() const { return {game_, pending_}; }
  // Goes back to a line saved by line() while the session played the same variant.
  void restore(Line l);

  // Returns the move to play at level (1..LEVELS, PERFECT = LEVELS, or STRONG), seeing the
  // game's repetitions; with a pending move, the whole move that completes it. Levels
  // that do not need_tables() open none (they use them only when already open). Errors:
  // the game is over; at a level that needs_tables() a missing table (NotFound).
  Result<Move> choose(int level);
  // Returns every legal move with its value for the mover, best first (those completing
  // the pending move only, when one waits); with 50-ply tables, values under the rule at
  // the game's counter (fifty_at).
  Result<std::vector<MoveValue>> moves();
  // Returns the same moves with the tables' own codes: with 50-ply tables the fifty
  // codes, which fifty_move_text() words at the counter (cursed wins named as such).
  Result<std::vector<MoveValue>> analysis();
  // Returns the value for the side to move: that of its best move when one is pending;
  // by the rule (Tablebase::probe) when the other side has lost at its coming turn; with
  // 50-ply tables, under the rule at the game's counter.
  Result<ValueCode> value();
  // Returns s's message, with the command that builds a missing table.
  std::string explain(const Status& s) const;

 private:
  // Opens the tables unless they are open; a player made without them is replaced.
  Status open();
  // Returns the player, over the tables when they are open, else of the levels only.
  Player& player();

  const Variant* variant_;
  std::string db_;
  uint64_t seed_;
  CostNote cost_;
  Game game_;
  std::optional<Move> pending_;
  std::shared_ptr<const Tablebase> tables_;
  std::unique_ptr<Player> player_;
};

}  // namespace millbase::engine
