// Which units a driver that solves several at once may hand out: a unit is ready when
// every unit that writes one of the sectors it reads has finished. The MPI driver
// (solver/mpi_solve.h) hands units out in this order; any order it allows writes the
// same tables, since each unit's tables depend only on its children's.
#pragma once

#include <cstddef>
#include <optional>
#include <set>
#include <vector>

#include "solver/sector_graph.h"

namespace millbase {

class UnitSchedule {
 public:
  // units: in dependency order (SectorGraph::units() or closure()); done[i]: unit i's
  // tables are already complete. A child sector that no unit writes counts as there.
  UnitSchedule(const std::vector<WorkUnit>& units, const std::vector<bool>& done);

  // Returns the first ready unit in the graph's order and marks it running, or nothing
  // when no unit is ready now.
  std::optional<size_t> take();
  // Records that unit i, returned by take(), has finished: its readers may become ready.
  void finish(size_t i);

  size_t size() const { return state_.size(); }
  size_t finished() const { return finished_; }
  size_t running() const { return running_; }
  bool all_finished() const { return finished_ == state_.size(); }

 private:
  enum class State { Waiting, Ready, Running, Finished };

  std::vector<State> state_;
  std::vector<int> waiting_for_;              // unfinished units each unit reads from
  std::vector<std::vector<size_t>> readers_;  // units reading each unit's sectors
  std::set<size_t> ready_;                    // the Ready units
  size_t finished_ = 0, running_ = 0;
};

}  // namespace millbase
