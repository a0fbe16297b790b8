#include "server/host_check.h"

#include <arpa/inet.h>
#include <unistd.h>

#include <algorithm>

#include "core/notation.h"

namespace millbase::server {

namespace {

// Returns an IPv4 literal in its canonical form, or "" when `s` is none.
std::string ipv4(std::string_view s) {
  in_addr a{};
  char text[INET_ADDRSTRLEN];
  if (::inet_pton(AF_INET, std::string(s).c_str(), &a) != 1) return "";
  return ::inet_ntop(AF_INET, &a, text, sizeof text) ? text : "";
}

// Returns an IPv6 literal (without brackets) in its canonical form, or "".
std::string ipv6(std::string_view s) {
  in6_addr a{};
  char text[INET6_ADDRSTRLEN];
  if (::inet_pton(AF_INET6, std::string(s).c_str(), &a) != 1) return "";
  return ::inet_ntop(AF_INET6, &a, text, sizeof text) ? text : "";
}

// Returns a host name or address as compared: lowercase, without a final dot, address
// literals canonical and IPv6 ones in brackets.
std::string canonical(std::string_view name) {
  if (name.size() > 2 && name.front() == '[' && name.back() == ']')
    name = name.substr(1, name.size() - 2);
  if (const std::string v4 = ipv4(name); !v4.empty()) return v4;
  if (const std::string v6 = ipv6(name); !v6.empty()) return "[" + v6 + "]";
  std::string out = ascii_lower(name);
  if (out.size() > 1 && out.back() == '.') out.pop_back();
  return out;
}

bool is_literal(const std::string& canonical_name) {
  return !ipv4(canonical_name).empty() || canonical_name.starts_with("[");
}

}  // namespace

bool is_wildcard_host(std::string_view host) {
  return ipv4(host) == "0.0.0.0" || ipv6(host) == "::";
}

bool is_loopback_host(std::string_view host) {
  const std::string c = canonical(host);
  return c == "localhost" || c.starts_with("127.") || c == "[::1]";
}

std::string url_host(std::string_view host) {
  const std::string v6 = ipv6(host);
  return v6.empty() ? std::string(host) : "[" + v6 + "]";
}

HostCheck::HostCheck(const std::string& listen_host, const std::vector<std::string>& extra) {
  everywhere_ = is_wildcard_host(listen_host);
  if (everywhere_ || is_loopback_host(listen_host)) names_ = {"localhost", "127.0.0.1", "[::1]"};
  if (everywhere_) {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) == 0 && name[0]) names_.push_back(canonical(name));
  } else {
    names_.push_back(canonical(listen_host));
  }
  for (const std::string& e : extra) names_.push_back(canonical(e));
  std::vector<std::string> unique;
  for (const std::string& n : names_)
    if (std::find(unique.begin(), unique.end(), n) == unique.end()) unique.push_back(n);
  names_ = unique;
}

std::string HostCheck::names() const {
  std::string out = everywhere_ ? "any address of this machine" : "";
  for (const std::string& n : names_) out += (out.empty() ? "" : ", ") + n;
  return out;
}

Status HostCheck::check(std::string_view header) const {
  if (header.empty()) return Status::invalid("the request has no Host header");
  // The name, and the port after it if any.
  std::string_view name = header, port;
  if (header.front() == '[') {
    const size_t close = header.find(']');
    if (close != std::string_view::npos) {
      name = header.substr(0, close + 1);
      port = header.substr(close + 1);
    }
  } else if (const size_t colon = header.find(':'); colon != std::string_view::npos) {
    name = header.substr(0, colon);
    port = header.substr(colon);
  }
  const bool port_ok = port.empty() || (port.size() >= 2 && port.size() <= 6 && port[0] == ':' &&
                                        std::all_of(port.begin() + 1, port.end(),
                                                    [](char c) { return c >= '0' && c <= '9'; }));
  const std::string c = canonical(name);
  if (port_ok && !c.empty() &&
      ((everywhere_ && is_literal(c)) ||
       std::find(names_.begin(), names_.end(), c) != names_.end()))
    return Status::ok();
  return Status::invalid("host " + quote_token(header) +
                         " is not a name of this server (it answers " + names() +
                         "; millbase serve --allow-host NAME adds one)");
}

}  // namespace millbase::server
