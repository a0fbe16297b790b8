#include "solver/placement_eval.h"

#include "core/movegen.h"

namespace millbase {

namespace {

// Cache lines of a child block prefetched when a parent set begins.
constexpr int PREFETCH_LINES = 32;

// The located children's occupied sets of one parent set O: O + p in the quiet child's
// index, O + p - r in the mill child's, each located on first use.
class ChildSets {
 public:
  ChildSets(const SectorIndex* quiet, const SectorIndex* mill) : quiet_(quiet), mill_(mill) {}

  // Starts on the parent set `occupied`: forgets what was located for the last one.
  void reset(Bitboard occupied) {
    occupied_ = occupied;
    have_quiet_ = 0;
    for (Bitboard& m : have_mill_) m = 0;
  }

  // Locates the sets O + p of every empty point p at once and prefetches the start of
  // their blocks of values, so that the cache misses of the parent set's first colourings
  // overlap.
  void prefetch_quiet(Bitboard empty, const SectorValues& quiet) {
    for (Bitboard e = empty; e;) {
      const Point p = pop_lsb(e);
      const auto [first, last] = quiet_->entries_of(this->quiet(p));
      const char* at = reinterpret_cast<const char*>(&quiet.values[first]);
      const char* end = reinterpret_cast<const char*>(quiet.values.data() + last);
      for (int line = 0; line < PREFETCH_LINES && at < end; ++line, at += 64)
        __builtin_prefetch(at);
    }
  }

  // Returns the located set O + p (the quiet child's index must exist).
  SectorIndex::Located quiet(Point p) {
    if (!(have_quiet_ & bit(p))) {
      quiet_sets_[p] = quiet_->locate_set(occupied_ | bit(p));
      have_quiet_ |= bit(p);
    }
    return quiet_sets_[p];
  }

  // Returns the located set O + p - r (the mill child's index must exist).
  SectorIndex::Located mill(Point p, Point r) {
    if (!(have_mill_[p] & bit(r))) {
      mill_sets_[p][r] = mill_->locate_set((occupied_ | bit(p)) & ~bit(r));
      have_mill_[p] |= bit(r);
    }
    return mill_sets_[p][r];
  }

 private:
  const SectorIndex* quiet_;
  const SectorIndex* mill_;
  Bitboard occupied_ = 0;
  Bitboard have_quiet_ = 0;
  Bitboard have_mill_[MAX_POINTS] = {};
  SectorIndex::Located quiet_sets_[MAX_POINTS];
  SectorIndex::Located mill_sets_[MAX_POINTS][MAX_POINTS];
};

}  // namespace

void evaluate_placement(const Variant& v, const Sector& s, const SectorIndex& index, uint64_t begin,
                        uint64_t end, const ChildLookup& lookup, ValueCode* out,
                        SuccessorFold kind) {
  assert(s.us_hand > 0);
  const Board& b = *v.board;
  // A placement leads to one of two child sectors: without a removal, or with one when
  // the mover can close a mill and the opponent has a stone to remove (successor_sectors).
  const std::vector<Sector> next = successor_sectors(s);
  const SectorValues* const quiet = lookup.values_of(next[0]);
  const SectorValues* const mill = next.size() > 1 ? lookup.values_of(next[1]) : nullptr;
  ChildSets sets(quiet ? quiet->index.get() : nullptr, mill ? mill->index.get() : nullptr);
  const Metric metric = lookup.metric();
  const int loss_step = metric == Metric::FIFTY ? 3 : 1;
  Bitboard last = ~Bitboard(0);  // no occupied set has every bit
  index.for_each(begin, end, [&](uint64_t i, Bitboard us, Bitboard them) {
    const Bitboard occupied = us | them;
    if (occupied != last) {
      sets.reset(occupied), last = occupied;
      if (quiet && !quiet->reader) sets.prefetch_quiet(b.all & ~occupied, *quiet);
    }
    // The successors' slots first (prefetching those in memory), then their values.
    ChildLookup::Slot children[MAX_MOVES];
    int n = 0;
    auto add = [&](const SectorValues* sv, uint64_t at) {
      if (sv && !sv->reader) __builtin_prefetch(&sv->values[at]);
      children[n++] = {sv, at};
    };
    const Bitboard removable = them ? b.removable(them) : 0;
    for (Bitboard empty = b.all & ~occupied; empty;) {
      const Point p = pop_lsb(empty);
      const Bitboard own = us | bit(p);
      if (removable && b.closes_mill(own, p)) {
        // The child: the opponent to move with r removed, against own.
        assert(next.size() > 1);
        for (Bitboard r = removable; r;) {
          const Point x = pop_lsb(r);
          add(mill, mill ? mill->index->rank(them & ~bit(x), sets.mill(p, x)).index : 0);
        }
      } else {
        add(quiet, quiet ? quiet->index->rank(them, sets.quiet(p)).index : 0);
      }
    }
    if (kind == SuccessorFold::VALUE) {
      // fold_successors() folded straight from the slots (the solver's hot path): a
      // placement sector always has a move, no placement zeroes the 50-ply counter and
      // no placement position is capped by the rule.
      ValueFolder fold(loss_step);
      for (int k = 0; k < n; ++k) fold.add(lookup.value(children[k]));
      out[i - begin] = fold.result();
      return;
    }
    SuccessorValues c;
    for (int k = 0; k < n; ++k) c.value[k] = lookup.value(children[k]), c.zeroing[k] = false;
    c.n = n;
    out[i - begin] = fold_successors(v, s, occupied, c, metric, kind);
  });
}

}  // namespace millbase
