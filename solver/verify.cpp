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
#include "solver/expected_tables.h"
#include "solver/parallel_for_each.h"
#include "solver/progress.h"
#include "solver/range_eval.h"
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

// Returns a stored or recomputed value in words for a mismatch's message.
std::string check_text(ValueCode x, Metric metric) {
  if (metric != Metric::FIFTY || distance_unknown(x)) return value_text(x);
  const FiftyClass c = fifty_class(x);
  return std::string(fifty_class_name(c)) +
         (c == FiftyClass::Win || c == FiftyClass::Loss ? " in " + std::to_string(fifty_z(x))
                                                        : "") +
         " (50-ply rule)";
}

// Returns the forward check of stored sector s, whose table and successors are in
// store: every entry (or the placement sample) recomputed from its successors. A table
// without distances (wdl_only) is checked for the results, as is an entry whose
// successors give no distance.
SectorCheck check_sector(const Variant& v, const Sector& s, const ValueStore& store,
                         const std::vector<Sector>& needed, const VerifyOptions& opts,
                         bool wdl_only, ProgressReporter& progress) {
  const SectorValues& sv = *store.find(s);
  const ChildLookup lookup(v, store, needed, opts.metric);
  const bool fifty = opts.metric == Metric::FIFTY;
  auto text = [&](ValueCode x) { return check_text(x, opts.metric); };
  SectorCheck check{s, sv.values.size(), 0, 0, "", "", ""};
  std::atomic<uint64_t> mismatches{0}, checked{0};
  std::mutex first;
  // Entry i is checked when mix(key ^ i) < threshold; everything for a fraction of 1.
  const double fraction = s.placement() ? opts.placement_sample : 1.0;
  const bool all = fraction >= 1.0;
  const uint64_t threshold = all ? 0 : uint64_t(std::ldexp(std::max(fraction, 0.0), 64));
  const uint64_t key =
      mix(opts.seed ^ mix(uint64_t(s.us) | uint64_t(s.them) << 8 | uint64_t(s.us_hand) << 16 |
                          uint64_t(s.them_hand) << 24));
  // Records a mismatch at entry i: the first one with its position and the two values.
  auto mismatch = [&](uint64_t i, const std::string& what) {
    if (mismatches++ != 0) return;
    Position p;
    p.stones = {0, 0};
    sv.index->unrank(i, p.stones[WHITE], p.stones[BLACK]);
    p.in_hand = {s.us_hand, s.them_hand};
    std::lock_guard lock(first);
    check.first_mismatch = format_position(v, p) + ": " + what;
  };
  // Compares entry i with its value `expected` recomputed from its successors.
  auto compare = [&](uint64_t i, ValueCode expected) {
    // The results alone where the table or the search over its successors has no
    // distance (a play set, or one being made).
    if (wdl_only || distance_unknown(expected)) {
      if (drop_distance(expected, opts.metric) == drop_distance(sv.values[i], opts.metric)) return;
    } else if (expected == (fifty ? fifty_at(sv.values[i], 0) : sv.values[i])) {
      return;
    }
    mismatch(i, "stored " + text(sv.values[i]) + ", recomputed " + text(expected));
  };
  auto report = [&](uint64_t done) { progress.update("checked", done, sv.values.size()); };
  if (all) {
    // Every entry, by the range evaluator of the sector's phase; and every entry of a
    // seeded 1/64 again by evaluate(), position by position, the obvious code: the two
    // must agree.
    const uint64_t cross_key = mix(key ^ 0x5EED);
    parallel_for_ranges(
        sv.values.size(),
        [&](uint64_t begin, uint64_t end) {
          ValueCode expected[TASK_ENTRIES];
          evaluate_range(v, s, *sv.index, begin, end, lookup, expected);
          for (uint64_t i = begin; i < end; ++i) {
            compare(i, expected[i - begin]);
            if (mix(cross_key ^ i) >> 58 != 0) continue;
            Bitboard us = 0, them = 0;
            sv.index->unrank(i, us, them);
            const ValueCode reference = evaluate(v, s, us, them, lookup);
            if (reference != expected[i - begin])
              mismatch(i, "the range evaluation gives " + text(expected[i - begin]) +
                              ", evaluate() " + text(reference));
          }
        },
        report);
    checked = sv.values.size();
  } else {
    parallel_for_each(
        *sv.index,
        [&](uint64_t i, Bitboard us, Bitboard them) {
          if (mix(key ^ i) >= threshold) return;
          checked.fetch_add(1, std::memory_order_relaxed);
          compare(i, evaluate(v, s, us, them, lookup));
        },
        report);
  }
  check.mismatches = mismatches;
  check.checked = checked;
  return check;
}

// Returns the bytes of the values of unit's own tables.
uint64_t own_bytes(const Variant& v, const WorkUnit& unit) {
  uint64_t bytes = 0;
  for (const Sector& s : unit.sectors)
    bytes += sizeof(ValueCode) * SectorIndex::count(*v.board, s.us, s.them);
  return bytes;
}

// Loads what unit reads within `limit` bytes, which must hold own_bytes() and the least
// cache of each table it reads: its own tables whole, then the tables it reads within
// what is left, keeping those the store holds whole when they are to be whole
// (load_within); everything but `needed` (its own tables and those it reads) is dropped
// first.
Status load_within_limit(const Variant& v, const std::string& dir, const WorkUnit& unit,
                         const std::vector<Sector>& needed, uint64_t limit, Metric metric,
                         ValueStore& store) {
  store.keep_only(needed);
  for (const Sector& s : unit.sectors)  // a table left as a reader by an earlier unit
    if (const SectorValues* sv = store.find(s); sv && sv->reader) store.erase(s);
  SectorIndex::release_unused();
  if (Status st = load_sectors(v, dir, unit.sectors, store, metric); !st) return st;
  Result<int> read = load_within(v, dir, unit.children, limit - own_bytes(v, unit), store, metric);
  return read ? Status::ok() : read.status();
}

// What a verify checks: the units with a sector to check, in solving order; the last of
// them that reads each sector, so that a table is loaded once and dropped after; the
// sectors and positions to check.
struct CheckPlan {
  std::vector<Sector> wanted;
  std::vector<size_t> to_check;
  std::map<Sector, size_t> last_use;
  uint64_t total = 0;
  int sector_count = 0;
  bool wants(const Sector& s) const {
    return std::find(wanted.begin(), wanted.end(), s) != wanted.end();
  }
};

// Returns the plan for the sectors asked for, or every table the directory must hold.
Result<CheckPlan> plan_checks(const Variant& v, const std::string& dir, const SectorGraph& graph,
                              const VerifyOptions& opts) {
  CheckPlan plan;
  plan.wanted = opts.sectors;
  if (plan.wanted.empty()) {
    Result<std::vector<Sector>> expected = expected_sectors(dir, graph);
    if (!expected) return expected.status();
    plan.wanted = *expected;
  }
  const std::vector<WorkUnit>& units = graph.units();
  for (size_t i = 0; i < units.size(); ++i) {
    const std::vector<Sector>& own = units[i].sectors;
    if (std::none_of(own.begin(), own.end(), [&](const Sector& s) { return plan.wants(s); }))
      continue;
    plan.to_check.push_back(i);
    for (const Sector& s : own) plan.last_use[s] = i;
    for (const Sector& s : units[i].children) plan.last_use[s] = i;
    for (const Sector& s : own)
      if (plan.wants(s))
        plan.total += SectorIndex::count(*v.board, s.us, s.them), ++plan.sector_count;
  }
  return plan;
}

// A unit's tables as a verify finds them: those to check that open and pass their
// checksums (and which of them hold results only), and a table of the unit that is not
// there.
struct UnitTables {
  std::vector<Sector> present, without_distances;
  std::string absent;
};

// Opens the tables of `unit`; reports those to check that are missing or damaged (and
// with --quick every one), and returns the others.
UnitTables open_unit_tables(const Variant& v, const std::string& dir, const WorkUnit& unit,
                            const CheckPlan& plan, const VerifyOptions& opts,
                            const std::function<void(SectorCheck)>& report, int& number) {
  UnitTables t;
  for (const Sector& s : unit.sectors) {
    const uint64_t entries = SectorIndex::count(*v.board, s.us, s.them);
    Result<TableFile> file = TableFile::open_sector(v, dir, s, opts.metric);
    if (!file && file.status().code() == Status::Code::NotFound) t.absent = table_path(dir, s);
    if (!plan.wants(s)) continue;
    Status st = file ? file->verify_checksums() : file.status();
    if (!st) {
      const bool missing = st.code() == Status::Code::NotFound;
      report({s, entries, 0, 0, "", "", missing ? "missing" : st.message()});
      ++number;
      continue;
    }
    if (opts.quick) {
      report({s, entries, 0, 0, "", "", ""});
      continue;
    }
    t.present.push_back(s);
    if (file->header().encoding == Encoding::WDL_ONLY || derived_results_only(file->header()))
      t.without_distances.push_back(s);
  }
  return t;
}

}  // namespace

Result<std::vector<SectorCheck>> verify_tables(
    const Variant& v, const std::string& dir, const VerifyOptions& opts,
    const std::function<void(const SectorCheck&)>& on_sector) {
  if (Status st = TableDir(v, dir, opts.metric).check(); !st) return st;
  SectorGraph graph(v);
  const std::vector<WorkUnit>& units = graph.units();
  Result<CheckPlan> plan = plan_checks(v, dir, graph, opts);
  if (!plan) return plan.status();
  std::vector<SectorCheck> checks;
  auto report = [&](SectorCheck c) {
    checks.push_back(std::move(c));
    if (on_sector) on_sector(checks.back());
  };
  const int sector_count = plan->sector_count;
  ProgressReporter progress(opts.quiet || opts.quick, plan->total, "checked");
  int number = 0;
  ValueStore store;
  for (size_t u : plan->to_check) {
    const WorkUnit& unit = units[u];
    // The unit's wanted tables that open and pass their checksums; the others are
    // reported missing or damaged.
    const UnitTables tables = open_unit_tables(v, dir, unit, *plan, opts, report, number);
    const std::vector<Sector>& present = tables.present;
    const std::string& absent = tables.absent;
    if (present.empty()) continue;
    progress.start_unit(number + 1, sector_count, sector_name(present[0]),
                        SectorIndex::count(*v.board, present[0].us, present[0].them));
    progress.say("loading the tables it reads");
    // A unit written in part (a kill or a full disk between its tables): the present
    // tables' successors are partly in the missing one, so they cannot be checked.
    std::string why_not;
    if (!absent.empty())
      why_not = "not checked: its unit's other table " + absent +
                " is missing (millbase solve completes it)";
    // The unit's own sectors and its children: everything a successor can be in.
    std::vector<Sector> needed = unit.sectors;
    needed.insert(needed.end(), unit.children.begin(), unit.children.end());
    for (auto it = store.all().begin(); it != store.all().end();) {
      const Sector s = (it++)->first;
      const auto last = plan->last_use.find(s);
      if ((last == plan->last_use.end() ? 0 : last->second) < u) store.erase(s);
    }
    const uint64_t least = own_bytes(v, unit) + unit.children.size() * MIN_CHILD_CACHE;
    if (opts.memory_limit && least > opts.memory_limit)
      return Status::invalid("verifying " + sector_name(present[0]) + " needs at least " +
                             std::to_string((least + (1 << 20) - 1) >> 20) +
                             " MiB (its unit's tables whole and a small cache per table they "
                             "read), more than the memory limit of " +
                             std::to_string(opts.memory_limit >> 20) + " MiB");
    if (why_not.empty()) {
      Status st = opts.memory_limit ? load_within_limit(v, dir, unit, needed, opts.memory_limit,
                                                        opts.metric, store)
                                    : load_sectors(v, dir, needed, store, opts.metric);
      if (!st) why_not = "not checked: " + st.message();
    }
    if (!why_not.empty()) {
      for (const Sector& s : present)
        report({s, SectorIndex::count(*v.board, s.us, s.them), 0, 0, "", why_not, ""});
      number += int(present.size());
      continue;
    }
    for (size_t k = 0; k < present.size(); ++k) {
      const Sector& s = present[k];
      if (k > 0)
        progress.start_unit(number + 1, sector_count, sector_name(s),
                            SectorIndex::count(*v.board, s.us, s.them));
      const bool wdl_only =
          std::find(tables.without_distances.begin(), tables.without_distances.end(), s) !=
          tables.without_distances.end();
      report(check_sector(v, s, store, needed, opts, wdl_only, progress));
      progress.finish_unit(false);
      ++number;
    }
  }
  return checks;
}

}  // namespace millbase
