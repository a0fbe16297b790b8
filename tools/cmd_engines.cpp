// millbase engine and millbase uci: the two engine dialects (engine/) on stdin
// and stdout.
#include <cstdio>
#include <iostream>

#include "engine/engine_dialect.h"
#include "engine/uci_dialect.h"
#include "tools/cli_common.h"

namespace millbase::cli {

namespace {

// The options of both dialects' commands.
struct EngineArgs {
  std::string variant, db;
  uint64_t seed = 1;
};

// Writes an answer and its newline to stdout (flushed after each command).
void print_line(const std::string& text) { std::printf("%s\n", text.c_str()); }

// Returns the subcommand `name` with --variant, --db and --seed: it checks a table
// directory given on the command line (exit 3 before reading anything), then runs
// `serve` with the variant and the options.
Command register_engine_command(CLI::App& app, const std::string& name, const std::string& help,
                                std::function<void(const Variant&, const EngineArgs&)> serve) {
  auto a = std::make_shared<EngineArgs>();
  CLI::App* cmd = app.add_subcommand(name, help);
  add_variant_option(cmd, &a->variant);
  cmd->add_option("--db,-d", a->db,
                  "Table directory (default: data/<variant>-fifty, the 50-ply rule's tables, "
                  "when it holds all the variant's 50-ply tables, else data/<variant>)");
  cmd->add_option("--seed", a->seed, "Seed for the choices among equal moves")
      ->capture_default_str();
  return {cmd, [a, serve] {
            const Variant* v = resolve_variant(a->variant);
            if (!v) return EXIT_USAGE;
            if (!a->db.empty())
              if (Result<TableDir> d = TableDir::open(*v, a->db); !d)
                return fail(d.status(), *v, a->db);
            serve(*v, *a);
            return EXIT_OK;
          }};
}

}  // namespace

Command register_engine(CLI::App& app) {
  return register_engine_command(
      app, "engine", "Line protocol on stdin/stdout for GUIs and scripts (docs/engine-protocol.md)",
      [](const Variant& v, const EngineArgs& a) {
        engine::EngineDialect d(v, a.db, a.seed, print_line, solve_cost);
        d.greet();
        std::fflush(stdout);
        engine::read_commands(
            std::cin,
            [&d](const std::string& c, std::vector<std::string>& w) { return d.handle(c, w); },
            [&d](const Status& st) { d.report(st); });
      });
}

Command register_uci(CLI::App& app) {
  return register_engine_command(
      app, "uci", "The UCI dialect of mill GUIs on stdin/stdout (docs/uci.md)",
      [](const Variant& v, const EngineArgs& a) {
        engine::UciDialect d(v, a.db, a.seed, print_line, solve_cost);
        engine::read_commands(
            std::cin,
            [&d](const std::string& c, std::vector<std::string>& w) { return d.handle(c, w); },
            [&d](const Status& st) { d.report(st); }, [&d](const Status& st) { d.skip(st); });
        d.finish();  // the answer a `go infinite` still holds
        std::fflush(stdout);
      });
}

}  // namespace millbase::cli
