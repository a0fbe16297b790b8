// The dense model of a game that the brute-force reference tests solve
// (reference_solver_test.cpp without the draw rules, fifty_reference_test.cpp under
// the 50-ply rule): every position of every sector it needs (every disjoint placement
// of the stones, no symmetry reduction), with successors taken from the rules engine's
// forward move generation only (MoveList, do_move) and nothing from the solver.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

#include "core/movegen.h"
#include "db/sector.h"
#include "db/value.h"

namespace millbase::dense {

// ---------------------------------------------------------------------------------------
// A simple non-symmetric encoding of the positions of a sector: the colex rank of the
// points of `us`, times the number of placements of `them`, plus the colex rank of the
// points of `them` renumbered among the points free of `us`.

// Pascal's triangle up to 32 points.
inline constexpr auto BINOMIALS = [] {
  std::array<std::array<uint64_t, 33>, 33> c{};
  for (int n = 0; n <= 32; ++n)
    for (int k = 0; k <= n; ++k) c[n][k] = k == 0 || k == n ? 1 : c[n - 1][k - 1] + c[n - 1][k];
  return c;
}();

// Returns n choose k (0 outside the triangle).
inline uint64_t choose(int n, int k) { return k < 0 || k > n ? 0 : BINOMIALS[n][k]; }

// Returns the colex rank of the set b among the sets of its size.
inline uint64_t rank_set(Bitboard b) {
  uint64_t r = 0;
  for (int i = 1; b; ++i) r += choose(pop_lsb(b), i);
  return r;
}

// Returns the set of k of the points 0 .. n - 1 with colex rank r.
inline Bitboard unrank_set(uint64_t r, int k, int n) {
  Bitboard b = 0;
  for (int p = n - 1; k > 0; --p)
    if (choose(p, k) <= r) r -= choose(p, k), b |= bit(Point(p)), --k;
  return b;
}

// Returns the points of `them` renumbered among the points not in `us`.
inline Bitboard squeeze(Bitboard them, Bitboard us) {
  Bitboard r = 0;
  for (Bitboard t = them; t;) {
    Point p = pop_lsb(t);
    r |= bit(Point(p - popcount(us & (bit(p) - 1))));
  }
  return r;
}

// Returns the points that squeeze() renumbered to `squeezed`, on a board of n points.
inline Bitboard unsqueeze(Bitboard squeezed, Bitboard us, int n) {
  Bitboard r = 0;
  for (int p = 0, free = 0; p < n; ++p) {
    if (contains(us, Point(p))) continue;
    if (contains(squeezed, Point(free))) r |= bit(Point(p));
    ++free;
  }
  return r;
}

struct DenseSector {
  Sector sector;
  int n;             // points on the board
  uint64_t base;     // first global index
  uint64_t size;     // positions: C(n, us) * C(n - us, them)
  uint64_t placing;  // placements of them: C(n - us, them)

  // Returns the index of (us, them) within the sector.
  uint64_t encode(Bitboard us, Bitboard them) const {
    return rank_set(us) * placing + rank_set(squeeze(them, us));
  }
  // Sets (us, them) to the position with index i within the sector.
  void decode(uint64_t i, Bitboard& us, Bitboard& them) const {
    us = unrank_set(i / placing, sector.us, n);
    them = unsqueeze(unrank_set(i % placing, sector.them, n - sector.us), us, n);
  }
};

// Returns the sector s on a board of n points, starting at global index base.
inline DenseSector dense_sector(const Sector& s, int n, uint64_t base) {
  return DenseSector{s, n, base, choose(n, s.us) * choose(n - s.us, s.them),
                     choose(n - s.us, s.them)};
}

// Returns the position with White to move standing for (us, them) of sector s.
inline Position white_to_move(const Sector& s, Bitboard us, Bitboard them) {
  Position p;
  p.stones = {us, them};
  p.in_hand = {s.us_hand, s.them_hand};
  p.side_to_move = WHITE;
  return p;
}

// Calls f(child sector, child us, child them, closes a mill) for every legal move of
// the position, the child normalised to its side to move.
template <class F>
void for_each_child(const Variant& v, const Sector& s, Bitboard us, Bitboard them, F f) {
  Position p = white_to_move(s, us, them);
  for (Move m : MoveList(v, p)) {
    Position c = do_move(p, m);
    Bitboard cu = c.stones[BLACK], ct = c.stones[WHITE];
    f(Sector{uint8_t(popcount(cu)), uint8_t(popcount(ct)), c.in_hand[BLACK], c.in_hand[WHITE]}, cu,
      ct, closes_mill(v, p, m));
  }
}

// ---------------------------------------------------------------------------------------
// The state space: every position of the target sectors and of every sector their moves
// reach, transitively, numbered by global index, with each position's successors.

class DenseGraph {
 public:
  // A run of consecutive global indices of one sector with their successors.
  struct Chunk {
    uint64_t first;
    std::vector<uint32_t> offsets;  // successors of first + j: edges[offsets[j], offsets[j+1])
    std::vector<uint32_t> edges;    // global index of the child, MILL set when the move
                                    // closes a mill
  };
  static constexpr uint32_t MILL = uint32_t(1) << 31;
  static constexpr uint64_t CHUNK = 1 << 14;

  DenseGraph(const Variant& v, const std::vector<Sector>& targets);

  const Variant& variant() const { return v_; }
  uint64_t size() const { return total_; }
  uint64_t edges() const { return num_edges_; }
  const std::vector<DenseSector>& sectors() const { return sectors_; }
  const std::vector<Chunk>& chunks() const { return chunks_; }
  // Returns the chunks of sectors()[id]: chunks()[first_chunk(id) .. first_chunk(id + 1)).
  size_t first_chunk(size_t id) const { return first_chunk_[id]; }

  // Returns the dense sector s, or nullptr when it is not in the graph.
  const DenseSector* find(const Sector& s) const {
    int id = id_of_[sector_key(s)];
    return id < 0 ? nullptr : &sectors_[id];
  }
  // Returns the global index of (us, them) in sector s, which must be in the graph.
  uint64_t global(const Sector& s, Bitboard us, Bitboard them) const {
    const DenseSector& d = *find(s);
    return d.base + d.encode(us, them);
  }
  // Returns the id (in sectors()) of the sector holding a global index.
  size_t sector_id_at(uint64_t global) const;

 private:
  static int sector_key(const Sector& s) {
    return s.us | s.them << 5 | s.us_hand << 10 | s.them_hand << 15;
  }
  static constexpr int NUM_KEYS = 1 << 20;

  void add_sector(const Sector& s);
  void close_sectors();
  void build_edges();

  const Variant& v_;
  std::vector<int> id_of_;
  std::vector<DenseSector> sectors_;
  uint64_t total_ = 0;
  std::vector<Chunk> chunks_;
  std::vector<size_t> first_chunk_;
  uint64_t num_edges_ = 0;
};

// ---------------------------------------------------------------------------------------
// Values without the draw rules (rules.md), by the level-by-level reading of rules.md
// with full sweeps over the graph: level 0 = the side to move has no move (loss in 0, or
// a draw by the full-board rule);
// then round n (n odd) makes a win in n of each unresolved position with a successor
// lost in n - 1, round n (n even) a loss in n of each unresolved position whose
// successors are all resolved wins; what no round resolves is a draw.

class PlainReference {
 public:
  explicit PlainReference(const DenseGraph& g);

  const DenseGraph& graph() const { return g_; }
  int max_distance() const { return max_distance_; }
  int rounds() const { return rounds_; }
  // Returns the value of the position with global index i.
  ValueCode at(uint64_t i) const { return values_[i]; }
  // Returns the value of (us, them) in sector s, which must be in the graph.
  ValueCode value(const Sector& s, Bitboard us, Bitboard them) const {
    return values_[g_.global(s, us, them)];
  }

  // Returns the number of positions whose value breaks the formula of rules.md over
  // their successors' values (win in 1 + min k over lost successors; else, if every
  // successor is won, loss in 1 + max k; else draw; with no successor at all, the value
  // of the game's end).
  uint64_t formula_violations() const;

  // Returns the value of the position with global index i, which has no legal move, by
  // the rules engine's game_over(): a loss in 0, or a draw by the full-board rule.
  ValueCode ended_value(uint64_t i) const;

 private:
  void solve();

  const DenseGraph& g_;
  std::vector<ValueCode> values_;
  int max_distance_ = 0;
  int rounds_ = 0;
};

}  // namespace millbase::dense
