#include "db/table_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

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

namespace {

std::string errno_text() { return std::strerror(errno); }

}  // namespace

// An open file descriptor, closed when the last TableFile copy goes.
struct TableFile::Fd {
  int fd;
  explicit Fd(int f) : fd(f) {}
  Fd(const Fd&) = delete;
  ~Fd() { ::close(fd); }
};

Status TableFile::open_header(const std::string& path, TableFile& t) {
  t.path_ = path;
  // Non-blocking, so that a FIFO or device at a table's path cannot hang the open; only
  // regular files are tables.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return Status::error(path + ": " + errno_text());
  t.fd_ = std::make_shared<const Fd>(fd);
  struct stat st;
  if (::fstat(fd, &st) != 0) return Status::error(path + ": " + errno_text());
  if (!S_ISREG(st.st_mode)) return Status::error(path + ": not a regular file, so not a table");
  t.file_size_ = uint64_t(st.st_size);
  std::vector<uint8_t> head;
  if (Status s = t.read_bytes(0, HEADER_SIZE, head); !s) return s;
  if (Status s = decode_header(head, t.header_); !s)
    return Status::error(path + ": corrupt table: " + s.message());
  return Status::ok();
}

Result<TableHeader> TableFile::read_header(const std::string& path) {
  TableFile t;
  if (Status s = open_header(path, t); !s) return s;
  return t.header_;
}

Result<TableFile> TableFile::open_any(const std::string& path) {
  TableFile t;
  if (Status s = open_header(path, t); !s) return s;
  const TableHeader& h = t.header_;
  std::vector<uint8_t> index;
  if (Status s = t.read_bytes(HEADER_SIZE, size_t(h.block_count) * BLOCK_ENTRY_SIZE, index); !s)
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
  if (expected != t.file_size_)
    return Status::error(path + ": corrupt table: size " + std::to_string(t.file_size_) +
                         " bytes, expected " + std::to_string(expected) + " (truncated?)");
  return t;
}

Result<TableFile> TableFile::open(const std::string& path, const Variant& v, const Sector& s,
                                  Metric metric) {
  Result<TableFile> t = open_any(path);
  if (!t) return t;
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
  if (::access(path.c_str(), F_OK) != 0) return missing_table(v, dir, s);
  Result<TableFile> file = open(path, v, s, metric);
  if (!file) return file;
  const uint64_t expected = SectorIndex::count(*v.board, s.us, s.them);
  if (file->header().entries != expected)
    return Status::error(path + ": corrupt table: " + std::to_string(file->header().entries) +
                         " entries, expected " + std::to_string(expected));
  return file;
}

Status TableFile::read_bytes(uint64_t offset, size_t size, std::vector<uint8_t>& out) const {
  if (offset + size > file_size_)
    return Status::error(path_ + ": corrupt table: truncated at byte " +
                         std::to_string(file_size_));
  out.resize(size);
  size_t done = 0;
  while (done < size) {
    ssize_t n = ::pread(fd_->fd, out.data() + done, size - done, off_t(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      return Status::error(path_ + ": read error: " + (n < 0 ? errno_text() : "truncated"));
    done += size_t(n);
  }
  return Status::ok();
}

size_t TableFile::block_size(uint32_t b) const {
  const uint64_t begin = uint64_t(b) * header_.block_entries;
  return size_t(std::min<uint64_t>(header_.block_entries, header_.entries - begin));
}

Status TableFile::block_error(uint32_t b, const std::string& what) const {
  return Status::error(path_ + ": corrupt table: block " + std::to_string(b) + ": " + what);
}

Status TableFile::read_frame(uint32_t b, int frame, std::vector<uint8_t>& out) const {
  const BlockEntry& e = blocks_.at(b);
  const uint64_t offset = frame == 0 ? e.offset : e.offset + e.wdl_size;
  const size_t size = frame == 0 ? e.wdl_size : e.dtm_size;
  std::vector<uint8_t> compressed;
  if (Status s = read_bytes(offset, size, compressed); !s) return s;
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
  std::vector<uint8_t> wdl, dtm;
  if (Status s = read_frame(b, 0, wdl); !s) return s;
  out.resize(block_size(b));
  if (header_.encoding == Encoding::WDL_ONLY) {
    if (Status s = decode_wdl_only_block(wdl, out.size(), out.data()); !s)
      return block_error(b, s.message());
    return Status::ok();
  }
  if (Status s = read_frame(b, 1, dtm); !s) return s;
  if (Status s = decode_block(wdl, dtm, out.size(), out.data()); !s)
    return block_error(b, s.message());
  return Status::ok();
}

Status TableFile::read_wdl_block(uint32_t b, std::vector<Wdl>& out) const {
  std::vector<uint8_t> wdl;
  if (Status s = read_frame(b, 0, wdl); !s) return s;
  if (Status s = decode_wdl_plane(wdl, block_size(b), out); !s) return block_error(b, s.message());
  return Status::ok();
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
    if (Status s = read_bytes(e.offset, size_t(e.wdl_size) + e.dtm_size, bytes); !s) return s;
    if (table_checksum(bytes.data(), e.wdl_size) != e.wdl_checksum ||
        table_checksum(bytes.data() + e.wdl_size, e.dtm_size) != e.dtm_checksum)
      return block_error(b, "checksum mismatch");
  }
  return Status::ok();
}

}  // namespace millbase
