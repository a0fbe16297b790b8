// Position-by-position comparison of one sector's values in two table directories of
// games on the same board: nine against nine without flying, or two solves of one game.
// Each position is compared as a win, draw or loss for the side to move (under the
// 50-ply rule: its value at counter 0, cursed wins and blessed losses being draws).
#pragma once

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "db/sector.h"
#include "db/table_header.h"

namespace millbase {

// One side of a comparison: a variant's tables in dir.
struct ComparedTables {
  const Variant* variant;
  std::string dir;
};

struct SectorComparison {
  Sector sector{};
  uint64_t positions = 0;
  // counts[x][y]: positions of class x (Wdl order: draw, win, loss) in the first
  // directory and y in the second.
  std::array<std::array<uint64_t, 3>, 3> counts{};
  // examples[x][y] for x != y: the first entries of that pair of classes, in index
  // order, at most the number asked for.
  std::array<std::array<std::vector<uint64_t>, 3>, 3> examples;

  // Returns the positions with the same class in both.
  uint64_t agree() const { return counts[0][0] + counts[1][1] + counts[2][2]; }
};

// Returns the comparison of sector s's tables of the metric in a.dir and b.dir, keeping
// up to `examples` entries per disagreeing pair of classes. Without the 50-ply rule only
// the WDL frames are read (`verify --quick` checks the distance frames); under it, the
// whole values. A derived table (millbase pack) is computed from its successors'
// tables, whole in memory. The variants must share a board and s must be a sector of
// both (the caller checks). Errors name the file; a missing one is
// Status::Code::NotFound; failed_side, if set, is then 0 for a's tables, 1 for b's.
// on_progress, if set, is called from one thread with the entries compared so far.
Result<SectorComparison> compare_sector(const ComparedTables& a, const ComparedTables& b,
                                        const Sector& s, Metric metric, int examples,
                                        const std::function<void(uint64_t)>& on_progress = {},
                                        int* failed_side = nullptr);

}  // namespace millbase
