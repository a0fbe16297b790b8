#include "solver/sector_compare.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>
#include <vector>

#include "db/table_file.h"
#include "solver/child_tables.h"

namespace millbase {

namespace {

// Entries compared together by one thread: whole blocks of the usual sizes.
constexpr uint64_t CHUNK_ENTRIES = uint64_t(1) << 18;

// One directory's classes of a sector, read a range at a time: from the table's blocks,
// or from the values of a derived table computed whole.
class ClassSource {
 public:
  static Result<ClassSource> open(const ComparedTables& t, const Sector& s, Metric metric) {
    Result<TableFile> file = TableFile::open_sector(*t.variant, t.dir, s, metric);
    if (!file) return file.status();
    ClassSource c(metric);
    if (file->derived()) {
      ValueStore store;
      if (Status st = load_sectors(*t.variant, t.dir, {s}, store, metric); !st) return st;
      c.derived_ = store.all().at(s);
    } else {
      // The WDL plane is the class unless it holds the value without the 50-ply rule.
      c.wdl_plane_ = metric == Metric::PLAIN || file->header().encoding == Encoding::WDL_ONLY;
    }
    c.file_.emplace(std::move(file).value());
    return c;
  }

  // Sets out[i - begin] to the class of entry i for i in [begin, end).
  Status read(uint64_t begin, uint64_t end, std::vector<Wdl>& out) const {
    out.resize(end - begin);
    if (!file_->derived()) {
      const uint64_t per_block = file_->header().block_entries;
      std::vector<Wdl> wdl;
      std::vector<ValueCode> codes;
      for (uint64_t b = begin / per_block; b * per_block < end; ++b) {
        const uint64_t first = std::max(begin, b * per_block);
        if (wdl_plane_) {
          if (Status st = file_->read_wdl_block(uint32_t(b), wdl); !st) return st;
        } else {
          if (Status st = file_->read_block(uint32_t(b), codes); !st) return st;
          wdl.resize(codes.size());
          for (size_t k = 0; k < codes.size(); ++k) wdl[k] = class_of(codes[k]);
        }
        const uint64_t last = std::min(end, b * per_block + wdl.size());
        if (last <= first) return Status::error(file_->path() + ": corrupt table: short block");
        std::copy(wdl.begin() + (first - b * per_block), wdl.begin() + (last - b * per_block),
                  out.begin() + (first - begin));
      }
      return Status::ok();
    }
    for (uint64_t i = begin; i < end; ++i) out[i - begin] = class_of(derived_->values[i]);
    return Status::ok();
  }

 private:
  explicit ClassSource(Metric metric) : metric_(metric) {}

  // Returns the class of a stored code: under the 50-ply rule, at counter 0.
  Wdl class_of(ValueCode v) const { return wdl_of(drop_distance(v, metric_)); }

  Metric metric_;
  std::optional<TableFile> file_;
  bool wdl_plane_ = false;
  std::shared_ptr<const SectorValues> derived_;  // a derived table's values
};

}  // namespace

Result<SectorComparison> compare_sector(const ComparedTables& a, const ComparedTables& b,
                                        const Sector& s, Metric metric, int examples,
                                        const std::function<void(uint64_t)>& on_progress,
                                        int* failed_side) {
  assert(a.variant->board == b.variant->board);
  if (failed_side) *failed_side = 0;
  Result<ClassSource> first = ClassSource::open(a, s, metric);
  if (!first) return first.status();
  Result<ClassSource> second = ClassSource::open(b, s, metric);
  if (!second) {
    if (failed_side) *failed_side = 1;
    return second.status();
  }
  const uint64_t n = SectorIndex::count(*a.variant->board, s.us, s.them);
  SectorComparison c;
  c.sector = s;
  c.positions = n;
  const int64_t chunks = int64_t((n + CHUNK_ENTRIES - 1) / CHUNK_ENTRIES);
  std::mutex merge;
  Status error = Status::ok();
  int error_side = 0;
  std::atomic<uint64_t> done{0};
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t k = 0; k < chunks; ++k) {
    const uint64_t begin = uint64_t(k) * CHUNK_ENTRIES, end = std::min(n, begin + CHUNK_ENTRIES);
    std::vector<Wdl> x, y;
    int side = 0;
    Status st = first->read(begin, end, x);
    if (st) side = 1, st = second->read(begin, end, y);
    std::array<std::array<uint64_t, 3>, 3> counts{};
    std::array<std::array<std::vector<uint64_t>, 3>, 3> mine;
    for (uint64_t i = 0; st && i < end - begin; ++i) {
      const int cx = int(x[i]), cy = int(y[i]);
      ++counts[cx][cy];
      if (cx != cy && int(mine[cx][cy].size()) < examples) mine[cx][cy].push_back(begin + i);
    }
    std::lock_guard lock(merge);
    if (!st) {
      if (error) error = st, error_side = side;
      continue;
    }
    // Each cell keeps the first `examples` entries of the chunks merged so far, so its
    // final list does not depend on the order in which chunks finish.
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        c.counts[i][j] += counts[i][j];
        std::vector<uint64_t>& kept = c.examples[i][j];
        kept.insert(kept.end(), mine[i][j].begin(), mine[i][j].end());
        std::sort(kept.begin(), kept.end());
        if (int(kept.size()) > examples) kept.resize(size_t(examples));
      }
    done += end - begin;
    if (on_progress && omp_get_thread_num() == 0) on_progress(done);
  }
  if (!error) {
    if (failed_side) *failed_side = error_side;
    return error;
  }
  return c;
}

}  // namespace millbase
