#include "db/zstd_frame.h"

#include <zstd.h>

#include <memory>
#include <string>

namespace millbase {

namespace {

// One compression and one decompression context per thread, made on first use and kept
// for the thread's life: ZSTD_compress() and ZSTD_decompress() allocate and set up a
// context on every call, which costs as much as a small block's work. The frames are the
// same: ZSTD_compressCCtx() at a level is what ZSTD_compress() runs on its fresh context.
struct ContextDeleter {
  void operator()(ZSTD_CCtx* c) const { ZSTD_freeCCtx(c); }
  void operator()(ZSTD_DCtx* d) const { ZSTD_freeDCtx(d); }
};

// Returns this thread's compression context, or nullptr when it cannot be made.
ZSTD_CCtx* compression_context() {
  thread_local std::unique_ptr<ZSTD_CCtx, ContextDeleter> context(ZSTD_createCCtx());
  return context.get();
}

// Returns this thread's decompression context, or nullptr when it cannot be made.
ZSTD_DCtx* decompression_context() {
  thread_local std::unique_ptr<ZSTD_DCtx, ContextDeleter> context(ZSTD_createDCtx());
  return context.get();
}

}  // namespace

Status compress_frame(std::span<const uint8_t> raw, int level, std::vector<uint8_t>& out) {
  ZSTD_CCtx* const context = compression_context();
  if (!context) return Status::error("zstd: cannot allocate a compression context");
  out.resize(ZSTD_compressBound(raw.size()));
  size_t n = ZSTD_compressCCtx(context, out.data(), out.size(), raw.data(), raw.size(), level);
  if (ZSTD_isError(n)) return Status::error(std::string("zstd: ") + ZSTD_getErrorName(n));
  out.resize(n);
  return Status::ok();
}

Status decompress_frame(std::span<const uint8_t> frame, size_t max_size,
                        std::vector<uint8_t>& out) {
  unsigned long long size = ZSTD_getFrameContentSize(frame.data(), frame.size());
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN || size > max_size)
    return Status::error("bad compressed frame");
  ZSTD_DCtx* const context = decompression_context();
  if (!context) return Status::error("zstd: cannot allocate a decompression context");
  out.resize(size);
  size_t n = ZSTD_decompressDCtx(context, out.data(), out.size(), frame.data(), frame.size());
  if (ZSTD_isError(n) || n != size) return Status::error("bad compressed frame");
  return Status::ok();
}

}  // namespace millbase
