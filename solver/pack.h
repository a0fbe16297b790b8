// Packing a table directory for distribution: the tables of some sectors are replaced
// by derived tables (Encoding::DERIVED) whose values a probe finds by a search over
// their successors' tables.
#pragma once

#include <functional>
#include <string>

#include "db/sector.h"
#include "db/table_dir.h"
#include "db/value.h"

namespace millbase {

// Returns true for the sectors a pack derives (docs/format.md, "Derived tables"):
// - placement sectors (stones in the mover's hand) whose hands hold an odd number of
//   stones in all; their successors have an even number in hand, or are movement
//   sectors (after the last placement, hands 1 and 0);
// - movement sectors a-b where the mover has three stones or more and fewer than the
//   opponent (3 <= a < b); their successors b-a and (b-1)-a have the mover with more
//   stones or as many, so they are stored (or terminal). Of each pair a-b, b-a the side
//   with more stones to move is kept: its WDL planes are about half the size of the
//   other side's (bench/RESULTS.md). Packs before that kept the other side (a > b >= 3 was
//   derived); their directories stay valid, and a pack keeps stored any sector whose
//   successors' tables are already derived.
// A probe of a derived sector therefore searches one ply into stored tables, except
// from the last placement (hands 1 and 0), whose movement successors may be derived
// themselves: two plies there.
constexpr bool derived_when_packed(const Sector& s) {
  if (s.placement()) return s.us_hand > 0 && (s.us_hand + s.them_hand) % 2 == 1;
  return s.us >= 3 && s.us < s.them;
}

// A finished directory opened to rewrite its tables (pack, play set): its metric, as
// its manifest says, and its lock, held while this lives.
struct RewriteAccess {
  Metric metric;
  DirLock lock;
};

// Opens dir to rewrite v's tables: never a new directory, refused when its manifest or
// its tables belong to another variant or metric; removes the leftovers of killed runs.
Result<RewriteAccess> open_for_rewrite(const Variant& v, const std::string& dir);

struct PackedSector {
  Sector sector;
  uint64_t entries = 0;
  uint64_t bytes_before = 0, bytes_after = 0;
  // Left stored although derived_when_packed() selects it: a successor's table is
  // derived (a directory packed under the earlier rule). bytes_after == bytes_before.
  bool kept_stored = false;
};

// Packs the tables of dir (plain or 50-ply ones, as its manifest says): each sector
// table that derived_when_packed() selects and is not derived yet is checked (a search
// over its successors' tables must give exactly the stored values) and then replaced
// atomically by a derived table. Tables absent from dir are skipped; a selected table's
// successors must be present. A selected table is kept stored when deriving it would
// break the probe depth above (a successor's table derived, other than a last
// placement's movement successor whose own successors are stored), as in a directory
// packed under the earlier rule: a probe never searches in a circle. Holds the directory lock.
// Calls on_sector after each replacement or table kept. Unless quiet, reports progress on stderr.
// Resumable: a table already derived is skipped.
Result<std::vector<PackedSector>> pack_tables(
    const Variant& v, const std::string& dir,
    const std::function<void(const PackedSector&)>& on_sector = {}, bool quiet = false);

}  // namespace millbase
