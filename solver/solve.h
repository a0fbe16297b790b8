// Solving a variant into a table directory: units in dependency order, each written
// atomically, finished units skipped on a rerun, progress on stderr.
#pragma once

#include <string>
#include <vector>

#include "solver/sector_graph.h"
#include "solver/value_store.h"

namespace millbase {

struct SolveOptions {
  std::string dir;              // table directory
  std::vector<Sector> targets;  // solve these and what they depend on; empty: all
  uint64_t memory_limit = 0;    // budget for the solver's data, see solve(); 0: no limit
  bool quiet = false;           // no progress on stderr
  int zstd_level = 0;           // 0: the format's default
};

struct SolveReport {
  int units_solved = 0, units_skipped = 0;
  uint64_t positions_solved = 0;
  double seconds = 0;
  uint64_t peak_unit_bytes = 0;  // estimated memory of the largest unit
  uint64_t peak_rss_bytes = 0;   // peak resident memory of the process
  int tables_read_by_block = 0;  // child tables read through their blocks (--memory)
};

// The least decoded-block cache given to a child table read through its blocks.
constexpr uint64_t MIN_CHILD_CACHE = uint64_t(256) << 10;

// Returns the estimated bytes needed to solve `unit`: its own work state (2 bytes per
// entry for values, in a movement unit 2 more for counters and 1/8 for masks of pending
// levels) and 2 per entry of the child sectors it reads. Indexes are not counted.
uint64_t unit_memory(const Variant& v, const WorkUnit& unit);

// Returns a lower bound of the bytes `unit` can be solved in: its own work state and
// MIN_CHILD_CACHE per child table read through its blocks (solve() adds the indexes
// when the unit comes up).
uint64_t unit_min_memory(const Variant& v, const WorkUnit& unit);

// Returns the least bytes `unit` can be solved in: unit_min_memory() and the indexes
// of its sectors and of those it reads (built to be measured).
uint64_t unit_least_memory(const Variant& v, const WorkUnit& unit);

// Solves the units needed for opts.targets into opts.dir. With a memory limit, each
// unit's children are read whole while they fit in what the unit's own work state and
// the indexes it uses leave of it, and through their blocks (TableReader) beyond that;
// a unit that does not fit even so is an error. Not counted: the process itself (code,
// libraries, thread stacks: about 10 MB) and the compressed tables being written.
Result<SolveReport> solve(const Variant& v, const SolveOptions& opts);

// Loads `sectors` into store within budget bytes: whole tables for the smallest while
// they fit, readers with a share of the rest as block cache for the others. Returns
// the number read through their blocks.
Result<int> load_within(const Variant& v, const std::string& dir,
                        const std::vector<Sector>& sectors, uint64_t budget, ValueStore& store);

// Loads the tables of `sectors` from dir into store (those not there yet); a derived
// table's values are computed from its successors' tables. Errors name the file and,
// for a missing one, the command that builds it.
Status load_sectors(const Variant& v, const std::string& dir, const std::vector<Sector>& sectors,
                    ValueStore& store);

// Returns the values of sector s computed from its successors' tables (the rules.md
// formula per entry), loading those into store.
Result<std::vector<ValueCode>> derive_values(const Variant& v, const std::string& dir,
                                             const Sector& s, ValueStore& store);

// An exclusive lock on a table directory (dir/.lock), held until destroyed: one solve
// or pack writes to a directory at a time.
class DirLock {
 public:
  // Creates dir if needed and locks it; fails when another process holds the lock.
  static Result<DirLock> acquire(const std::string& dir);
  DirLock(DirLock&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
  DirLock& operator=(DirLock&&) = delete;
  ~DirLock();

 private:
  explicit DirLock(int fd) : fd_(fd) {}
  int fd_;
};

// Returns true when every table of `unit` exists in dir and passes its header, size and
// checksum checks.
bool unit_complete(const Variant& v, const std::string& dir, const WorkUnit& unit);

}  // namespace millbase
