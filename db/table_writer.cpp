#include "db/table_writer.h"

#include <fcntl.h>
#include <unistd.h>

#include <cassert>
#include <cerrno>
#include <cstring>
#include <functional>

#include "db/block_codec.h"
#include "db/dir_lock.h"
#include "db/zstd_frame.h"

namespace millbase {

namespace {

// Fills frames[2 * (b - begin)] and [2 * (b - begin) + 1] with the compressed WDL and
// distance planes of blocks b in [begin, end).
using FrameEncoder =
    std::function<Status(uint32_t begin, uint32_t end, std::vector<std::vector<uint8_t>>& frames)>;

// Blocks compressed and written together: enough to keep every thread busy, few enough
// that their frames take little memory.
constexpr uint32_t BLOCKS_PER_WRITE = 256;

std::string errno_text() { return std::strerror(errno); }

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

// Makes a rename to path durable: fsync of its directory.
void sync_directory_of(const std::string& path) {
  std::string dir =
      path.substr(0, path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/'));
  int dfd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) ::fsync(dfd), ::close(dfd);
}

// Writes the table to path atomically. The blocks come from `encode`, BLOCKS_PER_WRITE
// at a time, and go straight to the file after the space of the block index; the index
// and the header, which depend on the frames, go in last.
Status write_file(const std::string& path, TableHeader h, const FrameEncoder& encode) {
  static_assert(HEADER_SIZE == 96 && BLOCK_ENTRY_SIZE == 32);
  const std::string tmp = path + temp_suffix();
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Status::error("cannot create " + tmp + ": " + errno_text());
  std::vector<uint8_t> index;
  const uint64_t data_start = HEADER_SIZE + uint64_t(h.block_count) * BLOCK_ENTRY_SIZE;
  uint64_t offset = data_start;
  std::vector<std::vector<uint8_t>> frames;
  Status status = Status::ok();
  bool ok = true;
  for (uint32_t begin = 0; ok && status && begin < h.block_count; begin += BLOCKS_PER_WRITE) {
    const uint32_t end = std::min(h.block_count, begin + BLOCKS_PER_WRITE);
    frames.assign(2 * size_t(end - begin), {});
    if (status = encode(begin, end, frames); !status) break;
    for (uint32_t b = 0; ok && b < end - begin; ++b) {
      const auto& wdl = frames[2 * b];
      const auto& dtm = frames[2 * b + 1];
      encode_block_entry(
          {offset, uint32_t(wdl.size()), uint32_t(dtm.size()),
           table_checksum(wdl.data(), wdl.size()), table_checksum(dtm.data(), dtm.size())},
          index);
      ok = pwrite_all(fd, wdl, offset) && pwrite_all(fd, dtm, offset + wdl.size());
      offset += wdl.size() + dtm.size();
    }
  }
  h.data_size = offset - data_start;
  h.index_checksum = table_checksum(index.data(), index.size());
  std::vector<uint8_t> head;
  encode_header(h, head);
  ok = ok && status && pwrite_all(fd, head, 0) && pwrite_all(fd, index, HEADER_SIZE);
  ok = ok && ::fsync(fd) == 0;
  std::string error = ok || !status ? "" : errno_text();
  ok = (::close(fd) == 0) && ok;
  if (ok) check_write_guard();
  if (!ok || ::rename(tmp.c_str(), path.c_str()) != 0) {
    if (error.empty()) error = errno_text();
    ::unlink(tmp.c_str());
    return status ? Status::error("cannot write " + path + ": " + error)
                  : Status::error(path + ": " + status.message());
  }
  sync_directory_of(path);
  return Status::ok();
}

// Writes the values of s in blocks: both planes, or with wdl_only the WDL plane of
// drop_distance(value, metric) and an empty distance frame.
Status write_blocks(const std::string& path, const Variant& v, const Sector& s,
                    std::span<const ValueCode> values, int zstd_level, uint32_t block_entries,
                    Metric metric, bool wdl_only) {
  // What a reader accepts (db/table_header.cpp): whole bytes of 2-bit classes.
  assert(block_entries > 0 && block_entries % 4 == 0 && block_entries <= (1u << 24));
  TableHeader h = make_header(v, s, values.size(), metric);
  h.encoding = wdl_only ? Encoding::WDL_ONLY : Encoding::WDL_HALF_DISTANCE;
  h.block_entries = block_entries;
  h.block_count = uint32_t((values.size() + h.block_entries - 1) / h.block_entries);
  h.zstd_level = zstd_level;
  h.stats = compute_stats(values, metric);
  if (wdl_only) h.stats.longest_win = h.stats.longest_loss = 0;
  return write_file(path, h, [&](uint32_t first, uint32_t last, auto& frames) {
    std::vector<std::string> errors(last - first);
#pragma omp parallel for schedule(dynamic, 1)
    for (int64_t b = first; b < int64_t(last); ++b) {
      const size_t begin = size_t(b) * h.block_entries;
      const size_t end = std::min<size_t>(begin + h.block_entries, values.size());
      std::vector<ValueCode> dropped;
      std::span<const ValueCode> block = values.subspan(begin, end - begin);
      if (wdl_only) {
        for (ValueCode x : block) dropped.push_back(drop_distance(x, metric));
        block = dropped;
      }
      std::vector<uint8_t> wdl, dtm;
      encode_block(block, wdl, dtm);
      Status st = compress_frame(wdl, zstd_level, frames[2 * (b - first)]);
      if (st && !wdl_only) st = compress_frame(dtm, zstd_level, frames[2 * (b - first) + 1]);
      if (!st) errors[b - first] = st.message();
    }
    for (const std::string& e : errors)
      if (!e.empty()) return Status::error(e);
    return Status::ok();
  });
}

}  // namespace

Status write_table(const std::string& path, const Variant& v, const Sector& s,
                   std::span<const ValueCode> values, int zstd_level, uint32_t block_entries,
                   Metric metric) {
  return write_blocks(path, v, s, values, zstd_level, block_entries, metric, false);
}

Status write_wdl_only_table(const std::string& path, const Variant& v, const Sector& s,
                            std::span<const ValueCode> values, Metric metric, int zstd_level,
                            uint32_t block_entries) {
  return write_blocks(path, v, s, values, zstd_level, block_entries, metric, true);
}

Status write_derived_table(const std::string& path, const Variant& v, const Sector& s,
                           uint64_t entries, const TableStats& stats, Metric metric) {
  TableHeader h = make_header(v, s, entries, metric);
  h.encoding = Encoding::DERIVED;
  h.stats = stats;
  return write_file(path, h, nullptr);
}

Status replace_table(const std::string& from, const std::string& to) {
  check_write_guard();
  if (::rename(from.c_str(), to.c_str()) != 0) {
    const std::string error = errno_text();
    ::unlink(from.c_str());
    return Status::error("cannot replace " + to + ": " + error);
  }
  sync_directory_of(to);
  return Status::ok();
}

}  // namespace millbase
