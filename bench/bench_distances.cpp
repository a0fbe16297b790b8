// Benchmark for issue #24: how much of a table is the distances of its wins, and how
// much that of its losses. Each block is encoded as the table writer does, as it is,
// then with every win's distance made the same (the distances a winner reads are its
// children's, which are losses), then with every loss's distance made the same.
//
//   bench_distances <variant> <table dir> <sector>...
#include <cstdio>
#include <string>

#include "db/block_codec.h"
#include "db/dir_choice.h"
#include "db/table_file.h"
#include "db/zstd_frame.h"

using namespace millbase;

namespace {

enum Keep { ALL, NO_WIN_DISTANCES, NO_LOSS_DISTANCES, KEEPS };

// Returns the bytes of the blocks of values (block_entries each) as the writer stores
// them (both frames and the 24-byte index entry), with `keep`'s distances.
size_t table_bytes(const std::vector<ValueCode>& values, size_t block_entries, Keep keep) {
  std::vector<ValueCode> block;
  std::vector<uint8_t> wdl, dtm, frame;
  size_t bytes = 0;
  for (size_t b = 0; b < values.size(); b += block_entries) {
    block.assign(values.begin() + b, values.begin() + std::min(values.size(), b + block_entries));
    for (ValueCode& x : block) {
      if (keep == NO_WIN_DISTANCES && is_win(x)) x = code_of_distance(1);
      if (keep == NO_LOSS_DISTANCES && is_loss(x)) x = code_of_distance(0);
    }
    encode_block(block, wdl, dtm);
    (void)compress_frame(wdl, DEFAULT_ZSTD_LEVEL, frame);
    bytes += frame.size() + 24;
    (void)compress_frame(dtm, DEFAULT_ZSTD_LEVEL, frame);
    bytes += frame.size();
  }
  return bytes;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: bench_distances <variant> <dir> <sector>...\n");
    return 2;
  }
  const Variant* v = find_variant(argv[1]);
  if (!v) return std::fprintf(stderr, "unknown variant %s\n", argv[1]), 2;
  for (int a = 3; a < argc; ++a) {
    Result<Sector> s = parse_sector(argv[a]);
    if (!s) return std::fprintf(stderr, "%s\n", s.message().c_str()), 2;
    Result<TableFile> file = TableFile::open_sector(*v, argv[2], *s, metric_of(argv[2]));
    if (!file) return std::fprintf(stderr, "%s\n", file.message().c_str()), 1;
    Result<std::vector<ValueCode>> values = file->read_all();
    if (!values) return std::fprintf(stderr, "%s\n", values.message().c_str()), 1;
    const double n = double(values->size());
    size_t bytes[KEEPS];
    for (int k = 0; k < KEEPS; ++k)
      bytes[k] = table_bytes(*values, file->header().block_entries, Keep(k));
    std::printf(
        "%s %s: bits/position %.3f as stored, %.3f without the wins' distances, %.3f without "
        "the losses'\n",
        argv[1], argv[a], 8 * bytes[ALL] / n, 8 * bytes[NO_WIN_DISTANCES] / n,
        8 * bytes[NO_LOSS_DISTANCES] / n);
  }
}
