// Verification of a table directory: every stored value recomputed from its
// successors by the formula of rules.md (forward check), or checksums only.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "db/table_header.h"
#include "solver/sector_graph.h"

namespace millbase {

struct VerifyOptions {
  bool quick = false;           // checksums only
  std::vector<Sector> sectors;  // these only; empty: every stored sector present
  // Fraction of each placement sector's entries recomputed (movement sectors are always
  // checked whole): entry i of sector s is checked when a hash of (seed, s, i) falls
  // below the fraction, so a sample is the same for any number of threads.
  double placement_sample = 1.0;
  uint64_t seed = 0;
  // FIFTY: the directory holds 50-ply tables; each value under the rule at counter 0 is
  // recomputed (cursed wins and blessed losses are checked as draws: telling them apart
  // needs the plain tables, which verify does not read).
  Metric metric = Metric::PLAIN;
  bool quiet = false;  // no progress on stderr
  // 0: every table is kept whole until the last unit that reads it. Else a budget in
  // bytes: a unit's own tables are read whole and the tables it reads within what is
  // left (load_within, solver/child_tables.h), the others dropped first.
  uint64_t memory_limit = 0;
};

struct SectorCheck {
  Sector sector;
  uint64_t entries = 0;
  uint64_t checked = 0;  // entries recomputed (all of them unless sampled; 0 for quick)
  uint64_t mismatches = 0;
  std::string first_mismatch;  // position, stored and recomputed value
  std::string skipped;         // why the sector was not checked, or empty
  std::string problem;         // "missing", or why the table is damaged; empty when fine
};

// Verifies the tables of opts.sectors in dir, or of every sector the directory must
// hold (expected_sectors). Each is reported once: missing or damaged (problem), not
// checked with the reason (skipped: its unit's other table is missing, or a table it
// reads could not be loaded), or checked (checksums only when quick). Errors: dir is
// missing (NotFound), of another variant (Invalid), or its manifest is malformed.
// on_sector is called after each sector. Only the tables of units with a sector to check
// are loaded, each once, and dropped after the last such unit that reads it; under a
// memory limit, what a unit does not read is dropped before it loads (Invalid when its
// own tables and a least cache per table it reads do not fit).
Result<std::vector<SectorCheck>> verify_tables(
    const Variant& v, const std::string& dir, const VerifyOptions& opts,
    const std::function<void(const SectorCheck&)>& on_sector = {});

}  // namespace millbase
