#include "solver/child_tables.h"

#include <omp.h>

#include <algorithm>

#include "db/huge_pages.h"
#include "db/table_file.h"
#include "solver/parallel_for_each.h"
#include "solver/range_eval.h"

namespace millbase {

Result<std::vector<ValueCode>> derive_values(const Variant& v, const std::string& dir,
                                             const Sector& s, ValueStore& store,
                                             const std::function<void(uint64_t done)>& on_progress,
                                             Metric metric) {
  std::vector<Sector> successors;
  for (const Sector& c : successor_sectors(v, s))
    if (!is_terminal(v, c)) successors.push_back(c);
  if (Status st = load_sectors(v, dir, successors, store, metric); !st) return st;
  const auto index = SectorIndex::get(*v.board, s.us, s.them);
  std::vector<ValueCode> values = huge_vector<ValueCode>(index->size(), 0);
  const ChildLookup lookup(v, store, successors);
  auto report = [&](uint64_t done) {
    if (on_progress) on_progress(done);
  };
  // A 50-ply table's derived codes come from its successors' stored codes (a DTM lookup).
  const SuccessorFold kind =
      metric == Metric::FIFTY ? SuccessorFold::FIFTY_CODE : SuccessorFold::VALUE;
  parallel_for_ranges(
      index->size(),
      [&](uint64_t first, uint64_t last) {
        evaluate_range(v, s, *index, first, last, lookup, &values[first], kind);
      },
      report);
  return values;
}

Status load_sectors(const Variant& v, const std::string& dir, const std::vector<Sector>& sectors,
                    ValueStore& store, Metric metric) {
  for (const Sector& s : sectors) {
    if (store.find(s)) continue;
    Result<TableFile> file = TableFile::open_sector(v, dir, s, metric);
    if (!file) return file.status();
    Result<std::vector<ValueCode>> values =
        file->derived() ? derive_values(v, dir, s, store, {}, metric) : file->read_all();
    if (!values) return values.status();
    std::vector<ValueCode> codes = std::move(values).value();
    if (derived_results_only(file->header()))
      for (ValueCode& c : codes) c = derived_value(file->header(), c, metric);
    if (file->derived() && compute_stats(codes, metric) != file->header().stats)
      return Status::error(file->path() +
                           ": derived table: its statistics do not match the search over its "
                           "successors' tables");
    store.add(SectorValues{s, SectorIndex::get(*v.board, s.us, s.them), std::move(codes), nullptr});
  }
  return Status::ok();
}

Result<int> load_within(const Variant& v, const std::string& dir,
                        const std::vector<Sector>& sectors, uint64_t budget, ValueStore& store,
                        Metric metric) {
  // Whole tables for the smallest sectors while they fit; the rest through their blocks,
  // sharing what is left of the budget as cache.
  std::vector<std::pair<uint64_t, Sector>> by_size;
  for (const Sector& s : sectors)
    by_size.push_back({SectorIndex::count(*v.board, s.us, s.them), s});
  std::sort(by_size.begin(), by_size.end());
  size_t whole = 0;
  for (; whole < by_size.size() && 2 * by_size[whole].first <= budget; ++whole)
    budget -= 2 * by_size[whole].first;
  // What the store already holds is kept only as this plan has it: a whole table that
  // is to be whole. Readers are made afresh, with this budget's share of cache.
  for (size_t k = 0; k < by_size.size(); ++k)
    if (const SectorValues* sv = store.find(by_size[k].second); sv && (k >= whole || sv->reader))
      store.erase(by_size[k].second);
  std::vector<Sector> in_memory;
  for (size_t k = 0; k < whole; ++k) in_memory.push_back(by_size[k].second);
  if (Status st = load_sectors(v, dir, in_memory, store, metric); !st) return st;
  const size_t rest = by_size.size() - whole;
  for (size_t k = whole; k < by_size.size(); ++k) {
    const Sector& s = by_size[k].second;
    Result<TableFile> file = TableFile::open_sector(v, dir, s, metric);
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

}  // namespace millbase
