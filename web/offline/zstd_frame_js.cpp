// db/zstd_frame.h for the offline build: frames are decompressed by fzstd, a zstd
// decoder in JavaScript (npm: fzstd; docs/web-api.md, "The offline build"), loaded by
// the page before the module. The offline page only reads tables, so compression is
// refused.
#include <emscripten/emscripten.h>

#include "db/zstd_frame.h"

// Returns the length of the decompressed frame at src written to dst, -1 for a
// malformed frame, -2 when it is longer than capacity.
EM_JS(int, js_zstd_decompress, (const uint8_t* src, int size, uint8_t* dst, int capacity), {
  let out;
  try {
    out = fzstd.decompress(HEAPU8.subarray(src, src + size));
  } catch (e) {
    return -1;
  }
  if (out.length > capacity) return -2;
  HEAPU8.set(out, dst);
  return out.length;
});

namespace millbase {

Status compress_frame(std::span<const uint8_t>, int, std::vector<uint8_t>&) {
  return Status::error("the offline build does not write tables");
}

Status decompress_frame(std::span<const uint8_t> frame, size_t max_size,
                        std::vector<uint8_t>& out) {
  out.resize(max_size);
  const int n = js_zstd_decompress(frame.data(), int(frame.size()), out.data(), int(max_size));
  if (n == -1) return Status::error("malformed zstd frame");
  if (n < 0) return Status::error("zstd frame larger than " + std::to_string(max_size) + " bytes");
  out.resize(size_t(n));
  return Status::ok();
}

}  // namespace millbase
