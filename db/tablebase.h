// The public API for applications: open a table directory, probe positions, analyse
// moves. Thread-safe; tables are opened on first use and read with pread through an
// LRU cache of decoded blocks.
//
//   auto tb = millbase::Tablebase::open(millbase::NINE, "data/nine");
//   if (!tb) { report(tb.message()); }
//   auto v = (*tb)->probe(position);       // Result<ValueCode>: value_text(*v)
//   auto moves = (*tb)->analyze(position); // every legal move with its value, best first
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/position.h"
#include "db/value.h"

namespace millbase {

// A legal move and the value it gives the side that plays it (win in k + 1 when the
// position after it is a loss in k, and so on).
struct MoveValue {
  Move move;
  ValueCode value;
};

class Tablebase {
 public:
  struct Options {
    size_t cache_bytes = size_t(64) << 20;  // decoded blocks kept in memory
  };

  // Opens the table directory `dir` for variant v; fails (Status::Code::NotFound, with
  // an empty subject()) when dir is not a directory.
  static Result<std::shared_ptr<const Tablebase>> open(const Variant& v, const std::string& dir,
                                                       Options options);
  static Result<std::shared_ptr<const Tablebase>> open(const Variant& v, const std::string& dir) {
    return open(v, dir, Options{});
  }

  virtual ~Tablebase() = default;

  // Returns the value of p for the side to move (rules.md; loss in 0 when the game is
  // over; by the rule, a win in 1 at most, when the other side has lost at its coming
  // turn: other_side_lost()). Errors: p invalid for the variant; a needed table missing
  // (Status::Code::NotFound naming the file, the sector and the variant, with the
  // sector's name as its subject()); a corrupt table.
  virtual Result<ValueCode> probe(const Position& p) const = 0;

  // Returns win, draw or loss for the side to move, reading only the WDL planes. For a
  // FIFTY directory, the value under the rule with the counter at 0 (the WDL planes
  // there hold the value without it, so the whole value is read).
  virtual Result<Wdl> probe_wdl(const Position& p) const = 0;

  // Returns every legal move of p with the value it gives the mover, best first: wins
  // by increasing distance, draws, losses by decreasing distance; ties in move order.
  // For a FIFTY directory the values are fifty codes for the mover with `counter` plies
  // on p's counter (fifty_for_mover; fifty_at(value, counter) is the move's value under
  // the rule); counter is 0..50, and 0 for a placement position (else Invalid).
  virtual Result<std::vector<MoveValue>> analyze(const Position& p, int counter) const = 0;
  Result<std::vector<MoveValue>> analyze(const Position& p) const { return analyze(p, 0); }

  // Takes the hint that the values of `positions` (with distances, or without when
  // wdl_only) are about to be probed: where tables are read by request (the page's
  // range requests, db/block_source.h), what those probes read is fetched together, in
  // a round trip for the tables to open and one for the blocks. Does nothing elsewhere.
  virtual void prefetch(std::span<const Position> positions, bool wdl_only = false) const = 0;

  // Returns the metric of the directory's tables (its manifest's; PLAIN without one).
  virtual Metric metric() const = 0;

  const Variant& variant() const { return *variant_; }
  const std::string& dir() const { return dir_; }

 protected:
  Tablebase(const Variant& v, std::string dir) : variant_(&v), dir_(std::move(dir)) {}

 private:
  const Variant* variant_;
  std::string dir_;
};

// Returns ok when `counter` can be the 50-ply counter of p in v: 0..50, and 0 in
// placement (the counter starts when placement ends; under Lasker's rule at the first
// ply: core/game.h draw_rules_apply); else Status::Code::Invalid saying why.
Status check_fifty_counter(const Variant& v, const Position& p, int counter);

// Returns the value for the mover of a move leading to a position worth `after` to the
// opponent (plain codes); a result without distance stays one (keep_unknown).
constexpr ValueCode value_for_mover(ValueCode after) {
  return is_draw(after) ? DRAW : keep_unknown(code_of_distance(distance(after) + 1));
}

}  // namespace millbase
