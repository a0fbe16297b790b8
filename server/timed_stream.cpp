#include "server/timed_stream.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace millbase::server {

namespace {

// How long one read or write may wait, whatever the deadline: cpp-httplib's default.
constexpr std::chrono::milliseconds IO_WAIT{5000};

}  // namespace

bool DeadlineStream::ready(short events, std::chrono::milliseconds wait) const {
  using std::chrono::duration_cast;
  using std::chrono::milliseconds;
  const bool reading = events & POLLIN;
  const Clock::time_point until = Clock::now() + wait;
  for (;;) {
    const Clock::time_point now = Clock::now();
    if (reading && now >= deadline_) {
      timed_out_ = true;
      return false;
    }
    const Clock::time_point end = reading ? std::min(until, deadline_) : until;
    if (now >= end) return false;
    pollfd p{fd_, events, 0};
    const int n = ::poll(&p, 1, int(duration_cast<milliseconds>(end - now).count()) + 1);
    if (n > 0) return true;  // ready, or an error or hang-up that the read or write reports
    if (n < 0 && errno != EINTR) return false;
  }
}

bool DeadlineStream::wait_readable(std::chrono::milliseconds wait) const {
  return begin_ < end_ || ready(POLLIN, wait);
}

bool DeadlineStream::is_readable() const { return wait_readable(IO_WAIT); }

bool DeadlineStream::is_writable() const { return ready(POLLOUT, IO_WAIT); }

ssize_t DeadlineStream::read(char* ptr, size_t size) {
  if (begin_ == end_) {
    if (!ready(POLLIN, IO_WAIT)) return -1;
    ssize_t n;
    do {
      n = ::recv(fd_, buffer_.data(), buffer_.size(), 0);
    } while (n < 0 && errno == EINTR);
    if (n <= 0) return n;
    begin_ = 0;
    end_ = size_t(n);
  }
  const size_t n = std::min(size, end_ - begin_);
  std::memcpy(ptr, buffer_.data() + begin_, n);
  begin_ += n;
  return ssize_t(n);
}

ssize_t DeadlineStream::write(const char* ptr, size_t size) {
  if (!ready(POLLOUT, IO_WAIT)) return -1;
  ssize_t n;
  do {
    n = ::send(fd_, ptr, size, MSG_NOSIGNAL);
  } while (n < 0 && errno == EINTR);
  return n;
}

bool DeadlineStream::skip(size_t size) {
  char sink[4096];
  while (size > 0) {
    const ssize_t n = read(sink, std::min(size, sizeof sink));
    if (n <= 0) return false;
    size -= size_t(n);
  }
  return true;
}

void DeadlineStream::get_remote_ip_and_port(std::string& ip, int& port) const {
  ip = socket_address(fd_, false, &port);
}

void DeadlineStream::get_local_ip_and_port(std::string& ip, int& port) const {
  ip = socket_address(fd_, true, &port);
}

std::string socket_address(int fd, bool local, int* port) {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  auto* a = reinterpret_cast<sockaddr*>(&addr);
  if ((local ? ::getsockname(fd, a, &len) : ::getpeername(fd, a, &len)) != 0) return "";
  char host[NI_MAXHOST], service[NI_MAXSERV];
  if (::getnameinfo(a, len, host, sizeof host, service, sizeof service,
                    NI_NUMERICHOST | NI_NUMERICSERV) != 0)
    return "";
  if (port) *port = std::atoi(service);
  std::string ip = host;
  if (ip.starts_with("::ffff:") && ip.find('.') != std::string::npos) ip = ip.substr(7);
  return ip;
}

}  // namespace millbase::server
