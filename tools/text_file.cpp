#include "tools/text_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace millbase::cli {

Result<std::string> read_text_file(const std::string& path) {
  if (path == "-") {
    std::string text;
    char buffer[4096];
    while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0) {
      text.append(buffer, size_t(std::cin.gcount()));
      if (text.size() > MAX_TEXT_FILE)
        return Status::error("standard input holds more than " + std::to_string(MAX_TEXT_FILE) +
                             " bytes");
    }
    return text;
  }
  // O_NONBLOCK: opening a FIFO must not wait for a writer; only regular files are read.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    const std::string why = std::strerror(errno);
    if (errno == ENOENT) return Status::not_found("no file " + path);
    return Status::error("cannot open " + path + ": " + why);
  }
  struct stat st {};
  std::string text;
  Status status = Status::ok();
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    status = Status::error(path + " is not a regular file");
  } else if (size_t(st.st_size) > MAX_TEXT_FILE) {
    status = Status::error(path + " is larger than " + std::to_string(MAX_TEXT_FILE) + " bytes");
  } else {
    text.resize(size_t(st.st_size));
    size_t got = 0;
    while (got < text.size()) {
      const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      got += size_t(n);
    }
    if (got != text.size())
      status = Status::error("cannot read " + path + ": it changed or failed");
  }
  ::close(fd);
  if (!status) return status;
  return text;
}

Status write_text_file(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Status::error("cannot write " + path + ": " + std::strerror(errno));
  size_t done = 0;
  errno = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += size_t(n);
  }
  const int err = done != text.size() ? (errno ? errno : EIO) : ::fsync(fd) != 0 ? errno : 0;
  if (::close(fd) != 0 || err != 0 || std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(err ? err : errno);
    std::remove(tmp.c_str());
    return Status::error("cannot write " + path + ": " + why);
  }
  return Status::ok();
}

std::string trimmed(std::string line) {
  line.erase(0, line.find_first_not_of(" \t\r"));
  line.erase(line.find_last_not_of(" \t\r") + 1);
  return line;
}

}  // namespace millbase::cli
