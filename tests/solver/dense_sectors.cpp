#include "dense_sectors.h"

#include <algorithm>
#include <cstdlib>

namespace millbase::dense {

DenseGraph::DenseGraph(const Variant& v, const std::vector<Sector>& targets)
    : v_(v), id_of_(NUM_KEYS, -1) {
  for (const Sector& s : targets) add_sector(s);
  close_sectors();
  build_edges();
}

void DenseGraph::add_sector(const Sector& s) {
  if (id_of_[sector_key(s)] >= 0) return;
  id_of_[sector_key(s)] = int(sectors_.size());
  sectors_.push_back(dense_sector(s, v_.board->num_points, total_));
  total_ += sectors_.back().size;
}

// Adds the sectors that moves from known sectors can reach: a placement or a move, then
// a removal when a mill can close and the opponent has a stone. Building the edges
// fails on a move into any other sector, so this need not be exact, only complete.
void DenseGraph::close_sectors() {
  for (size_t id = 0; id < sectors_.size(); ++id) {
    const Sector s = sectors_[id].sector;
    if (too_few_stones(v_, s.us, s.us_hand)) continue;  // the game is over: no moves
    // A placement while stones are in hand; a move without them, or beside a placement
    // under Lasker's rule while a stone is on the board.
    for (int placed = 0; placed <= 1; ++placed) {
      if (placed ? s.us_hand == 0 : s.us_hand > 0 && !(v_.move_in_placement && s.us > 0)) continue;
      const uint8_t us = uint8_t(s.us + placed), us_hand = uint8_t(s.us_hand - placed);
      add_sector(Sector{s.them, us, s.them_hand, us_hand});
      if (s.them > 0 && us >= 3) add_sector(Sector{uint8_t(s.them - 1), us, s.them_hand, us_hand});
    }
  }
}

void DenseGraph::build_edges() {
  ASSERT_LT(total_, uint64_t(MILL)) << "global indices must leave the mill bit free";
  for (const DenseSector& d : sectors_) {
    first_chunk_.push_back(chunks_.size());
    for (uint64_t b = 0; b < d.size; b += CHUNK) chunks_.push_back({d.base + b, {}, {}});
  }
  first_chunk_.push_back(chunks_.size());
  uint64_t edges = 0;
  uint64_t bad_codes = 0, unknown = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : edges, bad_codes, unknown)
  for (size_t c = 0; c < chunks_.size(); ++c) {
    Chunk& ch = chunks_[c];
    const DenseSector& d = sectors_[sector_id_at(ch.first)];
    const uint64_t end = std::min(d.size, ch.first - d.base + CHUNK);
    ch.offsets.push_back(0);
    for (uint64_t i = ch.first - d.base; i < end; ++i) {
      Bitboard us, them;
      d.decode(i, us, them);
      bad_codes += d.encode(us, them) != i || popcount(us) != d.sector.us ||
                   popcount(them) != d.sector.them || (us & them) || (us | them) >> d.n;
      for_each_child(
          v_, d.sector, us, them, [&](const Sector& cs, Bitboard cu, Bitboard ct, bool mill) {
            if (const DenseSector* cd = find(cs))
              ch.edges.push_back(uint32_t(cd->base + cd->encode(cu, ct)) | (mill ? MILL : 0));
            else
              ++unknown;
          });
      ch.offsets.push_back(uint32_t(ch.edges.size()));
    }
    edges += ch.edges.size();
  }
  num_edges_ = edges;
  EXPECT_EQ(bad_codes, 0u) << "the dense encoding does not round-trip";
  EXPECT_EQ(unknown, 0u) << "moves into sectors that close_sectors() missed";
}

size_t DenseGraph::sector_id_at(uint64_t global) const {
  // Bases increase with the id.
  auto it = std::upper_bound(sectors_.begin(), sectors_.end(), global,
                             [](uint64_t g, const DenseSector& d) { return g < d.base; });
  if (it == sectors_.begin() || global >= total_) std::abort();
  return size_t(it - sectors_.begin()) - 1;
}

// ---------------------------------------------------------------------------------------

PlainReference::PlainReference(const DenseGraph& g) : g_(g) { solve(); }

ValueCode PlainReference::ended_value(uint64_t i) const {
  const DenseSector& d = g_.sectors()[g_.sector_id_at(i)];
  Bitboard us, them;
  d.decode(i - d.base, us, them);
  const GameOver g = game_over(g_.variant(), white_to_move(d.sector, us, them));
  EXPECT_NE(g, GameOver::None) << "a position without moves whose game goes on";
  return game_over_value(g);
}

uint64_t PlainReference::formula_violations() const {
  const std::vector<DenseGraph::Chunk>& chunks = g_.chunks();
  uint64_t bad = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : bad)
  for (size_t c = 0; c < chunks.size(); ++c) {
    const DenseGraph::Chunk& ch = chunks[c];
    for (uint64_t j = 0; j + 1 < ch.offsets.size(); ++j) {
      int min_loss = -1, max_win = -1;
      bool all_won = true;
      for (uint32_t k = ch.offsets[j]; k < ch.offsets[j + 1]; ++k) {
        ValueCode s = values_[ch.edges[k] & ~DenseGraph::MILL];
        if (is_loss(s) && (min_loss < 0 || distance(s) < min_loss)) min_loss = distance(s);
        if (is_win(s)) max_win = std::max(max_win, distance(s));
        all_won = all_won && is_win(s);
      }
      ValueCode expected = ch.offsets[j] == ch.offsets[j + 1] ? ended_value(ch.first + j)
                           : min_loss >= 0                    ? code_of_distance(1 + min_loss)
                           : all_won                          ? code_of_distance(1 + max_win)
                                                              : DRAW;
      bad += values_[ch.first + j] != expected;
    }
  }
  return bad;
}

// Levels by full sweeps. Round n reads only the values after round n - 1, through
// `counts`: bit i is set when position i is a loss in n - 1 (n odd) or is resolved as a
// win (n even; every resolved win is then a win in at most n - 1). The positions it
// resolves are written into a copy of the values.
void PlainReference::solve() {
  constexpr ValueCode UNRESOLVED = DRAW;
  const uint64_t total = g_.size();
  const std::vector<DenseGraph::Chunk>& chunks = g_.chunks();
  values_.assign(total, UNRESOLVED);
  // Level 0, the positions without a move: their value is the game's end, and a draw
  // there (the full-board rule) is resolved too, so no round may touch it.
  std::vector<char> ended(total, 0);
  for (const DenseGraph::Chunk& ch : chunks)
    for (uint64_t j = 0; j + 1 < ch.offsets.size(); ++j)
      if (ch.offsets[j] == ch.offsets[j + 1])
        values_[ch.first + j] = ended_value(ch.first + j), ended[ch.first + j] = 1;
  uint64_t previous = 1;
  for (int n = 1;; ++n) {
    std::vector<uint64_t> bits((total + 63) / 64, 0);
#pragma omp parallel for schedule(static)
    for (size_t w = 0; w < bits.size(); ++w)
      for (uint64_t i = w * 64; i < std::min(total, w * 64 + 64); ++i)
        if (n % 2 == 1 ? values_[i] == code_of_distance(n - 1) : is_win(values_[i]))
          bits[w] |= uint64_t(1) << (i % 64);
    auto counts = [&](uint32_t e) {
      const uint32_t i = e & ~DenseGraph::MILL;
      return (bits[i / 64] >> (i % 64) & 1) != 0;
    };
    std::vector<ValueCode> next = values_;
    uint64_t resolved = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : resolved)
    for (size_t c = 0; c < chunks.size(); ++c) {
      const DenseGraph::Chunk& ch = chunks[c];
      for (uint64_t j = 0; j + 1 < ch.offsets.size(); ++j) {
        if (values_[ch.first + j] != UNRESOLVED || ended[ch.first + j]) continue;
        const uint32_t* begin = ch.edges.data() + ch.offsets[j];
        const uint32_t* end = ch.edges.data() + ch.offsets[j + 1];
        const bool resolves = n % 2 == 1 ? std::any_of(begin, end, counts)   // a win
                                         : std::all_of(begin, end, counts);  // a loss
        if (resolves) next[ch.first + j] = code_of_distance(n), ++resolved;
      }
    }
    values_.swap(next);
    rounds_ = n;
    if (resolved) max_distance_ = n;
    // A win round and a loss round that resolve nothing: no later round can.
    if (previous == 0 && resolved == 0 && n > max_distance_) break;
    previous = resolved;
  }
}

}  // namespace millbase::dense
