// millbase serve: the analysis page and the JSON API of docs/web-api.md over HTTP, on
// loopback by default. The page is embedded in the binary (tools/web_assets.h); the
// connections are handled by BoundedServer (tools/serve_server.h), and only the Host
// names of the address listened on are answered (tools/serve_host.h).
#include <cstdio>

#include "core/notation.h"
#include "tools/cli_common.h"
#include "tools/serve_host.h"
#include "tools/serve_server.h"
#include "tools/web_assets.h"
#include "web/api/web_api.h"

namespace millbase::cli {

namespace {

constexpr size_t MAX_REQUEST_BYTES = size_t(64) << 10;

struct ServeArgs {
  std::string variant, db, plain, host = "127.0.0.1";
  std::vector<std::string> allow_hosts;
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

// Serves the page's files and the API on `server`.
void add_routes(BoundedServer& server, web::WebApi& api) {
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
}

int run_serve(const ServeArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  if (!a.db.empty())
    if (Status st = check_any_table_dir(*v, a.db); !st) return fail(st, *v, a.db);
  web::WebApiOptions options;
  if (!a.db.empty()) options.dirs[std::string(v->name)] = a.db;
  if (!a.plain.empty()) options.plain_dirs[std::string(v->name)] = a.plain;
  options.cost = solve_cost;
  web::WebApi api(options);
  const HostCheck hosts(a.host, a.allow_hosts);

  const ServeLimits limits;
  BoundedServer server(limits);
  server.set_payload_max_length(MAX_REQUEST_BYTES);
  // Before routing: the Host names of this server only, and no body on a GET.
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
  add_routes(server, api);
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

  const int port = server.bind(a.host, a.port);
  if (port < 0)
    return fail(
        EXIT_ERROR,
        "cannot listen on " + url_host(a.host) +
            (a.port ? ":" + std::to_string(a.port) + " (in use? choose another with --port)" : ""));
  // The address to open on this machine: loopback for every interface.
  const std::string shown = !is_wildcard_host(a.host)               ? url_host(a.host)
                            : a.host.find(':') != std::string::npos ? "[::1]"
                                                                    : "127.0.0.1";
  std::printf("millbase serve: http://%s:%d/\n", shown.c_str(), port);
  std::fflush(stdout);
  if (hosts.everywhere())
    std::fprintf(stderr,
                 "millbase serve: warning: --host %s listens on every network interface: "
                 "anyone who can reach this machine on port %d can use the server (it answers "
                 "the Host names %s)\n",
                 a.host.c_str(), port, hosts.names().c_str());
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
  cmd->add_option("--plain", a->plain,
                  "With 50-ply tables: the plain tables of --variant, for the values without the "
                  "rule beside them (default: data/<variant>; skipped when absent)");
  cmd->add_option("--port", a->port, "Port, 0..65535; 0 picks a free one (printed)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  cmd->add_option("--host", a->host,
                  "Address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 or :: "
                  "every interface, with a warning)")
      ->capture_default_str();
  cmd->add_option("--allow-host", a->allow_hosts,
                  "A Host name to answer besides those of --host (which are localhost, "
                  "127.0.0.1 and [::1] for loopback); repeatable");
  return {cmd, [a] { return run_serve(*a); }};
}

}  // namespace millbase::cli
