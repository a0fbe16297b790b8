// The sector graph of a variant: which sectors exist, which reach which, and the
// work units (a movement sector with its mirror, or one placement sector) in an order
// where every unit comes after the units it depends on. Under Lasker's rule every unit
// is a sector with its mirror (hands swapped too): a move leads from one to the other.
#pragma once

#include <vector>

#include "db/sector.h"

namespace millbase {

struct WorkUnit {
  std::vector<Sector> sectors;   // one, or a pair of mirrors (a-b, b-a; Lasker: with hands)
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

  // Returns the endgame sectors of k stones a side (solve --max-stones k): the movement
  // sectors a-b with 3 <= a, b <= k; under Lasker's rule every stored sector whose sides
  // each have at most k stones on the board and in hand together (a closed set: a
  // placement keeps a side's total, a removal lowers it).
  std::vector<Sector> up_to_stones(int k) const;

  // Returns the units needed for `targets` (and everything they depend on), in order.
  std::vector<WorkUnit> closure(const std::vector<Sector>& targets) const;

 private:
  bool exists(const Sector& s) const;
  bool reachable_lasker(const Sector& s) const;
  // Adds the units of a variant with move_in_placement (Lasker), in their order.
  void add_lasker_units();

  const Variant* variant_;
  std::vector<WorkUnit> units_;
};

}  // namespace millbase
