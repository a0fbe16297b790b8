// The WDL plane of the benchmarks for issue #24: each entry's class, and the plane's
// size as the table writer stores it.
#pragma once

#include <cstdint>
#include <vector>

#include "db/table_header.h"
#include "db/value.h"
#include "db/zstd_frame.h"

namespace millbase {

// Returns the class of a value: 0 draw, 1 win, 2 loss.
inline uint8_t class_of(ValueCode v) { return is_draw(v) ? 0 : is_win(v) ? 1 : 2; }

// Returns the compressed size of the WDL plane of classes (2 bits per entry, one zstd
// frame at the writer's level).
inline size_t plane_bytes(const std::vector<uint8_t>& classes) {
  std::vector<uint8_t> raw((classes.size() + 3) / 4, 0), frame;
  for (size_t i = 0; i < classes.size(); ++i) raw[i / 4] |= uint8_t(classes[i] << (2 * (i % 4)));
  (void)compress_frame(raw, DEFAULT_ZSTD_LEVEL, frame);
  return frame.size();
}

}  // namespace millbase
