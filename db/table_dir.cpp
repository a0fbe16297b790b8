#include "db/table_dir.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

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

Result<DirLock> DirLock::acquire(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return Status::error("cannot create directory " + dir + ": " + ec.message());
  const std::string path = dir + "/.lock";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return Status::error("cannot write in " + dir + ": " + std::strerror(errno));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    return Status::error("another solve or pack is writing to " + dir);
  }
  return DirLock(fd);
}

DirLock::~DirLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace millbase
