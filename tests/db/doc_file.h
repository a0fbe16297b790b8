// A table file read as docs/format.md states it ("Header", "Block index", "Blocks",
// "Values", "Reading safely"), written from the document alone, with no millbase header:
// its own little-endian reads, XXH3 checks and zstd frames. format_doc_test.cpp checks
// it against the library.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace doc {

// A whole table: its header's fields and every entry's value.
struct Table {
  uint16_t version = 0;
  uint8_t metric = 0, encoding = 0, board = 0, stones = 0, flags = 0, compression = 0;
  uint8_t us = 0, them = 0, us_hand = 0, them_hand = 0;
  uint32_t block_entries = 0, block_count = 0, zstd_level = 0, longest_win = 0, longest_loss = 0;
  uint64_t entries = 0, wins = 0, losses = 0, draws = 0, index_checksum = 0, data_size = 0;
  std::vector<uint8_t> cls;        // per entry: 0 draw, 1 win, 2 loss
  std::vector<uint32_t> distance;  // per entry: plies (0 for a draw or when not stored)

  // Returns whether the blocks hold distances (encoding 1) or not (encoding 3).
  bool distances() const { return encoding == 1; }
  // Returns the value as the document's value code: 0 draw, else distance + 1; without
  // distances 0x8002 for a win, 0x8001 for a loss.
  uint32_t code(uint64_t i) const {
    if (cls[i] == 0) return 0;
    return distances() ? distance[i] + 1 : cls[i] == 1 ? 0x8002 : 0x8001;
  }
};

// Reads a whole table file into t; returns "" or what is wrong with it (the first
// check that fails, named as the document's section names it).
std::string read_table(const std::vector<uint8_t>& f, Table& t);

// Returns the bytes of the file at path (none when it cannot be read).
std::vector<uint8_t> read_bytes(const std::string& path);

}  // namespace doc
