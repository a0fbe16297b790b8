// The children of placements, found for all colourings of one occupied set O at once:
// a placement at p leads, whatever the colouring, to the child set O + p (or O + p - r
// when it closes a mill and removes r), located once per O and ranked through its
// SetRanker. Shared by the placement evaluator (solver/placement_eval.h) and the scan of
// Lasker's sectors with stones in hand (solver/hand_scan.h).
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <vector>

#include "solver/value_store.h"

namespace millbase {

// Cache lines of a child block prefetched when a parent set begins.
constexpr int PREFETCH_LINES = 32;

// The children's occupied sets of one parent set O, located and read for ranking: O + p
// in the quiet child's index, O + p - r in the mill child's, each on first use.
class ChildSets {
 public:
  // `mill_child`: the parent sector has a mill child (successor_sectors), whose index is
  // `mill` unless that child is terminal.
  ChildSets(const SectorIndex* quiet, const SectorIndex* mill, bool mill_child)
      : quiet_(quiet), mill_(mill), mill_child_(mill_child) {}

  // Returns whether a placement may close a mill and remove a stone in this sector.
  bool mill_child() const { return mill_child_; }

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
      const SectorIndex::SetRanker& set = this->quiet(p);
      const char* at = reinterpret_cast<const char*>(&quiet.values[set.first]);
      const char* end = reinterpret_cast<const char*>(quiet.values.data() + set.last);
      for (int line = 0; line < PREFETCH_LINES && at < end; ++line, at += 64)
        __builtin_prefetch(at);
    }
  }

  // Returns the ranker of the set O + p (the quiet child's index must exist).
  const SectorIndex::SetRanker& quiet(Point p) {
    if (!(have_quiet_ & bit(p))) {
      quiet_sets_[p] = quiet_->ranker(quiet_->locate_set(occupied_ | bit(p)));
      have_quiet_ |= bit(p);
    }
    return quiet_sets_[p];
  }

  // Returns the ranker of the set O + p - r (the mill child's index must exist).
  const SectorIndex::SetRanker& mill(Point p, Point r) {
    if (!(have_mill_[p] & bit(r))) {
      mill_sets_[p][r] = mill_->ranker(mill_->locate_set((occupied_ | bit(p)) & ~bit(r)));
      have_mill_[p] |= bit(r);
    }
    return mill_sets_[p][r];
  }

 private:
  const SectorIndex* quiet_;
  const SectorIndex* mill_;
  bool mill_child_;
  Bitboard occupied_ = 0;
  Bitboard have_quiet_ = 0;
  Bitboard have_mill_[MAX_POINTS] = {};
  SectorIndex::SetRanker quiet_sets_[MAX_POINTS];
  SectorIndex::SetRanker mill_sets_[MAX_POINTS][MAX_POINTS];
};

// One colouring of the parent set being evaluated, with the opponent's stones that a
// mill may remove, found on first use (most colourings close no mill at most points).
struct Colouring {
  static constexpr Bitboard UNKNOWN = ~Bitboard(0);
  Bitboard us, them;
  Bitboard removable = UNKNOWN;
};

// Calls emit(child values, entry) for each successor of colouring c by a placement at
// the empty point p: the quiet child's entry, or the mill child's for every removal.
template <class Emit>
void place_at(const Board& b, Colouring& c, Point p, const SectorValues* quiet,
              const SectorValues* mill, ChildSets& sets, Emit emit) {
  if (c.them && b.closes_mill(c.us | bit(p), p)) {
    assert(sets.mill_child() && "a mill closed where successor_sectors gave no mill child");
    if (c.removable == Colouring::UNKNOWN) c.removable = b.removable(c.them);
    // The child: the opponent to move with r removed, against own.
    for (Bitboard r = c.removable; r;) {
      const Point x = pop_lsb(r);
      emit(mill, mill ? mill->index->rank_index(c.them & ~bit(x), sets.mill(p, x)) : 0);
    }
  } else {
    emit(quiet, quiet ? quiet->index->rank_index(c.them, sets.quiet(p)) : 0);
  }
}

// Colourings of one occupied set folded together (at most; a set with more is split).
constexpr size_t GROUP = 2048;
// Colourings whose successors at one point are ranked before their values are read.
constexpr size_t BATCH = 32;

// Calls add(g, value) for every successor by a placement of each colouring group[g] of
// one occupied set, whose empty points are `empty`: point by point, so that while every
// colouring places at p the reads stay in the few blocks of the children of (O, p),
// which the cache holds; BATCH colourings ranked before their values are read.
template <class Add>
void fold_placements(const Board& b, std::vector<Colouring>& group, Bitboard empty,
                     const SectorValues* quiet, const SectorValues* mill, ChildSets& sets,
                     const ChildLookup& lookup, Add add) {
  while (empty) {
    const Point p = pop_lsb(empty);
    for (size_t g0 = 0; g0 < group.size(); g0 += BATCH) {
      ChildLookup::Slot slots[BATCH * (MAX_POINTS + 1)];
      uint16_t owner[BATCH * (MAX_POINTS + 1)];
      int n = 0;
      for (size_t g = g0; g < std::min(group.size(), g0 + BATCH); ++g)
        place_at(b, group[g], p, quiet, mill, sets, [&](const SectorValues* sv, uint64_t at) {
          slots[n] = ChildLookup::prefetched(sv, at), owner[n++] = uint16_t(g);
        });
      for (int k = 0; k < n; ++k) add(owner[k], lookup.value(slots[k]));
    }
  }
}

}  // namespace millbase
