// Packing a table directory for distribution: the tables of some placement sectors are
// replaced by derived tables (Encoding::DERIVED) whose values a probe finds by a
// one-ply search over their successors' tables.
#pragma once

#include <functional>
#include <string>

#include "db/sector.h"

namespace millbase {

// Returns true for the sectors a pack derives: placement sectors (stones in the mover's
// hand) whose hands hold an odd number of stones in all. Their successors have an even
// number in hand or none, so they are never derived themselves and a probe searches
// one ply only.
constexpr bool derived_when_packed(const Sector& s) {
  return s.us_hand > 0 && (s.us_hand + s.them_hand) % 2 == 1;
}

struct PackedSector {
  Sector sector;
  uint64_t entries = 0;
  uint64_t bytes_before = 0, bytes_after = 0;
};

// Packs the tables of dir: each sector table that derived_when_packed() selects and is
// not derived yet is checked (a search over its successors' tables must give exactly
// the stored values) and then replaced atomically by a derived table. Tables absent
// from dir are skipped; a selected table's successors must be present. Holds the
// directory lock. Calls on_sector after each replacement. Unless quiet, reports progress
// on stderr. Resumable: a table already derived is skipped.
Result<std::vector<PackedSector>> pack_tables(
    const Variant& v, const std::string& dir,
    const std::function<void(const PackedSector&)>& on_sector = {}, bool quiet = false);

}  // namespace millbase
