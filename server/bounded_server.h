// The HTTP server of `millbase serve`: cpp-httplib's Server with its own handling of a
// connection, so that slow or idle clients cannot stop it and a busy one is answered
// (docs/web-api.md, "Limits"):
// - a request must arrive whole within a deadline from its first byte (else 408), and a
//   connection waits a bounded time for its next request;
// - each client address holds a bounded number of connections at once; the next ones
//   take the slot of one that holds it for nothing (idle, or with a request begun long
//   ago and not whole: server/client_slots.h), else wait a moment for a free one, else
//   are answered 503 with Retry-After (JSON for the API, a page that reloads itself for
//   the rest) and closed; a pool of workers larger than that bound serves the others;
// - an error answer closes the connection (with "Connection: close"), as does a request
//   that asks for it;
// - the body of a GET or HEAD, which cpp-httplib does not read, is read and dropped up
//   to a limit, and refused 413 above it.
#pragma once

#include <httplib.h>

#include <chrono>
#include <string>

#include "core/status.h"
#include "server/client_slots.h"

namespace millbase::server {

struct ServeLimits {
  int workers = 96;                          // connections served at once
  int per_client = 64;                       // connections open at once per client address
  std::chrono::milliseconds idle{5000};      // the wait for a connection's next request
  std::chrono::milliseconds request{10000};  // from a request's first byte to its end
  SlotTimes slots;                           // when a slot may be taken, and the wait for one
  int requests_per_connection = 100;
  int backlog = 1024;  // connections the system queues before they are accepted
};

class BoundedServer : public httplib::Server {
 public:
  explicit BoundedServer(ServeLimits limits);

  // Listens on host:port (port 0: a free one); returns the port, or -1.
  int bind(const std::string& host, int port);

  // As httplib::Server's: `handler` runs once a request's line and headers are read
  // (the connection then keeps its slot until the answer is written).
  BoundedServer& set_pre_routing_handler(HandlerWithResponse handler);

  // True when the current request did not arrive whole before its deadline (its
  // answer is 408).
  static bool request_timed_out();

  // Reads and drops the body of a GET, HEAD or OPTIONS request, which cpp-httplib leaves
  // unread; Status::Code::Invalid when it is larger than max_bytes or not delimited by
  // a Content-Length (the connection then closes after the answer).
  static Status drop_unread_body(const httplib::Request& req, size_t max_bytes);

 private:
  bool process_and_close_socket(socket_t sock) override;

  // Answers 503 on a connection over its client's bound.
  void refuse(int fd, const std::string& client) const;

  const ServeLimits limits_;
  HandlerWithResponse pre_routing_;
  ClientSlots slots_;
};

}  // namespace millbase::server
