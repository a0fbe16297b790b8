// A table file read from docs/format.md alone (doc_file.h).
#include "doc_file.h"

#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <fstream>
#include <iterator>

namespace doc {

namespace {

// Returns the little-endian number of `bytes` bytes at p.
uint64_t le(const uint8_t* p, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | p[i];
  return v;
}

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

}  // namespace

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
  if (t.board > 2 || t.compression != 1 || (t.flags & ~15u)) return "enum or flags";
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
