#include "server/page_server.h"

#include "core/json_text.h"
#include "core/notation.h"
#include "server/bounded_server.h"
#include "server/host_check.h"
#include "server/web_assets.h"

namespace millbase::server {

namespace {

constexpr size_t MAX_REQUEST_BYTES = size_t(64) << 10;

// Returns the Content-Type of an embedded file by its extension.
const char* content_type(std::string_view path) {
  if (path.ends_with(".html")) return "text/html; charset=utf-8";
  if (path.ends_with(".js")) return "text/javascript; charset=utf-8";
  if (path.ends_with(".css")) return "text/css; charset=utf-8";
  if (path.ends_with(".png")) return "image/png";
  return "application/octet-stream";
}

void json_error(httplib::Response& res, int status, const std::string& message) {
  res.status = status;
  res.set_content("{\"error\":" + json_string(message) + "}", "application/json");
}

// Serves the page's embedded files on `server`.
void add_page_routes(BoundedServer& server) {
  for (const WebAsset& asset : web_assets()) {
    const std::string type = content_type(asset.path);
    auto serve_asset = [asset, type](const httplib::Request&, httplib::Response& res) {
      res.set_content(std::string(asset.bytes), type.c_str());
      // Nothing is fetched from elsewhere; no framing by other sites.
      res.set_header("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'");
      res.set_header("X-Content-Type-Options", "nosniff");
    };
    server.Get(std::string(asset.path), serve_asset);
    if (asset.path == "/index.html") server.Get("/", serve_asset);
  }
  server.Get("/favicon.ico",
             [](const httplib::Request&, httplib::Response& res) { res.status = 204; });
}

// Serves the API on `server`, GET only.
void add_api_routes(BoundedServer& server, web::WebApi& api) {
  server.Get(R"(/api/([a-z]+))", [&api](const httplib::Request& req, httplib::Response& res) {
    web::ApiParams params;
    for (const auto& [key, value] : req.params) params.emplace(key, value);  // the first
    const web::ApiResponse answer = api.handle(req.matches[1].str(), params);
    res.status = answer.status;
    res.set_content(answer.body, "application/json");
    res.set_header("Cache-Control", "no-store");
    res.set_header("X-Content-Type-Options", "nosniff");
  });
  auto not_allowed = [](const httplib::Request& req, httplib::Response& res) {
    res.set_header("Allow", "GET, HEAD");
    json_error(res, 405,
               "method " + quote_token(req.method) + " is not allowed: the API is GET only");
  };
  server.Post(".*", not_allowed);
  server.Put(".*", not_allowed);
  server.Delete(".*", not_allowed);
  server.Patch(".*", not_allowed);
  server.Options(".*", not_allowed);
}

// Before routing: the Host names of this server only, and no body on a GET. After it:
// every error answered as JSON.
void add_checks(BoundedServer& server, const HostCheck& hosts, const ServeLimits& limits) {
  server.set_pre_routing_handler([&hosts](const httplib::Request& req, httplib::Response& res) {
    if (Status st = hosts.check(req.get_header_value("Host")); !st) {
      json_error(res, 421, st.message());
      return httplib::Server::HandlerResponse::Handled;
    }
    if (Status st = BoundedServer::drop_unread_body(req, MAX_REQUEST_BYTES); !st) {
      json_error(res, 413, st.message());
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  const std::string late = "the request did not arrive whole within " +
                           std::to_string(limits.request.count() / 1000) + " s of its start";
  server.set_error_handler([late](const httplib::Request& req, httplib::Response& res) {
    if (BoundedServer::request_timed_out())
      json_error(res, 408, late);
    else if (res.status == 404 && res.body.empty())
      json_error(res, 404, "no such page " + quote_token(req.path));
    else if (res.body.empty())
      json_error(res, res.status, "bad request (HTTP " + std::to_string(res.status) + ")");
  });
  server.set_exception_handler([](const httplib::Request&, httplib::Response& res,
                                  std::exception_ptr) { json_error(res, 500, "internal error"); });
}

}  // namespace

Status serve_page(const PageServerOptions& options, web::WebApi& api,
                  const ListeningCallback& on_listening) {
  const HostCheck hosts(options.host, options.allow_hosts);
  const ServeLimits limits;
  BoundedServer server(limits);
  server.set_payload_max_length(MAX_REQUEST_BYTES);
  add_checks(server, hosts, limits);
  add_page_routes(server);
  add_api_routes(server, api);

  const int port = server.bind(options.host, options.port);
  if (port < 0)
    return Status::error("cannot listen on " + url_host(options.host) +
                         (options.port ? ":" + std::to_string(options.port) + " (in use?)" : ""));
  // The address to open on this machine: loopback for every interface.
  const std::string shown = !is_wildcard_host(options.host)               ? url_host(options.host)
                            : options.host.find(':') != std::string::npos ? "[::1]"
                                                                          : "127.0.0.1";
  std::string warning;
  if (hosts.everywhere())
    warning = "--host " + options.host +
              " listens on every network interface: anyone who can reach this machine on port " +
              std::to_string(port) + " can use the server (it answers the Host names " +
              hosts.names() + ")";
  on_listening("http://" + shown + ":" + std::to_string(port) + "/", port, warning);
  if (!server.listen_after_bind()) return Status::error("the server stopped");
  return Status::ok();
}

}  // namespace millbase::server
