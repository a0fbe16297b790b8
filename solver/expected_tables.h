// Which tables a table directory must hold, so that a missing one is noticed.
#pragma once

#include <string>
#include <vector>

#include "solver/sector_graph.h"

namespace millbase {

// Returns the stored sectors whose tables dir must hold, in solving order: what its
// manifest says was solved, with everything that needs; and for every table present,
// its unit's other table and the tables it reads. Errors: a malformed manifest.
Result<std::vector<Sector>> expected_sectors(const std::string& dir, const SectorGraph& graph);

}  // namespace millbase
