// The C API tests' fixture: six's tables opened once through the C API and once through
// Tablebase (solved by the cli.solve_six fixture), positions of six with known values,
// and the probes the tests make.
#pragma once

#include "millbase.h"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/notation.h"
#include "db/tablebase.h"

namespace millbase::capi_test {

inline const char* const LONGEST_WIN = "W:b2,d2,c3,e3,b4,d5 B:f2,d3,c4,f4,b6 w";  // win in 119
inline const char* const START = "W: B: w 6 6";
inline const char* const BLOCKADE = "W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w";  // win in 1: d3-c3
inline const char* const DRAWN = "W:c4,e4,c5,d5,e5,f6 B:b2,c3,d3,e3,f4,b6 w";
inline const char* const OVER = "W:d2,c3,b4,e5,f6 B:c4,c5,d5,b6,d6 b";  // Black cannot move

// A probe's outcome: the status code, the result and distance, and the message.
struct Probe {
  int code, result = -9, distance = -9;
  std::string err;
};

class CApiTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char err[MILLBASE_ERR_SIZE];
    ASSERT_EQ(millbase_open("six", SIX_DB, &tables_, err, sizeof err), MILLBASE_OK) << err;
    cpp_ = *Tablebase::open(SIX, SIX_DB);
  }
  static void TearDownTestSuite() {
    EXPECT_EQ(millbase_close(tables_), MILLBASE_OK);
    tables_ = nullptr;
    cpp_.reset();
  }

  static Probe probe(const std::string& position) {
    Probe p;
    char err[MILLBASE_ERR_SIZE];
    p.code = millbase_probe(tables_, position.c_str(), &p.result, &p.distance, err, sizeof err);
    p.err = err;
    return p;
  }
  static Probe probe_wdl(const std::string& position) {
    Probe p;
    char err[MILLBASE_ERR_SIZE];
    p.code = millbase_probe_wdl(tables_, position.c_str(), &p.result, err, sizeof err);
    p.err = err;
    return p;
  }
  // Returns the best move's text, or "" with code set on failure.
  static std::string best_move(const std::string& position, unsigned long seed, int* code) {
    char move[MILLBASE_MOVE_SIZE], err[MILLBASE_ERR_SIZE];
    *code = millbase_best_move(tables_, position.c_str(), seed, move, sizeof move, err, sizeof err);
    return move;
  }
  // Returns the moves Tablebase::analyze ranks best in position.
  static std::set<std::string> analyze_best(const std::string& position) {
    Position p = *parse_position(SIX, position);
    std::vector<MoveValue> moves = *cpp_->analyze(p);
    std::set<std::string> best;
    for (const MoveValue& m : moves)
      if (m.value == moves.front().value) best.insert(format_move(SIX, m.move));
    return best;
  }

  static inline millbase_tables* tables_ = nullptr;
  static inline std::shared_ptr<const Tablebase> cpp_;
};

}  // namespace millbase::capi_test
