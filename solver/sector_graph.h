// The sector graph of a variant: which sectors exist, which reach which, and the
// work units (a movement sector with its mirror, or one placement sector) in an order
// where every unit comes after the units it depends on.
#pragma once

#include <vector>

#include "db/sector.h"

namespace millbase {

struct WorkUnit {
  std::vector<Sector> sectors;   // one, or a movement pair (a-b, b-a)
  std::vector<Sector> children;  // stored sectors outside the unit that moves reach
  bool internal_moves = false;   // moves lead from the unit into itself
};

class SectorGraph {
 public:
  // Builds the graph of every stored (non-terminal) sector reachable in principle from
  // the start with either side placing first.
  explicit SectorGraph(const Variant& v);

  const Variant& variant() const { return *variant_; }
  const std::vector<WorkUnit>& units() const { return units_; }

  // Returns the units needed for `targets` (and everything they depend on), in order.
  std::vector<WorkUnit> closure(const std::vector<Sector>& targets) const;

 private:
  bool exists(const Sector& s) const;

  const Variant* variant_;
  std::vector<WorkUnit> units_;
};

}  // namespace millbase
