// Packing a table directory for distribution: the tables of some sectors are replaced
// by derived tables (Encoding::DERIVED) whose values a probe finds by a search over
// their successors' tables.
#pragma once

#include <functional>
#include <string>

#include "db/dir_lock.h"
#include "db/sector.h"
#include "db/table_dir.h"
#include "db/value.h"

namespace millbase {

// Returns true for the sectors a pack derives (docs/format.md, "Derived tables"):
// - placement sectors but those where the second player is to move with stones in both
//   hands (hands k and k - 1 for k >= 2): the first player to move (hands k and k, the
//   empty board included) and the last placements (hands 1 and 0). The successors of
//   hands k and k are the second player's hands k and k - 1, stored for k >= 2; those
//   of the last full placement (hands 1 and 1) are last placements, and those of a last
//   placement are movement sectors;
// - movement sectors a-b where the mover has three stones or more and fewer than the
//   opponent (3 <= a < b); their successors b-a and (b-1)-a have the mover with more
//   stones or as many, so they are stored (or terminal). Of each pair a-b, b-a the side
//   with more stones to move is kept: its WDL planes are about half the size of the
//   other side's (bench/history/size-and-probes.md).
// Of the placement sectors the second player's are kept: over nine's, they hold 4.1 G
// of its 17.9 G placement positions, the first player's 7.1 G (hands 1 and 1 alone 4.8 G).
// Packs before these rules derived the placement sectors with an odd number of stones
// in hand, and before that the movement sectors a-b with a > b >= 3; their directories
// stay valid, and a pack keeps stored any sector whose deriving would make a probe read
// a derived table where may_read_derived() does not allow it.
// Under Lasker's rule (move_in_placement) no sector with stones in hand is derived: its
// moves lead into its own unit, so a search over its successors could go round in circles.
constexpr bool derived_when_packed(const Variant& v, const Sector& s) {
  if (s.placement())
    return !v.move_in_placement && s.us_hand > 0 &&
           !(s.them_hand > 0 && s.us_hand == s.them_hand + 1);
  return s.us >= 3 && s.us < s.them;
}

// Returns true when a derived sector s may read the derived table of its successor c: the
// last full placement (hands 1 and 1) its last placements (hands 1 and 0), and a last
// placement its movement successors. No other derived sector reads a derived table, so
// a probe searches three plies at most: hands 1 and 1, a last placement, a derived
// movement sector, then stored tables.
constexpr bool may_read_derived(const Sector& s, const Sector& c) {
  if (s.us_hand == 1 && s.them_hand == 1) return c.last_placement();
  if (s.last_placement()) return !c.placement();
  return false;
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
  // Left stored although derived_when_packed() selects it: deriving it would make a
  // derived table read another where may_read_derived() does not allow it (a directory
  // packed under an earlier rule). bytes_after == bytes_before.
  bool kept_stored = false;
};

// Packs the tables of dir (plain or 50-ply ones, as its manifest says): each sector
// table that derived_when_packed() selects and is not derived yet is checked (a search
// over its successors' tables must give exactly the stored values) and then replaced
// atomically by a derived table. Tables absent from dir are skipped; a selected table's
// successors must be present. The placement sectors come first, from the empty board
// down (so that each is checked against stored successors), then the movement sectors.
// A selected table is kept stored when deriving it would make a derived table read
// another where may_read_derived() does not allow it (a derived successor, or a derived
// predecessor), as in a directory packed under an earlier rule: a probe never searches
// in a circle, nor deeper than three plies. Holds the directory lock. Calls on_sector
// after each replacement or table kept. Unless quiet, reports progress on stderr.
// Resumable: a table already derived is skipped.
Result<std::vector<PackedSector>> pack_tables(
    const Variant& v, const std::string& dir,
    const std::function<void(const PackedSector&)>& on_sector = {}, bool quiet = false);

}  // namespace millbase
