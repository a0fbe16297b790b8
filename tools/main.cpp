// millbase: solve, store and probe mill games. One binary, one subcommand per job.
#include <cstdio>
#include <vector>

#include "tools/cli_common.h"

int main(int argc, char** argv) {
  using namespace millbase::cli;
  CLI::App app("millbase: strong solutions of mill games (nine men's morris and relatives)",
               "millbase");
  app.set_version_flag("--version", std::string("millbase ") + MILLBASE_VERSION);
  app.require_subcommand(1);
  std::vector<Command> commands = {
      register_show(app),     register_solve(app),    register_sectors(app), register_stats(app),
      register_verify(app),   register_probe(app),    register_analyze(app), register_info(app),
      register_pack(app),     register_play(app),     register_engine(app),  register_uci(app),
      register_annotate(app), register_openings(app), register_serve(app),   register_compare(app),
      register_match(app)};
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    return fail(EXIT_USAGE, e.what());
  }
  for (const Command& c : commands)
    if (c.app->parsed()) return c.run();
  return EXIT_USAGE;
}
