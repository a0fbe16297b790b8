// Little-endian encoding with explicit widths, and a bounds-checked reader for bytes
// from files (treated as hostile).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace millbase {

// Appends the value v as `width` little-endian bytes.
inline void put_le(std::vector<uint8_t>& out, uint64_t v, int width) {
  for (int i = 0; i < width; ++i) out.push_back(uint8_t(v >> (8 * i)));
}
inline void put_u8(std::vector<uint8_t>& out, uint8_t v) { put_le(out, v, 1); }
inline void put_u16(std::vector<uint8_t>& out, uint16_t v) { put_le(out, v, 2); }
inline void put_u32(std::vector<uint8_t>& out, uint32_t v) { put_le(out, v, 4); }
inline void put_u64(std::vector<uint8_t>& out, uint64_t v) { put_le(out, v, 8); }

// Reads little-endian values from a byte range; reading past the end sets failed().
class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size) : p_(data), end_(data + size) {}

  uint64_t le(int width) {
    if (size_t(end_ - p_) < size_t(width)) {
      failed_ = true;
      p_ = end_;
      return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < width; ++i) v |= uint64_t(p_[i]) << (8 * i);
    p_ += width;
    return v;
  }
  uint8_t u8() { return uint8_t(le(1)); }
  uint16_t u16() { return uint16_t(le(2)); }
  uint32_t u32() { return uint32_t(le(4)); }
  uint64_t u64() { return le(8); }
  bool failed() const { return failed_; }
  size_t remaining() const { return size_t(end_ - p_); }

 private:
  const uint8_t* p_;
  const uint8_t* end_;
  bool failed_ = false;
};

}  // namespace millbase
