// The range evaluators (solver/range_eval.h: placement_eval.h for placement sectors,
// movement_eval.h for movement sectors) against the position-by-position one-ply search
// of evaluate() (solver/successors.h), the obvious code: every entry of every stored
// sector of five and six, and of nine and nine without flying up to 4-4 (sides that
// fly, sides that cannot), from their solved tables, over ranges that start and end
// inside an occupied set's colourings; under the 50-ply rule's view of the children; and
// the stored fifty codes of five's and six's 50-ply tables against evaluate_fifty_code().
#include "solver/range_eval.h"

#include <gtest/gtest.h>

#include "db/table_file.h"
#include "solve_test_util.h"
#include "solver/sector_graph.h"

namespace millbase {
namespace {

struct Counted {
  int placement = 0, movement = 0;
};

// Checks every stored sector of v that dir holds, its successors' values read from dir
// (tables of `stored`), through a lookup of `metric`: evaluate_range() against evaluate(),
// or with SuccessorFold::FIFTY_CODE against evaluate_fifty_code().
Counted expect_same_as_evaluate(const Variant& v, const std::string& dir, Metric metric,
                                Metric stored = Metric::PLAIN,
                                SuccessorFold kind = SuccessorFold::VALUE) {
  auto reference = [&](const Sector& s, Bitboard us, Bitboard them, const ChildLookup& lookup) {
    return kind == SuccessorFold::VALUE ? evaluate(v, s, us, them, lookup)
                                        : evaluate_fifty_code(v, s, us, them, lookup);
  };
  ValueStore store;
  const SectorGraph graph(v);
  Counted counted;
  for (const WorkUnit& u : graph.units()) {
    if (!std::filesystem::exists(table_path(dir, u.sectors[0]))) continue;
    EXPECT_TRUE(load_sectors(v, dir, u.sectors, store, stored));
    std::vector<Sector> needed = u.sectors;
    needed.insert(needed.end(), u.children.begin(), u.children.end());
    for (const Sector& s : u.sectors) {
      const ChildLookup lookup(v, store, needed, metric);
      const SectorIndex& index = *SectorIndex::get(*v.board, s.us, s.them);
      std::vector<ValueCode> fast(index.size());
      // Ranges of odd lengths, so that most start and end within a set's colourings.
      for (uint64_t begin = 0; begin < index.size(); begin += 777)
        evaluate_range(v, s, index, begin, std::min<uint64_t>(begin + 777, index.size()), lookup,
                       &fast[begin], kind);
      uint64_t differ = 0;
      index.for_each(0, index.size(), [&](uint64_t i, Bitboard us, Bitboard them) {
        const ValueCode expected = reference(s, us, them, lookup);
        if (fast[i] != expected && differ++ < 3)
          ADD_FAILURE() << v.name << " " << sector_name(s) << " entry " << i << ": code " << fast[i]
                        << ", the position-by-position search gives " << expected;
      });
      EXPECT_EQ(differ, 0u) << sector_name(s);
      ++(is_movement(s) ? counted.movement : counted.placement);
    }
  }
  return counted;
}

// Solves the closure of targets of v (everything when empty), then checks its sectors
// as plain tables and as the 50-ply rule's parents see them (fifty_at at counter 0,
// folded with the rule's loss step and zeroing mills: the stored plain codes stand in
// for fifty codes).
Counted check_variant(const Variant& v, std::vector<Sector> targets) {
  const std::string dir = temp_dir(std::string("range-eval-") + std::string(v.name));
  solve_into(v, dir, 2, std::move(targets));
  const Counted plain = expect_same_as_evaluate(v, dir, Metric::PLAIN);
  const Counted fifty = expect_same_as_evaluate(v, dir, Metric::FIFTY);
  EXPECT_EQ(plain.placement, fifty.placement);
  EXPECT_EQ(plain.movement, fifty.movement);
  std::filesystem::remove_all(dir);
  return plain;
}

TEST(RangeEval, FiveAndSixEqualEvaluate) {
  for (const Variant* v : {&FIVE, &SIX}) {
    const Counted c = check_variant(*v, {});
    EXPECT_GT(c.placement, 50) << v->name;
    EXPECT_GT(c.movement, 10) << v->name;
  }
}

TEST(RangeEval, NineWithAndWithoutFlyingEqualEvaluate) {
  for (const Variant* v : {&NINE, &NINE_NOFLYING}) {
    // The closure of 4-4: 4-4, 4-3, 3-4 and 3-3, where nine's sides of three fly.
    const Counted c = check_variant(*v, {Sector{4, 4, 0, 0}});
    EXPECT_EQ(c.movement, 4) << v->name;
  }
}

// The 50-ply tables' stored codes (cursed wins and blessed losses, labels beyond the
// rule) of every sector, folded from the successors' stored codes as a derived 50-ply
// table is read: the range evaluators against evaluate_fifty_code(). At least one code
// beyond the rule must come out, or the test would not reach FiftyFolder's labels.
TEST(RangeEval, FiftyCodesOfFiveAndSixEqualEvaluateFiftyCode) {
  for (const Variant* v : {&FIVE, &SIX}) {
    const std::string plain = temp_dir(std::string("range-eval-plain-") + std::string(v->name));
    const std::string fifty = temp_dir(std::string("range-eval-fifty-") + std::string(v->name));
    solve_into(*v, plain, 2);
    SolveOptions opts;
    opts.dir = fifty;
    opts.quiet = true;
    opts.metric = Metric::FIFTY;
    opts.plain_dir = plain;
    ASSERT_TRUE(solve(*v, opts));
    const Counted c =
        expect_same_as_evaluate(*v, fifty, Metric::PLAIN, Metric::FIFTY, SuccessorFold::FIFTY_CODE);
    EXPECT_GT(c.placement, 50) << v->name;
    EXPECT_GT(c.movement, 10) << v->name;
    uint64_t beyond = 0;
    for (const auto& e : std::filesystem::directory_iterator(fifty)) {
      if (e.path().extension() != ".mbt") continue;
      Result<TableFile> f = TableFile::open_any(e.path().string());
      ASSERT_TRUE(f) << f.message();
      const Result<std::vector<ValueCode>> codes = f->read_all();
      ASSERT_TRUE(codes) << codes.message();
      for (ValueCode x : *codes) beyond += !is_draw(x) && fifty_z(x) == FIFTY_BEYOND;
    }
    EXPECT_GT(beyond, 0u) << v->name;
    std::filesystem::remove_all(plain);
    std::filesystem::remove_all(fifty);
  }
}

}  // namespace
}  // namespace millbase
