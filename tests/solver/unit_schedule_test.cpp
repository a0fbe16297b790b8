// What a distributed driver hands out (solver/unit_schedule.h) and what a process of it
// does with a unit (solver/unit_worker.h), without MPI: units taken in any order the
// schedule allows, by a worker on a thread of its own, write solve()'s tables.
#include "solver/unit_schedule.h"

#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <random>
#include <thread>

#include "solve_test_util.h"
#include "solver/unit_memory.h"
#include "solver/unit_step.h"
#include "solver/unit_worker.h"

namespace millbase {
namespace {

// Takes every unit of `units` with `slots` running at once, finishing a random running
// one each time, and checks that no unit is taken before the units writing the sectors
// it reads have finished, and that each is taken once. Returns the order of finishing.
std::vector<size_t> run_schedule(const std::vector<WorkUnit>& units, std::vector<bool> done,
                                 int slots, uint32_t seed) {
  std::map<Sector, size_t> writer;
  for (size_t i = 0; i < units.size(); ++i)
    for (const Sector& s : units[i].sectors) writer[s] = i;
  UnitSchedule schedule(units, done);
  std::mt19937 rng(seed);
  std::vector<size_t> running, order;
  std::vector<int> taken(units.size(), 0);
  for (;;) {
    while (int(running.size()) < slots)
      if (std::optional<size_t> u = schedule.take()) {
        ++taken[*u];
        EXPECT_FALSE(done[*u]) << unit_name(units[*u]) << " was done already";
        for (const Sector& c : units[*u].children) {
          if (auto w = writer.find(c); w != writer.end()) {
            EXPECT_TRUE(done[w->second])
                << unit_name(units[*u]) << " taken before " << unit_name(units[w->second]);
          }
        }
        running.push_back(*u);
      } else {
        break;
      }
    if (running.empty()) break;
    const size_t k = rng() % running.size();
    const size_t u = running[k];
    running.erase(running.begin() + long(k));
    schedule.finish(u);
    done[u] = true;
    order.push_back(u);
  }
  EXPECT_TRUE(schedule.all_finished());
  for (size_t i = 0; i < units.size(); ++i) EXPECT_LE(taken[i], 1) << unit_name(units[i]);
  return order;
}

TEST(UnitSchedule, HandsOutEachUnitOnceAfterItsChildren) {
  for (const Variant* v : {&SIX, &NINE}) {
    const SectorGraph graph(*v);
    const std::vector<WorkUnit>& units = graph.units();
    for (int slots : {1, 3, 16}) {
      const std::vector<size_t> order =
          run_schedule(units, std::vector<bool>(units.size()), slots, uint32_t(slots));
      EXPECT_EQ(order.size(), units.size()) << v->name << " with " << slots;
    }
    // One at a time, the schedule takes the graph's order: what solve() does.
    std::vector<size_t> serial = run_schedule(units, std::vector<bool>(units.size()), 1, 7);
    for (size_t i = 0; i < serial.size(); ++i) EXPECT_EQ(serial[i], i);
  }
}

TEST(UnitSchedule, UnitsAlreadyDoneAreNotHandedOut) {
  const SectorGraph graph(SIX);
  const std::vector<WorkUnit>& units = graph.units();
  // Every third unit done, children or not: a done unit waits for nothing, and a unit
  // whose writer is done does not wait for it.
  std::vector<bool> done(units.size());
  size_t already = 0;
  for (size_t i = 0; i < units.size(); i += 3) done[i] = true, ++already;
  EXPECT_EQ(run_schedule(units, done, 4, 11).size(), units.size() - already);
  // A unit nothing waits for is ready at once; one reading an unfinished unit is not.
  UnitSchedule schedule(units, std::vector<bool>(units.size()));
  EXPECT_EQ(schedule.take(), std::optional<size_t>(0));
  for (std::optional<size_t> u; (u = schedule.take());)
    for (const Sector& c : units[*u].children)
      EXPECT_EQ(std::find(units[0].sectors.begin(), units[0].sectors.end(), c),
                units[0].sectors.end())
          << unit_name(units[*u]) << " reads " << sector_name(c);
}

TEST(UnitWorker, FiguresSurviveTheirMessage) {
  UnitFigures f;
  f.unit = 663;
  f.seconds = 12.5;
  f.report.positions_solved = (uint64_t(1) << 40) + 3;
  f.report.tables_read_by_block = 4;
  f.report.peak_rss_bytes = uint64_t(7) << 30;
  f.report.phases = {1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 1234567, 7654321};
  const UnitFigures g = decode_figures(encode_figures(f));
  EXPECT_EQ(g.unit, f.unit);
  EXPECT_EQ(g.seconds, f.seconds);
  EXPECT_EQ(g.report.positions_solved, f.report.positions_solved);
  EXPECT_EQ(g.report.tables_read_by_block, 4);
  EXPECT_EQ(g.report.peak_rss_bytes, f.report.peak_rss_bytes);
  EXPECT_EQ(g.report.phases.write, 6.5);
  EXPECT_EQ(g.report.phases.movement_positions, 7654321u);
  SolveReport sum;
  add_unit_report(sum, f.report);
  add_unit_report(sum, g.report);
  EXPECT_EQ(sum.positions_solved, 2 * f.report.positions_solved);
  EXPECT_EQ(sum.peak_rss_bytes, f.report.peak_rss_bytes);
  EXPECT_EQ(sum.phases.load, 3.0);
}

TEST(UnitWorker, AThreadTakingUnitsOutOfOrderWritesTheTablesOfSolve) {
  // Five whole, in a finishing order the schedule allows but the graph's is not.
  const std::string want = temp_dir("worker-solve"), dir = temp_dir("worker-thread");
  solve_into(FIVE, want, 2);
  std::filesystem::create_directories(dir);
  SolveOptions opts;
  opts.dir = dir;
  opts.quiet = true;
  const SectorGraph graph(FIVE);
  const std::vector<WorkUnit>& units = graph.units();
  WorkerThread worker(FIVE, opts, units, 2);
  UnitSchedule schedule(units, std::vector<bool>(units.size()));
  std::mt19937 rng(5);
  std::vector<size_t> ready;
  size_t out_of_order = 0, last = 0;
  uint64_t positions = 0;
  for (;;) {
    for (std::optional<size_t> u; (u = schedule.take());) ready.push_back(*u);
    if (ready.empty()) break;
    const size_t k = rng() % ready.size();
    const size_t u = ready[k];
    ready.erase(ready.begin() + long(k));
    out_of_order += u < last;
    last = u;
    worker.give(u);
    std::optional<Result<UnitFigures>> outcome;
    while (!(outcome = worker.poll())) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ASSERT_TRUE(*outcome) << unit_name(units[u]) << ": " << outcome->message();
    EXPECT_EQ((*outcome)->unit, u);
    positions += (*outcome)->report.positions_solved;
    schedule.finish(u);
  }
  EXPECT_TRUE(schedule.all_finished());
  EXPECT_GT(out_of_order, 10u);
  uint64_t entries = 0;
  size_t sectors = 0;
  for (const WorkUnit& u : units) entries += unit_entries(FIVE, u), sectors += u.sectors.size();
  EXPECT_EQ(positions, entries);
  // The tables, not the locks or the MANIFEST that solve() adds.
  std::map<std::string, std::string> a = read_dir(want), b = read_dir(dir);
  a.erase(".lock"), a.erase(".writers"), a.erase("MANIFEST");
  EXPECT_EQ(a.size(), sectors);
  EXPECT_EQ(a, b);
  std::filesystem::remove_all(want);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace millbase
