// The options that stats, verify and pack share: the variant, the table directory,
// the sectors to read and how to report.
#pragma once

#include <string>
#include <vector>

#include "tools/cli_common.h"

namespace millbase::cli {

struct TablesArgs {
  std::string variant, db, rule, memory;
  std::vector<std::string> sectors;
  int max_stones = -1, threads = 0;
  bool json = false, quick = false;
  double placement_sample = 1.0;
  uint64_t seed = 0;
  bool longest = false;
  bool quiet = false;
};

// Adds --variant, --db, --rule and --json to cmd, stored in a.
inline void add_table_options(CLI::App* cmd, TablesArgs& a) {
  add_variant_option(cmd, &a.variant);
  add_db_option(cmd, &a.db);
  add_rule_option(cmd, &a.rule, "none: the plain tables; fifty: the 50-ply rule's tables");
  cmd->add_flag("--json", a.json, "Print JSON");
}

// Adds --quiet (no progress on stderr), stored in a.
inline void add_quiet_option(CLI::App* cmd, TablesArgs& a) {
  cmd->add_flag("--quiet,-q", a.quiet, "No progress on stderr");
}

}  // namespace millbase::cli
