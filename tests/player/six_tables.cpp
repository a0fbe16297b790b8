#include "tests/player/six_tables.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "solver/solve.h"

namespace millbase {

namespace {

namespace fs = std::filesystem;

// Owns the directory: removes it when the process ends.
struct SolvedSix {
  std::string dir;
  std::shared_ptr<const Tablebase> tables;

  SolvedSix()
      : dir((fs::temp_directory_path() / ("millbase-six-" + std::to_string(::getpid()))).string()) {
    fs::remove_all(dir);
    SolveOptions opts;
    opts.dir = dir;
    opts.quiet = true;
    if (!solve(SIX, opts)) ADD_FAILURE() << "six did not solve";
    Result<std::shared_ptr<const Tablebase>> opened = Tablebase::open(SIX, dir);
    if (opened) tables = *opened;
  }
  ~SolvedSix() {
    tables.reset();
    fs::remove_all(dir);
  }
};

// Returns the solved tables, solving them on the first call.
const SolvedSix& solved() {
  static SolvedSix six;
  return six;
}

}  // namespace

std::shared_ptr<const Tablebase> six_tables() { return solved().tables; }

const std::string& six_dir() { return solved().dir; }

}  // namespace millbase
