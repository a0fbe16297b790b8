// Helpers shared by the solver tests: scratch directories, file contents, solving.
#pragma once

#include <gtest/gtest.h>
#include <omp.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "core/notation.h"
#include "solver/child_tables.h"
#include "solver/solve.h"
#include "solver/verify.h"

namespace millbase {

// Returns an empty path under the temporary directory, unique to this process.
inline std::string temp_dir(const std::string& name) {
  std::filesystem::path p = std::filesystem::temp_directory_path() /
                            ("millbase-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(p);
  return p.string();
}

// Returns the bytes of a file ("" when it cannot be read).
inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// Returns every file of dir by name with its bytes.
inline std::map<std::string, std::string> read_dir(const std::string& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    files[e.path().filename().string()] = read_file(e.path().string());
  return files;
}

// Solves the closure of targets (everything when empty) into dir with `threads`
// threads, quietly; a failure fails the test.
inline SolveReport solve_into(const Variant& v, const std::string& dir, int threads,
                              std::vector<Sector> targets = {}) {
  omp_set_num_threads(threads);
  SolveOptions opts;
  opts.dir = dir;
  opts.quiet = true;
  opts.targets = std::move(targets);
  Result<SolveReport> r = solve(v, opts);
  EXPECT_TRUE(r) << (r ? "" : r.message());
  omp_set_num_threads(omp_get_num_procs());
  return r ? *r : SolveReport{};
}

// Expects a verify run that checked every entry of every sector it reports and found
// no mismatch: none skipped (a table it reads failed to load), damaged or missing.
inline void expect_all_verified(const std::vector<SectorCheck>& checks) {
  EXPECT_FALSE(checks.empty());
  for (const SectorCheck& c : checks) {
    EXPECT_EQ(c.mismatches, 0u) << sector_name(c.sector) << ": " << c.first_mismatch;
    EXPECT_EQ(c.checked, c.entries) << sector_name(c.sector) << ": " << c.skipped << c.problem;
  }
}

}  // namespace millbase
