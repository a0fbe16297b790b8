// The Host names `millbase serve` answers: those of the address it listens on, so that a
// page of another site cannot read it through a name of its own that resolves to this
// machine (DNS rebinding). Loopback: localhost, 127.0.0.1 and [::1]; every interface
// (0.0.0.0, ::): any address literal, localhost and this machine's name; another
// address or name: that one. Names given with --allow-host are added.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace millbase::server {

class HostCheck {
 public:
  // listen_host: the --host value; extra: more names (--allow-host), any case.
  HostCheck(const std::string& listen_host, const std::vector<std::string>& extra);

  // Returns ok when `header`, a request's Host header ("localhost:8080", "[::1]:8080",
  // no port), names this server; else Status::Code::Invalid naming it and the names
  // answered.
  Status check(std::string_view header) const;

  // True when the server listens on every interface (0.0.0.0 or ::).
  bool everywhere() const { return everywhere_; }

  // Returns the names answered, for messages: "localhost, 127.0.0.1, [::1]".
  std::string names() const;

 private:
  std::vector<std::string> names_;  // lowercase, IPv6 literals in brackets
  bool everywhere_ = false;
};

// Returns true when `host` (an address or name, IPv6 without brackets) is a loopback
// address or localhost.
bool is_loopback_host(std::string_view host);

// Returns true when `host` is 0.0.0.0 or :: (every interface).
bool is_wildcard_host(std::string_view host);

// Returns the authority of a URL for an address: IPv6 literals in brackets.
std::string url_host(std::string_view host);

}  // namespace millbase::server
