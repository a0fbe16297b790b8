// The product-game reference under the 50-ply rule (fifty_reference.h).
#include "fifty_reference.h"

#include <omp.h>

#include <algorithm>
#include <tuple>

namespace millbase::dense {
namespace {

// Returns the value for the side to move from its successors' values, value(e) for
// each edge e: a win if one is lost; a loss if all are won or there is none; else a
// draw.
template <class F>
Wdl fold(const uint32_t* begin, const uint32_t* end, F value) {
  bool all_won = true;
  for (const uint32_t* e = begin; e != end; ++e) {
    const Wdl w = value(*e);
    if (w == Wdl::Loss) return Wdl::Win;
    all_won = all_won && w == Wdl::Win;
  }
  return all_won ? Wdl::Loss : Wdl::Draw;
}

}  // namespace

FiftyReference::FiftyReference(const DenseGraph& g, const LayerFn& on_layer)
    : g_(g),
      at0_(g.size(), Wdl::Draw),
      z_(g.size(), NO_Z),
      cur_(g.size(), Wdl::Draw),
      next_(g.size(), Wdl::Draw),
      done_(g.sectors().size(), false) {
  mark_terminal();
  std::vector<std::vector<size_t>> movement;
  std::vector<size_t> placement;
  split_units(movement, placement);
  for (const std::vector<size_t>& unit : movement) solve_movement(unit, on_layer);
  for (size_t id : placement) solve_placement(id);
}

std::vector<size_t> FiftyReference::chunks_of(const std::vector<size_t>& ids) const {
  std::vector<size_t> out;
  for (size_t id : ids)
    for (size_t k = g_.first_chunk(id); k < g_.first_chunk(id + 1); ++k) out.push_back(k);
  return out;
}

void FiftyReference::mark_terminal() {
  for (const DenseGraph::Chunk& ch : g_.chunks())
    for (uint64_t j = 0; j + 1 < ch.offsets.size(); ++j)
      if (ch.offsets[j] == ch.offsets[j + 1]) at0_[ch.first + j] = Wdl::Loss, z_[ch.first + j] = 0;
}

void FiftyReference::split_units(std::vector<std::vector<size_t>>& movement,
                                 std::vector<size_t>& placement) {
  const std::vector<DenseSector>& ds = g_.sectors();
  unit_of_.assign(ds.size(), -1);
  auto pair_key = [&](size_t id) {
    const Sector& s = ds[id].sector;
    return std::tuple(s.us + s.them, std::min(s.us, s.them), std::max(s.us, s.them));
  };
  std::vector<size_t> moving, placing;
  for (size_t id = 0; id < ds.size(); ++id)
    (ds[id].sector.placement() ? placing : moving).push_back(id);
  std::stable_sort(moving.begin(), moving.end(),
                   [&](size_t a, size_t b) { return pair_key(a) < pair_key(b); });
  for (size_t k = 0; k < moving.size(); ++k) {
    if (k == 0 || pair_key(moving[k]) != pair_key(moving[k - 1])) movement.push_back({});
    movement.back().push_back(moving[k]);
    unit_of_[moving[k]] = int(movement.size()) - 1;
  }
  movement_units_ = int(movement.size());
  std::stable_sort(placing.begin(), placing.end(), [&](size_t a, size_t b) {
    const Sector &x = ds[a].sector, &y = ds[b].sector;
    return x.us_hand + x.them_hand < y.us_hand + y.them_hand;
  });
  placement = placing;
}

uint64_t FiftyReference::movement_order_violations(const std::vector<size_t>& unit,
                                                   const std::vector<size_t>& chunks) const {
  const int u = unit_of_[unit.front()];
  uint64_t bad = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : bad)
  for (size_t k = 0; k < chunks.size(); ++k)
    for (uint32_t e : g_.chunks()[chunks[k]].edges) {
      const size_t id = g_.sector_id_at(e & ~DenseGraph::MILL);
      if (e & DenseGraph::MILL)
        bad += !done_[id] && !is_terminal(g_.variant(), g_.sectors()[id].sector);
      else
        bad += unit_of_[id] != u;
    }
  return bad;
}

void FiftyReference::solve_movement(const std::vector<size_t>& unit, const LayerFn& on_layer) {
  const std::vector<size_t> chunks = chunks_of(unit);
  order_violations_ += movement_order_violations(unit, chunks);
  for (int c = FIFTY_PLIES; c >= 0; --c) {
#pragma omp parallel for schedule(dynamic, 1)
    for (size_t k = 0; k < chunks.size(); ++k) {
      const DenseGraph::Chunk& ch = g_.chunks()[chunks[k]];
      for (uint64_t j = 0; j + 1 < ch.offsets.size(); ++j) {
        const uint32_t* begin = ch.edges.data() + ch.offsets[j];
        const uint32_t* end = ch.edges.data() + ch.offsets[j + 1];
        Wdl w;
        if (c == FIFTY_PLIES)
          w = begin == end ? Wdl::Loss : Wdl::Draw;
        else
          w = fold(begin, end, [&](uint32_t e) {
            return e & DenseGraph::MILL ? at0_[e & ~DenseGraph::MILL] : next_[e];
          });
        const uint64_t i = ch.first + j;
        cur_[i] = w;
        if (w != Wdl::Draw && z_[i] == NO_Z) z_[i] = uint8_t(FIFTY_PLIES - c);
      }
    }
    on_layer(unit, c, cur_);
    cur_.swap(next_);
  }
  for (size_t k : chunks) {
    const DenseGraph::Chunk& ch = g_.chunks()[k];
    std::copy(next_.begin() + ch.first, next_.begin() + ch.first + ch.offsets.size() - 1,
              at0_.begin() + ch.first);
  }
  for (size_t id : unit) done_[id] = true;
}

void FiftyReference::solve_placement(size_t id) {
  const std::vector<size_t> chunks = chunks_of({id});
  uint64_t bad = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : bad)
  for (size_t k = 0; k < chunks.size(); ++k) {
    const DenseGraph::Chunk& ch = g_.chunks()[chunks[k]];
    for (uint64_t j = 0; j + 1 < ch.offsets.size(); ++j) {
      int best_win = NO_Z, worst_loss = -1;
      for (uint32_t k2 = ch.offsets[j]; k2 < ch.offsets[j + 1]; ++k2) {
        const uint64_t child = ch.edges[k2] & ~DenseGraph::MILL;
        const size_t cid = g_.sector_id_at(child);
        bad += !done_[cid] && !is_terminal(g_.variant(), g_.sectors()[cid].sector);
        if (at0_[child] == Wdl::Loss) best_win = std::min(best_win, 1 + z_[child]);
        if (at0_[child] == Wdl::Win) worst_loss = std::max(worst_loss, 1 + z_[child]);
      }
      const uint32_t* begin = ch.edges.data() + ch.offsets[j];
      const uint32_t* end = ch.edges.data() + ch.offsets[j + 1];
      const uint64_t i = ch.first + j;
      at0_[i] = fold(begin, end, [&](uint32_t e) { return at0_[e & ~DenseGraph::MILL]; });
      z_[i] = at0_[i] == Wdl::Win    ? uint8_t(best_win)
              : at0_[i] == Wdl::Loss ? uint8_t(std::max(worst_loss, 0))
                                     : NO_Z;
    }
  }
  order_violations_ += bad;
  done_[id] = true;
}

}  // namespace millbase::dense
