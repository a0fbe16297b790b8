#include "solver/verify.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <mutex>

#include "core/notation.h"
#include "db/table_dir.h"
#include "db/table_file.h"
#include "solver/child_tables.h"
#include "solver/parallel_for_each.h"
#include "solver/sector_graph.h"
#include "solver/successors.h"

namespace millbase {

namespace {

// Returns a 64-bit mix of x (splitmix64's finaliser).
uint64_t mix(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

}  // namespace

Result<std::vector<SectorCheck>> verify_tables(
    const Variant& v, const std::string& dir, const VerifyOptions& opts,
    const std::function<void(const SectorCheck&)>& on_sector) {
  const bool quick = opts.quick;
  const std::vector<Sector>& sectors = opts.sectors;
  SectorGraph graph(v);
  const std::vector<WorkUnit>& units = graph.units();
  std::vector<SectorCheck> checks;
  ValueStore store;
  // The last unit that reads each sector, so a table is loaded once and dropped after.
  std::map<Sector, size_t> last_use;
  for (size_t i = 0; i < units.size(); ++i) {
    for (const Sector& s : units[i].sectors) last_use[s] = i;
    for (const Sector& s : units[i].children) last_use[s] = i;
  }
  for (size_t u = 0; u < units.size(); ++u) {
    const WorkUnit& unit = units[u];
    std::vector<Sector> present;
    for (const Sector& s : unit.sectors) {
      bool listed = std::find(sectors.begin(), sectors.end(), s) != sectors.end();
      if (!sectors.empty() && !listed) continue;
      if (!listed && ::access(table_path(dir, s).c_str(), F_OK) != 0) continue;
      present.push_back(s);
    }
    if (present.empty()) continue;
    if (quick) {
      for (const Sector& s : present) {
        Result<TableFile> file = TableFile::open(table_path(dir, s), v, s);
        if (!file) return file.status();
        if (Status st = file->verify_checksums(); !st) return st;
        checks.push_back({s, file->header().entries, 0, 0, "", ""});
        if (on_sector) on_sector(checks.back());
      }
      continue;
    }
    // A unit written in part (a kill or a full disk between its tables): the present
    // tables' successors are partly in the missing one, so they cannot be checked.
    std::string absent;
    for (const Sector& s : unit.sectors)
      if (std::find(present.begin(), present.end(), s) == present.end() &&
          ::access(table_path(dir, s).c_str(), F_OK) != 0)
        absent = table_path(dir, s);
    if (!absent.empty()) {
      for (const Sector& s : present) {
        const uint64_t entries = SectorIndex::count(*v.board, s.us, s.them);
        checks.push_back({s, entries, 0, 0, "",
                          "not checked: its unit's other table " + absent +
                              " is missing (millbase solve completes it)"});
        if (on_sector) on_sector(checks.back());
      }
      continue;
    }
    // The unit's own sectors and its children: everything a successor can be in.
    std::vector<Sector> needed = unit.sectors;
    needed.insert(needed.end(), unit.children.begin(), unit.children.end());
    for (auto it = store.all().begin(); it != store.all().end();) {
      const Sector s = (it++)->first;
      if (last_use[s] < u) store.erase(s);
    }
    if (Status st = load_sectors(v, dir, needed, store); !st) return st;
    for (const Sector& s : present) {
      const SectorValues& sv = *store.find(s);
      const ChildLookup lookup(store, needed);
      SectorCheck check{s, sv.values.size(), 0, 0, "", ""};
      std::atomic<uint64_t> mismatches{0}, checked{0};
      std::mutex first;
      // Entry i is checked when mix(key ^ i) < threshold; everything for a fraction of 1.
      const double fraction = s.placement() ? opts.placement_sample : 1.0;
      const bool all = fraction >= 1.0;
      const uint64_t threshold = all ? 0 : uint64_t(std::ldexp(std::max(fraction, 0.0), 64));
      const uint64_t key =
          mix(opts.seed ^ mix(uint64_t(s.us) | uint64_t(s.them) << 8 | uint64_t(s.us_hand) << 16 |
                              uint64_t(s.them_hand) << 24));
      parallel_for_each(*sv.index, [&](uint64_t i, Bitboard us, Bitboard them) {
        if (!all && mix(key ^ i) >= threshold) return;
        checked.fetch_add(1, std::memory_order_relaxed);
        ValueCode expected = evaluate(v, s, us, them, lookup);
        if (expected == sv.values[i]) return;
        if (mismatches++ == 0) {
          Position p;
          p.stones = {us, them};
          p.in_hand = {s.us_hand, s.them_hand};
          std::lock_guard lock(first);
          check.first_mismatch = format_position(v, p) + ": stored " + value_text(sv.values[i]) +
                                 ", recomputed " + value_text(expected);
        }
      });
      check.mismatches = mismatches;
      check.checked = checked;
      checks.push_back(check);
      if (on_sector) on_sector(check);
    }
  }
  return checks;
}

}  // namespace millbase
