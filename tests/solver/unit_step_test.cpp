// One unit as one step (solver/unit_step.h): steps taken one by one, each with a store
// of its own as a process that is handed single units would, write the driver's tables.
#include "solver/unit_step.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "db/table_dir.h"
#include "solve_test_util.h"
#include "solver/unit_memory.h"

namespace millbase {
namespace {

namespace fs = std::filesystem;

// Returns the tables of dir (the .mbt files) by name with their bytes.
std::map<std::string, std::string> tables_of(const std::string& dir) {
  std::map<std::string, std::string> files = read_dir(dir);
  std::erase_if(files, [](const auto& f) { return fs::path(f.first).extension() != ".mbt"; });
  return files;
}

TEST(UnitStep, StepsWithStoresOfTheirOwnWriteTheDriversTables) {
  // Nine's movement sectors up to 4-4: large enough for children read through blocks.
  const Sector target{4, 4, 0, 0};
  const std::string driver = temp_dir("step-driver"), steps = temp_dir("step-steps");
  solve_into(NINE, driver, 2, {target});
  fs::create_directories(steps);
  SolveOptions opts;
  opts.dir = steps;
  opts.quiet = true;
  SolveReport report;
  uint64_t entries = 0;
  size_t sectors = 0;
  const std::vector<WorkUnit> units = SectorGraph(NINE).closure({target});
  for (size_t i = 0; i < units.size(); ++i) {
    // Every other unit within the least budget it allows: a block cache per child.
    opts.memory_limit = i % 2 ? unit_bytes_least(NINE, units[i]) : 0;
    ValueStore store;
    Status s = solve_unit_step(NINE, units[i], opts, store, {}, {}, report);
    ASSERT_TRUE(s) << unit_name(units[i]) << ": " << s.message();
    entries += unit_entries(NINE, units[i]);
    sectors += units[i].sectors.size();
  }
  EXPECT_EQ(report.positions_solved, entries);
  EXPECT_GT(report.tables_read_by_block, 0);
  const auto want = tables_of(driver);
  EXPECT_EQ(want.size(), sectors);
  EXPECT_EQ(tables_of(steps), want);
  fs::remove_all(driver);
  fs::remove_all(steps);
}

TEST(UnitStep, AMissingChildIsNamedAndNothingIsWritten) {
  const std::string dir = temp_dir("step-missing");
  solve_into(FIVE, dir, 1);
  const SectorGraph graph(FIVE);
  const WorkUnit* unit = nullptr;
  for (const WorkUnit& u : graph.units())
    if (!u.children.empty()) unit = &u;
  ASSERT_NE(unit, nullptr);
  const std::string child = table_path(dir, unit->children.front());
  const std::string own = table_path(dir, unit->sectors.front());
  fs::remove(child);
  fs::remove(own);
  SolveOptions opts;
  opts.dir = dir;
  opts.quiet = true;
  ValueStore store;
  SolveReport report;
  Status s = solve_unit_step(FIVE, *unit, opts, store, {}, {}, report);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find(fs::path(child).filename().string()), std::string::npos)
      << s.message();
  EXPECT_FALSE(fs::exists(own));
  EXPECT_EQ(report.positions_solved, 0u);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace millbase
