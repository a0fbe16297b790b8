#include "db/block_source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace millbase {

namespace {

std::string errno_text() { return std::strerror(errno); }

// Returns the error of a read of [offset, offset + size) past the end of `source`.
Status past_end(const BlockSource& source, uint64_t offset, size_t size) {
  return Status::error(source.name() + ": corrupt table: truncated at byte " +
                       std::to_string(source.size()) + " (a read of " + std::to_string(size) +
                       " bytes at " + std::to_string(offset) + ")");
}

// A regular file read with pread; closed when the last TableFile copy holding it goes.
class FileSource : public BlockSource {
 public:
  FileSource(std::string path, int fd, uint64_t size)
      : path_(std::move(path)), fd_(fd), size_(size) {}
  FileSource(const FileSource&) = delete;
  ~FileSource() override { ::close(fd_); }

  const std::string& name() const override { return path_; }
  uint64_t size() const override { return size_; }
  Status read(uint64_t offset, size_t size, std::vector<uint8_t>& out) const override {
    if (offset > size_ || size > size_ - offset) return past_end(*this, offset, size);
    out.resize(size);
    size_t done = 0;
    while (done < size) {
      const ssize_t n = ::pread(fd_, out.data() + done, size - done, off_t(offset + done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0)
        return Status::error(path_ + ": read error: " + (n < 0 ? errno_text() : "truncated"));
      done += size_t(n);
    }
    return Status::ok();
  }

 private:
  const std::string path_;
  const int fd_;
  const uint64_t size_;
};

class MemorySource : public BlockSource {
 public:
  MemorySource(std::string name, std::vector<uint8_t> bytes)
      : name_(std::move(name)), bytes_(std::move(bytes)) {}

  const std::string& name() const override { return name_; }
  uint64_t size() const override { return bytes_.size(); }
  Status read(uint64_t offset, size_t size, std::vector<uint8_t>& out) const override {
    if (offset > bytes_.size() || size > bytes_.size() - offset)
      return past_end(*this, offset, size);
    out.assign(bytes_.begin() + ptrdiff_t(offset), bytes_.begin() + ptrdiff_t(offset + size));
    return Status::ok();
  }

 private:
  const std::string name_;
  const std::vector<uint8_t> bytes_;
};

SourceOpener& opener_in_use() {
  static SourceOpener opener;
  return opener;
}

SourcePrefetcher& prefetcher_in_use() {
  static SourcePrefetcher prefetcher;
  return prefetcher;
}

}  // namespace

Result<SourcePtr> open_file_source(const std::string& path) {
  // Non-blocking, so that a FIFO or device at a table's path cannot hang the open.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    const std::string why = path + ": " + errno_text();
    return errno == ENOENT ? Status::not_found(why) : Status::error(why);
  }
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    const Status s = Status::error(path + ": " + errno_text());
    ::close(fd);
    return s;
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return Status::error(path + ": not a regular file, so not a table");
  }
  return SourcePtr(std::make_shared<FileSource>(path, fd, uint64_t(st.st_size)));
}

SourcePtr memory_source(std::string name, std::vector<uint8_t> bytes) {
  return std::make_shared<MemorySource>(std::move(name), std::move(bytes));
}

Result<SourcePtr> open_source(const std::string& path) {
  const SourceOpener& opener = opener_in_use();
  return opener ? opener(path) : open_file_source(path);
}

SourceOpener set_source_opener(SourceOpener opener) {
  SourceOpener previous = std::move(opener_in_use());
  opener_in_use() = std::move(opener);
  return previous;
}

SourcePrefetcher set_source_prefetcher(SourcePrefetcher prefetcher) {
  SourcePrefetcher previous = std::move(prefetcher_in_use());
  prefetcher_in_use() = std::move(prefetcher);
  return previous;
}

bool takes_read_hints() { return bool(prefetcher_in_use()); }

void hint_reads(const std::vector<ReadHint>& hints) {
  if (prefetcher_in_use() && !hints.empty()) prefetcher_in_use()(hints);
}

}  // namespace millbase
