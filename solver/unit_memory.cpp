#include "solver/unit_memory.h"

#include <sys/resource.h>

#include <set>

#include "db/sector_index.h"
#include "solver/child_tables.h"

namespace millbase {

namespace {

// Returns the bytes of the indexes of the unit's sectors and of the sectors it reads,
// building those not built yet.
uint64_t unit_bytes_indexes(const Variant& v, const WorkUnit& u) {
  std::set<std::pair<int, int>> pairs;
  for (const auto* list : {&u.sectors, &u.children})
    for (const Sector& s : *list) pairs.insert({s.us, s.them});
  uint64_t bytes = 0;
  for (auto [us, them] : pairs) bytes += SectorIndex::get(*v.board, us, them)->memory_bytes();
  return bytes;
}

}  // namespace

uint64_t unit_entries(const Variant& v, const WorkUnit& u) {
  uint64_t n = 0;
  for (const Sector& s : u.sectors) n += SectorIndex::count(*v.board, s.us, s.them);
  return n;
}

uint64_t unit_bytes_own(const Variant& v, const WorkUnit& u) {
  const uint64_t n = unit_entries(v, u);
  return u.internal_moves ? 4 * n + 8 * ((n + 63) / 64) : 2 * n;
}

uint64_t unit_bytes_children_whole(const Variant& v, const WorkUnit& unit) {
  uint64_t bytes = unit_bytes_own(v, unit);
  for (const Sector& c : unit.children) bytes += 2 * SectorIndex::count(*v.board, c.us, c.them);
  return bytes;
}

uint64_t unit_bytes_least_without_indexes(const Variant& v, const WorkUnit& unit) {
  return unit_bytes_own(v, unit) + unit.children.size() * MIN_CHILD_CACHE;
}

uint64_t unit_bytes_least(const Variant& v, const WorkUnit& unit) {
  return unit_bytes_least_without_indexes(v, unit) + unit_bytes_indexes(v, unit);
}

uint64_t peak_rss() {
  struct rusage u;
  return ::getrusage(RUSAGE_SELF, &u) == 0 ? uint64_t(u.ru_maxrss) * 1024 : 0;
}

}  // namespace millbase
