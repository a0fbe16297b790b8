// The UCI dialect without tables: what it answers before it needs them, the levels that
// play without them, and that it never answers a `go` with a move of another position or
// game. Play with tables is in
// tests/tools/sanmill_client.py.
#include "engine/uci_dialect.h"

#include <gtest/gtest.h>

#include <filesystem>

#include <algorithm>
#include <sstream>

namespace millbase::engine {
namespace {

// Returns success when there are as many lines as parts and each line holds its part;
// a part starting with '=' must be the whole line.
::testing::AssertionResult Lines(const std::vector<std::string>& lines,
                                 const std::vector<std::string>& parts) {
  std::string all;
  for (const std::string& l : lines) all += "\n  " + l;
  bool ok = lines.size() == parts.size();
  for (size_t i = 0; ok && i < parts.size(); ++i)
    ok = parts[i].starts_with("=") ? lines[i] == parts[i].substr(1)
                                   : lines[i].find(parts[i]) != std::string::npos;
  if (ok) return ::testing::AssertionSuccess();
  std::string want;
  for (const std::string& p : parts) want += "\n  " + p;
  return ::testing::AssertionFailure() << "lines:" << all << "\nexpected:" << want;
}

// Returns success when some line is `line`.
::testing::AssertionResult Contains(const std::vector<std::string>& lines,
                                    const std::string& line) {
  for (const std::string& l : lines)
    if (l == line) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "no line '" << line << "'";
}

// Returns success when text holds part.
::testing::AssertionResult Has(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "'" << text << "' lacks '" << part << "'";
}

// A directory that cannot exist: /dev/null is not a directory.
const std::string NO_TABLES = "/dev/null/no-tables";

class UciDialectTest : public ::testing::Test {
 protected:
  UciDialectTest() : d_(SIX, NO_TABLES, 1, [this](const std::string& s) { add(s); }) {}

  // Returns the lines answered to one command line (its errors as report() gives them).
  std::vector<std::string> run(const std::string& line) {
    out_.clear();
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    const std::string cmd = ascii_lower(words.front());
    words.erase(words.begin());
    if (Status st = d_.handle(cmd, words); !st) d_.report(st);
    return out_;
  }

  void add(const std::string& text) {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out_.push_back(line);
  }

  UciDialect d_;
  std::vector<std::string> out_;
};

TEST_F(UciDialectTest, ARefusedPositionLeavesNoPositionUntilAValidOne) {
  EXPECT_TRUE(Lines(run("position startpos moves d6 a7"), {"info string error in move 'a7'"}));
  EXPECT_FALSE(d_.ready());
  EXPECT_TRUE(Lines(run("go"), {"info string error no position: the last 'position' was "
                                "refused (in move 'a7'",
                                "=bestmove none"}));
  EXPECT_TRUE(Lines(run("eval"), {"no position"}));
  EXPECT_TRUE(Lines(run("analyze"), {"no position", "=info analysis none"}));
  run("position startpos moves d6");
  EXPECT_TRUE(d_.ready());
  // Now go answers for d6; without tables it says which one is missing.
  EXPECT_TRUE(Lines(run("go"), {"no table directory /dev/null/no-tables", "=bestmove none"}));
  run("position fen W:z9 B: w");
  EXPECT_FALSE(d_.ready());
  run("ucinewgame");
  EXPECT_TRUE(d_.ready());
}

TEST_F(UciDialectTest, RuleOptionsSelectTheGameOrRefuseIt) {
  run("setoption name PiecesCount value 9");
  EXPECT_EQ(d_.session().variant().name, "nine");
  run("setoption name May Fly value false");
  EXPECT_EQ(d_.session().variant().name, "nine-noflying");
  run("setoption name PiecesCount value 12");
  EXPECT_TRUE(Has(d_.ready().message(), "PiecesCount 12"));
  // Once a rule option is set, go answers in Sanmill's one line.
  EXPECT_TRUE(Lines(run("go"), {"has not solved: PiecesCount 12", "=info score 0 bestmove none"}));
  EXPECT_TRUE(Lines(run("position startpos"), {"PiecesCount 12"}));
  run("setoption name PiecesCount value 9");
  EXPECT_TRUE(Has(d_.ready().message(), "no position"));  // that position was refused
  run("position startpos moves a7");
  EXPECT_TRUE(d_.ready());
  // A bad value changes nothing.
  EXPECT_TRUE(Lines(run("setoption name PiecesCount value 6"), {"takes a number 9..12, not '6'"}));
  EXPECT_EQ(d_.session().variant().name, "nine-noflying");
  // Variant names the game again, in the usual answer.
  run("setoption name Variant value six");
  EXPECT_TRUE(d_.ready());
  EXPECT_TRUE(Lines(run("go"), {"no table directory", "=bestmove none"}));
}

TEST_F(UciDialectTest, RuleOptionsSelectTwelve) {
  run("setoption name PiecesCount value 12");
  run("setoption name HasDiagonalLines value true");
  EXPECT_TRUE(Has(d_.ready().message(), "BoardFullAction 0"));
  run("setoption name BoardFullAction value 4");
  EXPECT_EQ(d_.session().variant().name, "twelve");
  run("position startpos moves b2");
  EXPECT_TRUE(d_.ready());
  EXPECT_TRUE(Lines(run("fen"), {" b p p 1 11 0 12 0 0 "}));  // 12 stones a side
  run("setoption name BoardFullAction value 0");
  EXPECT_TRUE(Has(d_.ready().message(), "BoardFullAction 0"));
}

TEST_F(UciDialectTest, GoInfiniteWaitsForStop) {
  EXPECT_TRUE(Lines(run("go infinite"), {"no table directory"}));
  EXPECT_TRUE(Lines(run("isready"), {"=readyok"}));
  EXPECT_TRUE(Lines(run("stop"), {"=bestmove none"}));
  EXPECT_TRUE(Lines(run("stop"), {}));
  run("go ponder");
  EXPECT_TRUE(Lines(run("position startpos"), {"=bestmove none"}));  // any command ends it
  run("go infinite");
  out_.clear();
  d_.finish();
  EXPECT_TRUE(Lines(out_, {"=bestmove none"}));
}

TEST_F(UciDialectTest, ReadsAndWritesSanmillsFen) {
  run("setoption name PiecesCount value 9");
  const std::string fen = "O@******/*******O/*******@ w p p 2 7 2 7 0 0 0 0 0 0 0 0 3";
  run("position fen " + fen);
  EXPECT_TRUE(Lines(run("fen"), {"=fen " + fen}));
  run("position fen " + fen + " moves a1");
  EXPECT_TRUE(
      Lines(run("fen"), {"=fen O@******/*******O/*****O*@ b p p 3 6 2 7 0 0 0 0 0 0 0 0 3"}));
  // A removal to come: the FEN's move waits for it, and the next token is that removal.
  const std::string removal = "********/***@*@**/***OOO** w p r 3 6 2 7 1 0 0 0 0 0 0 0 4";
  run("position fen " + removal);
  EXPECT_TRUE(Lines(run("fen"), {"=fen " + removal}));
  EXPECT_TRUE(Contains(run("d"), "# waiting for the removal after g1"));
  run("position fen " + removal + " moves xf2");
  EXPECT_TRUE(
      Lines(run("fen"), {"=fen ********/*****@**/***OOO** b p p 3 6 1 7 0 0 0 0 0 0 0 0 4"}));
  EXPECT_TRUE(Lines(run("position fen " + removal + " moves d6"),
                    {"the first move must be 'x<point>', not 'd6'"}));
  // The project's notation is still read.
  run("position fen W:d5,b6 B:e5,a7 w 7 7");
  EXPECT_TRUE(
      Lines(run("fen"), {"=fen O@******/*******O/*******@ w p p 2 7 2 7 0 0 0 0 0 0 0 0 1"}));
}

TEST_F(UciDialectTest, AnalyzeAnswersInOneLineAndKeepsThePosition) {
  run("position startpos moves d2");
  EXPECT_TRUE(Lines(run("analyze fen W:d2 B:f2 w 5 5"),
                    {"info string error no table directory", "=info analysis none"}));
  EXPECT_TRUE(Contains(run("d"), "# position W:d2 B: b 5 6"));
  EXPECT_TRUE(
      Lines(run("analyze startpos moves z9"), {"unknown point 'z9'", "=info analysis none"}));
  EXPECT_TRUE(d_.ready());  // analyze refuses its own position only
}

TEST_F(UciDialectTest, BestMoveLineChoosesTheForm) {
  run("setoption name BestMoveLine value sanmill");
  EXPECT_TRUE(Lines(run("go"), {"no table", "=info score 0 bestmove none"}));
  run("setoption name PiecesCount value 9");
  run("setoption name BestMoveLine value uci");
  EXPECT_TRUE(Lines(run("go"), {"no table", "=bestmove none"}));
  EXPECT_TRUE(Lines(run("setoption name BestMoveLine value both"),
                    {"takes auto, uci or sanmill, not 'both'"}));
}

TEST_F(UciDialectTest, ALineRefusedWholeLeavesNoPosition) {
  // The line over 1 MiB may have been a `position`: go must not answer the one before it.
  std::istringstream in("position startpos moves d6\nposition startpos moves " +
                        std::string(size_t(1) << 20, 'd') + "\ngo\n");
  out_.clear();
  read_commands(
      in, [this](const std::string& c, std::vector<std::string>& w) { return d_.handle(c, w); },
      [this](const Status& st) { d_.report(st); }, [this](const Status& st) { d_.skip(st); });
  EXPECT_TRUE(
      Lines(out_, {"=info string error a line of more than 1048576 bytes",
                   "info string error no position: a line was refused whole", "=bestmove none"}));
  run("position startpos moves d6");
  EXPECT_TRUE(d_.ready());
}

TEST_F(UciDialectTest, GoTopnTakesANumber) {
  for (const char* bad : {"-1", "abc", "1x", "+2"})
    EXPECT_TRUE(Lines(run(std::string("go topn ") + bad),
                      {"=info string error go: topn takes a number of actions, 0 or more, not '" +
                           std::string(bad) + "'",
                       "=bestmove none"}));
  EXPECT_TRUE(Lines(run("go topn"), {"topn needs a number", "=bestmove none"}));
  // A good one goes on to the tables, here missing.
  EXPECT_TRUE(Lines(run("go topn 3"), {"no table directory", "=bestmove none"}));
}

TEST_F(UciDialectTest, KnowsSanmillsPerfectDatabaseOptions) {
  const std::vector<std::string> lines = run("uci");
  EXPECT_TRUE(Contains(lines, "option name UsePerfectDatabase type check default false"));
  EXPECT_TRUE(Contains(lines, "option name PerfectDatabasePath type string default <empty>"));
  EXPECT_TRUE(Lines(run("setoption name UsePerfectDatabase value true"), {}));
  EXPECT_TRUE(Lines(run("setoption name UsePerfectDatabase value yes"),
                    {"option 'useperfectdatabase' takes true or false, not 'yes'"}));
  // PerfectDatabasePath is TablePath where it holds millbase's tables; Sanmill's app
  // sends a folder of its own, which leaves the tables where they were.
  EXPECT_TRUE(Lines(run("setoption name PerfectDatabasePath value /dev/null/sanmill"),
                    {"info string PerfectDatabasePath '/dev/null/sanmill' holds no millbase "
                     "tables of six; the tables stay /dev/null/no-tables"}));
  EXPECT_TRUE(Lines(run("go"), {"no table directory /dev/null/no-tables", "=bestmove none"}));
  const std::string dir = ::testing::TempDir() + "uci-perfect-database-path";
  std::filesystem::create_directories(dir);
  EXPECT_TRUE(Lines(run("setoption name PerfectDatabasePath value " + dir), {}));
  EXPECT_TRUE(Lines(run("go"), {"missing table " + dir + "/", "=bestmove none"}));
  run("setoption name PerfectDatabasePath value <empty>");
  EXPECT_TRUE(Lines(run("go"), {"missing table " + dir + "/", "=bestmove none"}))
      << "<empty> changes nothing";
  std::filesystem::remove_all(dir);
}

TEST_F(UciDialectTest, WritesAGameWonByARemovalAsSanmillDoes) {
  run("setoption name PiecesCount value 9");
  const std::string fen = "****@***/**@***@*/O**O***O w m s 3 0 3 0 0 0 0 0 0 0 0 7 20";
  run("position fen " + fen + " moves g1-g7 xb4");
  const std::string over = "****@***/**@*****/OO*****O w o r 3 0 2 0 1 0 0 0 0 0 0 0 21";
  EXPECT_TRUE(Lines(run("fen"), {"=fen " + over}));
  EXPECT_TRUE(Lines(run("go"), {"=info string result white reason too-few-stones",
                                "=info score 80 bestmove none"}));
  // Read back: the same game over, the same text.
  EXPECT_TRUE(Lines(run("position fen " + over), {}));
  EXPECT_TRUE(Lines(run("fen"), {"=fen " + over}));
  EXPECT_TRUE(Lines(run("go"), {"=info string result white reason too-few-stones",
                                "=info score 80 bestmove none"}));
  // A move number of 0 and the app's p:N are read; a capture field is refused by name.
  EXPECT_TRUE(Lines(run("position fen " + fen.substr(0, fen.size() - 2) + "0 p:27"), {}));
  EXPECT_TRUE(Lines(run("fen"), {"=fen " + fen.substr(0, fen.size() - 2) + "1"}));
  EXPECT_TRUE(Lines(run("position fen " + fen + " l:w-1-9|b-0-"),
                    {"the field 'l:w-1-9|b-0-' holds Sanmill's leap captures"}));
}

TEST_F(UciDialectTest, ARemovalFenWithACounterOver50WaitsForItsRemoval) {
  run("setoption name PiecesCount value 9");
  run("position fen ****@***/**@***@*/OO*****O w m r 3 0 3 0 1 0 0 0 0 0 0 60 20");
  EXPECT_TRUE(d_.ready());
  const std::vector<std::string> board = run("d");
  EXPECT_TRUE(std::any_of(board.begin(), board.end(), [](const std::string& l) {
    return l.starts_with("# waiting for the removal after ");
  }));
  EXPECT_TRUE(
      Lines(run("fen"), {"=fen ****@***/**@***@*/OO*****O w m r 3 0 3 0 1 0 0 0 0 0 0 50 20"}));
  EXPECT_TRUE(
      Lines(run("position fen ****@***/**@***@*/O**O***O w m s 3 0 3 0 0 0 0 0 0 0 0 60 20"),
            {"the plies without a mill 60 is over 50: the game is drawn once it reaches 50"}));
}

TEST(SkillLevel, MapsSanmillsRangeOntoTheLadder) {
  // docs/uci.md's table: 0 and 1 level1, 2..5 their levels, then five skills a level.
  const int expected[MAX_SKILL + 1] = {1, 1, 2, 3, 4, 5, 6, 6, 6, 6, 6,  7,  7,  7,  7, 7,
                                       8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10};
  for (int skill = MIN_SKILL; skill <= MAX_SKILL; ++skill)
    EXPECT_EQ(skill_level(skill), expected[skill]) << "SkillLevel " << skill;
  EXPECT_EQ(skill_level(MAX_SKILL), PERFECT);
}

TEST_F(UciDialectTest, TheLevelsPlayWithoutTables) {
  EXPECT_TRUE(Contains(run("uci"), "option name SkillLevel type spin default 30 min 0 max 30"));
  EXPECT_TRUE(Lines(run("setoption name SkillLevel value 31"),
                    {"option 'skilllevel' takes a number 0..30, not '31'"}));
  run("position startpos moves d2 d6");
  for (int skill : {0, 1, 3, 5}) {
    run("setoption name SkillLevel value " + std::to_string(skill));
    const std::vector<std::string> lines = run("go topn 2");
    const std::string name = level_name(skill_level(skill));
    EXPECT_TRUE(Lines(
        lines, {"info string " + name + " plays without values: no table directory", "bestmove "}))
        << "SkillLevel " << skill;
    EXPECT_TRUE(lines.size() == 2 && lines[1].starts_with("bestmove ") &&
                lines[1] != "bestmove none")
        << lines.back();
  }
  // Levels 6..10 need the tables: SkillLevel 6 and up, and UsePerfectDatabase.
  run("setoption name SkillLevel value 6");
  EXPECT_TRUE(Lines(run("go"), {"no table directory", "=bestmove none"}));
  run("setoption name SkillLevel value 1");
  run("setoption name UsePerfectDatabase value true");
  EXPECT_TRUE(Lines(run("go"), {"no table directory", "=bestmove none"}));
  // Sanmill's one line carries a score, 0 without the tables' value.
  run("setoption name UsePerfectDatabase value false");
  run("setoption name BestMoveLine value sanmill");
  const std::vector<std::string> lines = run("go");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(lines[1].starts_with("info score 0 bestmove ")) << lines[1];
}

TEST_F(UciDialectTest, TheHandshakeListsTheRuleOptions) {
  const std::vector<std::string> lines = run("uci");
  EXPECT_TRUE(Contains(lines, "option name PiecesCount type spin default 9 min 9 max 12"));
  EXPECT_TRUE(Contains(lines,
                       "option name BestMoveLine type combo default auto var auto var "
                       "uci var sanmill"));
  EXPECT_EQ(lines.back(), "uciok");
}

// One table gives both the options `uci` lists and what setoption takes: each option
// listed takes its default back without a word, a combo refuses a value it does not list,
// and the value a combo takes is the one it names.
TEST_F(UciDialectTest, EveryListedOptionTakesItsDefault) {
  size_t listed = 0;
  for (const std::string& l : run("uci")) {
    if (!l.starts_with("option name ")) continue;
    const size_t type = l.find(" type ");
    const size_t at = l.find(" default ") + 9;
    ASSERT_TRUE(type != std::string::npos && at > type) << l;
    const std::string name = l.substr(12, type - 12);
    const std::string value = l.substr(at, l.find(' ', at) - at);
    EXPECT_TRUE(Lines(run("setoption name " + name + " value " + value), {})) << l;
    ++listed;
  }
  EXPECT_GT(listed, 9u);  // the engine's nine and the rule options
  EXPECT_TRUE(Lines(run("setoption name Variant value seven"),
                    {"=info string error option 'variant' takes nine, nine-noflying, six, "
                     "five, twelve, twelve-malom or lasker, not 'seven'"}));
  EXPECT_TRUE(Lines(run("setoption name Frob value 1"), {"=info string unknown option 'frob'"}));
  run("setoption name Variant value Five");
  EXPECT_EQ(d_.session().variant().name, "five");
  EXPECT_TRUE(Contains(run("uci"),
                       "option name Variant type combo default five var nine var "
                       "nine-noflying var six var five var twelve var twelve-malom var lasker"));
}

}  // namespace
}  // namespace millbase::engine
