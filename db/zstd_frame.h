// One zstd frame: the compressed form of a plane of a table block.
#pragma once

#include <span>
#include <vector>

#include "core/status.h"

namespace millbase {

// Compresses raw into one zstd frame (with its content size) at `level`.
Status compress_frame(std::span<const uint8_t> raw, int level, std::vector<uint8_t>& out);

// Decompresses one frame (hostile bytes) into out; an error when the frame is malformed
// or its content size is unknown or above max_size.
Status decompress_frame(std::span<const uint8_t> frame, size_t max_size, std::vector<uint8_t>& out);

}  // namespace millbase
