// Benchmark for issue #24: how much smaller a table's blocks get when their zstd frames
// share a dictionary trained on the table's own planes (one per table and plane).
// Each block's WDL plane and distance plane (db/block_codec.h) is compressed at the
// writer's level as today, and with a dictionary of each size given, trained with
// ZDICT_trainFromBuffer on every k-th block; the dictionary's bytes are counted.
//
//   bench_dictionary <variant> <table dir> <sector> [dictionary bytes ...]
#include <zdict.h>
#include <zstd.h>

#include <cstdio>
#include <string>

#include "db/block_codec.h"
#include "db/table_file.h"
#include "db/zstd_frame.h"

using namespace millbase;

namespace {

struct Planes {
  std::vector<std::vector<uint8_t>> wdl, dtm;
};

// Returns the bytes of every plane compressed with a dictionary of dict_bytes trained on
// every 8th plane (plus the dictionary itself), or without one when dict_bytes is 0; 0
// when the training fails.
size_t compressed(const std::vector<std::vector<uint8_t>>& planes, size_t dict_bytes) {
  std::vector<uint8_t> frame;
  size_t total = 0;
  if (dict_bytes == 0) {
    for (const auto& p : planes)
      (void)compress_frame(p, DEFAULT_ZSTD_LEVEL, frame), total += frame.size();
    return total;
  }
  std::vector<uint8_t> samples;
  std::vector<size_t> sizes;
  for (size_t i = 0; i < planes.size(); i += 8) {
    samples.insert(samples.end(), planes[i].begin(), planes[i].end());
    sizes.push_back(planes[i].size());
  }
  std::vector<uint8_t> dict(dict_bytes);
  const size_t got = ZDICT_trainFromBuffer(dict.data(), dict.size(), samples.data(), sizes.data(),
                                           unsigned(sizes.size()));
  if (ZDICT_isError(got)) return 0;
  ZSTD_CDict* cdict = ZSTD_createCDict(dict.data(), got, DEFAULT_ZSTD_LEVEL);
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  total = got;
  for (const auto& p : planes) {
    frame.resize(ZSTD_compressBound(p.size()));
    const size_t n =
        ZSTD_compress_usingCDict(cctx, frame.data(), frame.size(), p.data(), p.size(), cdict);
    total += ZSTD_isError(n) ? p.size() : n;
  }
  ZSTD_freeCCtx(cctx);
  ZSTD_freeCDict(cdict);
  return total;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr,
                 "usage: bench_dictionary <variant> <dir> <sector> [dictionary bytes ...]\n");
    return 2;
  }
  const Variant* v = find_variant(argv[1]);
  if (!v) return std::fprintf(stderr, "unknown variant %s\n", argv[1]), 2;
  Result<Sector> s = parse_sector(argv[3]);
  if (!s) return std::fprintf(stderr, "%s\n", s.message().c_str()), 2;
  std::vector<size_t> dict_sizes;
  for (int i = 4; i < argc; ++i) dict_sizes.push_back(std::stoul(argv[i]));
  if (dict_sizes.empty()) dict_sizes = {16 << 10, 64 << 10};
  Result<TableFile> file = TableFile::open_sector(*v, argv[2], *s);
  if (!file) return std::fprintf(stderr, "%s\n", file.message().c_str()), 1;
  Result<std::vector<ValueCode>> values = file->read_all();
  if (!values) return std::fprintf(stderr, "%s\n", values.message().c_str()), 1;
  Planes planes;
  const size_t block = file->header().block_entries;
  for (size_t b = 0; b < values->size(); b += block) {
    planes.wdl.emplace_back(), planes.dtm.emplace_back();
    encode_block(std::span(*values).subspan(b, std::min(block, values->size() - b)),
                 planes.wdl.back(), planes.dtm.back());
  }
  const double n = double(values->size());
  const size_t wdl0 = compressed(planes.wdl, 0), dtm0 = compressed(planes.dtm, 0);
  std::printf("%s %s: %zu blocks; bits/position WDL %.4f, distances %.4f, file %.4f\n", argv[1],
              argv[3], planes.wdl.size(), 8 * wdl0 / n, 8 * dtm0 / n, 8.0 * file->file_size() / n);
  for (size_t d : dict_sizes) {
    const size_t wdl = compressed(planes.wdl, d), dtm = compressed(planes.dtm, d);
    if (wdl == 0 || dtm == 0) {
      std::printf("  dictionary %6zu bytes: training failed (too few blocks)\n", d);
      continue;
    }
    std::printf("  dictionary %6zu bytes: WDL %.4f (%.3fx), distances %.4f (%.3fx)\n", d,
                8 * wdl / n, double(wdl0) / wdl, 8 * dtm / n, double(dtm0) / dtm);
  }
}
