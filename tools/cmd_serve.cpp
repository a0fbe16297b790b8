// millbase serve: the analysis page and the JSON API of docs/web-api.md over HTTP, on
// loopback by default. The page is embedded in the binary (tools/web_assets.h).
#include <httplib.h>

#include <sys/socket.h>

#include <cstdio>

#include "core/notation.h"
#include "tools/cli_common.h"
#include "tools/web_assets.h"
#include "web/api/web_api.h"

namespace millbase::cli {

namespace {

constexpr size_t MAX_REQUEST_BYTES = size_t(64) << 10;

struct ServeArgs {
  std::string variant, db, host = "127.0.0.1";
  int port = 8080;
};

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

int run_serve(const ServeArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  if (!a.db.empty())
    if (Status st = check_any_table_dir(*v, a.db); !st) return fail(st, *v, a.db);
  std::map<std::string, std::string> dirs;
  if (!a.db.empty()) dirs[std::string(v->name)] = a.db;
  web::WebApi api(dirs, solve_cost);

  httplib::Server server;
  server.set_payload_max_length(MAX_REQUEST_BYTES);
  server.set_read_timeout(5, 0);
  // SO_REUSEADDR only: the library's default also sets SO_REUSEPORT, which would let a
  // second server share a port that is in use instead of failing.
  server.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
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
  server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (res.status == 404 && res.body.empty())
      json_error(res, 404, "no such page " + quote_token(req.path));
    else if (res.body.empty())
      json_error(res, res.status, "bad request (HTTP " + std::to_string(res.status) + ")");
  });
  server.set_exception_handler([](const httplib::Request&, httplib::Response& res,
                                  std::exception_ptr) { json_error(res, 500, "internal error"); });

  int port = a.port;
  if (port == 0) {
    port = server.bind_to_any_port(a.host);
    if (port < 0) return fail(EXIT_ERROR, "cannot listen on " + a.host);
  } else if (!server.bind_to_port(a.host, port)) {
    return fail(EXIT_ERROR, "cannot listen on " + a.host + ":" + std::to_string(port) +
                                " (in use? choose another with --port)");
  }
  std::printf("millbase serve: http://%s:%d/\n", a.host.c_str(), port);
  std::fflush(stdout);
  if (!server.listen_after_bind()) return fail(EXIT_ERROR, "the server stopped");
  return EXIT_OK;
}

}  // namespace

Command register_serve(CLI::App& app) {
  auto a = std::make_shared<ServeArgs>();
  CLI::App* cmd =
      app.add_subcommand("serve", "The analysis page and its JSON API over HTTP (docs/web-api.md)");
  add_variant_option(cmd, &a->variant);
  cmd->add_option("--db,-d", a->db,
                  "Table directory of --variant (default: data/<variant>-fifty when it holds all "
                  "its 50-ply tables, "
                  "else data/<variant>; the other variants use their defaults)");
  cmd->add_option("--port", a->port, "Port, 0..65535; 0 picks a free one (printed)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  cmd->add_option("--host", a->host, "Address to listen on (default 127.0.0.1: this machine only)")
      ->capture_default_str();
  return {cmd, [a] { return run_serve(*a); }};
}

}  // namespace millbase::cli
