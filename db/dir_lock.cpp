#include "db/dir_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <thread>

namespace millbase {

std::string temp_suffix() {
  char buf[256] = {};
  std::string host;
  if (::gethostname(buf, sizeof buf - 1) == 0)
    for (const char* c = buf; *c; ++c)
      if (std::isalnum(static_cast<unsigned char>(*c)) || *c == '.' || *c == '_' || *c == '-')
        host += *c;
  return ".tmp." + (host.empty() ? std::string("host") : host) + "." + std::to_string(::getpid());
}

namespace {

// Opens (creating) dir/name for a lock; returns the descriptor or an error.
Result<int> open_lock_file(const std::string& dir, const char* name) {
  const std::string path = dir + "/" + name;
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return Status::error("cannot write in " + dir + ": " + std::strerror(errno));
  return fd;
}

// Takes flock `how` on fd, trying every 50 ms for up to `wait`; returns false when it
// is still held by another process then.
bool lock_within(int fd, int how, std::chrono::milliseconds wait) {
  const auto until = std::chrono::steady_clock::now() + wait;
  for (;;) {
    if (::flock(fd, how | LOCK_NB) == 0) return true;
    if (errno != EWOULDBLOCK && errno != EINTR) return false;
    if (std::chrono::steady_clock::now() >= until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

// Returns a wait in words: "5.0 s".
std::string seconds(std::chrono::milliseconds wait) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f s", double(wait.count()) / 1000);
  return buf;
}

WriteGuard write_guard = nullptr;

}  // namespace

void set_write_guard(WriteGuard guard) { write_guard = guard; }

void check_write_guard() {
  if (write_guard) write_guard();
}

Result<DirLock> DirLock::acquire(const std::string& dir, std::chrono::milliseconds wait) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return Status::error("cannot create directory " + dir + ": " + ec.message());
  Result<int> lock = open_lock_file(dir, ".lock");
  if (!lock) return lock.status();
  if (!lock_within(*lock, LOCK_EX, wait)) {
    ::close(*lock);
    return Status::error("another solve or pack is writing to " + dir + " (it holds " + dir +
                         "/.lock; waited " + seconds(wait) + ")");
  }
  Result<int> writers = open_lock_file(dir, ".writers");
  if (!writers) {
    ::close(*lock);
    return writers.status();
  }
  if (!lock_within(*writers, LOCK_EX, wait)) {
    ::close(*writers), ::close(*lock);
    return Status::error(
        "a process of an earlier job still writes to " + dir + " (it holds " + dir +
        "/.writers; waited " + seconds(wait) +
        "): a killed job's ranks stop within a second or two of their launcher or rank 0; "
        "if it goes on, end it (fuser -v " +
        dir + "/.writers names it) and run again");
  }
  ::flock(*writers, LOCK_SH);  // from exclusive to shared: this process writes too
  return DirLock(*lock, *writers);
}

DirLock::~DirLock() {
  if (writers_fd_ >= 0) ::close(writers_fd_);
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

Result<WriterLock> WriterLock::acquire(const std::string& dir, std::chrono::milliseconds wait) {
  Result<int> fd = open_lock_file(dir, ".writers");
  if (!fd) return fd.status();
  if (!lock_within(*fd, LOCK_SH, wait)) {
    ::close(*fd);
    return Status::error("another writer holds " + dir + "/.writers (waited " + seconds(wait) +
                         ")");
  }
  return WriterLock(*fd);
}

WriterLock::~WriterLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace millbase
