// Benchmark for issue #24: how much of a table is the distances of its wins, how much
// that of its losses, and what is left when a sector keeps only its losses. Each block
// is encoded as the table writer does:
//   - as it is (both planes; and the WDL plane alone, what a WDL set ships);
//   - with every win's distance made the same (a winner reads its children's distances,
//     which are losses), then with every loss's distance made the same;
//   - with every win made a draw (a sector that keeps only its losses and their
//     distances: a win is then a position with a losing successor, found by one ply);
//   - with every win made a draw and every loss's distance the same: the loss bit alone,
//     in the WDL plane's 2 bits per entry and packed 8 entries per byte;
//   - the WDL plane of the value under the rule (50-ply tables: cursed wins and blessed
//     losses made draws; a plain table's WDL plane as it is): what a player needs of a
//     placement position, from which any move into a lost successor keeps the win.
// Every k-th block is encoded (k = 1: all); a table's bytes are estimated as the sampled
// blocks' bytes times its entries over theirs. One line per table, bytes per mode.
//
//   bench_distances <variant> <table dir> <k> <sector>...   (sector "all": every table)
#include <cstdio>
#include <filesystem>
#include <string>

#include "db/block_codec.h"
#include "db/table_dir.h"
#include "db/table_file.h"
#include "db/zstd_frame.h"

using namespace millbase;

namespace {

enum Keep {
  ALL,
  WDL_PLANE,
  NO_WIN_DISTANCES,
  NO_LOSS_DISTANCES,
  LOSSES_ONLY,
  LOSS_BIT,
  LOSS_BIT_PACKED,
  RULE_WDL,
  KEEPS
};
constexpr const char* KEEP_NAMES[KEEPS] = {"stored",          "wdl",         "no_win_dist",
                                           "no_loss_dist",    "losses_only", "loss_bit",
                                           "loss_bit_packed", "rule_wdl"};

// Returns the bytes of one block of values as the writer stores it (the frames `keep`
// counts and the 32-byte index entry), with `keep`'s values.
size_t block_bytes(std::vector<ValueCode> block, Keep keep, Metric metric) {
  std::vector<uint8_t> wdl, dtm, frame;
  for (ValueCode& x : block) {
    if (keep == RULE_WDL) {
      if (metric == Metric::FIFTY) x = fifty_at(x, 0);
      continue;
    }
    if (keep == NO_WIN_DISTANCES && is_win(x)) x = code_of_distance(1);
    if (keep == NO_LOSS_DISTANCES && is_loss(x)) x = code_of_distance(0);
    if (keep >= LOSSES_ONLY && is_win(x)) x = DRAW;
    if (keep >= LOSS_BIT && is_loss(x)) x = LOSS_IN_0;
  }
  if (keep == LOSS_BIT_PACKED) {
    wdl.assign((block.size() + 7) / 8, 0);
    for (size_t i = 0; i < block.size(); ++i) wdl[i / 8] |= uint8_t(is_loss(block[i])) << (i % 8);
  } else {
    encode_block(block, wdl, dtm);
  }
  (void)compress_frame(wdl, DEFAULT_ZSTD_LEVEL, frame);
  size_t bytes = frame.size() + 32;
  if (keep == WDL_PLANE || keep >= LOSS_BIT) return bytes;  // RULE_WDL too
  (void)compress_frame(dtm, DEFAULT_ZSTD_LEVEL, frame);
  return bytes + frame.size();
}

// Prints one table's line; returns false (after saying why) if it cannot be read.
bool measure(const Variant& v, const std::string& dir, const std::string& name, uint32_t k) {
  Result<Sector> s = parse_sector(name);
  if (!s) return std::fprintf(stderr, "%s\n", s.message().c_str()), false;
  const Result<TableDir> d = TableDir::open(v, dir);
  if (!d) return std::fprintf(stderr, "%s\n", d.message().c_str()), false;
  Result<TableFile> file = TableFile::open_sector(v, dir, *s, d->metric());
  if (!file) return std::fprintf(stderr, "%s\n", file.message().c_str()), false;
  if (file->derived()) return std::fprintf(stderr, "%s: derived, skipped\n", name.c_str()), true;
  double bytes[KEEPS] = {};
  uint64_t sampled = 0;
  std::vector<ValueCode> block;
  for (uint32_t b = 0; b < file->blocks().size(); b += k) {
    if (Status st = file->read_block(b, block); !st)
      return std::fprintf(stderr, "%s\n", st.message().c_str()), false;
    sampled += block.size();
    for (int m = 0; m < KEEPS; ++m) bytes[m] += double(block_bytes(block, Keep(m), d->metric()));
  }
  const double n = double(file->header().entries), scale = sampled ? n / double(sampled) : 0;
  std::printf("%s %.0f", name.c_str(), n);
  for (int m = 0; m < KEEPS; ++m) std::printf(" %.0f", bytes[m] * scale);
  std::printf("\n");
  std::fflush(stdout);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: bench_distances <variant> <dir> <k> <sector>...|all\n");
    return 2;
  }
  const Variant* v = find_variant(argv[1]);
  if (!v) return std::fprintf(stderr, "unknown variant %s\n", argv[1]), 2;
  const std::string dir = argv[2];
  const uint32_t k = uint32_t(std::max(1, std::atoi(argv[3])));
  std::vector<std::string> names;
  for (int a = 4; a < argc; ++a) {
    if (std::string(argv[a]) != "all") {
      names.push_back(argv[a]);
      continue;
    }
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".mbt") names.push_back(e.path().stem().string());
  }
  std::printf("# table positions");
  for (const char* m : KEEP_NAMES) std::printf(" %s", m);
  std::printf("  (bytes; every %u-th block)\n", k);
  for (const std::string& name : names)
    if (!measure(*v, dir, name, k)) return 1;
}
