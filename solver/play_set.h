// Making a play set (docs/play-set.md): the placement tables of a directory keep their
// win/draw/loss and drop their distances (Encoding::WDL_ONLY). Placement cannot repeat,
// so a player still wins won positions and holds drawn ones; the movement tables keep
// their distances.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "db/sector.h"

namespace millbase {

struct PlaySetTable {
  Sector sector;
  uint64_t entries = 0;
  uint64_t bytes_before = 0, bytes_after = 0;
  // Derived (no values stored): only its header's longest win and loss changed, to 0.
  bool derived = false;
};

// Makes dir's placement tables a play set: every stored placement table with distances,
// but those of the last placements (hands 1 and 0, whose successors are movement
// sectors), is rewritten without them (with FIFTY, its WDL plane holds the result under
// the rule at counter 0): written under a temporary name, read back and found to hold
// the old values' results, then renamed over the table. Every derived placement table
// whose successors are all such tables gets the longest win and loss of 0 in its header,
// which marks it as holding results only (derived_results_only()). The tables are taken
// from the empty board down, each after every table that reads it, so a run stopped at
// any point leaves a directory whose tables with distances read only values with
// theirs. Movement tables are not touched. Tables absent from dir are skipped.
// Resumable: a table already without distances is skipped. Holds the directory lock.
// Calls on_table after each table changed. Unless quiet, reports progress on stderr.
Result<std::vector<PlaySetTable>> make_play_set(
    const Variant& v, const std::string& dir,
    const std::function<void(const PlaySetTable&)>& on_table = {}, bool quiet = false);

}  // namespace millbase
