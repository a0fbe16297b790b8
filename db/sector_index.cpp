// Index maths. For a position with point sets U (side to move, |U| = a) and
// T (opponent, |T| = b) on a board with symmetry group G (|G| = 16):
//
//  (1) O = U | T, the occupied set, k = a + b.
//  (2) O* = min over s in G of s(O) (sets compared as integers); S* = {s : s(O) = O*}.
//  (3) U* = min over s in S* of s(U) = min over h in H of h(s0(U)), with H the
//      stabiliser of O* (see (4), (7)); T* = O* \ U*. (U*, T*) is the canonical image:
//      the same for all 16 images of the position, so it names the orbit.
//  (4) The keys are the orbit-minimal k-sets (O = O*), in increasing order. A table over
//      the colex ranks of all k-sets, colex(O) = sum_i C(p_i, i + 1) for O's points
//      p_0 < p_1 < ..., gives key(O*) and one symmetry s0 with s0(O) = O*.
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
// (10) Burnside's lemma gives the size without building the index: size =
//      (1/16) sum over s in G of fix(s), where fix(s), the number of positions that s
//      maps to themselves, is the coefficient of x^a y^b in the product over the cycles
//      of s (as a permutation of the points) of (1 + x^len + y^len): a fixed position
//      colours each cycle wholly empty, wholly U or wholly T. The constructor checks
//      that both ways agree.
// (11) Unranking finds the key of entry i, the last key with offset(key) <= i. With
//      buckets of B = 2^10 entries and first_key[n] = the key holding entry n * B (and
//      first_key[last] = the last key), that key lies in
//      [first_key[i / B], first_key[i / B + 1]]: a search of a few keys.
// (12) colourings[c] = the a-subset of {0, ..., k - 1} of colex rank c, the inverse
//      of (5); U* = its points' positions among O*'s points (a bit deposit).
#include "db/sector_index.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>
#endif

#include <bit>
#include <cstdlib>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>

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

ColexTables::ColexTables() {
  for (int j = 0; j < 4; ++j)
    for (int v = 0; v < 256; ++v)
      for (int c = 0; c < 33; ++c) {
        uint64_t sum = 0;
        int i = 0;
        for (int t = 0; t < 8; ++t)
          if ((v >> t) & 1) {
            ++i;
            sum += c + i <= 32 ? BINOMIAL[8 * j + t][c + i] : 0;
          }
        part_[j][v][c] = uint32_t(sum);
      }
  for (int w = 0; w < 256; ++w)
    for (int s = 0; s < 256; ++s) {
      extract_[w][s] = uint8_t(millbase::extract(Bitboard(s), Bitboard(w)));
      deposit_[w][s] = uint8_t(millbase::deposit(Bitboard(s), Bitboard(w)));
    }
  // Self-check against the plain loops.
  for (Bitboard x : {0x0u, 0x1u, 0x8421u, 0xFFFFFFu, 0x0F0F0Fu, 0x800001u, 0xFFFFu, 0xC0FFEEu})
    if (rank(x) != colex_rank(x) || extract(x, 0x5A5A5Au) != millbase::extract(x, 0x5A5A5Au) ||
        deposit(x, 0x5A5A5Au) != millbase::deposit(x, 0x5A5A5Au) ||
        deposit(x, 0xF0FF0Fu) != millbase::deposit(x, 0xF0FF0Fu))
      throw std::logic_error("ColexTables self-check failed");
}

const ColexTables& ColexTables::get() {
  static const ColexTables tables;
  return tables;
}

using IndexCache = std::map<std::tuple<const Board*, int, int>, std::shared_ptr<const SectorIndex>>;

// Returns the cache of built indexes, locked by the mutex it returns with.
std::pair<IndexCache&, std::unique_lock<std::mutex>> index_cache() {
  static std::mutex mutex;
  // Sectors that differ only in hands share one index; kept until release_unused().
  static IndexCache cache;
  return {cache, std::unique_lock(mutex)};
}

std::shared_ptr<const SectorIndex> SectorIndex::get(const Board& b, int us, int them) {
  auto [cache, lock] = index_cache();
  auto& entry = cache[{&b, us, them}];
  if (!entry) entry = std::make_shared<const SectorIndex>(b, us, them);
  return entry;
}

void SectorIndex::release_unused() {
  auto [cache, lock] = index_cache();
  std::erase_if(cache, [](const auto& entry) { return entry.second.use_count() == 1; });
}

uint64_t SectorIndex::count(const Board& b, int us, int them) {
  assert(us >= 0 && them >= 0 && us + them <= b.num_points);
  uint64_t sum = 0;
  for (int s = 0; s < NUM_SYMMETRIES; ++s) {  // (10)
    // fix[i][j]: positions with i and j stones fixed by s, over the cycles so far.
    std::vector<std::vector<uint64_t>> fix(us + 1, std::vector<uint64_t>(them + 1, 0));
    fix[0][0] = 1;
    Bitboard seen = 0;
    for (int p = 0; p < b.num_points; ++p) {
      if (seen >> p & 1) continue;
      int len = 0;
      for (Bitboard q = Bitboard(1) << p; !(seen & q); q = b.transform(q, s)) seen |= q, ++len;
      for (int i = us; i >= 0; --i)
        for (int j = them; j >= 0; --j)
          fix[i][j] += (i >= len ? fix[i - len][j] : 0) + (j >= len ? fix[i][j - len] : 0);
    }
    sum += fix[us][them];
  }
  assert(sum % NUM_SYMMETRIES == 0);
  return sum / NUM_SYMMETRIES;
}

uint64_t SectorIndex::memory_bytes() const {
  return keys_.capacity() * sizeof(Key) + offsets_.capacity() * sizeof(uint64_t) +
         (occupied_.capacity() + compact_.capacity() + compact_inverse_.capacity() +
          colourings_.capacity() + first_key_.capacity()) *
             sizeof(uint32_t);
}

SectorIndex::SectorIndex(const Board& b, int us, int them)
    : sym_(fast_symmetry(b)),
      colex_(&ColexTables::get()),
      pext_(uses_pext()),
      us_(us),
      them_(them),
      k_(us + them) {
  assert(us >= 0 && them >= 0 && k_ <= b.num_points);
  const int n = b.num_points;
  const uint64_t sets = BINOMIAL[n][k_];
  occupied_.resize(sets);
  offsets_.push_back(0);

  // (4): k-sets in increasing order (= colex order); an orbit's minimum comes first.
  Bitboard o = k_ == 0 ? 0 : (Bitboard(1) << k_) - 1;
  for (uint64_t r = 0; r < sets; ++r, o = k_ ? next_combination(o) : 0) {
    Bitboard best = o;
    int to_best = 0;
    uint16_t stabiliser = 1;
    for (int s = 1; s < NUM_SYMMETRIES; ++s) {
      Bitboard image = sym_->apply(o, s);
      if (image < best) best = image, to_best = s;
      if (image == o) stabiliser |= uint16_t(1 << s);
    }
    if (best != o) {  // not a key: point to the key of its orbit
      occupied_[r] = (occupied_[colex_rank(best)] & ~15u) | uint32_t(to_best);
      continue;
    }
    if (keys_.size() >= (1u << 28)) throw std::length_error("too many keys");
    occupied_[r] = uint32_t(keys_.size()) << 4;
    Key key{o, NONE, 0, stabiliser};
    uint64_t width = BINOMIAL[k_][us_];
    if (stabiliser != 1) {  // (7)
      key.compact = uint32_t(compact_.size());
      key.inverse = uint32_t(compact_inverse_.size());
      width = 0;
      Bitboard mask = us_ == 0 ? 0 : (Bitboard(1) << us_) - 1;
      for (uint64_t c = 0; c < BINOMIAL[k_][us_]; ++c, mask = us_ ? next_combination(mask) : 0) {
        Bitboard u = deposit(mask, o);
        bool stored = true;
        for (int s = 1; s < NUM_SYMMETRIES && stored; ++s)
          if ((stabiliser >> s) & 1) stored = sym_->apply(u, s) >= u;
        compact_.push_back(stored ? uint32_t(width) : NONE);
        if (stored) compact_inverse_.push_back(uint32_t(c)), ++width;
      }
    }
    keys_.push_back(key);
    offsets_.push_back(offsets_.back() + width);
  }
  keys_.shrink_to_fit();
  offsets_.shrink_to_fit();
  colourings_.resize(BINOMIAL[k_][us_]);  // (12)
  for (uint64_t c = 0; c < colourings_.size(); ++c) colourings_[c] = colex_unrank(c, us_, k_);
  const uint64_t buckets = (size() + (uint64_t(1) << BUCKET_BITS) - 1) >> BUCKET_BITS;  // (11)
  first_key_.resize(buckets + 1);
  for (uint64_t b = 0, key = 0; b < buckets; ++b) {
    while (offsets_[key + 1] <= b << BUCKET_BITS) ++key;
    first_key_[b] = uint32_t(key);
  }
  first_key_[buckets] = uint32_t(keys_.size() - 1);
  compact_.shrink_to_fit();
  compact_inverse_.shrink_to_fit();
  if (size() != count(b, us, them))
    throw std::logic_error("SectorIndex self-check failed: " + std::to_string(size()) +
                           " entries, Burnside's lemma gives " +
                           std::to_string(count(b, us, them)));
}

int SectorIndex::least_colouring(Bitboard& u, uint16_t stabiliser) const {
  int fixing = 1;
  const Bitboard u0 = u;  // (3), (9)
  for (uint32_t h = stabiliser & ~1u; h; h &= h - 1) {
    const Bitboard image = sym_->apply(u0, std::countr_zero(h));
    if (image < u)
      u = image, fixing = 1;
    else if (image == u)
      ++fixing;
  }
  return NUM_SYMMETRIES / fixing;
}

namespace {

// extract() by table lookups, on every processor.
struct TableExtract {
  const ColexTables* colex;
  Bitboard operator()(Bitboard sub, Bitboard within) const { return colex->extract(sub, within); }
};

// deposit() by table lookups, on every processor.
struct TableDeposit {
  const ColexTables* colex;
  Bitboard operator()(Bitboard mask, Bitboard within) const { return colex->deposit(mask, within); }
};

#if defined(__x86_64__) && defined(__GNUC__)
// extract() by BMI2's pext instruction.
struct PextExtract {
  __attribute__((target("bmi2"))) Bitboard operator()(Bitboard sub, Bitboard within) const {
    return _pext_u32(sub, within);
  }
};
#endif

#if defined(__x86_64__) && defined(__GNUC__)
// Returns the processor's family as CPUID leaf 1 gives it: the base family, plus the
// extended family when the base is 0xF (AMD's Zen 3 and 4 are 0x19, Zen 5 0x1A).
int cpu_family() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
  const int base = int(eax >> 8) & 0xF;
  return base == 0xF ? base + (int(eax >> 20) & 0xFF) : base;
}
#endif

// Returns whether rank() uses pext: the processor has it, and fast (AMD before family
// 19h, Zen 3, runs it in microcode, hundreds of cycles; every later family, Zen 5's
// 1Ah among them, in one cycle), or MILLBASE_PEXT says so.
bool choose_pext() {
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("bmi2")) return false;
  if (const char* env = std::getenv("MILLBASE_PEXT"); env && (env[0] == '0' || env[0] == '1'))
    return env[0] == '1';
  return !__builtin_cpu_is("amd") || cpu_family() >= 0x19;
#else
  return false;
#endif
}

}  // namespace

bool SectorIndex::uses_pext() {
  static const bool pext = choose_pext();
  return pext;
}

template <class Extract>
SectorIndex::Rank SectorIndex::rank_by(Bitboard us, const SetRanker& r, Extract extract) const {
  Bitboard u = FastSymmetry::apply(*r.symmetry, us);
  const int orbit = least_colouring(u, r.stabiliser);
  const uint64_t c = colex_->rank(extract(u, r.occupied));  // (5)
  assert(r.compact == NONE || compact_[r.compact + c] != NONE);
  return {r.compact == NONE ? r.first + c : r.first + compact_[r.compact + c], orbit};
}

#if defined(__x86_64__) && defined(__GNUC__)
// Everything they call is inlined into them (flatten), so that pext is inlined too; the
// orbit that rank_index_pext() drops is not computed.
__attribute__((target("bmi2"), flatten)) SectorIndex::Rank SectorIndex::rank_pext(Bitboard us,
                                                                                  Located l) const {
  return rank_by(us, ranker(l), PextExtract{});
}
__attribute__((target("bmi2"), flatten)) uint64_t SectorIndex::rank_index_pext(
    Bitboard us, const SetRanker& r) const {
  return rank_by(us, r, PextExtract{}).index;
}
#else
SectorIndex::Rank SectorIndex::rank_pext(Bitboard us, Located l) const {
  return rank_by(us, ranker(l), TableExtract{colex_});
}
uint64_t SectorIndex::rank_index_pext(Bitboard us, const SetRanker& r) const {
  return rank_by(us, r, TableExtract{colex_}).index;
}
#endif

SectorIndex::Rank SectorIndex::rank_table(Bitboard us, Located l) const {
  return rank_by(us, ranker(l), TableExtract{colex_});
}

uint64_t SectorIndex::rank_index_table(Bitboard us, const SetRanker& r) const {
  return rank_by(us, r, TableExtract{colex_}).index;
}

template <class Deposit>
int SectorIndex::unrank_by(uint64_t i, Bitboard& us, Bitboard& them, Deposit deposit) const {
  assert(i < size());
  const size_t key = key_of(i);
  const Key& k = keys_[key];
  const uint64_t j = i - offsets_[key];
  const uint64_t c = k.compact == NONE ? j : compact_inverse_[k.inverse + j];
  us = deposit(colourings_[c], k.occupied);
  them = k.occupied & ~us;
  Bitboard u = us;  // stored colourings are the least ones
  return least_colouring(u, k.stabiliser);
}

#if defined(__x86_64__) && defined(__GNUC__)
namespace {
// deposit() by BMI2's pdep instruction.
struct PdepDeposit {
  __attribute__((target("bmi2"))) Bitboard operator()(Bitboard mask, Bitboard within) const {
    return _pdep_u32(mask, within);
  }
};
}  // namespace

__attribute__((target("bmi2"), flatten)) int SectorIndex::unrank_pdep(uint64_t i, Bitboard& us,
                                                                      Bitboard& them) const {
  return unrank_by(i, us, them, PdepDeposit{});
}
#else
int SectorIndex::unrank_pdep(uint64_t i, Bitboard& us, Bitboard& them) const {
  return unrank_by(i, us, them, TableDeposit{colex_});
}
#endif

int SectorIndex::unrank_table(uint64_t i, Bitboard& us, Bitboard& them) const {
  return unrank_by(i, us, them, TableDeposit{colex_});
}

Position sector_position(const Board& b, const Sector& s, uint64_t i) {
  Position p;
  SectorIndex::get(b, s.us, s.them)->unrank(i, p.stones[WHITE], p.stones[BLACK]);
  p.in_hand = {s.us_hand, s.them_hand};
  return p;
}

}  // namespace millbase
