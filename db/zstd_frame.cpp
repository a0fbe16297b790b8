#include "db/zstd_frame.h"

#include <zstd.h>

#include <string>

namespace millbase {

Status compress_frame(std::span<const uint8_t> raw, int level, std::vector<uint8_t>& out) {
  out.resize(ZSTD_compressBound(raw.size()));
  size_t n = ZSTD_compress(out.data(), out.size(), raw.data(), raw.size(), level);
  if (ZSTD_isError(n)) return Status::error(std::string("zstd: ") + ZSTD_getErrorName(n));
  out.resize(n);
  return Status::ok();
}

Status decompress_frame(std::span<const uint8_t> frame, size_t max_size,
                        std::vector<uint8_t>& out) {
  unsigned long long size = ZSTD_getFrameContentSize(frame.data(), frame.size());
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN || size > max_size)
    return Status::error("bad compressed frame");
  out.resize(size);
  size_t n = ZSTD_decompress(out.data(), out.size(), frame.data(), frame.size());
  if (ZSTD_isError(n) || n != size) return Status::error("bad compressed frame");
  return Status::ok();
}

}  // namespace millbase
