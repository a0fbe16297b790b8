#include "solver/pack.h"

#include <unistd.h>

#include <atomic>

#include "core/notation.h"
#include "db/table_format.h"
#include "solver/solve.h"

namespace millbase {

Result<std::vector<PackedSector>> pack_tables(
    const Variant& v, const std::string& dir,
    const std::function<void(const PackedSector&)>& on_sector) {
  Result<DirLock> lock = DirLock::acquire(dir);
  if (!lock) return lock.status();
  std::vector<PackedSector> packed;
  const SectorGraph graph(v);
  for (const WorkUnit& unit : graph.units())
    for (const Sector& s : unit.sectors) {
      const std::string path = table_path(dir, s);
      if (!derived_when_packed(s) || ::access(path.c_str(), F_OK) != 0) continue;
      Result<TableFile> file = TableFile::open_sector(v, dir, s);
      if (!file) return file.status();
      if (file->derived()) continue;
      Result<std::vector<ValueCode>> stored = file->read_all();
      if (!stored) return stored.status();
      // The successors' tables, loaded for this sector only.
      ValueStore store;
      std::vector<Sector> successors;
      for (const Sector& c : graph.successors(s))
        if (!is_terminal(c)) successors.push_back(c);
      if (Status st = load_sectors(v, dir, successors, store); !st) return st;
      const ChildLookup lookup(store, successors);
      const auto index = SectorIndex::get(*v.board, s.us, s.them);
      std::atomic<uint64_t> first_bad{~uint64_t(0)};
      parallel_for_each(*index, [&](uint64_t i, Bitboard us, Bitboard them) {
        if (evaluate(v, s, us, them, lookup) == (*stored)[i]) return;
        uint64_t seen = first_bad.load();
        while (i < seen && !first_bad.compare_exchange_weak(seen, i)) {
        }
      });
      if (first_bad != ~uint64_t(0)) {
        Position p;
        index->unrank(first_bad, p.stones[WHITE], p.stones[BLACK]);
        p.in_hand = {s.us_hand, s.them_hand};
        return Status::error(path +
                             ": stored values differ from the search over its "
                             "successors' tables (first at " +
                             format_position(v, p) + "); not packed: run millbase verify");
      }
      PackedSector done{s, file->header().entries, file->file_size(), 0};
      if (Status st = write_derived_table(path, v, s, done.entries, file->header().stats); !st)
        return st;
      Result<TableFile> after = TableFile::open_sector(v, dir, s);
      if (!after) return after.status();
      done.bytes_after = after->file_size();
      packed.push_back(done);
      if (on_sector) on_sector(done);
    }
  return packed;
}

}  // namespace millbase
