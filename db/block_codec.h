// The two planes of one block of a table (docs/format.md, "Blocks"): a WDL plane of
// 2 bits per entry, and the half distances of the wins, then of the losses.
#pragma once

#include <span>
#include <vector>

#include "core/status.h"
#include "db/value.h"

namespace millbase {

// Encodes the values of one block into its uncompressed WDL plane and distance plane.
void encode_block(std::span<const ValueCode> values, std::vector<uint8_t>& wdl,
                  std::vector<uint8_t>& dtm);

// Decodes one block of `count` entries from its planes (hostile bytes: sizes, classes,
// width and distances are checked) into out[0, count). dtm is padded in place with 8
// zero bytes, which the decoder reads past the ends of its streams.
Status decode_block(std::span<const uint8_t> wdl, std::vector<uint8_t>& dtm, size_t count,
                    ValueCode* out);

// Decodes one block of a table without distances (Encoding::WDL_ONLY) from its WDL
// plane (hostile bytes): DRAW, WIN_NOT_STORED or LOSS_NOT_STORED per entry.
Status decode_wdl_only_block(std::span<const uint8_t> wdl, size_t count, ValueCode* out);

// Decodes the WDL plane of one block of `count` entries into one class per entry.
Status decode_wdl_plane(std::span<const uint8_t> wdl, size_t count, std::vector<Wdl>& out);

}  // namespace millbase
