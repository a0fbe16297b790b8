// Verification of a table directory: every stored value recomputed from its
// successors by the formula of rules.md (forward check), or checksums only.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "solver/sector_graph.h"

namespace millbase {

struct SectorCheck {
  Sector sector;
  uint64_t entries = 0;
  uint64_t mismatches = 0;
  std::string first_mismatch;  // position, stored and recomputed value
  std::string skipped;         // why the sector was not checked, or empty
};

// Verifies the tables of the stored sectors in dir (all of them when `sectors` is
// empty; missing tables are skipped unless explicitly listed, and so are present ones
// whose unit partner is missing, with SectorCheck::skipped saying so). quick: checksums
// only.
// on_sector is called after each sector.
Result<std::vector<SectorCheck>> verify_tables(
    const Variant& v, const std::string& dir, bool quick, const std::vector<Sector>& sectors,
    const std::function<void(const SectorCheck&)>& on_sector = {});

}  // namespace millbase
