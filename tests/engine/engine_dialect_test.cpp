// The line protocol of `millbase engine` against six's tables (the six_db and six_fifty
// fixtures of tests/tools): its value words are ShownValue's terse form, plain and under
// the 50-ply rule at the game's counter; the levels' go without tables.
#include "engine/engine_dialect.h"

#include <gtest/gtest.h>

#include <sstream>

#include "core/notation.h"
#include "db/shown_value.h"

namespace millbase::engine {
namespace {

TEST(ShownValueTerse, WordsTheEngineProtocolsValues) {
  EXPECT_EQ((ShownValue{code_of_distance(13), Metric::PLAIN}.terse()), "win 13");
  EXPECT_EQ((ShownValue{code_of_distance(4), Metric::PLAIN}.terse()), "loss 4");
  EXPECT_EQ((ShownValue{DRAW, Metric::PLAIN}.terse()), "draw");
  EXPECT_EQ((ShownValue{WIN_NOT_STORED, Metric::PLAIN}.terse()), "win");
  EXPECT_EQ((ShownValue{LOSS_NOT_STORED, Metric::FIFTY}.terse()), "loss");
  // Under the rule: z plies to the next mill, a draw once the counter leaves no room.
  EXPECT_EQ((ShownValue{fifty_code(true, 7), Metric::FIFTY, 10}.terse()), "win 7");
  EXPECT_EQ((ShownValue{fifty_code(true, 7), Metric::FIFTY, 44}.terse()), "draw");
  EXPECT_EQ((ShownValue{fifty_code(false, FIFTY_BEYOND), Metric::FIFTY}.terse()), "draw");
}

// Returns the lines an engine of six on db answers to `commands`.
std::vector<std::string> answers(const std::string& db, const std::vector<std::string>& commands) {
  std::vector<std::string> out;
  EngineDialect d(SIX, db, 1, [&](const std::string& text) {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
  });
  for (const std::string& c : commands) {
    std::istringstream in(c);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    const std::string cmd = words.front();
    words.erase(words.begin());
    if (Status st = d.handle(cmd, words); !st) d.report(st);
  }
  return out;
}

// Expects analyze's words in position `at` (notation, then `moves`) to be the terse
// ShownValue of the session's own codes at its counter, every move's and the value's.
void expect_shown(const std::string& db, const std::string& at,
                  const std::vector<std::string>& moves = {}) {
  EngineSession s(SIX, db, 1);
  Result<Position> p = parse_position(SIX, at);
  ASSERT_TRUE(p.is_ok()) << p.message();
  ASSERT_TRUE(s.set_position(*p, moves, false));
  Result<std::vector<MoveValue>> analyzed = s.analysis();  // the tables' own codes
  ASSERT_TRUE(analyzed.is_ok()) << analyzed.message();
  Result<ValueCode> value = s.value();
  ASSERT_TRUE(value.is_ok()) << value.message();
  const int counter = s.counter();
  std::vector<std::string> want = {"ok",
                                   "value " + ShownValue{*value, s.metric(), counter}.terse()};
  for (const MoveValue& m : *analyzed)
    want.push_back("move " + format_move(SIX, m.move) + " " +
                   ShownValue{m.value, s.metric(), counter}.terse());
  want.push_back("end");
  std::string line = "position " + at + (moves.empty() ? "" : " moves");
  for (const std::string& m : moves) line += " " + m;
  EXPECT_EQ(answers(db, {line, "analyze"}), want) << db << " " << line;
}

TEST(EngineDialect, AnalyzeWordsAreShownValues) {
  const std::string blockade = "W:d2,d3,b4,e5,f6 B:c4,c5,d5,b6,d6 w";
  for (const std::string& db : {std::string(SIX_DB), std::string(SIX_FIFTY_DB)}) {
    expect_shown(db, blockade);
    expect_shown(db, "W:d2 B:f2 w 5 5");
    expect_shown(db, blockade, {"d2-f2", "c4-c3"});  // two quiet plies on the counter
  }
  const std::vector<std::string> lines = answers(SIX_DB, {"position " + blockade, "analyze"});
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[1], "value win 1");
  EXPECT_EQ(lines[2], "move d3-c3 win 1");
}

// go at levels 1..5 needs no tables; go (perfect), levels 6..9 and analyze say which are
// missing.
TEST(EngineDialect, LevelsGoWithoutTables) {
  const std::vector<std::string> lines =
      answers("/nonexistent/six", {"position start moves d2 d6", "go level 3", "go level level5",
                                   "go level 1", "go", "analyze", "go level 6", "go level 11"});
  ASSERT_EQ(lines.size(), 8u);
  EXPECT_EQ(lines[0], "ok");
  for (size_t i : {1, 2, 3})
    EXPECT_TRUE(lines[i].starts_with("bestmove ") && lines[i] != "bestmove none") << lines[i];
  EXPECT_TRUE(lines[4].starts_with("error no table directory /nonexistent/six")) << lines[4];
  EXPECT_TRUE(lines[5].starts_with("error no table directory /nonexistent/six")) << lines[5];
  EXPECT_TRUE(lines[6].starts_with("error no table directory /nonexistent/six")) << lines[6];
  EXPECT_EQ(lines[7], "error level '11' must be perfect, strong or 1..10");
}

}  // namespace
}  // namespace millbase::engine
