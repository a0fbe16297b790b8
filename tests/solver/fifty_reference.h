// A brute-force reference of the product game (position, counter) under the 50-ply
// rule, for fifty_reference_test.cpp.
//
// The reference shares nothing with the retrograde solver: it runs on the dense model of
// dense_sectors.h (every position of every sector needed, no symmetry, successors from
// MoveList and do_move only, each move marked when it closes a mill) and reads the
// game's rules directly. A movement state is (p, c), c = plies since the last mill or
// since the end of placement:
//   - V(p, 50) = loss when the side to move has lost (no legal move, which covers fewer
//     than three stones), else draw;
//   - V(p, c) for c < 50 = win if a successor state is lost, loss if every successor
//     state is won (or there is none), else draw, where a move that closes a mill leads
//     to (child, 0) and any other move to (child, c + 1).
// Movement sectors are taken a pair a-b, b-a at a time, by total stones (a mill removes
// a stone, so its child pair comes earlier; a quiet move stays in the pair), and each
// pair by backward induction over c from 50 down to 0, keeping two layers. A placement
// position has no counter: its value is the same fold over its successors, movement
// children taken at c = 0; placement sectors go by stones in hand, fewest first.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "dense_sectors.h"

namespace millbase::dense {

// z of a position not decisive at counter 0.
constexpr uint8_t NO_Z = 0xFF;

class FiftyReference {
 public:
  // Receives each layer of a movement pair as it is computed: the pair's sector ids
  // (in DenseGraph::sectors()), the counter c and V(., c) by global index.
  using LayerFn =
      std::function<void(const std::vector<size_t>& unit, int c, const std::vector<Wdl>& layer)>;

  // Solves every sector of g, calling on_layer for each layer of each movement pair.
  FiftyReference(const DenseGraph& g, const LayerFn& on_layer);

  // Returns V(p, 0) of the position with global index i (placement: its value).
  Wdl at0(uint64_t i) const { return at0_[i]; }
  // Returns z of the position with global index i when it is decisive at 0, else NO_Z.
  int z(uint64_t i) const { return at0_[i] == Wdl::Draw ? NO_Z : z_[i]; }
  // Returns the number of moves that break the order the induction relies on: a mill
  // into a sector not solved yet, a quiet move out of its pair, a placement into a
  // sector not solved yet.
  uint64_t order_violations() const { return order_violations_; }
  // Returns the number of movement pairs.
  int movement_units() const { return movement_units_; }

 private:
  // Returns the chunk indices of the sectors `ids`.
  std::vector<size_t> chunks_of(const std::vector<size_t>& ids) const;

  // Sets every position without a move to a loss in 0, whatever the counter: mills into
  // a sector whose side to move has no stones left to move read it before its pair is
  // solved.
  void mark_terminal();

  // Sets `movement` to the movement pairs a-b, b-a by total stones, `placement` to the
  // placement sectors by stones in hand, fewest first.
  void split_units(std::vector<std::vector<size_t>>& movement, std::vector<size_t>& placement);

  // Returns the number of moves of the pair `unit` that break the induction's order.
  uint64_t movement_order_violations(const std::vector<size_t>& unit,
                                     const std::vector<size_t>& chunks) const;

  // Solves a movement pair layer by layer, c = 50 down to 0.
  void solve_movement(const std::vector<size_t>& unit, const LayerFn& on_layer);

  // Solves a placement sector from its successors' values at c = 0, with z.
  void solve_placement(size_t id);

  const DenseGraph& g_;
  std::vector<Wdl> at0_;      // V(p, 0) by global index (placement: the value)
  std::vector<uint8_t> z_;    // z once decisive (movement: 50 - first decisive c)
  std::vector<Wdl> cur_;      // the layer being computed
  std::vector<Wdl> next_;     // the layer at c + 1
  std::vector<bool> done_;    // by sector id: solved
  std::vector<int> unit_of_;  // by sector id: movement pair, -1 for placement
  uint64_t order_violations_ = 0;
  int movement_units_ = 0;
};

}  // namespace millbase::dense
