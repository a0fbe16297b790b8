// The server of the analysis page: the page's files (embedded, server/web_assets.h) and
// the JSON API of docs/web-api.md (web/api/web_api.h) on a BoundedServer, answering only
// the Host names of the address it listens on (server/host_check.h). `millbase serve`
// is a front end on it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/status.h"
#include "web/api/web_api.h"

namespace millbase::server {

struct PageServerOptions {
  std::string host = "127.0.0.1";        // the address listened on
  int port = 8080;                       // 0: a free one
  std::vector<std::string> allow_hosts;  // Host names answered besides those of host
};

// Called once the server listens: the URL to open on this machine (loopback for every
// interface), the port, and a warning to show when the server is reachable from other
// machines ("" when it is not).
using ListeningCallback =
    std::function<void(const std::string& url, int port, const std::string& warning)>;

// Serves the page and `api` until the server stops. Returns ok when it stopped, or
// Status::Code::Unavailable naming the address it could not listen on.
Status serve_page(const PageServerOptions& options, web::WebApi& api,
                  const ListeningCallback& on_listening);

}  // namespace millbase::server
