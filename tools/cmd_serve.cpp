// millbase serve: the analysis page and the JSON API of docs/web-api.md over HTTP, on
// loopback by default; a front end on server/page_server.h.
#include <cstdio>

#include "server/page_server.h"
#include "tools/cli_common.h"

namespace millbase::cli {

namespace {

struct ServeArgs {
  std::string variant, db, plain, host = "127.0.0.1";
  std::vector<std::string> allow_hosts;
  int port = 8080;
};

// Returns the warning for a table directory that holds no table of its variant (an empty
// folder, no MANIFEST): the page then plays the variant at levels 1 to 5 only; "" when
// it holds one.
std::string no_tables_warning(const TableDir& d) {
  const Result<std::vector<std::string>> tables = table_file_paths(d.path());
  if (!tables || !tables->empty()) return "";
  const std::string name(d.variant().name);
  return explain(Status::not_found(d.path() + " holds no table of " + name), d.variant(), d.path(),
                 d.metric()) +
         "; until then the page plays " + name + " at levels 1 to 5 only";
}

int run_serve(const ServeArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  std::string no_tables;
  if (!a.db.empty()) {
    Result<TableDir> d = TableDir::open(*v, a.db);
    if (!d) return fail(d.status(), *v, a.db);
    no_tables = no_tables_warning(*d);
  }
  web::WebApiOptions options;
  if (!a.db.empty()) options.dirs[std::string(v->name)] = a.db;
  if (!a.plain.empty()) options.plain_dirs[std::string(v->name)] = a.plain;
  options.default_variant = std::string(v->name);  // the page opens on it
  options.cost = solve_cost;
  web::WebApi api(options);

  const server::PageServerOptions where{a.host, a.port, a.allow_hosts};
  const Status st =
      server::serve_page(where, api, [&](const std::string& url, int, const std::string& warning) {
        std::printf("millbase serve: %s\n", url.c_str());
        std::fflush(stdout);
        for (const std::string& w : {warning, no_tables})
          if (!w.empty()) std::fprintf(stderr, "millbase serve: warning: %s\n", w.c_str());
      });
  if (!st) return fail(EXIT_ERROR, st.message() + (a.port ? ": choose another with --port" : ""));
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
