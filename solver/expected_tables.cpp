#include "solver/expected_tables.h"

#include <unistd.h>

#include <set>

#include "db/dir_manifest.h"
#include "db/table_dir.h"

namespace millbase {

Result<std::vector<Sector>> expected_sectors(const std::string& dir, const SectorGraph& graph) {
  Result<std::optional<DirManifest>> m = read_manifest(dir);
  if (!m) return m.status();
  std::vector<Sector> targets;
  bool all = false;
  if (m->has_value()) {
    all = (*m)->all;
    for (const Sector& s : (*m)->targets) targets.push_back(s);
  }
  for (const WorkUnit& u : graph.units())
    for (const Sector& s : u.sectors)
      if (::access(table_path(dir, s).c_str(), F_OK) == 0) targets.push_back(s);
  std::vector<Sector> out;
  for (const WorkUnit& u : all ? graph.units() : graph.closure(targets))
    for (const Sector& s : u.sectors) out.push_back(s);
  return out;
}

}  // namespace millbase
