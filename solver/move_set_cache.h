// The located occupied sets of the children of one parent set O: a move from `from` to
// `to` (or a placement on `to`) that removes `removed` (or nothing) leads, whatever the
// colouring of O, to a child whose occupied set is O - from + to - removed, located in
// the child's index once per O instead of once per successor. A small direct-mapped
// cache keyed by (from, to, removed), emptied when O changes. Used by the movement scan
// (solver/movement_scan.h) and the movement evaluator (solver/movement_eval.h).
#pragma once

#include <cstdint>

#include "db/sector_index.h"

namespace millbase {

class MoveSetCache {
 public:
  explicit MoveSetCache(const SectorIndex* index) : index_(index) {}

  // Starts on the parent set `occupied`.
  void reset(Bitboard occupied) {
    occupied_ = occupied;
    if (++generation_ == 0) {  // after 2^32 sets: no tag of an earlier one may match
      for (Slot& slot : slots_) slot.tag = 0;
      generation_ = 1;
    }
  }

  // Returns the located set O - from + to - removed (from: a point of O, or NO_POINT for
  // a placement; removed: a point of O, or NO_POINT for a move that removes nothing).
  // Points are below 31, so NO_POINT & 31 keys neither.
  SectorIndex::Located get(Point from, Point to, Point removed) {
    const uint32_t key = uint32_t(from & 31) << 10 | uint32_t(to) << 5 | uint32_t(removed & 31);
    Slot& slot = slots_[(key * 0x9E3779B1u) >> (32 - SLOT_BITS)];
    const uint64_t tag = uint64_t(generation_) << 16 | key;
    if (slot.tag != tag) {
      slot.tag = tag;
      const Bitboard gone =
          (from == NO_POINT ? 0 : bit(from)) | (removed == NO_POINT ? 0 : bit(removed));
      slot.located = index_->locate_set((occupied_ | bit(to)) & ~gone);
    }
    return slot.located;
  }

 private:
  static constexpr int SLOT_BITS = 10;
  struct Slot {
    uint64_t tag = 0;  // generation << 16 | key; 0: empty
    SectorIndex::Located located{};
  };
  const SectorIndex* index_;
  Bitboard occupied_ = 0;
  uint32_t generation_ = 0;
  Slot slots_[1 << SLOT_BITS];
};

}  // namespace millbase
