// docs/format.md is enough to read the tables: a small reader written from the document
// alone (doc_index.h and doc_file.h: their own little-endian reads, XXH3 checks, zstd
// frames, planes, point numbering, symmetries and entry order, and no millbase header)
// decodes whole tables that the library solved, and every entry and every position of
// those sectors is checked against Tablebase::probe. The document's tables, worked
// example and hex dump are read from docs/format.md itself, so the test fails when they
// drift.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "doc_file.h"
#include "doc_index.h"

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
    EXPECT_EQ(t.flags, (v.flying ? 1 : 0) | (v.full_board_draw ? 2 : 0) |
                           (v.hand_counts_for_three ? 4 : 0) | (v.move_in_placement ? 8 : 0));
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
