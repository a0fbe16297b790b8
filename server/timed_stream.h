// The socket of one connection of `millbase serve` as cpp-httplib's Stream, with a
// deadline: a request must be read whole by it, so that a client that sends its request
// a byte at a time holds the connection no longer than that (cpp-httplib's own read
// timeout restarts at every byte). Each read and write waits at most 5 s besides.
#pragma once

#include <httplib.h>

#include <chrono>
#include <string>
#include <vector>

namespace millbase::server {

class DeadlineStream : public httplib::Stream {
 public:
  using Clock = std::chrono::steady_clock;

  // fd: a connected socket, still owned by the caller.
  explicit DeadlineStream(int fd) : fd_(fd), buffer_(4096) {}

  // Reads fail (return -1) once `deadline` has passed.
  void set_deadline(Clock::time_point deadline) {
    deadline_ = deadline;
    timed_out_ = false;
  }

  // True when a read failed at the deadline since it was set.
  bool timed_out() const { return timed_out_; }

  // Returns true when a byte is there to read within `wait` (or before the deadline,
  // whichever is first): the start of the next request, or the end of the connection.
  bool wait_readable(std::chrono::milliseconds wait) const;

  // Reads and drops `size` bytes (a body nobody reads); false on an error, the end of
  // the connection or the deadline.
  bool skip(size_t size);

  bool is_readable() const override;
  bool is_writable() const override;
  ssize_t read(char* ptr, size_t size) override;
  ssize_t write(const char* ptr, size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;
  socket_t socket() const override { return fd_; }

 private:
  // Returns true when `events` are ready on the socket within `wait`, and for reading
  // before the deadline.
  bool ready(short events, std::chrono::milliseconds wait) const;

  int fd_;
  Clock::time_point deadline_ = Clock::time_point::max();
  mutable bool timed_out_ = false;
  std::vector<char> buffer_;  // bytes received and not yet read (cpp-httplib reads
  size_t begin_ = 0;          // request lines a byte at a time)
  size_t end_ = 0;
};

// Returns the numeric address of a socket's peer ("127.0.0.1", "::1"; an IPv4 address
// mapped into IPv6 as IPv4), or of its own end with `local`; "" when unknown.
std::string socket_address(int fd, bool local = false, int* port = nullptr);

}  // namespace millbase::server
