#include "db/table_file.h"

#include "db/block_codec.h"
#include "db/bytes.h"
#include "db/huge_pages.h"
#include "db/sector_index.h"
#include "db/zstd_frame.h"

namespace millbase {

std::string table_file_name(const Sector& s) { return sector_name(s) + ".mbt"; }

std::string table_path(const std::string& dir, const Sector& s) {
  return dir + "/" + table_file_name(s);
}

Status missing_table(const Variant& v, const std::string& dir, const Sector& s) {
  return Status::not_found("missing table " + table_path(dir, s) + " (sector " + sector_name(s) +
                               " of " + std::string(v.name) + ")",
                           sector_name(s));
}

Status TableFile::open_header(SourcePtr source, TableFile& t) {
  t.source_ = std::move(source);
  t.path_ = t.source_->name();
  std::vector<uint8_t> head;
  if (Status s = t.source_->read(0, HEADER_SIZE, head); !s) return s;
  if (Status s = decode_header(head, t.header_); !s)
    return Status::error(t.path_ + ": corrupt table: " + s.message());
  return Status::ok();
}

Result<TableHeader> TableFile::read_header(const std::string& path) {
  Result<SourcePtr> source = open_source(path);
  if (!source) return source.status();
  TableFile t;
  if (Status s = open_header(*source, t); !s) return s;
  return t.header_;
}

Result<TableFile> TableFile::open_any(const std::string& path) {
  Result<SourcePtr> source = open_source(path);
  if (!source) return source.status();
  return open_any(*source);
}

Result<TableFile> TableFile::open_any(SourcePtr source) {
  TableFile t;
  if (Status s = open_header(std::move(source), t); !s) return s;
  const std::string& path = t.path_;
  const TableHeader& h = t.header_;
  std::vector<uint8_t> index;
  if (Status s = t.source_->read(HEADER_SIZE, size_t(h.block_count) * BLOCK_ENTRY_SIZE, index); !s)
    return s;
  if (table_checksum(index.data(), index.size()) != h.index_checksum)
    return Status::error(path + ": corrupt table: block index checksum mismatch");
  ByteReader r(index.data(), index.size());
  uint64_t expected = HEADER_SIZE + index.size();
  for (uint32_t b = 0; b < h.block_count; ++b) {
    BlockEntry e{r.u64(), r.u32(), r.u32(), r.u64(), r.u64()};
    if (e.offset != expected)
      return Status::error(path + ": corrupt table: block " + std::to_string(b) + " misplaced");
    if (h.encoding == Encoding::WDL_ONLY && e.dtm_size != 0)
      return Status::error(path + ": corrupt table: block " + std::to_string(b) +
                           " has a distance frame in a table without distances");
    expected += uint64_t(e.wdl_size) + e.dtm_size;
    t.blocks_.push_back(e);
  }
  if (expected != t.file_size())
    return Status::error(path + ": corrupt table: size " + std::to_string(t.file_size()) +
                         " bytes, expected " + std::to_string(expected) + " (truncated?)");
  return t;
}

Result<TableFile> TableFile::open(const std::string& path, const Variant& v, const Sector& s,
                                  Metric metric) {
  Result<SourcePtr> source = open_source(path);
  if (!source) return source.status();
  return open(*source, v, s, metric);
}

Result<TableFile> TableFile::open(SourcePtr source, const Variant& v, const Sector& s,
                                  Metric metric) {
  Result<TableFile> t = open_any(std::move(source));
  if (!t) return t;
  const std::string& path = t->path();
  const TableHeader& h = t->header();
  if (!header_matches(h, v))
    return Status::error(path + ": table of another variant (" + header_rules_text(h) +
                         "), expected " + std::string(v.name));
  if (h.metric != metric)
    return Status::error(path + ": table of metric " + metric_name(h.metric) + ", expected " +
                         metric_name(metric));
  if (h.sector != s)
    return Status::error(path + ": table of sector " + sector_name(h.sector) + ", expected " +
                         sector_name(s));
  return t;
}

Result<TableFile> TableFile::open_sector(const Variant& v, const std::string& dir, const Sector& s,
                                         Metric metric) {
  const std::string path = table_path(dir, s);
  Result<SourcePtr> source = open_source(path);
  if (!source)
    return source.status().code() == Status::Code::NotFound ? missing_table(v, dir, s)
                                                            : source.status();
  Result<TableFile> file = open(*source, v, s, metric);
  if (!file) return file;
  const uint64_t expected = SectorIndex::count(*v.board, s.us, s.them);
  if (file->header().entries != expected)
    return Status::error(path + ": corrupt table: " + std::to_string(file->header().entries) +
                         " entries, expected " + std::to_string(expected));
  return file;
}

size_t TableFile::block_size(uint32_t b) const {
  const uint64_t begin = uint64_t(b) * header_.block_entries;
  return size_t(std::min<uint64_t>(header_.block_entries, header_.entries - begin));
}

Status TableFile::block_error(uint32_t b, const std::string& what) const {
  return Status::error(path_ + ": corrupt table: block " + std::to_string(b) + ": " + what);
}

Status TableFile::check_frame(uint32_t b, int frame, std::span<const uint8_t> compressed,
                              std::vector<uint8_t>& out) const {
  const BlockEntry& e = blocks_.at(b);
  if (table_checksum(compressed.data(), compressed.size()) !=
      (frame == 0 ? e.wdl_checksum : e.dtm_checksum))
    return block_error(b, "checksum mismatch");
  const size_t count = block_size(b);
  if (Status s = decompress_frame(compressed, frame == 0 ? (count + 3) / 4 : 1 + 2 * count, out);
      !s)
    return block_error(b, s.message());
  return Status::ok();
}

Status TableFile::read_block(uint32_t b, std::vector<ValueCode>& out) const {
  // Both frames in one read: one request where the source is a range fetch.
  const BlockEntry& e = blocks_.at(b);
  std::vector<uint8_t> bytes, wdl, dtm;
  if (Status s = source_->read(e.offset, size_t(e.wdl_size) + e.dtm_size, bytes); !s) return s;
  const std::span<const uint8_t> frames(bytes);
  if (Status s = check_frame(b, 0, frames.first(e.wdl_size), wdl); !s) return s;
  out.resize(block_size(b));
  if (header_.encoding == Encoding::WDL_ONLY) {
    if (Status s = decode_wdl_only_block(wdl, out.size(), out.data()); !s)
      return block_error(b, s.message());
    return Status::ok();
  }
  if (Status s = check_frame(b, 1, frames.subspan(e.wdl_size), dtm); !s) return s;
  if (Status s = decode_block(wdl, dtm, out.size(), out.data()); !s)
    return block_error(b, s.message());
  return Status::ok();
}

Status TableFile::read_wdl_block(uint32_t b, std::vector<Wdl>& out) const {
  const BlockEntry& e = blocks_.at(b);
  std::vector<uint8_t> bytes, wdl;
  if (Status s = source_->read(e.offset, e.wdl_size, bytes); !s) return s;
  if (Status s = check_frame(b, 0, bytes, wdl); !s) return s;
  if (Status s = decode_wdl_plane(wdl, block_size(b), out); !s) return block_error(b, s.message());
  return Status::ok();
}

ReadHint TableFile::block_read(uint32_t b, bool wdl_only) const {
  const BlockEntry& e = blocks_.at(b);
  return ReadHint{path_, e.offset, wdl_only ? e.wdl_size : uint64_t(e.wdl_size) + e.dtm_size};
}

Result<std::vector<ValueCode>> TableFile::read_all() const {
  if (derived())
    return Status::error(path_ +
                         ": derived table: its values are found by a search over its successors");
  std::vector<ValueCode> values = huge_vector<ValueCode>(header_.entries, 0);
  std::vector<std::string> errors(header_.block_count);
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t b = 0; b < int64_t(header_.block_count); ++b) {
    std::vector<ValueCode> block;
    Status s = read_block(uint32_t(b), block);
    if (!s) {
      errors[b] = s.message();
      continue;
    }
    std::copy(block.begin(), block.end(), values.begin() + b * header_.block_entries);
  }
  for (const std::string& e : errors)
    if (!e.empty()) return Status::error(e);
  if (compute_stats(values, header_.metric) != header_.stats)
    return Status::error(path_ + ": corrupt table: statistics do not match the values");
  return values;
}

Status TableFile::verify_checksums() const {
  for (uint32_t b = 0; b < header_.block_count; ++b) {
    const BlockEntry& e = blocks_[b];
    std::vector<uint8_t> bytes;
    if (Status s = source_->read(e.offset, size_t(e.wdl_size) + e.dtm_size, bytes); !s) return s;
    if (table_checksum(bytes.data(), e.wdl_size) != e.wdl_checksum ||
        table_checksum(bytes.data() + e.wdl_size, e.dtm_size) != e.dtm_checksum)
      return block_error(b, "checksum mismatch");
  }
  return Status::ok();
}

}  // namespace millbase
