// The range evaluator of placement sectors (solver/placement_eval.h) against the
// position-by-position one-ply search of evaluate() (solver/successors.h), the obvious
// code: every entry of every placement sector of five and six, from their solved
// tables, over ranges that start and end inside an occupied set's colourings; and
// under the 50-ply rule's view of the children.
#include "solver/placement_eval.h"

#include <gtest/gtest.h>

#include "solve_test_util.h"
#include "solver/sector_graph.h"
#include "solver/successors.h"

namespace millbase {
namespace {

// Checks every placement sector of v, its successors' values read from dir.
void expect_same_as_evaluate(const Variant& v, const std::string& dir, Metric metric) {
  ValueStore store;
  const SectorGraph graph(v);
  int sectors = 0;
  for (const WorkUnit& u : graph.units()) {
    ASSERT_TRUE(load_sectors(v, dir, u.sectors, store));
    for (const Sector& s : u.sectors) {
      if (s.us_hand == 0) continue;
      const ChildLookup lookup(store, u.children, metric);
      const SectorIndex& index = *SectorIndex::get(*v.board, s.us, s.them);
      std::vector<ValueCode> fast(index.size());
      // Ranges of odd lengths, so that most start and end within a set's colourings.
      for (uint64_t begin = 0; begin < index.size(); begin += 777)
        evaluate_placement(v, s, index, begin, std::min<uint64_t>(begin + 777, index.size()),
                           lookup, &fast[begin]);
      uint64_t differ = 0;
      index.for_each(0, index.size(), [&](uint64_t i, Bitboard us, Bitboard them) {
        if (fast[i] != evaluate(v, s, us, them, lookup) && differ++ < 3)
          ADD_FAILURE() << sector_name(s) << " entry " << i << ": " << value_text(fast[i])
                        << ", evaluate gives " << value_text(evaluate(v, s, us, them, lookup));
      });
      EXPECT_EQ(differ, 0u) << sector_name(s);
      ++sectors;
    }
  }
  EXPECT_GT(sectors, 50);
}

TEST(PlacementEval, FiveAndSixEqualEvaluate) {
  for (const Variant* v : {&FIVE, &SIX}) {
    const std::string dir = temp_dir(std::string("placement-eval-") + std::string(v->name));
    solve_into(*v, dir, 2);
    expect_same_as_evaluate(*v, dir, Metric::DTM);
    // The same children seen as the 50-ply rule's parents see them (fifty_at at counter
    // 0) and folded with its loss step: the stored plain codes stand in for fifty codes.
    expect_same_as_evaluate(*v, dir, Metric::FIFTY);
    std::filesystem::remove_all(dir);
  }
}

}  // namespace
}  // namespace millbase
