#include "server/bounded_server.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <string_view>

#include "core/json_text.h"
#include "server/timed_stream.h"

// process_and_close_socket below overrides a private member of cpp-httplib 0.11 and uses
// its protected svr_sock_ and process_request: another version may change them.
static_assert(std::string_view(CPPHTTPLIB_VERSION).starts_with("0.11."),
              "server/bounded_server.cpp is written for cpp-httplib 0.11 (Debian 12's "
              "libcpp-httplib-dev); check process_and_close_socket against this version");

namespace millbase::server {

namespace {

// The connection whose request the current thread is answering: a worker serves one
// connection at a time, and cpp-httplib calls the handlers on that worker.
struct Connection {
  DeadlineStream* stream;
  ClientSlots::Slot* slot;
  bool close_after = false;  // close once the answer is written
};
thread_local Connection* current = nullptr;

// Reads what the client has already sent and nobody will read, without waiting, so
// that closing the socket does not reset the connection before the answer arrives.
void drain(int fd) {
  char sink[4096];
  for (int i = 0; i < 64; ++i)
    if (::recv(fd, sink, sizeof sink, MSG_DONTWAIT) <= 0) return;
}

// Returns true when `text` is a decimal number of at most `max`.
bool parse_size(const std::string& text, size_t max, size_t* out) {
  if (text.empty() || text.size() > 18 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return false;
  *out = std::stoull(text);
  return *out <= max;
}

// Returns true when the request that the client has sent on fd (waiting for it a
// moment) is one of the API's: its 503 is then JSON, else a page.
bool asks_api(int fd) {
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, 50) <= 0) return false;
  char head[16];
  const ssize_t n = ::recv(fd, head, sizeof head, MSG_PEEK | MSG_DONTWAIT);
  const std::string_view line(head, n > 0 ? size_t(n) : 0);
  return line.starts_with("GET /api/") || line.starts_with("HEAD /api/");
}

}  // namespace

BoundedServer::BoundedServer(ServeLimits limits)
    : limits_(limits), slots_(limits.per_client, limits.slots) {
  const size_t workers = size_t(std::max(limits.workers, limits.per_client + 1));
  new_task_queue = [workers] { return new httplib::ThreadPool(workers); };
  set_keep_alive_max_count(size_t(limits.requests_per_connection));
  set_keep_alive_timeout(std::chrono::duration_cast<std::chrono::seconds>(limits.idle).count());
  // SO_REUSEADDR only: the library's default also sets SO_REUSEPORT, which would let a
  // second server share a port that is in use instead of failing.
  set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  // Just before an answer is written: an error closes the connection, and says so.
  set_post_routing_handler([](const httplib::Request&, httplib::Response& res) {
    if (!current || (res.status < 400 && !current->close_after)) return;
    current->close_after = true;
    res.headers.erase("Keep-Alive");
    res.headers.erase("Connection");
    res.set_header("Connection", "close");
  });
  httplib::Server::set_pre_routing_handler(
      [this](const httplib::Request& req, httplib::Response& res) {
        if (current) current->slot->answering();
        return pre_routing_ ? pre_routing_(req, res) : HandlerResponse::Unhandled;
      });
}

BoundedServer& BoundedServer::set_pre_routing_handler(HandlerWithResponse handler) {
  pre_routing_ = std::move(handler);
  return *this;
}

int BoundedServer::bind(const std::string& host, int port) {
  const int bound = port == 0 ? bind_to_any_port(host) : bind_to_port(host, port) ? port : -1;
  // cpp-httplib listens with a backlog of 5: a burst of connections would wait for the
  // client's retry (a second or more). Listening again only sets a longer one.
  if (bound >= 0) ::listen(svr_sock_, limits_.backlog);
  return bound;
}

bool BoundedServer::request_timed_out() { return current && current->stream->timed_out(); }

Status BoundedServer::drop_unread_body(const httplib::Request& req, size_t max_bytes) {
  if (req.method != "GET" && req.method != "HEAD" && req.method != "OPTIONS") return Status::ok();
  const std::string length = req.get_header_value("Content-Length");
  const bool chunked = req.has_header("Transfer-Encoding");
  if (!chunked && (length.empty() || length == "0")) return Status::ok();
  size_t size = 0;
  if (!chunked && parse_size(length, max_bytes, &size)) {
    if (current && !current->stream->skip(size)) current->close_after = true;
    return Status::ok();
  }
  if (current) current->close_after = true;
  return Status::invalid(chunked ? "the body of a " + req.method + " request needs a Content-Length"
                                 : "the body of " + length.substr(0, 20) +
                                       " bytes is larger than the limit of " +
                                       std::to_string(max_bytes) + " bytes");
}

void BoundedServer::refuse(int fd, const std::string& client) const {
  const std::string why = "too many connections from " + client + ": at most " +
                          std::to_string(limits_.per_client) + " at once, all busy";
  // The API's clients read JSON; a browser asking for the page gets one that retries.
  const bool api = asks_api(fd);
  const std::string body =
      api ? "{\"error\":" + json_string(why + " (retry in a moment)") + "}"
          : "<!doctype html><meta charset=\"utf-8\"><meta http-equiv=\"refresh\" content=\"1\">"
            "<title>millbase</title><p>The server is busy (" +
                why + "); this page tries again in a second.</p>\n";  // why: no markup
  const std::string answer = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: " +
                             std::string(api ? "application/json" : "text/html; charset=utf-8") +
                             "\r\nContent-Length: " + std::to_string(body.size()) +
                             "\r\nConnection: close\r\nRetry-After: 1\r\n\r\n" + body;
  (void)!::send(fd, answer.data(), answer.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
}

bool BoundedServer::process_and_close_socket(socket_t sock) {
  bool ok = false;
  const std::string client = socket_address(sock);
  if (ClientSlots::Slot slot = slots_.take(client, sock)) {
    int yes = 1;  // an answer is written in two parts: send them without delay
    ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    DeadlineStream stream(sock);
    for (int left = limits_.requests_per_connection; left > 0 && svr_sock_ != INVALID_SOCKET;
         --left) {
      stream.set_deadline(DeadlineStream::Clock::time_point::max());
      slot.waiting();
      if (!stream.wait_readable(limits_.idle)) break;
      slot.reading();
      stream.set_deadline(DeadlineStream::Clock::now() + limits_.request);
      Connection connection{&stream, &slot};
      current = &connection;
      bool closed = false;
      ok = process_request(stream, left == 1, closed, nullptr);
      current = nullptr;
      if (!ok || closed || connection.close_after) break;
    }
  } else {
    refuse(sock, client);
  }
  ::shutdown(sock, SHUT_WR);
  drain(sock);
  ::close(sock);
  return ok;
}

}  // namespace millbase::server
