// docs/format.md is enough to read the tables: a small reader written from the document
// alone (namespace doc below: its own little-endian reads, XXH3 checks, zstd frames,
// planes, point numbering, symmetries and entry order, and no millbase header) decodes
// whole tables that the library solved, and every entry and every position of those
// sectors is checked against Tablebase::probe. The document's tables, worked example
// and hex dump are read from docs/format.md itself, so the test fails when they drift.
#include <gtest/gtest.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "core/notation.h"
#include "core/position.h"
#include "core/variant.h"
#include "db/sector.h"
#include "db/tablebase.h"
#include "db/value.h"
#include "solver/play_set.h"
#include "solver/solve.h"

#ifndef MILLBASE_SOURCE_DIR
#error "MILLBASE_SOURCE_DIR must name the source tree (for docs/format.md)"
#endif

namespace doc {

// ---------------------------------------------------------------------------------
// Points and symmetries ("Point numbering", "The 16 symmetries").

// Points in number order, as the document's point tables list them.
const char* const POINTS_24 =
    "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7";
const char* const POINTS_16 = "b2 d2 f2 c3 d3 e3 b4 c4 e4 f4 c5 d5 e5 b6 d6 f6";

std::vector<std::string> split(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

struct Board {
  int n = 0;
  std::vector<std::string> names;                                    // by point number
  std::vector<std::vector<int>> perm;                                // perm[s][p]: image of point p
  std::array<std::array<std::array<uint32_t, 256>, 4>, 16> bytes{};  // set images by byte

  uint32_t apply(int s, uint32_t x) const {
    const auto& t = bytes[s];
    return t[0][x & 0xFF] | t[1][(x >> 8) & 0xFF] | t[2][(x >> 16) & 0xFF] | t[3][x >> 24];
  }
  int number(const std::string& name) const {
    for (int p = 0; p < n; ++p)
      if (names[p] == name) return p;
    return -1;
  }
};

// Builds the board from its point list and the document's rule: s = 8w + 4m + t, ring
// swap, then mirror, then t quarter turns.
Board make_board(const char* points) {
  Board b;
  b.names = split(points);
  b.n = int(b.names.size());
  auto ring = [](int dx, int dy) { return std::max(std::abs(dx), std::abs(dy)); };
  int rmin = 7, rmax = 0;
  for (const std::string& nm : b.names) {
    const int r = ring(nm[0] - 'a' - 3, nm[1] - '1' - 3);
    rmin = std::min(rmin, r), rmax = std::max(rmax, r);
  }
  b.perm.assign(16, std::vector<int>(b.n, -1));
  for (int s = 0; s < 16; ++s)
    for (int p = 0; p < b.n; ++p) {
      int dx = b.names[p][0] - 'a' - 3, dy = b.names[p][1] - '1' - 3;
      if (s & 8) {
        const int r = ring(dx, dy), r2 = rmin + rmax - r;
        dx = dx / r * r2, dy = dy / r * r2;
      }
      if (s & 4) dx = -dx;
      for (int t = 0; t < (s & 3); ++t) std::tie(dx, dy) = std::pair(-dy, dx);
      const std::string image{char('a' + dx + 3), char('1' + dy + 3)};
      b.perm[s][p] = b.number(image);
    }
  for (int s = 0; s < 16; ++s)
    for (int j = 0; j < 4; ++j)
      for (int v = 0; v < 256; ++v) {
        uint32_t image = 0;
        for (int t = 0; t < 8; ++t)
          if ((v >> t & 1) && 8 * j + t < b.n) image |= uint32_t(1) << b.perm[s][8 * j + t];
        b.bytes[s][j][v] = image;
      }
  return b;
}

// ---------------------------------------------------------------------------------
// The index ("The canonical position and the order of entries", formulas (1)-(10)).

uint64_t C(int n, int m) {
  if (m < 0 || n < 0 || m > n) return 0;
  uint64_t r = 1;
  for (int i = 1; i <= m; ++i) r = r * uint64_t(n - m + i) / uint64_t(i);
  return r;
}

int popcount(uint32_t x) { return __builtin_popcount(x); }

// Returns the next larger word with as many bits.
uint32_t next_set(uint32_t x) {
  const uint32_t c = x & (~x + 1), r = x + c;
  return (((r ^ x) >> 2) / c) | r;
}

// Returns the points of `within` chosen by the bits of `mask` (bit j: the j-th point).
uint32_t deposit(uint32_t mask, uint32_t within) {
  uint32_t r = 0;
  for (int j = 0; within; ++j, within &= within - 1)
    if (mask >> j & 1) r |= within & (~within + 1);
  return r;
}

struct Entry {
  uint32_t us, them;
};

class Index {
 public:
  Index(const Board& b, int a, int bb) : b_(&b), a_(a), k_(a + bb) {
    offsets_.push_back(0);
    const uint64_t sets = C(b.n, k_);
    uint32_t o = k_ ? (uint32_t(1) << k_) - 1 : 0;
    for (uint64_t r = 0; r < sets; ++r, o = k_ ? next_set(o) : 0) {  // increasing words
      uint16_t stab = 0;
      bool key = true;
      for (int s = 0; s < 16 && key; ++s) {
        const uint32_t image = b.apply(s, o);
        key = image >= o;  // (4)
        if (image == o) stab |= uint16_t(1u << s);
      }
      if (!key) continue;
      keys_.push_back(o);
      std::vector<uint32_t> stored;
      uint64_t width = C(k_, a_);  // (6)
      if (stab != 1) {             // (7)
        uint32_t mask = a_ ? (uint32_t(1) << a_) - 1 : 0;
        for (uint64_t c = 0; c < C(k_, a_); ++c, mask = a_ ? next_set(mask) : 0) {
          const uint32_t u = deposit(mask, o);
          bool least = true;
          for (int h = 1; h < 16 && least; ++h)
            if (stab >> h & 1) least = b.apply(h, u) >= u;
          if (least) stored.push_back(u);
        }
        width = stored.size();
      }
      stored_.push_back(std::move(stored));
      offsets_.push_back(offsets_.back() + width);  // (8)
    }
  }

  uint64_t size() const { return offsets_.back(); }

  // Returns the entry of (us, them) and sets orbit to the size of its orbit (9).
  uint64_t rank(uint32_t us, uint32_t them, int* orbit = nullptr) const {
    const uint32_t o = us | them;  // (1)
    uint32_t best_o = ~uint32_t(0), best_u = ~uint32_t(0);
    int fixing = 0;
    for (int s = 0; s < 16; ++s) {  // (2), (3): the smallest (s(O), s(U))
      const uint32_t so = b_->apply(s, o), su = b_->apply(s, us);
      if (so < best_o || (so == best_o && su < best_u))
        best_o = so, best_u = su, fixing = 1;
      else if (so == best_o && su == best_u)
        ++fixing;
    }
    if (orbit) *orbit = 16 / fixing;
    const size_t key = std::lower_bound(keys_.begin(), keys_.end(), best_o) - keys_.begin();
    if (key == keys_.size() || keys_[key] != best_o) return ~uint64_t(0);  // not a key
    const auto& stored = stored_[key];
    if (stored.empty()) {  // (5), (6)
      uint64_t c = 0;
      int i = 0, j = 0;
      for (uint32_t w = best_o; w; w &= w - 1, ++j)
        if (best_u & w & (~w + 1)) c += C(j, ++i);
      return offsets_[key] + c;
    }
    const auto it = std::lower_bound(stored.begin(), stored.end(), best_u);  // (7)
    if (it == stored.end() || *it != best_u) return ~uint64_t(0);
    return offsets_[key] + uint64_t(it - stored.begin());
  }

  // Returns the canonical position of entry i.
  Entry unrank(uint64_t i) const {
    const size_t key = std::upper_bound(offsets_.begin(), offsets_.end(), i) - offsets_.begin() - 1;
    const uint32_t o = keys_[key];
    uint64_t j = i - offsets_[key];
    uint32_t us;
    if (!stored_[key].empty()) {
      us = stored_[key][j];
    } else {  // colex rank j: largest j_t with C(j_t, t + 1) <= rest, t = a-1 .. 0
      uint32_t mask = 0;
      for (int t = a_ - 1, p = k_ - 1; t >= 0; --t) {
        while (C(p, t + 1) > j) --p;
        j -= C(p, t + 1);
        mask |= uint32_t(1) << p;
        --p;
      }
      us = deposit(mask, o);
    }
    return {us, o & ~us};
  }

 private:
  const Board* b_;
  int a_, k_;
  std::vector<uint32_t> keys_;
  std::vector<uint64_t> offsets_;
  std::vector<std::vector<uint32_t>> stored_;  // per key; empty when only the identity fixes it
};

// Returns the number of entries by Burnside's lemma (10).
uint64_t burnside(const Board& b, int a, int bb) {
  uint64_t sum = 0;
  for (int s = 0; s < 16; ++s) {
    std::vector<std::vector<uint64_t>> fix(a + 1, std::vector<uint64_t>(bb + 1, 0));
    fix[0][0] = 1;
    std::vector<bool> seen(b.n, false);
    for (int p = 0; p < b.n; ++p) {
      if (seen[p]) continue;
      int len = 0;
      for (int q = p; !seen[q]; q = b.perm[s][q]) seen[q] = true, ++len;
      for (int i = a; i >= 0; --i)  // multiply by (1 + x^len + y^len)
        for (int j = bb; j >= 0; --j)
          fix[i][j] += (i >= len ? fix[i - len][j] : 0) + (j >= len ? fix[i][j - len] : 0);
    }
    sum += fix[a][bb];
  }
  return sum / 16;
}

// ---------------------------------------------------------------------------------
// The file ("Header", "Block index", "Blocks", "Values", "Reading safely").

uint64_t le(const uint8_t* p, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | p[i];
  return v;
}

struct Table {
  uint16_t version = 0;
  uint8_t metric = 0, encoding = 0, board = 0, stones = 0, flags = 0, compression = 0;
  uint8_t us = 0, them = 0, us_hand = 0, them_hand = 0;
  uint32_t block_entries = 0, block_count = 0, zstd_level = 0, longest_win = 0, longest_loss = 0;
  uint64_t entries = 0, wins = 0, losses = 0, draws = 0, index_checksum = 0, data_size = 0;
  std::vector<uint8_t> cls;        // per entry: 0 draw, 1 win, 2 loss
  std::vector<uint32_t> distance;  // per entry: plies (0 for a draw or when not stored)

  // Returns whether the blocks hold distances (encoding 1) or not (encoding 3).
  bool distances() const { return encoding == 1; }
  // Returns the value as the document's value code: 0 draw, else distance + 1; without
  // distances 0x8002 for a win, 0x8001 for a loss.
  uint32_t code(uint64_t i) const {
    if (cls[i] == 0) return 0;
    return distances() ? distance[i] + 1 : cls[i] == 1 ? 0x8002 : 0x8001;
  }
};

// Returns the decompressed frame, or sets error.
std::vector<uint8_t> unzstd(const uint8_t* p, size_t size, size_t expected, std::string& error) {
  const unsigned long long n = ZSTD_getFrameContentSize(p, size);
  if (n == ZSTD_CONTENTSIZE_ERROR || n == ZSTD_CONTENTSIZE_UNKNOWN || n != expected) {
    error = "frame content size";
    return {};
  }
  std::vector<uint8_t> out(expected);
  const size_t got = ZSTD_decompress(out.data(), out.size(), p, size);
  if (ZSTD_isError(got) || got != expected) error = "frame does not decompress";
  return out;
}

// Reads a whole table file; returns "" or what is wrong with it.
std::string read_table(const std::vector<uint8_t>& f, Table& t) {
  if (f.size() < 96) return "truncated header";
  if (std::string(f.begin(), f.begin() + 8) != "MILLBASE") return "magic";
  t.version = uint16_t(le(&f[8], 2));
  if (t.version != 1) return "version";
  if (XXH3_64bits(f.data(), 88) != le(&f[88], 8)) return "header checksum";
  t.metric = f[10], t.encoding = f[11], t.board = f[12], t.stones = f[13], t.flags = f[14];
  t.compression = f[15];
  t.us = f[16], t.them = f[17], t.us_hand = f[18], t.them_hand = f[19];
  t.block_entries = uint32_t(le(&f[20], 4));
  t.entries = le(&f[24], 8);
  t.block_count = uint32_t(le(&f[32], 4));
  t.zstd_level = uint32_t(le(&f[36], 4));
  t.wins = le(&f[40], 8), t.losses = le(&f[48], 8), t.draws = le(&f[56], 8);
  t.longest_win = uint32_t(le(&f[64], 4)), t.longest_loss = uint32_t(le(&f[68], 4));
  t.index_checksum = le(&f[72], 8);
  t.data_size = le(&f[80], 8);
  if (t.metric != 0) return "metric";
  if (t.encoding != 1 && t.encoding != 3) return "encoding (only stored values are read here)";
  if (t.board > 2 || t.compression != 1 || (t.flags & ~7u)) return "enum or flags";
  if (t.block_entries == 0 || t.block_entries % 4 || t.block_entries > (1u << 24))
    return "block_entries";
  if (t.block_count != (t.entries + t.block_entries - 1) / t.block_entries) return "block_count";
  const uint64_t index_end = 96 + 32 * uint64_t(t.block_count);
  if (f.size() < index_end) return "truncated index";
  if (XXH3_64bits(&f[96], index_end - 96) != t.index_checksum) return "index checksum";
  if (f.size() != index_end + t.data_size) return "file size";
  uint64_t at = index_end;
  for (uint32_t b = 0; b < t.block_count; ++b) {
    const uint8_t* e = &f[96 + 32 * size_t(b)];
    const uint64_t offset = le(e, 8), wdl_size = le(e + 8, 4), dtm_size = le(e + 12, 4);
    if (offset != at || offset + wdl_size + dtm_size > f.size()) return "block placement";
    if (XXH3_64bits(&f[offset], wdl_size) != le(e + 16, 8)) return "WDL frame checksum";
    if (XXH3_64bits(&f[offset + wdl_size], dtm_size) != le(e + 24, 8))
      return "distance frame checksum";
    at = offset + wdl_size + dtm_size;
    const uint64_t first = uint64_t(b) * t.block_entries;
    const size_t n = size_t(std::min<uint64_t>(t.block_entries, t.entries - first));
    std::string error;
    const std::vector<uint8_t> wdl = unzstd(&f[offset], wdl_size, (n + 3) / 4, error);
    if (!error.empty()) return "WDL " + error;
    std::vector<uint8_t> cls(n);
    size_t wins = 0, losses = 0;
    for (size_t j = 0; j < 4 * wdl.size(); ++j) {
      const uint8_t c = wdl[j / 4] >> (2 * (j % 4)) & 3;
      if (c == 3) return "WDL class 3";
      if (j >= n && c != 0) return "WDL bits past the block";
      if (j < n) cls[j] = c, wins += c == 1, losses += c == 2;
    }
    if (!t.distances()) {  // encoding 3: no distance frame
      if (dtm_size != 0) return "distance frame in a table without distances";
      for (size_t j = 0; j < n; ++j) t.cls.push_back(cls[j]), t.distance.push_back(0);
      continue;
    }
    if (dtm_size < 1) return "distance frame";
    // The width byte comes first; the size follows from it and the class counts.
    const std::vector<uint8_t> head =
        unzstd(&f[offset + wdl_size], dtm_size,
               ZSTD_getFrameContentSize(&f[offset + wdl_size], dtm_size), error);
    if (!error.empty() || head.empty()) return "distance " + error;
    const int w = head[0];
    if (w != 1 && w != 2) return "distance width";
    if (head.size() != 1 + size_t(w) * (wins + losses)) return "distance plane size";
    size_t win = 0, loss = 0;
    for (size_t j = 0; j < n; ++j) {
      uint32_t d = 0;
      if (cls[j] == 1) d = 2 * uint32_t(le(&head[1 + w * win++], w)) + 1;
      if (cls[j] == 2) d = 2 * uint32_t(le(&head[1 + w * (wins + loss++)], w));
      t.cls.push_back(cls[j]);
      t.distance.push_back(d);
    }
  }
  if (at != f.size()) return "blocks do not tile the file";
  uint64_t wins = 0, losses = 0, draws = 0;
  uint32_t longest_win = 0, longest_loss = 0;
  for (uint64_t i = 0; i < t.entries; ++i) {
    if (t.cls[i] == 0) ++draws;
    if (t.cls[i] == 1) ++wins, longest_win = std::max(longest_win, t.distance[i]);
    if (t.cls[i] == 2) ++losses, longest_loss = std::max(longest_loss, t.distance[i]);
  }
  if (wins != t.wins || losses != t.losses || draws != t.draws || longest_win != t.longest_win ||
      longest_loss != t.longest_loss)
    return "statistics";
  return "";
}

std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace doc

namespace millbase {
namespace {

namespace fs = std::filesystem;

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Returns the cells of the markdown table rows of `text` whose first cell is `first`.
std::vector<std::vector<std::string>> rows_starting(const std::string& text,
                                                    const std::string& first) {
  std::vector<std::vector<std::string>> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] != '|') continue;
    std::vector<std::string> cells;
    std::string cell;
    for (size_t i = 1; i < line.size(); ++i) {
      if (line[i] == '|') {
        cells.push_back(cell.substr(cell.find_first_not_of(' ') == std::string::npos
                                        ? cell.size()
                                        : cell.find_first_not_of(' ')));
        while (!cells.back().empty() && cells.back().back() == ' ') cells.back().pop_back();
        cell.clear();
      } else {
        cell += line[i];
      }
    }
    if (!cells.empty() && cells[0] == first) out.push_back(cells);
  }
  return out;
}

// The document, its point and symmetry tables and its hex dump, read from the file.
struct Doc {
  std::string text;
  std::vector<std::string> points[2];             // 24-point, 16-point
  std::vector<std::vector<int>> permutations[2];  // s -> images
  std::vector<uint8_t> dump;                      // the hex dump's bytes
};

Doc read_doc() {
  Doc d;
  d.text = read_text(std::string(MILLBASE_SOURCE_DIR) + "/docs/format.md");
  const auto names = rows_starting(d.text, "point");
  for (size_t i = 0; i < names.size() && i < 2; ++i)
    d.points[i].assign(names[i].begin() + 1, names[i].end());
  // Permutation rows: "| s | images |", the 24-point table first.
  std::istringstream in(d.text);
  int table = -1;
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("| s | images of points", 0) == 0) ++table, inside = true;
    if (line.empty() || line[0] != '|') inside = false;
    if (!inside || table > 1) continue;
    std::istringstream cells(line);
    std::string bar;
    int s;
    if (!(cells >> bar >> s >> bar)) continue;
    std::vector<int> images;
    for (int p; cells >> p;) images.push_back(p);
    d.permutations[table].push_back(images);
  }
  // The hex dump: the xxd lines of the block after "## Hex dump".
  const size_t start = d.text.find("```", d.text.find("## Hex dump"));
  const size_t end = d.text.find("```", start + 3);
  std::istringstream dump(d.text.substr(start + 3, end - start - 3));
  for (std::string line; std::getline(dump, line);) {
    if (line.size() < 10 || line[8] != ':') continue;
    const std::string hex = line.substr(10, 40);  // 8 groups of 4 hex digits and spaces
    for (size_t i = 0; i + 1 < hex.size();) {
      if (hex[i] == ' ') {
        ++i;
        continue;
      }
      d.dump.push_back(uint8_t(std::stoi(hex.substr(i, 2), nullptr, 16)));
      i += 2;
    }
  }
  return d;
}

// A doc point set as the library's set, through the point names.
struct NameMap {
  std::array<std::array<Bitboard, 256>, 4> bytes{};
  NameMap(const Variant& v, const doc::Board& b) {
    std::vector<Bitboard> single(b.n);
    for (int p = 0; p < b.n; ++p) {
      Result<Point> q = parse_point(v, b.names[p]);
      EXPECT_TRUE(q) << b.names[p];
      single[p] = q ? Bitboard(1) << *q : 0;
    }
    for (int j = 0; j < 4; ++j)
      for (int x = 0; x < 256; ++x)
        for (int t = 0; t < 8; ++t)
          if ((x >> t & 1) && 8 * j + t < b.n) bytes[j][x] |= single[8 * j + t];
  }
  Bitboard operator()(uint32_t x) const {
    return bytes[0][x & 0xFF] | bytes[1][(x >> 8) & 0xFF] | bytes[2][(x >> 16) & 0xFF] |
           bytes[3][x >> 24];
  }
};

Position make_position(Bitboard us, Bitboard them, const Sector& s, Color mover) {
  Position p;
  p.side_to_move = mover;
  p.stones[mover] = us;
  p.stones[~mover] = them;
  p.in_hand[mover] = s.us_hand;
  p.in_hand[~mover] = s.them_hand;
  return p;
}

class FormatDoc : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ =
        new std::string(::testing::TempDir() + "millbase-format-doc-" + std::to_string(::getpid()));
    fs::remove_all(*root_);
    doc_ = new Doc(read_doc());
    for (auto [v, targets] : {std::pair(&FIVE, std::vector<Sector>{}),
                              std::pair(&NINE, std::vector<Sector>{{3, 3, 0, 0}}),
                              std::pair(&TWELVE, std::vector<Sector>{{3, 3, 0, 0}})}) {
      SolveOptions opts;
      opts.dir = dir(*v);
      opts.targets = targets;
      opts.quiet = true;
      const auto start = std::chrono::steady_clock::now();
      Result<SolveReport> r = solve(*v, opts);
      ASSERT_TRUE(r) << r.message();
      std::printf("solved %s in %.2f s\n", std::string(v->name).c_str(),
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
  }
  static void TearDownTestSuite() {
    fs::remove_all(*root_);
    delete root_;
    delete doc_;
  }
  static std::string dir(const Variant& v) { return *root_ + "/" + std::string(v.name); }

  // Decodes sector s's file with the document's reader and checks every entry and every
  // position of the sector against Tablebase::probe; the header names board `code`.
  // In `where` when given, else in dir(v).
  static void check_sector(const Variant& v, const doc::Board& board, const Sector& s, int code,
                           std::string where = "") {
    if (where.empty()) where = dir(v);
    SCOPED_TRACE(where + " " + sector_name(s));
    const std::string path = where + "/" + sector_name(s) + ".mbt";
    doc::Table t;
    ASSERT_EQ(doc::read_table(doc::read_bytes(path), t), "");
    EXPECT_EQ(t.board, code);
    EXPECT_EQ(t.stones, v.stones);
    EXPECT_EQ(t.flags,
              (v.flying ? 1 : 0) | (v.full_board_draw ? 2 : 0) | (v.hand_counts_for_three ? 4 : 0));
    EXPECT_EQ(std::vector<int>({t.us, t.them, t.us_hand, t.them_hand}),
              std::vector<int>({s.us, s.them, s.us_hand, s.them_hand}));
    const doc::Index index(board, s.us, s.them);
    ASSERT_EQ(t.entries, index.size());
    ASSERT_EQ(t.entries, doc::burnside(board, s.us, s.them));

    Result<std::shared_ptr<const Tablebase>> tb = Tablebase::open(v, where);
    ASSERT_TRUE(tb) << tb.message();
    const NameMap to_lib(v, board);
    int failures = 0;
    auto check = [&](const Position& p, uint64_t i, const char* what) {
      Result<ValueCode> probed = (*tb)->probe(p);
      const bool same =
          probed && *probed == t.code(i) && is_draw(*probed) == (t.cls[i] == 0) &&
          is_win(*probed) == (t.cls[i] == 1) && is_loss(*probed) == (t.cls[i] == 2) &&
          (t.cls[i] == 0 || !t.distances() || distance(*probed) == int(t.distance[i]));
      if (!same && ++failures <= 5)
        ADD_FAILURE() << what << ": entry " << i << " decodes to class " << int(t.cls[i])
                      << " distance " << t.distance[i] << ", probe of " << format_position(v, p)
                      << " gives " << (probed ? value_text(*probed) : probed.message());
    };

    // Entry -> position: the canonical position of entry i, with either colour to move.
    for (uint64_t i = 0; i < t.entries; ++i) {
      const doc::Entry e = index.unrank(i);
      ASSERT_EQ(doc::popcount(e.us), s.us);
      ASSERT_EQ(doc::popcount(e.them), s.them);
      ASSERT_EQ(index.rank(e.us, e.them), i) << "entry " << i << " is not canonical";
      check(make_position(to_lib(e.us), to_lib(e.them), s, WHITE), i, "entry, White to move");
      check(make_position(to_lib(e.us), to_lib(e.them), s, BLACK), i, "entry, Black to move");
    }

    // Position -> entry: every placement of the stones; each entry is hit by exactly the
    // members of its orbit (9).
    std::vector<uint8_t> hits(t.entries, 0), orbit_of(t.entries, 0);
    uint64_t positions = 0;
    const uint32_t all = (uint32_t(1) << board.n) - 1;
    uint32_t u = s.us ? (uint32_t(1) << s.us) - 1 : 0;
    for (uint64_t iu = 0; iu < doc::C(board.n, s.us); ++iu, u = s.us ? doc::next_set(u) : 0) {
      const uint32_t free = all & ~u;
      uint32_t mask = s.them ? (uint32_t(1) << s.them) - 1 : 0;
      for (uint64_t it = 0; it < doc::C(board.n - s.us, s.them);
           ++it, mask = s.them ? doc::next_set(mask) : 0) {
        const uint32_t th = doc::deposit(mask, free);
        int orbit = 0;
        const uint64_t i = index.rank(u, th, &orbit);
        ASSERT_LT(i, t.entries);
        ++positions, ++hits[i];
        if (orbit_of[i] == 0) orbit_of[i] = uint8_t(orbit);
        ASSERT_EQ(orbit_of[i], orbit);
        check(make_position(to_lib(u), to_lib(th), s, (iu + it) % 2 ? BLACK : WHITE), i,
              "position");
      }
    }
    EXPECT_EQ(positions, doc::C(board.n, s.us) * doc::C(board.n - s.us, s.them));
    for (uint64_t i = 0; i < t.entries; ++i) ASSERT_EQ(hits[i], orbit_of[i]) << "entry " << i;
    EXPECT_EQ(failures, 0);
  }

  static std::string* root_;
  static Doc* doc_;
};

std::string* FormatDoc::root_ = nullptr;
Doc* FormatDoc::doc_ = nullptr;

TEST_F(FormatDoc, PointAndSymmetryTablesFollowTheRule) {
  const doc::Board boards[2] = {doc::make_board(doc::POINTS_24), doc::make_board(doc::POINTS_16)};
  for (int b = 0; b < 2; ++b) {
    SCOPED_TRACE(b == 0 ? "24-point" : "16-point");
    EXPECT_EQ(doc_->points[b], boards[b].names) << "the document's point table";
    ASSERT_EQ(doc_->permutations[b].size(), 16u) << "the document's symmetry table";
    for (int s = 0; s < 16; ++s) {
      EXPECT_EQ(doc_->permutations[b][s], boards[b].perm[s]) << "symmetry " << s;
      // Each is a permutation, and the 16 are distinct.
      std::vector<int> sorted = boards[b].perm[s];
      std::sort(sorted.begin(), sorted.end());
      for (int p = 0; p < boards[b].n; ++p) ASSERT_EQ(sorted[p], p);
      for (int t = 0; t < s; ++t) EXPECT_NE(boards[b].perm[s], boards[b].perm[t]);
    }
    // Closed under composition: a group.
    for (int s = 0; s < 16; ++s)
      for (int t = 0; t < 16; ++t) {
        std::vector<int> st(boards[b].n);
        for (int p = 0; p < boards[b].n; ++p) st[p] = boards[b].perm[t][boards[b].perm[s][p]];
        EXPECT_NE(std::find(boards[b].perm.begin(), boards[b].perm.end(), st),
                  boards[b].perm.end());
      }
  }
  // Every doc point name is a point of the library's boards (notation agrees).
  for (const Variant* v : {&NINE, &FIVE}) {
    const doc::Board b = doc::make_board(v == &NINE ? doc::POINTS_24 : doc::POINTS_16);
    for (const std::string& name : b.names) EXPECT_TRUE(parse_point(*v, name)) << name;
  }
}

TEST_F(FormatDoc, WorkedExampleAndHexDump) {
  const doc::Board b16 = doc::make_board(doc::POINTS_16);
  const doc::Index index(b16, 1, 1);
  ASSERT_EQ(index.size(), 18u);

  // The worked example: W:b6 B:e5 b 4 4, us = Black on e5, them = b6.
  const uint32_t us = uint32_t(1) << b16.number("e5"), them = uint32_t(1) << b16.number("b6");
  EXPECT_EQ(us, 4096u);
  EXPECT_EQ(them, 8192u);
  int orbit = 0;
  EXPECT_EQ(index.rank(us, them, &orbit), 6u);
  EXPECT_EQ(orbit, 16);
  EXPECT_EQ(index.unrank(6).us, uint32_t(1) << b16.number("f2"));
  EXPECT_EQ(index.unrank(6).them, uint32_t(1) << b16.number("c3"));
  // The document's keys before O* = 12 and their widths: 3 (2), 5 (1), 9 (1), 10 (2).
  std::vector<uint32_t> occupied;
  for (uint64_t i = 0; i <= 6; ++i) occupied.push_back(index.unrank(i).us | index.unrank(i).them);
  EXPECT_EQ(occupied, std::vector<uint32_t>({3, 3, 5, 9, 10, 10, 12}));

  // The 18 entries listed for reference ("i us|them, ...").
  const size_t at = doc_->text.find("For reference, the 18 entries");
  ASSERT_NE(at, std::string::npos);
  const size_t from = doc_->text.find(':', at) + 1, to = doc_->text.find("\n\n", at);
  std::istringstream list(doc_->text.substr(from, to - from));
  int listed = 0;
  for (std::string n, pair; list >> n >> pair; ++listed) {
    if (pair.back() == ',' || pair.back() == '.') pair.pop_back();
    const uint64_t i = std::stoull(n);
    const doc::Entry e = index.unrank(i);
    EXPECT_EQ(b16.names[__builtin_ctz(e.us)] + "|" + b16.names[__builtin_ctz(e.them)], pair)
        << "entry " << i;
  }
  EXPECT_EQ(listed, 18);

  // The hex dump decodes to what the document says of it.
  ASSERT_EQ(doc_->dump.size(), 155u);
  doc::Table dumped;
  ASSERT_EQ(doc::read_table(doc_->dump, dumped), "");
  EXPECT_EQ(dumped.entries, 18u);
  EXPECT_EQ(std::vector<int>({dumped.us, dumped.them, dumped.us_hand, dumped.them_hand}),
            std::vector<int>({1, 1, 4, 4}));
  std::vector<uint64_t> wins;
  for (uint64_t i = 0; i < dumped.entries; ++i)
    if (dumped.cls[i] == 1) wins.push_back(i);
  EXPECT_EQ(wins, std::vector<uint64_t>({3, 6, 16}));
  EXPECT_EQ(dumped.cls[6], 1);
  EXPECT_EQ(dumped.distance[6], 21u);

  // ... and the table solved now holds the same values (its compressed bytes may
  // differ with the zstd version), and the library agrees on the example.
  doc::Table solved;
  ASSERT_EQ(doc::read_table(doc::read_bytes(dir(FIVE) + "/1-1+4-4.mbt"), solved), "");
  EXPECT_EQ(solved.cls, dumped.cls);
  EXPECT_EQ(solved.distance, dumped.distance);
  Result<std::shared_ptr<const Tablebase>> tb = Tablebase::open(FIVE, dir(FIVE));
  ASSERT_TRUE(tb) << tb.message();
  for (const char* text : {"W:b6 B:e5 b 4 4", "W:e5 B:b6 w 4 4", "W:f2 B:c3 w 4 4"}) {
    Result<Position> p = parse_position(FIVE, text);
    ASSERT_TRUE(p) << p.message();
    Result<ValueCode> v = (*tb)->probe(*p);
    ASSERT_TRUE(v) << v.message();
    EXPECT_TRUE(is_win(*v)) << text;
    EXPECT_EQ(distance(*v), 21) << text;
  }
}

TEST_F(FormatDoc, FiveMovementSectors) {
  const doc::Board b16 = doc::make_board(doc::POINTS_16);
  int checked = 0;
  for (int us = 3; us <= 5; ++us)
    for (int them = 0; them <= 5; ++them, ++checked)
      check_sector(FIVE, b16, Sector{uint8_t(us), uint8_t(them), 0, 0}, 1);
  EXPECT_EQ(checked, 18);
}

TEST_F(FormatDoc, FivePlacementSectors) {
  const doc::Board b16 = doc::make_board(doc::POINTS_16);
  for (const char* name : {"0-0+5-5", "0-1+5-4", "1-1+4-4", "1-2+4-3", "2-2+3-3", "2-3+3-2",
                           "3-3+2-2", "3-4+2-1", "4-4+1-1"}) {
    Result<Sector> s = parse_sector(name);
    ASSERT_TRUE(s) << s.message();
    check_sector(FIVE, b16, *s, 1);
  }
}

// A play set's placement tables (encoding 3, the WDL plane alone) are read from the
// document too.
TEST_F(FormatDoc, FivePlaySetPlacementSectors) {
  const std::string play = *root_ + "/five-play-set";
  fs::copy(dir(FIVE), play);
  Result<std::vector<PlaySetTable>> made = make_play_set(FIVE, play, {}, true);
  ASSERT_TRUE(made) << made.message();
  const doc::Board b16 = doc::make_board(doc::POINTS_16);
  uint64_t decisive = 0;
  for (const char* name : {"0-0+5-5", "1-1+4-4", "2-3+3-2", "3-3+2-2", "4-4+1-1"}) {
    Result<Sector> s = parse_sector(name);
    ASSERT_TRUE(s) << s.message();
    doc::Table t;
    ASSERT_EQ(doc::read_table(doc::read_bytes(play + "/" + name + ".mbt"), t), "");
    EXPECT_EQ(t.encoding, 3) << name;
    decisive += t.wins + t.losses;
    check_sector(FIVE, b16, *s, 1, play);
  }
  EXPECT_GT(decisive, 1000u);
}

TEST_F(FormatDoc, NineThreeThree) {
  check_sector(NINE, doc::make_board(doc::POINTS_24), Sector{3, 3, 0, 0}, 0);
}

// Twelve's board (2) is read with board 0's numbering and symmetries, as the document
// says.
TEST_F(FormatDoc, TwelveThreeThree) {
  check_sector(TWELVE, doc::make_board(doc::POINTS_24), Sector{3, 3, 0, 0}, 2);
}

TEST_F(FormatDoc, ReaderRefusesDamage) {
  const std::vector<uint8_t> good = doc::read_bytes(dir(FIVE) + "/3-3.mbt");
  doc::Table t;
  ASSERT_EQ(doc::read_table(good, t), "");
  ASSERT_GT(t.block_count, 1u);
  auto damaged = [&](size_t at) {
    std::vector<uint8_t> f = good;
    f[at] ^= 0x10;
    doc::Table d;
    return doc::read_table(f, d);
  };
  EXPECT_EQ(damaged(3), "magic");
  EXPECT_EQ(damaged(8), "version");
  EXPECT_EQ(damaged(40), "header checksum");
  EXPECT_EQ(damaged(100), "index checksum");
  EXPECT_EQ(damaged(good.size() - 1), "distance frame checksum");
  std::vector<uint8_t> cut(good.begin(), good.end() - 1);
  doc::Table d;
  EXPECT_EQ(doc::read_table(cut, d), "file size");
}

}  // namespace
}  // namespace millbase
