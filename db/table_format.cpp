#include "db/table_format.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <cerrno>
#include <cstring>
#include <functional>
#include <memory>

#include "db/bytes.h"
#include "db/sector_index.h"

namespace millbase {

namespace {

constexpr char MAGIC[8] = {'M', 'I', 'L', 'L', 'B', 'A', 'S', 'E'};

uint64_t checksum(const uint8_t* data, size_t size) { return XXH3_64bits(data, size); }

std::string errno_text() { return std::strerror(errno); }

// Block encoding (docs/format.md): a WDL plane of 2 bits per entry (0 draw, 1 win,
// 2 loss), then for each win or loss in order its half distance (d / 2), one byte each
// when all are below 256, else two.
void encode_block(std::span<const ValueCode> values, std::vector<uint8_t>& wdl,
                  std::vector<uint8_t>& dtm) {
  wdl.assign((values.size() + 3) / 4, 0);
  int max_half = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    ValueCode v = values[i];
    if (is_draw(v)) continue;
    wdl[i / 4] |= uint8_t((is_win(v) ? 1 : 2) << (2 * (i % 4)));
    max_half = std::max(max_half, distance(v) / 2);
  }
  const int width = max_half < 256 ? 1 : 2;
  dtm.assign(1, uint8_t(width));
  for (ValueCode v : values)
    if (is_win(v)) put_le(dtm, uint64_t(distance(v) / 2), width);
  for (ValueCode v : values)
    if (is_loss(v)) put_le(dtm, uint64_t(distance(v) / 2), width);
}

// Per WDL byte (4 entries): wins, losses, whether it holds the invalid class 3, and
// for each entry its class and its rank among the byte's entries of that class.
struct WdlByteTable {
  uint8_t wins[256], losses[256], invalid[256];
  uint8_t cls[256][4], rank[256][4];
  constexpr WdlByteTable() : wins(), losses(), invalid(), cls(), rank() {
    for (int b = 0; b < 256; ++b)
      for (int k = 0; k < 4; ++k) {
        int c = (b >> (2 * k)) & 3;
        cls[b][k] = uint8_t(c);
        rank[b][k] = c == 1 ? wins[b] : c == 2 ? losses[b] : 0;
        wins[b] += c == 1, losses[b] += c == 2, invalid[b] |= c == 3;
      }
  }
};
constexpr WdlByteTable WDL_BYTES;

// Returns the half distance stored at p, `width` bytes little-endian.
template <int Width>
unsigned half_at(const uint8_t* p) {
  return Width == 1 ? p[0] : unsigned(p[0] | p[1] << 8);
}

// Decodes count entries, four per WDL byte: each entry finds its half distance from
// the byte's running offsets in the win and loss streams, so the entries of a byte do
// not wait on one another. Returns the largest code.
template <int Width>
unsigned decode_entries(const uint8_t* wdl, size_t count, const uint8_t* w, const uint8_t* l,
                        ValueCode* out) {
  unsigned largest = 0;
  for (size_t j = 0; j < (count + 3) / 4; ++j) {
    const uint8_t b = wdl[j];
    const size_t n = std::min<size_t>(4, count - 4 * j);
    for (size_t k = 0; k < n; ++k) {
      // code = 2h + 2 for a win (d = 2h + 1), 2h + 1 for a loss (d = 2h), 0 for a draw;
      // without branches, which random classes would mispredict.
      const unsigned c = WDL_BYTES.cls[b][k], r = WDL_BYTES.rank[b][k];
      const unsigned wh = half_at<Width>(w + Width * r), lh = half_at<Width>(l + Width * r);
      const unsigned code = (c == 1) * (2 * wh + 2) + (c == 2) * (2 * lh + 1);
      largest = std::max(largest, code);
      out[4 * j + k] = ValueCode(code);
    }
    w += Width * WDL_BYTES.wins[b];
    l += Width * WDL_BYTES.losses[b];
  }
  return largest;
}

Status decode_block(const std::vector<uint8_t>& wdl, std::vector<uint8_t>& dtm, size_t count,
                    ValueCode* out) {
  if (wdl.size() != (count + 3) / 4) return Status::error("WDL plane has the wrong size");
  if (dtm.empty() || (dtm[0] != 1 && dtm[0] != 2)) return Status::error("bad distance width");
  const size_t width = dtm[0];
  size_t wins = 0, losses = 0;
  for (uint8_t b : wdl) {
    if (WDL_BYTES.invalid[b]) return Status::error("invalid WDL class 3");
    wins += WDL_BYTES.wins[b], losses += WDL_BYTES.losses[b];
  }
  if (count % 4) {  // classes past the end of the block must be draws
    const uint8_t tail = wdl.back() >> (2 * (count % 4));
    if (tail) return Status::error("WDL plane has entries past the block");
  }
  if (dtm.size() != 1 + (wins + losses) * width)
    return Status::error("distance plane has the wrong size");
  dtm.resize(dtm.size() + 8, 0);  // entries read both streams, past their ends
  const uint8_t* w = dtm.data() + 1;
  const uint8_t* l = w + wins * width;
  const unsigned largest = width == 1 ? decode_entries<1>(wdl.data(), count, w, l, out)
                                      : decode_entries<2>(wdl.data(), count, w, l, out);
  if (largest > unsigned(MAX_DISTANCE) + 1) return Status::error("distance out of range");
  return Status::ok();
}

Status compress(const std::vector<uint8_t>& raw, int level, std::vector<uint8_t>& out) {
  out.resize(ZSTD_compressBound(raw.size()));
  size_t n = ZSTD_compress(out.data(), out.size(), raw.data(), raw.size(), level);
  if (ZSTD_isError(n)) return Status::error(std::string("zstd: ") + ZSTD_getErrorName(n));
  out.resize(n);
  return Status::ok();
}

Status decompress(const std::vector<uint8_t>& frame, size_t max_size, std::vector<uint8_t>& out) {
  unsigned long long size = ZSTD_getFrameContentSize(frame.data(), frame.size());
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN || size > max_size)
    return Status::error("bad compressed frame");
  out.resize(size);
  size_t n = ZSTD_decompress(out.data(), out.size(), frame.data(), frame.size());
  if (ZSTD_isError(n) || n != size) return Status::error("bad compressed frame");
  return Status::ok();
}

void put_header(std::vector<uint8_t>& out, const TableHeader& h) {
  for (char c : MAGIC) out.push_back(uint8_t(c));
  put_u16(out, h.version);
  put_u8(out, uint8_t(h.metric));
  put_u8(out, uint8_t(h.encoding));
  put_u8(out, uint8_t(h.board));
  put_u8(out, h.stones);
  put_u8(out, h.flying ? 1 : 0);
  put_u8(out, uint8_t(h.compression));
  for (uint8_t x : {h.sector.us, h.sector.them, h.sector.us_hand, h.sector.them_hand})
    put_u8(out, x);
  put_u32(out, h.block_entries);
  put_u64(out, h.entries);
  put_u32(out, h.block_count);
  put_u32(out, uint32_t(h.zstd_level));
  put_u64(out, h.stats.wins);
  put_u64(out, h.stats.losses);
  put_u64(out, h.stats.draws);
  put_u32(out, h.stats.longest_win);
  put_u32(out, h.stats.longest_loss);
  put_u64(out, h.index_checksum);
  put_u64(out, h.data_size);
  put_u64(out, checksum(out.data() + out.size() - (HEADER_SIZE - 8), HEADER_SIZE - 8));
}

Status parse_header(const std::vector<uint8_t>& bytes, TableHeader& h) {
  if (bytes.size() < HEADER_SIZE) return Status::error("truncated header");
  if (std::memcmp(bytes.data(), MAGIC, 8) != 0) return Status::error("not a millbase table");
  ByteReader r(bytes.data() + 8, HEADER_SIZE - 8);
  h.version = r.u16();
  if (h.version != FORMAT_VERSION)
    return Status::error("format version " + std::to_string(h.version) + ", this build reads " +
                         std::to_string(FORMAT_VERSION));
  if (checksum(bytes.data(), HEADER_SIZE - 8) !=
      ByteReader(bytes.data() + HEADER_SIZE - 8, 8).u64())
    return Status::error("header checksum mismatch");
  h.metric = Metric(r.u8());
  h.encoding = Encoding(r.u8());
  h.board = BoardId(r.u8());
  h.stones = r.u8();
  h.flying = r.u8() != 0;
  h.compression = Compression(r.u8());
  h.sector = Sector{r.u8(), r.u8(), r.u8(), r.u8()};
  h.block_entries = r.u32();
  h.entries = r.u64();
  h.block_count = r.u32();
  h.zstd_level = int32_t(r.u32());
  h.stats.wins = r.u64();
  h.stats.losses = r.u64();
  h.stats.draws = r.u64();
  h.stats.longest_win = r.u32();
  h.stats.longest_loss = r.u32();
  h.index_checksum = r.u64();
  h.data_size = r.u64();
  if (h.metric != Metric::DTM) return Status::error("unknown metric");
  if (h.encoding != Encoding::WDL_HALF_DISTANCE && h.encoding != Encoding::DERIVED)
    return Status::error("unknown value encoding");
  if (h.compression != Compression::ZSTD) return Status::error("unknown compression");
  if (h.block_entries == 0 || h.block_entries > (1u << 24) || h.block_entries % 4 != 0)
    return Status::error("bad block size");
  if (h.encoding == Encoding::DERIVED
          ? h.block_count != 0 || h.data_size != 0
          : h.block_count != (h.entries + h.block_entries - 1) / h.block_entries)
    return Status::error("block count does not match entry count");
  return Status::ok();
}

}  // namespace

// An open file descriptor, closed when the last TableFile copy goes.
struct TableFile::Fd {
  int fd;
  explicit Fd(int f) : fd(f) {}
  Fd(const Fd&) = delete;
  ~Fd() { ::close(fd); }
};

TableStats compute_stats(std::span<const ValueCode> values) {
  TableStats s;
  for (ValueCode v : values) {
    if (is_draw(v)) {
      ++s.draws;
    } else if (is_win(v)) {
      ++s.wins;
      s.longest_win = std::max<uint32_t>(s.longest_win, distance(v));
    } else {
      ++s.losses;
      s.longest_loss = std::max<uint32_t>(s.longest_loss, distance(v));
    }
  }
  return s;
}

std::string table_file_name(const Sector& s) { return sector_name(s) + ".mbt"; }

std::string table_path(const std::string& dir, const Sector& s) {
  return dir + "/" + table_file_name(s);
}

BoardId board_id(const Variant& v) {
  return v.board->num_points == 24 ? BoardId::B24 : BoardId::B16;
}

namespace {

// Returns a header for sector s of variant v, with no blocks yet.
TableHeader make_header(const Variant& v, const Sector& s, uint64_t entries) {
  TableHeader h;
  h.board = board_id(v);
  h.stones = uint8_t(v.stones);
  h.flying = v.flying;
  h.sector = s;
  h.entries = entries;
  return h;
}

// Fills frames[2 * (b - begin)] and [2 * (b - begin) + 1] with the compressed WDL and
// distance planes of blocks b in [begin, end).
using BatchEncoder =
    std::function<Status(uint32_t begin, uint32_t end, std::vector<std::vector<uint8_t>>& frames)>;

// Blocks compressed and written together: enough to keep every thread busy, few enough
// that a batch's frames take little memory.
constexpr uint32_t WRITE_BATCH = 256;

// Writes all of bytes at offset of fd; false with errno set on failure.
bool pwrite_all(int fd, const std::vector<uint8_t>& bytes, uint64_t offset) {
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::pwrite(fd, bytes.data() + done, bytes.size() - done, off_t(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) errno = EIO;  // no progress and no reason given
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

// Writes the table to path atomically: a temporary file, fsync, rename, fsync of the
// directory. The blocks come from `encode` batch by batch and go straight to the file
// after the space of the block index; the index and the header, which depend on the
// frames, go in last. On error nothing is left under `path`.
Status write_file(const std::string& path, TableHeader h, const BatchEncoder& encode) {
  static_assert(HEADER_SIZE == 96 && BLOCK_ENTRY_SIZE == 32);
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Status::error("cannot create " + tmp + ": " + errno_text());
  std::vector<uint8_t> index;
  const uint64_t data_start = HEADER_SIZE + uint64_t(h.block_count) * BLOCK_ENTRY_SIZE;
  uint64_t offset = data_start;
  std::vector<std::vector<uint8_t>> frames;
  Status status = Status::ok();
  bool ok = true;
  for (uint32_t begin = 0; ok && status && begin < h.block_count; begin += WRITE_BATCH) {
    const uint32_t end = std::min(h.block_count, begin + WRITE_BATCH);
    frames.assign(2 * size_t(end - begin), {});
    if (status = encode(begin, end, frames); !status) break;
    for (uint32_t b = 0; ok && b < end - begin; ++b) {
      const auto& wdl = frames[2 * b];
      const auto& dtm = frames[2 * b + 1];
      put_u64(index, offset);
      put_u32(index, uint32_t(wdl.size()));
      put_u32(index, uint32_t(dtm.size()));
      put_u64(index, checksum(wdl.data(), wdl.size()));
      put_u64(index, checksum(dtm.data(), dtm.size()));
      ok = pwrite_all(fd, wdl, offset) && pwrite_all(fd, dtm, offset + wdl.size());
      offset += wdl.size() + dtm.size();
    }
  }
  h.data_size = offset - data_start;
  h.index_checksum = checksum(index.data(), index.size());
  std::vector<uint8_t> head;
  put_header(head, h);
  ok = ok && status && pwrite_all(fd, head, 0) && pwrite_all(fd, index, HEADER_SIZE);
  ok = ok && ::fsync(fd) == 0;
  std::string error = ok || !status ? "" : errno_text();
  ok = (::close(fd) == 0) && ok;
  if (!ok || ::rename(tmp.c_str(), path.c_str()) != 0) {
    if (error.empty()) error = errno_text();
    ::unlink(tmp.c_str());
    return status ? Status::error("cannot write " + path + ": " + error)
                  : Status::error(path + ": " + status.message());
  }
  // Make the rename durable.
  std::string dir =
      path.substr(0, path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/'));
  int dfd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) ::fsync(dfd), ::close(dfd);
  return Status::ok();
}

}  // namespace

Status write_table(const std::string& path, const Variant& v, const Sector& s,
                   std::span<const ValueCode> values, int zstd_level, uint32_t block_entries) {
  TableHeader h = make_header(v, s, values.size());
  h.block_entries = block_entries;
  h.block_count = uint32_t((values.size() + h.block_entries - 1) / h.block_entries);
  h.zstd_level = zstd_level;
  h.stats = compute_stats(values);
  return write_file(path, h, [&](uint32_t first, uint32_t last, auto& frames) {
    std::vector<std::string> errors(last - first);
#pragma omp parallel for schedule(dynamic, 1)
    for (int64_t b = first; b < int64_t(last); ++b) {
      const size_t begin = size_t(b) * h.block_entries;
      const size_t end = std::min<size_t>(begin + h.block_entries, values.size());
      std::vector<uint8_t> wdl, dtm;
      encode_block(values.subspan(begin, end - begin), wdl, dtm);
      Status st = compress(wdl, zstd_level, frames[2 * (b - first)]);
      if (st) st = compress(dtm, zstd_level, frames[2 * (b - first) + 1]);
      if (!st) errors[b - first] = st.message();
    }
    for (const std::string& e : errors)
      if (!e.empty()) return Status::error(e);
    return Status::ok();
  });
}

Status write_derived_table(const std::string& path, const Variant& v, const Sector& s,
                           uint64_t entries, const TableStats& stats) {
  TableHeader h = make_header(v, s, entries);
  h.encoding = Encoding::DERIVED;
  h.stats = stats;
  return write_file(path, h, nullptr);
}

Result<TableFile> TableFile::open_any(const std::string& path) {
  TableFile t;
  t.path_ = path;
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Status::error(path + ": " + errno_text());
  t.fd_ = std::make_shared<const Fd>(fd);
  struct stat st;
  if (::fstat(fd, &st) != 0) return Status::error(path + ": " + errno_text());
  t.file_size_ = uint64_t(st.st_size);
  std::vector<uint8_t> head;
  if (Status s = t.read_bytes(0, HEADER_SIZE, head); !s) return s;
  if (Status s = parse_header(head, t.header_); !s)
    return Status::error(path + ": corrupt table: " + s.message());
  const TableHeader& h = t.header_;
  std::vector<uint8_t> index;
  if (Status s = t.read_bytes(HEADER_SIZE, size_t(h.block_count) * BLOCK_ENTRY_SIZE, index); !s)
    return s;
  if (checksum(index.data(), index.size()) != h.index_checksum)
    return Status::error(path + ": corrupt table: block index checksum mismatch");
  ByteReader r(index.data(), index.size());
  uint64_t expected = HEADER_SIZE + index.size();
  for (uint32_t b = 0; b < h.block_count; ++b) {
    BlockEntry e{r.u64(), r.u32(), r.u32(), r.u64(), r.u64()};
    if (e.offset != expected)
      return Status::error(path + ": corrupt table: block " + std::to_string(b) + " misplaced");
    expected += uint64_t(e.wdl_size) + e.dtm_size;
    t.blocks_.push_back(e);
  }
  if (expected != t.file_size_)
    return Status::error(path + ": corrupt table: size " + std::to_string(t.file_size_) +
                         " bytes, expected " + std::to_string(expected) + " (truncated?)");
  return t;
}

Result<TableFile> TableFile::open(const std::string& path, const Variant& v, const Sector& s) {
  Result<TableFile> t = open_any(path);
  if (!t) return t;
  const TableHeader& h = t->header();
  if (h.board != board_id(v) || h.stones != v.stones || h.flying != v.flying)
    return Status::error(path + ": table of another variant (" + std::to_string(h.stones) +
                         " stones, " + (h.flying ? "flying" : "no flying") + "), expected " +
                         std::string(v.name));
  if (h.sector != s)
    return Status::error(path + ": table of sector " + sector_name(h.sector) + ", expected " +
                         sector_name(s));
  return t;
}

Result<TableFile> TableFile::open_sector(const Variant& v, const std::string& dir,
                                         const Sector& s) {
  const std::string path = table_path(dir, s);
  if (::access(path.c_str(), F_OK) != 0)
    return Status::not_found("missing table " + path +
                             " (build it with: millbase solve --variant " + std::string(v.name) +
                             " --sector " + sector_name(s) + " --out " + dir + ")");
  Result<TableFile> file = open(path, v, s);
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

Status TableFile::read_frame(uint32_t b, int frame, std::vector<uint8_t>& out) const {
  const BlockEntry& e = blocks_.at(b);
  const uint64_t offset = frame == 0 ? e.offset : e.offset + e.wdl_size;
  const size_t size = frame == 0 ? e.wdl_size : e.dtm_size;
  std::vector<uint8_t> compressed;
  if (Status s = read_bytes(offset, size, compressed); !s) return s;
  const std::string where = path_ + ": corrupt table: block " + std::to_string(b) + ": ";
  if (checksum(compressed.data(), compressed.size()) !=
      (frame == 0 ? e.wdl_checksum : e.dtm_checksum))
    return Status::error(where + "checksum mismatch");
  const size_t count = block_size(b);
  if (Status s = decompress(compressed, frame == 0 ? (count + 3) / 4 : 1 + 2 * count, out); !s)
    return Status::error(where + s.message());
  return Status::ok();
}

Status TableFile::read_block(uint32_t b, std::vector<ValueCode>& out) const {
  std::vector<uint8_t> wdl, dtm;
  if (Status s = read_frame(b, 0, wdl); !s) return s;
  if (Status s = read_frame(b, 1, dtm); !s) return s;
  out.resize(block_size(b));
  if (Status s = decode_block(wdl, dtm, out.size(), out.data()); !s)
    return Status::error(path_ + ": corrupt table: block " + std::to_string(b) + ": " +
                         s.message());
  return Status::ok();
}

Status TableFile::read_wdl_block(uint32_t b, std::vector<uint8_t>& out) const {
  std::vector<uint8_t> wdl;
  if (Status s = read_frame(b, 0, wdl); !s) return s;
  const size_t count = block_size(b);
  if (wdl.size() != (count + 3) / 4)
    return Status::error(path_ + ": corrupt table: block " + std::to_string(b) +
                         ": WDL plane has the wrong size");
  out.resize(4 * wdl.size());
  for (size_t j = 0; j < wdl.size(); ++j) {
    if (WDL_BYTES.invalid[wdl[j]])
      return Status::error(path_ + ": corrupt table: block " + std::to_string(b) +
                           ": invalid WDL class 3");
    std::memcpy(&out[4 * j], WDL_BYTES.cls[wdl[j]], 4);
  }
  out.resize(count);
  return Status::ok();
}

Result<std::vector<ValueCode>> TableFile::read_all() const {
  if (derived())
    return Status::error(path_ + ": derived table: its values are found by a one-ply search");
  std::vector<ValueCode> values(header_.entries);
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
  if (compute_stats(values) != header_.stats)
    return Status::error(path_ + ": corrupt table: statistics do not match the values");
  return values;
}

Status TableFile::verify_checksums() const {
  for (uint32_t b = 0; b < header_.block_count; ++b) {
    const BlockEntry& e = blocks_[b];
    std::vector<uint8_t> bytes;
    if (Status s = read_bytes(e.offset, size_t(e.wdl_size) + e.dtm_size, bytes); !s) return s;
    if (checksum(bytes.data(), e.wdl_size) != e.wdl_checksum ||
        checksum(bytes.data() + e.wdl_size, e.dtm_size) != e.dtm_checksum)
      return Status::error(path_ + ": corrupt table: block " + std::to_string(b) +
                           ": checksum mismatch");
  }
  return Status::ok();
}

}  // namespace millbase
