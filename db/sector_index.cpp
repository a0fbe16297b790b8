// Index maths. For a position with point sets U (side to move, |U| = a) and
// T (opponent, |T| = b) on a board with symmetry group G (|G| = 16):
//
//  (1) O = U | T, the occupied set, k = a + b.
//  (2) O* = min over s in G of s(O) (sets compared as integers); S* = {s : s(O) = O*}.
//  (3) U* = min over s in S* of s(U); T* = O* \ U*. (U*, T*) is the canonical image:
//      the same for all 16 images of the position, so it names the orbit.
//  (4) The keys are the orbit-minimal k-sets (O = O*), in increasing order; key(O*) is
//      the number of keys below O*, read from a bitmap over colex ranks of k-sets with
//      a running count per 64-bit word (rank/select).
//  (5) c = colex rank of U* within O*: if O*'s points in increasing order are
//      q_0 < ... < q_{k-1} and U* = {q_{j_0}, ..., q_{j_{a-1}}} with j_0 < ... < j_{a-1},
//      then c = sum_i C(j_i, i + 1), 0 <= c < C(k, a).
//  (6) If only the identity fixes O*, every colouring is a distinct orbit:
//      width(key) = C(k, a) and index = offset(key) + c.
//  (7) Otherwise the stabiliser H = {s : s(O*) = O*} identifies colourings; only those
//      with U* <= h(U*) for all h in H are stored: width(key) = their number and
//      index = offset(key) + compact(key, c), where compact numbers them in order of c.
//  (8) offset(key) = sum of width(key') over key' < key; size = sum of all widths,
//      which is exactly the number of orbits of positions with a and b stones.
//  (9) The orbit of the position has 16 / |{s in S* : s(U) = U*}| members.
#include "db/sector_index.h"

#include <bit>
#include <map>
#include <mutex>

namespace millbase {

namespace {

std::shared_ptr<const FastSymmetry> fast_symmetry(const Board& b) {
  static std::mutex mutex;
  static std::map<const Board*, std::shared_ptr<const FastSymmetry>> cache;
  std::lock_guard lock(mutex);
  auto& entry = cache[&b];
  if (!entry) entry = std::make_shared<const FastSymmetry>(b);
  return entry;
}

}  // namespace

std::shared_ptr<const SectorIndex> SectorIndex::get(const Board& b, int us, int them) {
  static std::mutex mutex;
  static std::map<std::tuple<const Board*, int, int>, std::weak_ptr<const SectorIndex>> cache;
  std::lock_guard lock(mutex);
  auto& entry = cache[{&b, us, them}];
  std::shared_ptr<const SectorIndex> index = entry.lock();
  if (!index) {
    index = std::make_shared<const SectorIndex>(b, us, them);
    entry = index;
  }
  return index;
}

SectorIndex::SectorIndex(const Board& b, int us, int them)
    : board_(b), sym_(fast_symmetry(b)), us_(us), them_(them), k_(us + them) {
  assert(us >= 0 && them >= 0 && k_ <= b.num_points);
  const int n = b.num_points;
  const uint64_t sets = BINOMIAL[n][k_];
  canonical_bits_.assign((sets + 63) / 64, 0);
  canonical_prefix_.assign(canonical_bits_.size() + 1, 0);
  offsets_.push_back(0);

  // (4): enumerate k-sets in increasing order (= colex order) and keep the minimal ones.
  Bitboard o = k_ == 0 ? 0 : (Bitboard(1) << k_) - 1;
  std::vector<Bitboard> colourings;
  for (uint64_t r = 0; r < sets; ++r, o = k_ ? next_combination(o) : 0) {
    bool minimal = true, symmetric = false;
    for (int s = 1; s < NUM_SYMMETRIES && minimal; ++s) {
      Bitboard image = sym_->apply(o, s);
      minimal = image >= o;
      symmetric |= image == o;
    }
    if (!minimal) continue;
    canonical_bits_[r / 64] |= uint64_t(1) << (r % 64);
    Key key{o, NONE, 0};
    uint64_t width = BINOMIAL[k_][us_];
    if (symmetric) {  // (7)
      key.compact = uint32_t(compact_.size());
      key.inverse = uint32_t(compact_inverse_.size());
      width = 0;
      Bitboard mask = us_ == 0 ? 0 : (Bitboard(1) << us_) - 1;
      for (uint64_t c = 0; c < BINOMIAL[k_][us_]; ++c, mask = us_ ? next_combination(mask) : 0) {
        Bitboard u = deposit(mask, o);
        bool stored = true;
        for (int s = 1; s < NUM_SYMMETRIES && stored; ++s)
          if (sym_->apply(o, s) == o) stored = sym_->apply(u, s) >= u;
        compact_.push_back(stored ? uint32_t(width) : NONE);
        if (stored) compact_inverse_.push_back(uint32_t(c)), ++width;
      }
    }
    keys_.push_back(key);
    offsets_.push_back(offsets_.back() + width);
  }
  for (size_t w = 0; w < canonical_bits_.size(); ++w)
    canonical_prefix_[w + 1] = canonical_prefix_[w] + std::popcount(canonical_bits_[w]);
}

uint32_t SectorIndex::key_of(Bitboard canonical_occupied) const {
  uint64_t r = colex_rank(canonical_occupied);
  uint64_t below = canonical_bits_[r / 64] & ((uint64_t(1) << (r % 64)) - 1);
  assert((canonical_bits_[r / 64] >> (r % 64)) & 1);
  return canonical_prefix_[r / 64] + uint32_t(std::popcount(below));
}

SectorIndex::Rank SectorIndex::rank(Bitboard us, Bitboard them) const {
  assert(popcount(us) == us_ && popcount(them) == them_ && !(us & them));
  const Bitboard o = us | them;
  Bitboard best = sym_->apply(o, 0);
  uint32_t which = 1;
  for (int s = 1; s < NUM_SYMMETRIES; ++s) {  // (2)
    Bitboard image = sym_->apply(o, s);
    if (image < best)
      best = image, which = 1u << s;
    else if (image == best)
      which |= 1u << s;
  }
  Bitboard u_best = ~Bitboard(0);
  int fixing = 0;
  for (uint32_t w = which; w;) {  // (3), (9)
    Bitboard u = sym_->apply(us, std::countr_zero(w));
    w &= w - 1;
    if (u < u_best)
      u_best = u, fixing = 1;
    else if (u == u_best)
      ++fixing;
  }
  const Key& key = keys_[key_of(best)];
  const uint64_t c = colex_rank(extract(u_best, best));  // (5)
  const uint64_t offset = offsets_[&key - keys_.data()];
  uint64_t index = key.compact == NONE ? offset + c : offset + compact_[key.compact + c];
  assert(key.compact == NONE || compact_[key.compact + c] != NONE);
  return {index, NUM_SYMMETRIES / fixing};
}

void SectorIndex::unrank(uint64_t i, Bitboard& us, Bitboard& them) const {
  assert(i < size());
  size_t key = std::upper_bound(offsets_.begin(), offsets_.end(), i) - offsets_.begin() - 1;
  const Key& k = keys_[key];
  uint64_t j = i - offsets_[key];
  uint64_t c = k.compact == NONE ? j : compact_inverse_[k.inverse + j];
  us = deposit(colex_unrank(c, us_, k_), k.occupied);
  them = k.occupied & ~us;
}

}  // namespace millbase
