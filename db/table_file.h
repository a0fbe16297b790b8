// Reading a table file: header and block index checked on open, blocks read from its
// BlockSource (a file with pread, or what set_source_opener() chose: db/block_source.h),
// checked against their checksums and decoded on demand. File bytes are hostile: every
// error names the file (and the block).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "db/block_source.h"
#include "db/table_header.h"

namespace millbase {

// Returns the file name of a sector's table, e.g. "8-7.mbt".
std::string table_file_name(const Sector& s);

// Returns dir/<sector>.mbt, the path of sector s's table in a table directory.
std::string table_path(const std::string& dir, const Sector& s);

// Returns the NotFound status of sector s's missing table in dir, naming the file, the
// sector and the variant; its subject() is the sector's name.
Status missing_table(const Variant& v, const std::string& dir, const Sector& s);

class TableFile {
 public:
  // Opens path, checking the header, that it belongs to variant v, sector s and the
  // metric, and the block index checksum.
  static Result<TableFile> open(const std::string& path, const Variant& v, const Sector& s,
                                Metric metric = Metric::PLAIN);
  // Opens sector s's table in dir and checks its entry count against the sector's
  // index; a missing file is Status::Code::NotFound (missing_table()).
  static Result<TableFile> open_sector(const Variant& v, const std::string& dir, const Sector& s,
                                       Metric metric = Metric::PLAIN);
  // As open(path, ...), on the bytes of `source`.
  static Result<TableFile> open(SourcePtr source, const Variant& v, const Sector& s,
                                Metric metric = Metric::PLAIN);
  // Opens path without expecting a variant or sector (for `info`).
  static Result<TableFile> open_any(const std::string& path);
  // As open_any(path), on the bytes of `source`.
  static Result<TableFile> open_any(SourcePtr source);
  // Returns the header of the table at path, checked against its checksum, reading
  // nothing else: whose table it is.
  static Result<TableHeader> read_header(const std::string& path);

  const TableHeader& header() const { return header_; }
  const std::string& path() const { return path_; }
  uint64_t file_size() const { return source_->size(); }
  const std::vector<BlockEntry>& blocks() const { return blocks_; }
  // Returns true when the values are not stored but derived by a search over the
  // successors' tables (solver/pack.h).
  bool derived() const { return header_.encoding == Encoding::DERIVED; }

  // Reads, checks and decodes block b into out (header().block_entries codes at most).
  Status read_block(uint32_t b, std::vector<ValueCode>& out) const;
  // Reads and checks block b's WDL plane only: one class per entry.
  Status read_wdl_block(uint32_t b, std::vector<Wdl>& out) const;
  // Returns what read_block (or, with wdl_only, read_wdl_block) reads of block b, as a
  // hint for a source that fetches by request (hint_reads).
  ReadHint block_read(uint32_t b, bool wdl_only) const;
  // Reads and decodes every block; an error for a derived table.
  Result<std::vector<ValueCode>> read_all() const;
  // Checks every block's checksums without decompressing.
  Status verify_checksums() const;

 private:
  // Reads and checks the header of `source` into t.
  static Status open_header(SourcePtr source, TableFile& t);
  // Checks one frame of block b (0: WDL, 1: distances), read into `compressed`, against
  // its checksum and decompresses it into out.
  Status check_frame(uint32_t b, int frame, std::span<const uint8_t> compressed,
                     std::vector<uint8_t>& out) const;
  // Returns "<path>: corrupt table: block <b>: <what>".
  Status block_error(uint32_t b, const std::string& what) const;
  size_t block_size(uint32_t b) const;

  SourcePtr source_;
  std::string path_;  // source_'s name
  TableHeader header_;
  std::vector<BlockEntry> blocks_;
};

}  // namespace millbase
