// Retrograde analysis with exact full-game distances.
//
// Placement units have no moves inside the unit: each position is evaluated once from
// its (solved) successors. Movement units (a-b with b-a) are cyclic:
//  1. Scan: a blocked position is a loss in 0. Moves that close a mill leave the unit
//     (exits) into solved sectors: an exit to a loss in k makes the position a win in at
//     most k + 1, due at level k + 1 unless found earlier; an exit to a draw means it can
//     never lose. Otherwise the position waits for its moves inside the unit: its
//     counter is (moves inside the unit) x (orbit size of the position).
//  2. Levels d = 0, 1, 2, ...: the positions resolved at level d (all losses when d is
//     even, all wins when d is odd) pass it to their predecessors inside the unit. A
//     loss in d makes each unresolved predecessor a win in d + 1. A win in d subtracts
//     the orbit size of the resolved position from each predecessor's counter once per
//     unmove; a counter reaching zero means every successor is won, so the predecessor
//     is a loss in max(d + 1, 1 + longest exit win), due at that level.
//     Weighting by orbit sizes makes the counters exact under symmetry reduction: for
//     positions c and Q, (unmoves of Q landing in c's orbit) x |orbit Q| equals
//     (moves of c landing in Q's orbit) x |orbit c|.
//  3. What no level resolves is a draw.
// Each level's values do not depend on the order in which threads visit positions, so
// the tables are identical for any number of threads.
#include "solver/retrograde.h"

#include <omp.h>

#include <atomic>
#include <map>

#include "core/unmovegen.h"

namespace millbase {

namespace {

constexpr uint16_t CANNOT_LOSE = 0xFFFF;
constexpr uint64_t CHUNK = 4096;
constexpr size_t BATCH = 32;
constexpr int SECTOR_SHIFT = 56;

uint64_t pack(int sector, uint64_t index) { return uint64_t(sector) << SECTOR_SHIFT | index; }
int sector_of_packed(uint64_t e) { return int(e >> SECTOR_SHIFT); }
uint64_t index_of_packed(uint64_t e) { return e & ((uint64_t(1) << SECTOR_SHIFT) - 1); }

// Work state of one unit.
class UnitSolver {
 public:
  UnitSolver(const Variant& v, const WorkUnit& unit, const ValueStore& store,
             const ProgressFn& progress)
      : v_(v), unit_(unit), children_(store, unit.children), progress_(progress) {
    for (const Sector& s : unit.sectors) {
      SectorValues sv{s, SectorIndex::get(*v.board, s.us, s.them), {}, nullptr};
      sv.values.assign(sv.index->size(), DRAW);
      total_ += sv.index->size();
      out_.push_back(std::move(sv));
    }
  }

  std::vector<SectorValues> run() {
    if (unit_.internal_moves) {
      scan();
      propagate();
    } else {
      evaluate_all();
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

  // Returns the unit-local id of sector s, or -1 when s is outside the unit.
  int local(const Sector& s) const {
    for (size_t i = 0; i < unit_.sectors.size(); ++i)
      if (unit_.sectors[i] == s) return int(i);
    return -1;
  }

  // Runs body(sector id, index, us, them) over every position, in parallel chunks.
  template <class Body>
  void parallel_scan(Body body) {
    std::vector<std::pair<int, uint64_t>> chunks;
    for (size_t id = 0; id < out_.size(); ++id)
      for (uint64_t b = 0; b < out_[id].values.size(); b += CHUNK) chunks.push_back({int(id), b});
    std::atomic<uint64_t> done{0};
#pragma omp parallel for schedule(dynamic, 1) if (chunks.size() > 1)
    for (size_t c = 0; c < chunks.size(); ++c) {
      auto [id, begin] = chunks[c];
      const SectorValues& sv = out_[id];
      uint64_t end = std::min<uint64_t>(begin + CHUNK, sv.values.size());
      sv.index->for_each(begin, end,
                         [&](uint64_t i, Bitboard us, Bitboard them) { body(id, i, us, them); });
      uint64_t now = done += end - begin;
      if (progress_ && omp_get_thread_num() == 0) progress_("scan", now, total_);
    }
  }

  void evaluate_all() {
    parallel_scan([&](int id, uint64_t i, Bitboard us, Bitboard them) {
      out_[id].values[i] = evaluate(v_, out_[id].sector, us, them, children_);
    });
  }

  // Folds the values of the exits (successors outside the unit); counts the others.
  // In a movement unit (a-b with b-a) a move stays inside exactly when it removes nothing.
  ValueFolder exits(int id, Bitboard us, Bitboard them, int* inside) const {
    ValueFolder fold;
    for_each_successor(v_, out_[id].sector, us, them,
                       [&](Move m, const Sector& cs, Bitboard cu, Bitboard ct) {
                         assert((local(cs) >= 0) == (m.remove == NO_POINT));
                         if (m.remove == NO_POINT)
                           ++*inside;
                         else
                           fold.add(children_(cs, cu, ct));
                       });
    return fold;
  }

  void scan() {
    for (auto& sv : out_) counts_.emplace_back(sv.values.size(), 0);
    const int threads = omp_get_max_threads();
    std::vector<std::vector<uint64_t>> blocked(threads);
    // Positions due at a later level, per thread and level: 8 bytes each, moved into
    // due_ level by level so the two copies do not coexist whole.
    std::vector<std::map<int, std::vector<uint64_t>>> due(threads);
    parallel_scan([&](int id, uint64_t i, Bitboard us, Bitboard them) {
      const int t = omp_get_thread_num();
      Position p;
      p.stones = {us, them};
      if (game_over(v_, p) != GameOver::None) {
        out_[id].values[i] = LOSS_IN_0;
        blocked[t].push_back(pack(id, i));
        return;
      }
      int inside = 0;
      ValueFolder fold = exits(id, us, them, &inside);
      uint16_t& count = counts_[id][i];
      if (fold.has_win() || fold.any_draw()) {
        count = CANNOT_LOSE;
        if (fold.has_win()) due[t][distance(fold.result())].push_back(pack(id, i));
      } else if (inside == 0) {
        due[t][fold.worst_loss()].push_back(pack(id, i));
      } else {
        count = uint16_t(inside * out_[id].index->rank(us, them).orbit);
      }
    });
    for (auto& b : blocked) frontier_.insert(frontier_.end(), b.begin(), b.end());
    for (auto& levels : due)
      for (auto& [level, list] : levels) {
        due_[level].insert(due_[level].end(), list.begin(), list.end());
        std::vector<uint64_t>().swap(list);
      }
  }

  void propagate() {
    const int threads = omp_get_max_threads();
    uint64_t resolved = frontier_.size();
    std::vector<std::vector<Update>> updates(threads);
    for (int d = 0;; ++d) {
      if (auto it = due_.find(d); it != due_.end()) {
        for (uint64_t e : it->second) {
          ValueCode& value = out_[sector_of_packed(e)].values[index_of_packed(e)];
          if (value == DRAW) value = code_of_distance(d), frontier_.push_back(e);
        }
        due_.erase(it);
      }
      if (frontier_.empty() && due_.empty()) break;
      resolved += frontier_.size();
      if (progress_) progress_("levels", resolved, total_);
      std::vector<std::vector<uint64_t>> next(threads);
      std::vector<std::vector<std::pair<int, uint64_t>>> due(threads);
      // In batches, in three passes: all predecessors of a batch are generated and
      // located, then ranked, then updated, each pass prefetching what the next reads, so
      // the cache misses of many positions overlap instead of following one another.
      const size_t size = frontier_.size();
#pragma omp parallel for schedule(dynamic, 1) if (size > 4096)
      for (size_t f = 0; f < size; f += BATCH) {
        const int t = omp_get_thread_num();
        updates[t].clear();
        for (size_t g = f; g < std::min(f + BATCH, size); ++g)
          add_predecessors(frontier_[g], updates[t]);
        for (Update& u : updates[t]) rank(u, d);
        for (const Update& u : updates[t]) update(u, d, next[t], due[t]);
      }
      frontier_.clear();
      for (auto& n : next) frontier_.insert(frontier_.end(), n.begin(), n.end());
      for (auto& list : due)
        for (auto [level, e] : list) due_[level].push_back(e);
    }
  }

  // Appends the predecessors of the position e, located but not yet ranked.
  void add_predecessors(uint64_t e, std::vector<Update>& updates) const {
    const int id = sector_of_packed(e);
    const SectorValues& sv = out_[id];
    const Sector& s = sv.sector;
    const int pid = local(Sector{s.them, s.us, 0, 0});
    if (pid < 0) return;
    const SectorIndex& index = *out_[pid].index;
    Position q;
    q.stones = {0, 0};
    const int orbit = sv.index->unrank(index_of_packed(e), q.stones[WHITE], q.stones[BLACK]);
    Move unmoves[MAX_UNMOVES];
    Move* end = v_.flying && s.them == 3 ? generate_quiet_unmoves<Phase::Fly>(v_, q, unmoves)
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
  // counter is read: a won position's counter is CANNOT_LOSE (set when it is resolved)
  // and a lost one's is zero and receives no more decrements, so any other counter
  // belongs to an unresolved position.
  void update(const Update& u, int d, std::vector<uint64_t>& next,
              std::vector<std::pair<int, uint64_t>>& due) {
    std::atomic_ref<ValueCode> value(out_[u.id].values[u.index]);
    std::atomic_ref<uint16_t> count(counts_[u.id][u.index]);
    if (d % 2 == 0) {  // a loss: its predecessors win
      ValueCode expected = DRAW;
      if (value.load(std::memory_order_relaxed) != DRAW ||
          !value.compare_exchange_strong(expected, code_of_distance(d + 1)))
        return;
      count.store(CANNOT_LOSE, std::memory_order_relaxed);
      next.push_back(pack(u.id, u.index));
      return;
    }
    if (count.load(std::memory_order_relaxed) == CANNOT_LOSE) return;
    if (count.fetch_sub(uint16_t(u.orbit)) != u.orbit) return;
    // Every successor is won: a loss, due when its longest exit allows.
    Bitboard us, them;
    out_[u.id].index->unrank(u.index, us, them);
    int inside = 0;
    int level = std::max(d + 1, exits(u.id, us, them, &inside).worst_loss());
    if (level == d + 1) {
      value.store(code_of_distance(level));
      next.push_back(pack(u.id, u.index));
    } else {
      due.push_back({level, pack(u.id, u.index)});
    }
  }

  const Variant& v_;
  const WorkUnit& unit_;
  const ChildLookup children_;
  const ProgressFn& progress_;
  uint64_t total_ = 0;
  std::vector<SectorValues> out_;
  std::vector<std::vector<uint16_t>> counts_;
  std::vector<uint64_t> frontier_;
  std::map<int, std::vector<uint64_t>> due_;
};

}  // namespace

std::vector<SectorValues> solve_unit(const Variant& v, const WorkUnit& unit,
                                     const ValueStore& store, const ProgressFn& progress) {
  return UnitSolver(v, unit, store, progress).run();
}

}  // namespace millbase
