// Table files: one per sector, compressed in independently decodable blocks with
// checksums (layout byte by byte in docs/format.md).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "db/sector.h"
#include "db/value.h"

namespace millbase {

constexpr uint16_t FORMAT_VERSION = 1;
constexpr uint32_t DEFAULT_BLOCK_ENTRIES = 1 << 13;
constexpr int DEFAULT_ZSTD_LEVEL = 12;

// On disk: do not change.
enum class Metric : uint8_t { DTM = 0 };            // distance to the end of the game
enum class BoardId : uint8_t { B24 = 0, B16 = 1 };  // 24-point, 16-point board
// WDL_HALF_DISTANCE: values in blocks. DERIVED: no values stored; each entry is the
// rules.md formula over its successors, all of which are in stored sectors.
enum class Encoding : uint8_t { WDL_HALF_DISTANCE = 1, DERIVED = 2 };
enum class Compression : uint8_t { ZSTD = 1 };

struct TableStats {
  uint64_t wins = 0, losses = 0, draws = 0;
  uint32_t longest_win = 0, longest_loss = 0;  // 0 when there is none
  bool operator==(const TableStats&) const = default;
};

// Returns the statistics of a sector's values.
TableStats compute_stats(std::span<const ValueCode> values);

// The fixed header of a table file.
struct TableHeader {
  uint16_t version = FORMAT_VERSION;
  Metric metric = Metric::DTM;
  Encoding encoding = Encoding::WDL_HALF_DISTANCE;
  BoardId board = BoardId::B24;
  uint8_t stones = 0;
  bool flying = false;
  Compression compression = Compression::ZSTD;
  Sector sector;
  uint32_t block_entries = DEFAULT_BLOCK_ENTRIES;
  uint64_t entries = 0;
  uint32_t block_count = 0;
  int32_t zstd_level = DEFAULT_ZSTD_LEVEL;
  TableStats stats;
  uint64_t index_checksum = 0;
  uint64_t data_size = 0;
};

// Where one block's two compressed frames are and their checksums.
struct BlockEntry {
  uint64_t offset = 0;  // of the WDL frame, from the start of the file
  uint32_t wdl_size = 0, dtm_size = 0;
  uint64_t wdl_checksum = 0, dtm_checksum = 0;
};

constexpr size_t HEADER_SIZE = 96;
constexpr size_t BLOCK_ENTRY_SIZE = 32;

// Returns the file name of a sector's table, e.g. "8-7.mbt".
std::string table_file_name(const Sector& s);

// Returns dir/<sector>.mbt, the path of sector s's table in a table directory.
std::string table_path(const std::string& dir, const Sector& s);

// Returns the board id of a variant's board.
BoardId board_id(const Variant& v);

// Writes the values of sector s atomically: a temporary file, fsync, rename. On error
// nothing is left under `path`.
Status write_table(const std::string& path, const Variant& v, const Sector& s,
                   std::span<const ValueCode> values, int zstd_level = DEFAULT_ZSTD_LEVEL,
                   uint32_t block_entries = DEFAULT_BLOCK_ENTRIES);

// Writes the table of a derived sector (Encoding::DERIVED): its header with `entries`
// and the statistics of its values, and no blocks; atomically, like write_table.
Status write_derived_table(const std::string& path, const Variant& v, const Sector& s,
                           uint64_t entries, const TableStats& stats);

// An open table file: header and block index read and checked.
class TableFile {
 public:
  // Opens path, checking the header, that it belongs to variant v and sector s, and
  // the block index checksum. Errors name the file.
  static Result<TableFile> open(const std::string& path, const Variant& v, const Sector& s);
  // Opens sector s's table in dir and checks its entry count against the sector's
  // index; a missing file is Status::Code::NotFound, naming it and the command that
  // builds it.
  static Result<TableFile> open_sector(const Variant& v, const std::string& dir, const Sector& s);
  // Opens path without expecting a variant or sector (for `info`).
  static Result<TableFile> open_any(const std::string& path);

  const TableHeader& header() const { return header_; }
  const std::string& path() const { return path_; }
  uint64_t file_size() const { return file_size_; }
  const std::vector<BlockEntry>& blocks() const { return blocks_; }
  // Returns true when the values are not stored but derived by a one-ply search.
  bool derived() const { return header_.encoding == Encoding::DERIVED; }

  // Reads, checks and decodes block b into out (header().block_entries codes at most).
  Status read_block(uint32_t b, std::vector<ValueCode>& out) const;
  // Reads and checks block b's WDL plane only: one class per entry, 0 draw, 1 win,
  // 2 loss (the planes of docs/format.md).
  Status read_wdl_block(uint32_t b, std::vector<uint8_t>& out) const;
  // Reads and decodes every block; an error for a derived table.
  Result<std::vector<ValueCode>> read_all() const;
  // Checks every block's checksums without decompressing.
  Status verify_checksums() const;

 private:
  Status read_bytes(uint64_t offset, size_t size, std::vector<uint8_t>& out) const;
  // Reads, checks and decompresses one frame of block b (0: WDL, 1: distances).
  Status read_frame(uint32_t b, int frame, std::vector<uint8_t>& out) const;
  size_t block_size(uint32_t b) const;

  struct Fd;
  std::shared_ptr<const Fd> fd_;
  std::string path_;
  TableHeader header_;
  std::vector<BlockEntry> blocks_;
  uint64_t file_size_ = 0;
};

}  // namespace millbase
