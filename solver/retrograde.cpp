// Retrograde analysis with exact full-game distances.
//
// Placement units have no moves inside the unit: each position is evaluated once from
// its (solved) successors. Movement units (a-b with b-a) are cyclic, and so are Lasker's
// units with stones in hand, whose placements are exits too (solver/hand_scan.h):
//  1. Scan: a blocked position is a loss in 0. Moves that close a mill leave the unit
//     (exits) into solved sectors: an exit to a loss in k makes the position a win in at
//     most k + 1 (stored at once as a tentative win in k + 1); an exit to a draw means it
//     can never lose. Otherwise the position waits for its moves inside the unit: its
//     counter is (moves inside the unit) x (orbit size of the position), and its value
//     keeps the longest loss by an exit, if it has exits (a pending loss,
//     solver/movement_scan.h), so that no level folds the exits again.
//  2. Levels d = 0, 1, 2, ...: the positions whose value is "in d" (all losses when d is
//     even, all wins when d is odd) pass it to their predecessors inside the unit. A
//     loss in d makes each predecessor that is unresolved, or a tentative win in more
//     than d + 1, a win in d + 1. A win in d subtracts the orbit size of the resolved
//     position from each predecessor's counter once per unmove; a counter reaching zero
//     means every successor is won, so the predecessor is a loss in
//     max(d + 1, 1 + longest exit win).
//     Weighting by orbit sizes makes the counters exact under symmetry reduction: for
//     positions c and Q, (unmoves of Q landing in c's orbit) x |orbit Q| equals
//     (moves of c landing in Q's orbit) x |orbit c|.
//  3. What no level resolves is a draw (pending losses included).
// Under the 50-ply rule (Metric::FIFTY, values are fifty codes, db/value.h (1)-(4)) the
// same levels compute z: an exit is a zeroing move, worth a win in 1 (D = 1) or a loss
// in 1 (D = 2) by its child's value at counter 0 whatever the child's distance; a loss
// found when the last won successor (level d) is passed on is a loss in 1 + its z, at
// level d + 3 (4); and levels stop after D = 100 (z = 50): a value resolved at level D
// depends only on lower levels, so what is pending beyond is a draw under the rule,
// exactly. (Cursed wins and blessed losses are told from draws afterwards, by the
// plain tables: solver/fifty_labels.h.)
// The values array is the queue of levels: at level d every value "in d" is final (a
// shorter win would have been found at an earlier level), so the positions of level d
// are found by reading the values, and no list of positions is kept. Per span of SPAN
// entries, a mask of the levels (mod 64) still pending in it lets a level read only the
// spans that hold some of its positions.
// Each level's values do not depend on the order in which threads visit positions, so
// the tables are identical for any number of threads.
#include "solver/retrograde.h"

#include <omp.h>

#include <algorithm>
#include <atomic>

#include "core/unmovegen.h"
#include "db/huge_pages.h"
#include "solver/hand_scan.h"
#include "solver/movement_scan.h"
#include "solver/parallel_for_each.h"
#include "solver/progress.h"
#include "solver/range_eval.h"

namespace millbase {

namespace {

constexpr uint64_t SPAN = 64;             // entries per mask of pending levels
constexpr size_t PROPAGATION_BATCH = 32;  // positions of a level passed on together

// Work state of one unit.
class UnitSolver {
 public:
  UnitSolver(const Variant& v, const WorkUnit& unit, const ValueStore& store, Metric metric,
             const ProgressFn& progress)
      : v_(v),
        unit_(unit),
        children_(v, store, unit.children, metric),
        progress_(progress),
        fifty_(metric == Metric::FIFTY),
        loss_step_(fifty_ ? 3 : 1),
        last_level_cap_(fifty_ ? 2 * FIFTY_PLIES : MAX_DISTANCE) {
    for (const Sector& s : unit.sectors) {
      SectorValues sv{s, SectorIndex::get(*v.board, s.us, s.them), {}, nullptr};
      sv.values = huge_vector(sv.index->size(), DRAW);
      total_ += sv.index->size();
      first_span_.push_back(spans_);
      spans_ += (sv.values.size() + SPAN - 1) / SPAN;
      for (uint64_t b = 0; b < sv.values.size(); b += TASK_ENTRIES)
        tasks_.push_back({int(out_.size()), b});
      out_.push_back(std::move(sv));
    }
  }

  std::vector<SectorValues> run(UnitTimes& times) {
    LapTimer timer;
    if (unit_.internal_moves) {
      scan();
      timer.lap(times.scan);
      propagate();
      settle();
      timer.lap(times.levels);
    } else {
      evaluate_all();
      timer.lap(times.evaluate);
    }
    return std::move(out_);
  }

 private:
  // A predecessor in sector `id` to be passed the value of a position of the given orbit
  // size: first located in the sector's index, then ranked.
  struct Update {
    Bitboard us;  // the predecessor's stones of the side to move
    SectorIndex::Located located;
    uint64_t index;
    int id, orbit;
  };

  // Returns the sector that the moves of sector `id` keeping every count lead to: its
  // mirror (the same stones, seen from the other side).
  Sector mirror(int id) const {
    const Sector& s = out_[id].sector;
    return Sector{s.them, s.us, s.them_hand, s.us_hand};
  }

  // Returns the unit-local id of sector s, or -1 when s is outside the unit.
  int local(const Sector& s) const {
    for (size_t i = 0; i < unit_.sectors.size(); ++i)
      if (unit_.sectors[i] == s) return int(i);
    return -1;
  }

  // Returns the entries [begin, end) of task t.
  std::pair<uint64_t, uint64_t> range(size_t t) const {
    const auto [id, begin] = tasks_[t];
    return {begin, std::min<uint64_t>(begin + TASK_ENTRIES, out_[id].values.size())};
  }

  // Runs body(task) over every task, in parallel.
  template <class Body>
  void parallel_tasks(Body body) {
#pragma omp parallel for schedule(dynamic, 1) if (tasks_.size() > 1)
    for (size_t t = 0; t < tasks_.size(); ++t) body(t);
  }

  // Reports progress from the first thread.
  void report(const char* stage, uint64_t done) const {
    if (progress_ && omp_get_thread_num() == 0) progress_(stage, done, total_);
  }

  void evaluate_all() {
    std::atomic<uint64_t> done{0};
    parallel_tasks([&](size_t task) {
      const int id = tasks_[task].first;
      const auto [begin, end] = range(task);
      SectorValues& sv = out_[id];
      evaluate_range(v_, sv.sector, *sv.index, begin, end, children_, &sv.values[begin]);
      report("scan", done += end - begin);
    });
  }

  // Returns true for a value that a level passes on: a win or a loss, not a draw or a
  // pending loss.
  static bool queued(ValueCode v) { return v != DRAW && !is_pending_loss(v); }

  // Makes a draw of every position no level resolved (a pending loss) and, under the
  // 50-ply rule, of every value beyond the last level, z > 50.
  void settle() {
    parallel_tasks([&](size_t task) {
      const auto [begin, end] = range(task);
      ValueCode* const values = out_[tasks_[task].first].values.data();
      for (uint64_t i = begin; i < end; ++i)
        if (is_pending_loss(values[i]) ||
            (fifty_ && values[i] != DRAW && distance(values[i]) > last_level_cap_))
          values[i] = DRAW;
    });
  }

  void scan() {
    for (auto& sv : out_) counts_.push_back(huge_vector<uint16_t>(sv.values.size(), 0));
    pending_ = huge_vector<uint64_t>(spans_, 0);
    std::atomic<uint64_t> done{0};
    parallel_tasks([&](size_t task) {
      const int id = tasks_[task].first;
      const auto [begin, end] = range(task);
      SectorValues& sv = out_[id];
      if (sv.sector.placement())
        scan_with_hands(v_, sv.sector, *sv.index, begin, end, children_, local(mirror(id)) >= 0,
                        &sv.values[begin], &counts_[id][begin]);
      else
        scan_movement(v_, sv.sector, *sv.index, begin, end, children_, fifty_, loss_step_,
                      &sv.values[begin], &counts_[id][begin]);
      // The masks of the task's spans (tasks are whole spans: no other thread writes them).
      int last = 0;
      for (uint64_t span = begin; span < end; span += SPAN) {
        uint64_t mask = 0;
        for (uint64_t i = span; i < std::min(span + SPAN, end); ++i)
          if (queued(sv.values[i]))
            mask |= level_bit(distance(sv.values[i])),
                last = std::max(last, distance(sv.values[i]));
        pending_[first_span_[id] + span / SPAN] = mask;
      }
      raise_last_level(last);
      report("scan", done += end - begin);
    });
  }

  // Returns the bit of level d in a span's mask of pending levels.
  static uint64_t level_bit(int d) { return uint64_t(1) << (d % 64); }

  // Records, while level d is passed on, that entry i of sector id holds a value pending
  // at `level` > d. A level's bit is cleared only while that level's spans are read, so
  // a bit other than d's that is already set stays set until its level comes: the
  // atomic write is skipped then. Otherwise it is a read-modify-write, which also orders
  // the value written before it ahead of the reads of scan_span() that clear the bit.
  void post(int id, uint64_t i, int level, int d) {
    assert(level > d && level <= MAX_DISTANCE);
    std::atomic_ref<uint64_t> pending(pending_[first_span_[id] + i / SPAN]);
    const uint64_t bit = level_bit(level);
    if (bit == level_bit(d) || !(pending.load(std::memory_order_relaxed) & bit))
      pending.fetch_or(bit);
    raise_last_level(level);
  }

  // Raises last_level_ to `level` if below.
  void raise_last_level(int level) {
    int seen = last_level_.load(std::memory_order_relaxed);
    while (level > seen && !last_level_.compare_exchange_weak(seen, level)) {
    }
  }

  void propagate() {
    const int threads = omp_get_max_threads();
    std::vector<std::vector<uint64_t>> batches(threads);
    std::vector<std::vector<Update>> updates(threads);
    std::atomic<uint64_t> resolved{0};
    for (int d = 0; d <= std::min<int>(last_level_, last_level_cap_); ++d) {
      parallel_tasks([&](size_t task) {
        const int t = omp_get_thread_num();
        const int id = tasks_[task].first;
        const auto [begin, end] = range(task);
        uint64_t found = 0;
        for (uint64_t s = begin; s < end; s += SPAN)
          found += scan_span(id, s, std::min(s + SPAN, end), d, batches[t], updates[t]);
        if (!batches[t].empty()) pass_on(id, batches[t], updates[t], d);
        if (found) report("levels", resolved += found);
      });
    }
  }

  // Passes on the values of level d in the span [begin, end) of sector id, in batches;
  // returns how many there were.
  uint64_t scan_span(int id, uint64_t begin, uint64_t end, int d, std::vector<uint64_t>& batch,
                     std::vector<Update>& updates) {
    const uint64_t bit = level_bit(d);
    std::atomic_ref<uint64_t> pending(pending_[first_span_[id] + begin / SPAN]);
    if (!(pending.load(std::memory_order_relaxed) & bit)) return 0;
    // Values posted to this span from now on set the bit again themselves; those posted
    // before are seen by the reads below, which set it again for a value pending 64 or
    // more levels later. No fence is needed for that: a post with this bit is a
    // read-modify-write (release) of this mask, so when it comes first in the mask's
    // order, this acquiring read-modify-write synchronises with it and the value it
    // posted is visible below.
    pending.fetch_and(~bit, std::memory_order_acq_rel);
    const ValueCode code = code_of_distance(d);
    ValueCode* const values = out_[id].values.data();
    uint64_t found = 0;
    bool later = false;
    for (uint64_t i = begin; i < end; ++i) {
      const ValueCode value = std::atomic_ref<ValueCode>(values[i]).load(std::memory_order_relaxed);
      const ValueCode ahead = ValueCode(value - code);  // levels ahead of d, mod 2^16
      if (ahead % 64 != 0) continue;
      if (ahead == 0) {
        ++found;
        batch.push_back(i);
        if (batch.size() == PROPAGATION_BATCH) pass_on(id, batch, updates, d);
      } else if (value > code && queued(value)) {
        later = true;
      }
    }
    if (later) pending.fetch_or(bit);
    return found;
  }

  // Passes the value of level d of the positions in `batch` (entries of sector id) to
  // their predecessors and empties the batch. In three passes: all predecessors are
  // generated and located, then ranked, then updated, each pass prefetching what the
  // next reads, so the cache misses of many positions overlap.
  void pass_on(int id, std::vector<uint64_t>& batch, std::vector<Update>& updates, int d) {
    updates.clear();
    for (uint64_t i : batch) add_predecessors(id, i, updates);
    for (Update& u : updates) rank(u, d);
    for (const Update& u : updates) update(u, d);
    batch.clear();
  }

  // Appends the predecessors of entry i of sector id, located but not yet ranked.
  void add_predecessors(int id, uint64_t i, std::vector<Update>& updates) const {
    const SectorValues& sv = out_[id];
    const Sector& s = sv.sector;
    const int pid = local(mirror(id));
    if (pid < 0) return;
    const SectorIndex& index = *out_[pid].index;
    Position q;
    q.stones = {0, 0};
    const int orbit = sv.index->unrank(i, q.stones[WHITE], q.stones[BLACK]);
    Move unmoves[MAX_UNMOVES];
    // The previous mover is the side not to move here, with the same stones in hand.
    Move* end = flies(v_, s.them, s.them_hand)
                    ? generate_quiet_unmoves<Phase::Fly>(v_, q, unmoves)
                    : generate_quiet_unmoves<Phase::Slide>(v_, q, unmoves);
    for (Move* m = unmoves; m != end; ++m) {
      const Bitboard us = mover_before(q.stones[BLACK], *m);
      updates.push_back({us, index.locate(us, q.stones[WHITE]), 0, pid, orbit});
    }
  }

  // Ranks the predecessor u and prefetches the slot that update() reads at level d: the
  // value after a loss, the counter after a win.
  void rank(Update& u, int d) const {
    u.index = out_[u.id].index->rank(u.us, u.located).index;
    if (d % 2 == 0)
      __builtin_prefetch(&out_[u.id].values[u.index], 1);
    else
      __builtin_prefetch(&counts_[u.id][u.index], 1);
  }

  // Passes the value resolved at level d to the predecessor u. After a win only the
  // counter is read (and the value, when the counter reaches zero with HAS_EXITS): a
  // won position's counter is CANNOT_LOSE (set when it is resolved) and a lost one's is
  // zero (beside HAS_EXITS) and receives no more decrements, so any other counter
  // belongs to an unresolved position.
  void update(const Update& u, int d) {
    std::atomic_ref<ValueCode> value(out_[u.id].values[u.index]);
    std::atomic_ref<uint16_t> count(counts_[u.id][u.index]);
    if (d % 2 == 0) {  // a loss: its predecessors win, unless they already win sooner
      const ValueCode win = code_of_distance(d + 1);
      ValueCode seen = value.load(std::memory_order_relaxed);
      do {
        if (queued(seen) && !(is_win(seen) && seen > win)) return;
      } while (!value.compare_exchange_weak(seen, win));
      count.store(CANNOT_LOSE, std::memory_order_relaxed);
      post(u.id, u.index, d + 1, d);
      return;
    }
    if (count.load(std::memory_order_relaxed) == CANNOT_LOSE) return;
    const uint16_t before = count.fetch_sub(uint16_t(u.orbit));
    if ((before & ~HAS_EXITS) != u.orbit) return;
    // Every successor is won: a loss, final now, passed on at its level (no sooner than
    // its longest exit loss, which its value keeps if it has exits). The store is
    // relaxed: level d's reads see it through post()'s read-modify-write when the two
    // levels share a bit, and later levels after the barrier that ends this one. No
    // other thread writes the value in a level that passes on wins.
    int level = d + loss_step_;
    if (before & HAS_EXITS) {
      const ValueCode pending = value.load(std::memory_order_relaxed);
      assert(is_pending_loss(pending));
      level = std::max(level, longest_exit_loss(pending));
    }
    value.store(code_of_distance(level), std::memory_order_relaxed);
    post(u.id, u.index, level, d);
  }

  const Variant& v_;
  const WorkUnit& unit_;
  const ChildLookup children_;
  const ProgressFn& progress_;
  const bool fifty_;
  const int loss_step_;       // levels from the last won successor to a loss: 1, fifty 3
  const int last_level_cap_;  // the last level passed on
  uint64_t total_ = 0;
  std::vector<SectorValues> out_;
  std::vector<std::vector<uint16_t>> counts_;
  std::vector<std::pair<int, uint64_t>> tasks_;  // (sector id, first entry) per task
  uint64_t spans_ = 0;
  std::vector<uint64_t> first_span_;  // per sector id
  // Per span, bit k % 64 for every level k > the current one with a value pending in
  // the span (and possibly bits of levels without one).
  std::vector<uint64_t> pending_;
  std::atomic<int> last_level_{0};  // the highest level with a value pending
};

}  // namespace

std::vector<SectorValues> solve_unit(const Variant& v, const WorkUnit& unit,
                                     const ValueStore& store, Metric metric,
                                     const ProgressFn& progress, UnitTimes* times) {
  UnitTimes ignored;
  return UnitSolver(v, unit, store, metric, progress).run(times ? *times : ignored);
}

}  // namespace millbase
