// The probe reads back exactly what the solver computed, and analyze agrees with it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "core/movegen.h"
#include "core/notation.h"
#include "db/tablebase.h"
#include "solver/pack.h"
#include "solver/retrograde.h"
#include "solver/solve.h"

namespace millbase {
namespace {

namespace fs = std::filesystem;

// Solves the units for `targets` in memory and into a directory (packed when `packed`),
// then checks every stored position through the Tablebase against the in-memory values.
void check_round_trip(const Variant& v, const std::vector<Sector>& targets, bool packed = false) {
  const std::string dir =
      (fs::temp_directory_path() / ("millbase-probe-" + std::to_string(::getpid()))).string();
  fs::remove_all(dir);
  SolveOptions opts;
  opts.dir = dir;
  opts.quiet = true;
  opts.targets = targets;
  ASSERT_TRUE(solve(v, opts));
  if (packed) {
    Result<std::vector<PackedSector>> p = pack_tables(v, dir);
    ASSERT_TRUE(p) << p.message();
    ASSERT_FALSE(p->empty());
  }
  Tablebase::Options small;
  small.cache_bytes = 1 << 20;  // force evictions
  auto tb = Tablebase::open(v, dir, small);
  ASSERT_TRUE(tb) << tb.message();

  SectorGraph graph(v);
  ValueStore store;
  uint64_t checked = 0;
  for (const WorkUnit& unit : targets.empty() ? graph.units() : graph.closure(targets)) {
    for (SectorValues& sv : solve_unit(v, unit, store)) store.add(std::move(sv));
    for (const Sector& s : unit.sectors) {
      const SectorValues& sv = *store.find(s);
      sv.index->for_each(0, sv.values.size(), [&](uint64_t i, Bitboard us, Bitboard them) {
        Position p;
        p.stones = {us, them};
        p.in_hand = {s.us_hand, s.them_hand};
        Result<ValueCode> got = (*tb)->probe(p);
        ASSERT_TRUE(got) << got.message();
        ASSERT_EQ(*got, sv.values[i]) << format_position(v, p);
        Result<Wdl> wdl = (*tb)->probe_wdl(p);
        ASSERT_TRUE(wdl);
        ASSERT_EQ(*wdl, is_draw(*got) ? Wdl::Draw : is_win(*got) ? Wdl::Win : Wdl::Loss);
        // The same position with colours swapped (Black to move) probes the same.
        Position mirrored = p;
        std::swap(mirrored.stones[WHITE], mirrored.stones[BLACK]);
        std::swap(mirrored.in_hand[WHITE], mirrored.in_hand[BLACK]);
        mirrored.side_to_move = BLACK;
        ASSERT_EQ(*(*tb)->probe(mirrored), sv.values[i]);
        if (i % 7 == 0) {  // analyze: the best move's value is the position's value
          Result<std::vector<MoveValue>> moves = (*tb)->analyze(p);
          ASSERT_TRUE(moves);
          ValueCode best = moves->empty() ? LOSS_IN_0 : moves->front().value;
          ASSERT_EQ(best, sv.values[i]) << format_position(v, p);
          for (size_t k = 1; k < moves->size(); ++k)
            ASSERT_FALSE(better((*moves)[k].value, (*moves)[k - 1].value));
        }
        ++checked;
      });
    }
  }
  EXPECT_GT(checked, 0u);
  fs::remove_all(dir);
}

TEST(Probe, SixReadsBackEveryEntry) { check_round_trip(SIX, {}); }

// Derived tables (pack): a search over the successors gives every value, WDL and analysis.
TEST(Probe, PackedSixReadsBackEveryEntry) { check_round_trip(SIX, {}, true); }

TEST(Probe, NineThreeAndFourStoneMovementReadsBackEveryEntry) {
  check_round_trip(NINE, {Sector{4, 4, 0, 0}});
}

// The library names what is missing (file, sector, variant) and leaves the command
// that builds it to the CLI (tests/tools: probe_missing_table).
TEST(Probe, MissingTableNamesFileSectorAndVariant) {
  const std::string dir = (fs::temp_directory_path() / "millbase-probe-empty").string();
  fs::create_directories(dir);
  auto tb = Tablebase::open(NINE, dir);
  ASSERT_TRUE(tb);
  Result<Position> p = parse_position(NINE, "W:c5,a4,b4,f4,g4,a1,g1 B:a7,d7,g7,b6,d6,f6 w");
  Result<ValueCode> v = (*tb)->probe(*p);
  ASSERT_FALSE(v);
  EXPECT_EQ(v.status().code(), Status::Code::NotFound);
  EXPECT_NE(v.message().find(dir + "/7-6.mbt"), std::string::npos) << v.message();
  EXPECT_NE(v.message().find("sector 7-6 of nine"), std::string::npos) << v.message();
  EXPECT_EQ(v.status().subject(), "7-6");
  EXPECT_EQ(v.message().find("millbase solve"), std::string::npos) << v.message();
  auto none = Tablebase::open(NINE, dir + "/nope");
  ASSERT_FALSE(none);
  EXPECT_EQ(none.status().code(), Status::Code::NotFound);
  EXPECT_EQ(none.status().subject(), "");
  EXPECT_EQ(none.message().find("millbase solve"), std::string::npos) << none.message();
  fs::remove_all(dir);
}

}  // namespace
}  // namespace millbase
