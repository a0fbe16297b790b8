// The tables as the Python package sees them: one open table directory, positions in
// the notation of the millbase command, values as plain numbers and words. The Python
// layer (millbase/__init__.py) wraps these in its classes; every answer comes from
// Tablebase, ShownValue and Player.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "core/position.h"
#include "db/tablebase.h"
#include "python/py_errors.h"

namespace millbase::python {

// A value as the Python package returns it: (wdl, distance, kind, z, text). wdl is +1,
// 0 or -1 for the side that gets the value (at the counter under the 50-ply rule);
// distance the plies of a decisive value (to the end, or under the rule z at the
// counter), None for a draw or a distance the tables do not store; kind "win", "draw",
// "loss", under the rule the five-way class at counter 0 ("cursed_win", "blessed_loss");
// z the z of a decisive class under the rule, else None; text the value in words.
using ValueTuple =
    std::tuple<int, std::optional<int>, std::string, std::optional<int>, std::string>;

// Returns +1, 0 or -1 for a win, draw or loss.
inline int signed_wdl(Wdl w) { return w == Wdl::Win ? 1 : w == Wdl::Loss ? -1 : 0; }

class Tables {
 public:
  // Opens dir's tables of the variant named `variant`, caching cache_mb MiB of blocks.
  Tables(const std::string& variant, const std::string& dir, size_t cache_mb);
  ~Tables();

  const Variant& variant() const { return tables_->variant(); }
  const std::string& dir() const { return tables_->dir(); }
  Metric metric() const { return tables_->metric(); }

  // The steps of a probe, without exceptions (the batch calls run them without the GIL):
  // Returns the position written in text (an Invalid error naming the token).
  Result<Position> parse(std::string_view text) const;
  // Returns +1, 0 or -1 for the side to move of p (under the 50-ply rule at the counter,
  // which is checked: 0..50, 0 in placement).
  Result<int> wdl(const Position& p, int counter) const;
  // Returns the signed plies of p (+N win in N, -N loss in N, 0 draw), or nullopt when
  // the tables do not store the distance; under the rule z at the counter (checked).
  Result<std::optional<int>> distance(const Position& p, int counter) const;

  // The single calls of the Python package (counter nullopt: 0); they throw Failure.
  int probe_wdl(const std::string& position, std::optional<int> counter) const;
  std::optional<int> probe_distance(const std::string& position, std::optional<int> counter) const;

  // Returns the value of the position, with the words of millbase probe.
  ValueTuple value(const std::string& position, std::optional<int> counter) const;
  // Returns every legal move with its value for the mover, best first (Tablebase::analyze).
  std::vector<std::pair<std::string, ValueTuple>> analyze(const std::string& position,
                                                          std::optional<int> counter) const;
  // Returns the move the computer plays at `level` ("perfect", "level1".."level10" or
  // "1".."10", any case; levels 1..5 read no tables), or nullopt
  // when the game is over (under the rule: the counter is at 50).
  std::optional<std::string> best_move(const std::string& position, const std::string& level,
                                       std::optional<int> counter, uint64_t seed) const;

  // Throws the Failure of s, with the command that builds a missing table.
  [[noreturn]] void fail(const Status& s) const;

 private:
  // Returns the position written in text with its counter checked, or throws.
  std::pair<Position, int> read(const std::string& text, std::optional<int> counter) const;
  // Returns the value of p (Tablebase::probe), or throws.
  ValueCode code(const Position& p) const;
  // Returns v under the rule at the counter when the tables are 50-ply ones.
  ValueCode now(ValueCode v, int counter) const;
  // Returns *r, or throws its error.
  template <class T>
  T take(Result<T> r) const {
    if (!r) fail(r.status());
    return std::move(r).value();
  }
  // Returns v as a ValueTuple at the counter (ShownValue's words: brief for a move).
  ValueTuple shown(ValueCode v, int counter, bool placement, bool brief) const;

  std::shared_ptr<const Tablebase> tables_;
  TablesPlace place_;
};

}  // namespace millbase::python
