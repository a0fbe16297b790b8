#include "solver/solve.h"

#include <fcntl.h>
#include <omp.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <set>

#include "db/table_format.h"
#include "solver/retrograde.h"

namespace millbase {

namespace {

using Clock = std::chrono::steady_clock;

std::string human_count(double x) {
  char buf[32];
  if (x >= 1e9)
    std::snprintf(buf, sizeof buf, "%.2fG", x / 1e9);
  else if (x >= 1e6)
    std::snprintf(buf, sizeof buf, "%.2fM", x / 1e6);
  else if (x >= 1e3)
    std::snprintf(buf, sizeof buf, "%.1fk", x / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.0f", x);
  return buf;
}

// Returns bytes in binary megabytes, as --memory reads them: "150.0 MiB".
std::string mib(uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MiB", bytes / 1048576.0);
  return buf;
}

std::string human_time(double s) {
  char buf[32];
  long t = long(s + 0.5);
  std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
  return buf;
}

std::string unit_name(const WorkUnit& u) {
  std::string name;
  for (const Sector& s : u.sectors) name += (name.empty() ? "" : ",") + sector_name(s);
  return name;
}

uint64_t unit_entries(const Variant& v, const WorkUnit& u) {
  uint64_t n = 0;
  for (const Sector& s : u.sectors) n += SectorIndex::count(*v.board, s.us, s.them);
  return n;
}

// Returns the bytes of a unit's own work state: 2 per entry for its values; in a
// movement unit also 2 for its counters and 8 per 64 for its masks of pending levels.
uint64_t unit_value_bytes(const Variant& v, const WorkUnit& u) {
  const uint64_t n = unit_entries(v, u);
  return u.internal_moves ? 4 * n + 8 * ((n + 63) / 64) : 2 * n;
}

// Returns the bytes of the indexes of the unit's sectors and of the sectors it reads,
// building those not built yet.
uint64_t index_bytes(const Variant& v, const WorkUnit& u) {
  std::set<std::pair<int, int>> pairs;
  for (const auto* list : {&u.sectors, &u.children})
    for (const Sector& s : *list) pairs.insert({s.us, s.them});
  uint64_t bytes = 0;
  for (auto [us, them] : pairs) bytes += SectorIndex::get(*v.board, us, them)->memory_bytes();
  return bytes;
}

// Returns the peak resident memory of the process so far, in bytes.
uint64_t peak_rss() {
  struct rusage u;
  return ::getrusage(RUSAGE_SELF, &u) == 0 ? uint64_t(u.ru_maxrss) * 1024 : 0;
}

// Reports progress on stderr at most twice a second.
class ProgressReporter {
 public:
  ProgressReporter(bool quiet, uint64_t total) : quiet_(quiet), total_(total) {}

  void start_unit(int number, int count, const std::string& name, uint64_t entries) {
    number_ = number, count_ = count, name_ = name, unit_entries_ = entries;
    unit_start_ = Clock::now();
  }
  void update(const char* stage, uint64_t done, uint64_t total) {
    if (quiet_) return;
    auto now = Clock::now();
    if (now - last_ < std::chrono::milliseconds(500)) return;
    last_ = now;
    double unit_s = std::chrono::duration<double>(now - unit_start_).count();
    double rate = unit_s > 0 ? done / unit_s : 0;
    double overall_s = std::chrono::duration<double>(now - start_).count();
    // Units found already solved took no time: they count as done, not toward the rate.
    double overall_rate = overall_s > 0 ? (finished_ - skipped_ + done) / overall_s : 0;
    double eta = overall_rate > 0 ? (total_ - finished_ - done) / overall_rate : 0;
    std::fprintf(stderr, "[%d/%d] %s: %s %s of %s positions, %s/s, ETA %s\n", number_, count_,
                 name_.c_str(), stage, human_count(double(done)).c_str(),
                 human_count(double(total)).c_str(), human_count(rate).c_str(),
                 human_time(eta).c_str());
  }
  // Reports a finished unit when it took a while, when nothing was said for a second,
  // and for the last unit.
  void finish_unit(bool skipped) {
    finished_ += unit_entries_;
    if (skipped) skipped_ += unit_entries_;
    if (quiet_) return;
    const auto now = Clock::now();
    const double s = std::chrono::duration<double>(now - unit_start_).count();
    if (s < 0.5 && now - last_ < std::chrono::seconds(1) && number_ != count_) return;
    last_ = now;
    std::fprintf(stderr, "[%d/%d] %s: %s (%s positions, %.2f s)\n", number_, count_, name_.c_str(),
                 skipped ? "already solved" : "solved", human_count(double(unit_entries_)).c_str(),
                 s);
  }

 private:
  bool quiet_;
  uint64_t total_, finished_ = 0, skipped_ = 0, unit_entries_ = 0;
  int number_ = 0, count_ = 0;
  std::string name_;
  Clock::time_point start_ = Clock::now(), unit_start_, last_;
};

}  // namespace

uint64_t unit_memory(const Variant& v, const WorkUnit& unit) {
  uint64_t bytes = unit_value_bytes(v, unit);
  for (const Sector& c : unit.children) bytes += 2 * SectorIndex::count(*v.board, c.us, c.them);
  return bytes;
}

uint64_t unit_min_memory(const Variant& v, const WorkUnit& unit) {
  return unit_value_bytes(v, unit) + unit.children.size() * MIN_CHILD_CACHE;
}

uint64_t unit_least_memory(const Variant& v, const WorkUnit& unit) {
  return unit_min_memory(v, unit) + index_bytes(v, unit);
}

Result<DirLock> DirLock::acquire(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return Status::error("cannot create directory " + dir + ": " + ec.message());
  const std::string path = dir + "/.lock";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return Status::error("cannot write in " + dir + ": " + std::strerror(errno));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    return Status::error("another solve or pack is writing to " + dir);
  }
  return DirLock(fd);
}

DirLock::~DirLock() {
  if (fd_ >= 0) ::close(fd_);
}

Result<std::vector<ValueCode>> derive_values(const Variant& v, const std::string& dir,
                                             const Sector& s, ValueStore& store) {
  std::vector<Sector> successors;
  for (const Sector& c : SectorGraph(v).successors(s))
    if (!is_terminal(c)) successors.push_back(c);
  if (Status st = load_sectors(v, dir, successors, store); !st) return st;
  const auto index = SectorIndex::get(*v.board, s.us, s.them);
  std::vector<ValueCode> values(index->size());
  const ChildLookup lookup(store, successors);
  parallel_for_each(*index, [&](uint64_t i, Bitboard us, Bitboard them) {
    values[i] = evaluate(v, s, us, them, lookup);
  });
  return values;
}

Status load_sectors(const Variant& v, const std::string& dir, const std::vector<Sector>& sectors,
                    ValueStore& store) {
  for (const Sector& s : sectors) {
    if (store.find(s)) continue;
    Result<TableFile> file = TableFile::open_sector(v, dir, s);
    if (!file) return file.status();
    Result<std::vector<ValueCode>> values =
        file->derived() ? derive_values(v, dir, s, store) : file->read_all();
    if (!values) return values.status();
    if (file->derived() && compute_stats(*values) != file->header().stats)
      return Status::error(file->path() +
                           ": derived table: its statistics do not match the search over its "
                           "successors' tables");
    store.add(SectorValues{s, SectorIndex::get(*v.board, s.us, s.them), std::move(values).value(),
                           nullptr});
  }
  return Status::ok();
}

Result<int> load_within(const Variant& v, const std::string& dir,
                        const std::vector<Sector>& sectors, uint64_t budget, ValueStore& store) {
  // Whole tables for the smallest sectors while they fit; the rest through their blocks,
  // sharing what is left of the budget as cache.
  std::vector<std::pair<uint64_t, Sector>> by_size;
  for (const Sector& s : sectors)
    by_size.push_back({SectorIndex::count(*v.board, s.us, s.them), s});
  std::sort(by_size.begin(), by_size.end());
  size_t whole = 0;
  for (; whole < by_size.size() && 2 * by_size[whole].first <= budget; ++whole)
    budget -= 2 * by_size[whole].first;
  std::vector<Sector> in_memory;
  for (size_t k = 0; k < whole; ++k) in_memory.push_back(by_size[k].second);
  if (Status st = load_sectors(v, dir, in_memory, store); !st) return st;
  const size_t rest = by_size.size() - whole;
  for (size_t k = whole; k < by_size.size(); ++k) {
    const Sector& s = by_size[k].second;
    if (store.find(s)) continue;
    Result<TableFile> file = TableFile::open_sector(v, dir, s);
    if (!file) return file.status();
    if (file->derived())
      return Status::error(file->path() + ": a derived table (millbase pack) does not fit in " +
                           "--memory whole; raise --memory or solve from unpacked tables");
    const uint64_t cache = std::max<uint64_t>(budget / rest, MIN_CHILD_CACHE);
    store.add(SectorValues{s,
                           SectorIndex::get(*v.board, s.us, s.them),
                           {},
                           std::make_shared<const TableReader>(std::move(file).value(), cache,
                                                               omp_get_max_threads())});
  }
  return int(rest);
}

bool unit_complete(const Variant& v, const std::string& dir, const WorkUnit& unit) {
  for (const Sector& s : unit.sectors) {
    Result<TableFile> file = TableFile::open_sector(v, dir, s);
    if (!file || !file->verify_checksums()) return false;
  }
  return true;
}

Result<SolveReport> solve(const Variant& v, const SolveOptions& opts) {
  const auto start = Clock::now();
  SectorGraph graph(v);
  const std::vector<WorkUnit> units =
      opts.targets.empty() ? graph.units() : graph.closure(opts.targets);
  SolveReport report;
  uint64_t total = 0;
  uint64_t least = 0;
  for (const WorkUnit& u : units) {
    total += unit_entries(v, u);
    report.peak_unit_bytes = std::max(report.peak_unit_bytes, unit_memory(v, u));
    // Units whose tables are all there are checked when they come up.
    bool present = true;
    for (const Sector& s : u.sectors)
      present = present && std::filesystem::exists(table_path(opts.dir, s));
    if (!present) least = std::max(least, unit_min_memory(v, u));
  }
  if (opts.memory_limit && least > opts.memory_limit)
    return Status::error("the largest unit to solve needs at least " + mib(least) +
                         " (its own values and a small cache per table it reads), more than "
                         "--memory " +
                         mib(opts.memory_limit));
  Result<DirLock> lock = DirLock::acquire(opts.dir);
  if (!lock) return lock.status();
  // Leftovers of killed runs can go now that no other solve writes here.
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(opts.dir, ec))
    if (e.path().filename().string().find(".mbt.tmp.") != std::string::npos)
      std::filesystem::remove(e.path(), ec);
  if (!opts.quiet)
    std::fprintf(stderr,
                 "solving %s: %zu units, %s positions, largest unit needs ~%sB, %d threads\n",
                 std::string(v.name).c_str(), units.size(), human_count(double(total)).c_str(),
                 human_count(double(report.peak_unit_bytes)).c_str(), omp_get_max_threads());

  // Last unit that reads each sector, so tables leave memory when no longer needed.
  std::map<Sector, size_t> last_use;
  for (size_t i = 0; i < units.size(); ++i)
    for (const Sector& c : units[i].children) last_use[c] = i;

  ProgressReporter progress(opts.quiet, total);
  ValueStore store;
  for (size_t i = 0; i < units.size(); ++i) {
    const WorkUnit& unit = units[i];
    progress.start_unit(int(i + 1), int(units.size()), unit_name(unit), unit_entries(v, unit));
    if (unit_complete(v, opts.dir, unit)) {
      ++report.units_skipped;
      progress.finish_unit(true);
      continue;
    }
    if (!opts.memory_limit) {
      if (Status s = load_sectors(v, opts.dir, unit.children, store); !s) return s;
    } else {
      // Within the budget: what the unit's own work state and the indexes leave, for
      // its children.
      store = ValueStore();
      SectorIndex::release_unused();
      const uint64_t least = unit_least_memory(v, unit);
      if (least > opts.memory_limit)
        return Status::error("unit " + unit_name(unit) + " needs at least " + mib(least) +
                             " (its values, counters, indexes and a small cache per table it "
                             "reads), more than --memory " +
                             mib(opts.memory_limit));
      const uint64_t own = least - unit.children.size() * MIN_CHILD_CACHE;
      Result<int> read = load_within(v, opts.dir, unit.children, opts.memory_limit - own, store);
      if (!read) return read.status();
      report.tables_read_by_block += *read;
    }
    std::vector<SectorValues> solved = solve_unit(
        v, unit, store,
        [&](const char* stage, uint64_t done, uint64_t all) { progress.update(stage, done, all); });
    for (const auto& [sector, sv] : store.all())
      if (sv->reader)
        if (Status s = sv->reader->status(); !s) return s;
    for (SectorValues& sv : solved) {
      Status s = write_table(table_path(opts.dir, sv.sector), v, sv.sector, sv.values,
                             opts.zstd_level ? opts.zstd_level : DEFAULT_ZSTD_LEVEL);
      if (!s) return s;
      report.positions_solved += sv.values.size();
      if (!opts.memory_limit && last_use.count(sv.sector) && last_use[sv.sector] > i)
        store.add(std::move(sv));
    }
    ++report.units_solved;
    progress.finish_unit(false);
    for (const auto& [sector, last] : last_use)
      if (last == i) store.erase(sector);
    SectorIndex::release_unused();
  }
  report.peak_rss_bytes = peak_rss();
  report.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return report;
}

}  // namespace millbase
