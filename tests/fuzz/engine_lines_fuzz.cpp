// libFuzzer harness of the engines' line loop without tables (engine/): the input is
// fed to read_commands, and every command goes to both real dialects, a UciDialect and an
// EngineDialect of six, as `millbase uci` and `millbase engine` run them (one piece of
// code, run_checked, drives both). No table is ever read: both start with a table
// directory under /dev/null, which cannot exist, and the harness rewrites the only
// commands that name a directory (`db <dir>`, `setoption name TablePath value <dir>`) to
// name one there too.
//
// It checks, after every command, for both dialects:
//  - a failed command leaves the session unchanged (variant, table directory, start, moves,
//    position, counter, pending move, outcome), as the protocols promise, and its error as
//    the dialect reports it (with the command that builds a missing table) is one
//    non-empty line of printable ASCII; so is every other line answered;
//  - the session's game replays: its moves from its start lead to its position, which
//    validate() accepts, and the notation of that position parses back to it;
//  - a pending move (uci: a move that closed a mill, its removal to come) is one that
//    awaits a removal in the position of an ongoing game;
//  - a `go` is answered with a move only at a search level (player/levels.h), which
//    plays without tables: every other `bestmove` is none or draw; the engine dialect's
//    move is legal in the position go was given;
// for the engine dialect:
//  - a `position` that succeeds gives the same game under uci's rules (pending allowed)
//    with nothing pending;
//  - go on an ongoing game fails with a missing table (NotFound) unless it plays a search
//    level; analyze fails so always; go at game over answers without the tables;
// for the UCI dialect:
//  - every `go` gets exactly one line with bestmove, at once or (go infinite, go ponder)
//    at the next command or the end of input; in Sanmill's one-line form it reads
//    "info score <n> bestmove <move>", n being 0 or +-80;
//  - after a refused `position` the dialect is not ready() and go names the refusal;
//    after a valid one (or ucinewgame) it is; while the rule options, mirrored by a
//    SanmillRules fed the same setoption lines, select a game that is not solved, it is
//    not ready() for that reason, and when they select one the session plays it;
//  - analyze answers one "info analysis" line, last, and without tables "none";
//  - the session's Sanmill FEN (the `fen` command) reads back, and loaded into a fresh
//    dialect with `position fen` is written again identically.
// A failed check prints what failed and aborts, so that libFuzzer keeps the input.
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "engine/engine_dialect.h"
#include "engine/line_reader.h"
#include "engine/sanmill_fen.h"
#include "engine/sanmill_rules.h"
#include "engine/sanmill_values.h"
#include "engine/uci_dialect.h"
#include "player/levels.h"

#define FUZZ_NAME "engine_lines_fuzz"
#include "fuzz_check.h"

namespace {

using namespace millbase;
using engine::EngineDialect;
using engine::EngineSession;
using engine::UciDialect;

// A directory that cannot exist: /dev/null is not a directory.
const std::string NO_TABLES = "/dev/null/millbase-fuzz-no-tables";

// Returns a table directory standing for `given` that does not exist: under NO_TABLES,
// with only letters, digits, '-' and '_' of `given` kept (at most 32).
std::string no_tables(std::string_view given) {
  std::string name;
  for (char c : given)
    if (name.size() < 32 && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                             (c >= '0' && c <= '9') || c == '-' || c == '_'))
      name += c;
  return NO_TABLES + "/" + name;
}

std::string join(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
  return text;
}

// Rewrites the commands that name a table directory to name one under NO_TABLES.
void no_real_tables(const std::string& cmd, std::vector<std::string>& words) {
  if (cmd == "db" && !words.empty()) words = {no_tables(join(words))};
  if (cmd == "setoption" && engine::parse_setoption(words).first == "tablepath")
    words = {"name", "TablePath", "value", no_tables(engine::parse_setoption(words).second)};
}

// A line as the engines print it: non-empty printable ASCII of bounded length.
void check_line(const std::string& m, size_t max = 20000) {
  CHECK(!m.empty(), "an empty line");
  CHECK(m.size() < max, m.substr(0, 200));
  for (char c : m) CHECK(c >= 0x20 && c < 0x7f, "unprintable byte in line: " + quote_token(m));
}

// Returns true when a go's words give topn something that is not a number 0 or more.
bool bad_topn(const std::vector<std::string>& words) {
  for (size_t i = 0; i < words.size(); ++i) {
    if (millbase::ascii_lower(words[i]) != "topn") continue;
    if (i + 1 >= words.size()) return true;
    const std::string& w = words[++i];
    size_t n = 0;
    const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), n);
    if (w.empty() || ec != std::errc() || end != w.data() + w.size()) return true;
  }
  return false;
}

// Returns true when line answers a go: "bestmove <move>" or Sanmill's "info score <n>
// bestmove <move>" (an error line may quote the input, "bestmove" and all).
bool is_answer(const std::string& line) {
  return line.starts_with("bestmove ") ||
         (line.starts_with("info score ") && line.find(" bestmove ") != std::string::npos);
}

// Returns whether the engine dialect's `go <words>` plays a search level.
bool go_searches(const std::vector<std::string>& words) {
  if (words.size() != 2 || ascii_lower(words[0]) != "level") return false;
  const Result<int> level = parse_level(words[1]);
  return level && *level <= SEARCH_LEVELS;
}

// Returns the move of an answer to go.
std::string answer_move(const std::string& line) { return line.substr(line.find("bestmove ") + 9); }

// An error as the engines print it: one line of moderate length.
void check_message(const std::string& m) { check_line(m, 1000); }

struct Snapshot {
  std::string variant, dir;
  Position start, position;
  std::vector<Move> moves;
  int counter;
  bool has_pending;
  Move pending;
  Outcome outcome;
  EndReason reason;
  bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(const EngineSession& s) {
  const Game& g = s.game();
  const Move none{NO_POINT, NO_POINT, NO_POINT};
  return {std::string(s.variant().name),
          s.dir(),
          g.start(),
          g.position(),
          g.moves(),
          s.counter(),
          s.pending() != nullptr,
          s.pending() ? *s.pending() : none,
          g.outcome(),
          g.reason()};
}

std::string describe(const EngineSession& s) {
  const Variant& v = s.variant();
  std::string moves;
  for (Move m : s.game().moves()) moves += " " + format_move(v, m);
  return std::string(v.name) + " " + format_position(v, s.game().start()) + " moves" + moves +
         (s.pending() ? " pending " + format_move(v, *s.pending()) : "");
}

void check_session(const EngineSession& s) {
  const Variant& v = s.variant();
  const Game& g = s.game();
  Position p = g.start();
  for (Move m : g.moves()) p = do_move(p, m);
  CHECK(p == g.position(), describe(s));
  CHECK(validate(v, p).is_ok(), describe(s));
  Result<Position> shown = parse_position(v, format_position(v, p));
  CHECK(shown.is_ok() && *shown == p, describe(s));
  if (const Move* m = s.pending()) {
    CHECK(g.outcome() == Outcome::Ongoing, describe(s));
    CHECK(awaits_removal(v, p, *m), describe(s));
  }
}

// The lines a dialect answers, split at '\n'.
struct Capture {
  std::vector<std::string> lines;
  engine::Output output() {
    return [this](const std::string& text) {
      std::istringstream in(text);
      for (std::string line; std::getline(in, line);) lines.push_back(line);
      if (text.empty() || text.back() == '\n') lines.push_back("");  // caught by check_line
    };
  }
};

// Runs one command on a dialect with the checks that hold for both; searches: the command
// is a go at a search level, which may answer a move. Returns the command's Status.
template <class Dialect>
Status run_checked(Dialect& d, Capture& out, const std::string& cmd, std::vector<std::string> words,
                   bool searches) {
  const Snapshot before = snapshot(d.session());
  out.lines.clear();
  const Status st = d.handle(cmd, words);
  if (!st) {
    CHECK(snapshot(d.session()) == before,
          cmd + " failed (" + st.message() + ") and changed " + describe(d.session()));
    const size_t answered = out.lines.size();
    d.report(st);
    CHECK(out.lines.size() == answered + 1, "the error of " + cmd + " is not one line");
    check_message(out.lines.back());
  }
  for (const std::string& line : out.lines) {
    check_line(line);
    if (!is_answer(line) || answer_move(line) == "none" || answer_move(line) == "draw") continue;
    CHECK(searches, "a move without tables: " + line);
    if constexpr (std::is_same_v<Dialect, engine::EngineDialect>)
      CHECK(parse_move(d.session().variant(), before.position, answer_move(line)).is_ok(),
            "an illegal move: " + line);
  }
  check_session(d.session());
  return st;
}

class Harness {
 public:
  Harness()
      : uci_(SIX, NO_TABLES, 1, uci_out_.output()),
        engine_(SIX, NO_TABLES, 1, engine_out_.output()) {}

  Status run(const std::string& cmd, std::vector<std::string>& words) {
    no_real_tables(cmd, words);
    run_uci(cmd, words);
    run_engine(cmd, words);
    return Status::ok();  // the failures were reported and checked above
  }

  // The end of input: a held answer is written, and every go got its bestmove.
  void finish() {
    uci_out_.lines.clear();
    uci_.finish();
    count_bestmoves();
    CHECK(gos_ == bestmoves_,
          std::to_string(gos_) + " go, " + std::to_string(bestmoves_) + " answers with bestmove");
  }

 private:
  void count_bestmoves() {
    for (const std::string& line : uci_out_.lines) {
      if (!is_answer(line)) continue;
      ++bestmoves_;
      if (line.starts_with("info score ")) {  // Sanmill's app: info score (-?\d+) bestmove (.*)
        const std::string score = line.substr(11, line.find(' ', 11) - 11);
        const std::string mate = std::to_string(engine::SANMILL_MATE);
        CHECK(score == "0" || score == mate || score == "-" + mate, line);
        CHECK(line == "info score " + score + " bestmove " + answer_move(line), line);
      }
    }
  }

  void run_uci(const std::string& cmd, const std::vector<std::string>& words) {
    const Status ready_before = uci_.ready();
    const bool ongoing = uci_.session().game().outcome() == Outcome::Ongoing;
    const bool released = waiting_ && cmd != "isready";  // the answer go infinite holds
    // A search level may answer a move: at this go, or at the command that releases the
    // answer a go infinite held (the level then, or at that go).
    const bool searches =
        (cmd == "go" || released) &&
        (uci_.level() <= SEARCH_LEVELS || (released && waiting_level_ <= SEARCH_LEVELS));
    const Status st = run_checked(uci_, uci_out_, cmd, words, searches);
    count_bestmoves();
    std::vector<std::string> out = uci_out_.lines;
    if (released) {
      CHECK(!out.empty() && is_answer(out.front()),
            "the answer of go infinite did not come before " + cmd);
      out.erase(out.begin());
      waiting_ = false;
    }
    if (cmd == "go") {
      ++gos_;
      bool wait = false;
      for (const std::string& w : words)
        wait = wait || ascii_lower(w) == "infinite" || ascii_lower(w) == "ponder";
      size_t answers = 0;
      for (const std::string& line : out) answers += is_answer(line);
      CHECK(answers == (wait ? 0u : 1u), "go answered " + std::to_string(answers) + " bestmove");
      CHECK(wait || is_answer(out.back()), "bestmove is not last");
      waiting_ = wait;
      waiting_level_ = uci_.level();
      if (!ready_before)
        CHECK(!out.empty() && out.front() == "info string error " + ready_before.message(),
              "go did not name why it cannot answer: " + ready_before.message());
      else if (bad_topn(words))
        CHECK(!out.empty() && out.front().starts_with("info string error go: topn"),
              "go with a bad topn: " + (out.empty() ? "" : out.front()));
      else if (ongoing)
        CHECK(!out.empty() && out.front().find(NO_TABLES) != std::string::npos,
              "go on an ongoing game without tables: " + (out.empty() ? "" : out.front()));
      else
        CHECK(!out.empty() && out.front().starts_with("info string result "), "go at game over");
    }
    if (cmd == "analyze") {
      CHECK(!out.empty() && out.back() == "info analysis none",
            "analyze without tables: " + (out.empty() ? "" : out.back()));
      for (size_t i = 0; i + 1 < out.size(); ++i)
        CHECK(!out[i].starts_with("info analysis"), "two analysis lines");
    }
    if (cmd == "position") CHECK(st.is_ok() == uci_.ready().is_ok(), describe(uci_.session()));
    if (cmd == "ucinewgame") CHECK(st.is_ok() && (uci_.ready() || rules_error()), "ucinewgame");
    mirror_rules(cmd, words, st);
    if (uci_.ready()) check_fen();
  }

  // Follows the rule options as the dialect should, with the same SanmillRules.
  void mirror_rules(const std::string& cmd, const std::vector<std::string>& words,
                    const Status& st) {
    if (cmd == "setoption") {
      const auto [name, value] = engine::parse_setoption(words);
      if (engine::SanmillRules::has(name) && rules_.set(name, value)) rules_in_use_ = true;
      if (name == "variant" && st) rules_in_use_ = false;
    }
    if (!rules_in_use_) return;
    Result<const Variant*> v = rules_.variant();
    if (!v) {
      CHECK(uci_.ready().message() == v.message(), "rules: " + v.message());
    } else {
      CHECK(&uci_.session().variant() == *v, "the rules select " + std::string((*v)->name));
      CHECK(uci_.ready() || uci_.ready().message().starts_with("no position"),
            uci_.ready().message());
    }
  }

  bool rules_error() const { return rules_in_use_ && !rules_.variant(); }

  // The session's FEN reads back and, loaded into a fresh dialect, is written identically.
  void check_fen() {
    const std::string fen = uci_.fen();
    const Variant& v = uci_.session().variant();
    Result<engine::SanmillFen> parsed = engine::parse_sanmill_fen(v, fen);
    CHECK(parsed.is_ok(), fen + ": " + (parsed ? "" : parsed.message()));
    Capture sink;
    UciDialect fresh(v, NO_TABLES, 1, sink.output());
    std::vector<std::string> words = {"fen"};
    std::istringstream in(fen);
    for (std::string w; in >> w;) words.push_back(w);
    const Status st = fresh.handle("position", words);
    CHECK(st.is_ok(), fen + ": " + st.message());
    CHECK(fresh.fen() == fen, fen + " came back as " + fresh.fen());
    if (!uci_.session().pending())
      CHECK(fresh.session().game().position() == uci_.session().game().position(), fen);
  }

  void run_engine(const std::string& cmd, const std::vector<std::string>& words) {
    const bool ongoing = engine_.session().game().outcome() == Outcome::Ongoing;
    const bool searches = cmd == "go" && go_searches(words);
    const Status st = run_checked(engine_, engine_out_, cmd, words, searches);
    if (cmd == "analyze")
      CHECK(st.code() == Status::Code::NotFound, "analyze without tables: " + st.message());
    if (cmd == "go" && st)
      CHECK(!ongoing || searches, "go answered an ongoing game without tables");
    if (cmd == "go" && st.code() == Status::Code::NotFound) CHECK(ongoing, st.message());
    if (cmd == "position" && st) {
      // What the engine accepts, uci's rules accept as the same game with nothing pending.
      const EngineSession& s = engine_.session();
      CHECK(!s.pending(), describe(s));
      std::vector<std::string> rest = words;
      const std::vector<std::string> moves = engine::split_moves(rest);
      EngineSession other(s.variant(), NO_TABLES, 1);
      const Status again = other.set_position(s.game().start(), moves, true);
      CHECK(again.is_ok(), describe(s) + ": " + again.message());
      CHECK(!other.pending() && other.game().moves() == s.game().moves() &&
                other.game().position() == s.game().position(),
            describe(s) + " vs " + describe(other));
    }
  }

  Capture uci_out_, engine_out_;
  UciDialect uci_;
  EngineDialect engine_;
  engine::SanmillRules rules_;
  bool rules_in_use_ = false;
  bool waiting_ = false;         // the last uci command was go infinite or go ponder
  int waiting_level_ = PERFECT;  // the level at that go
  int gos_ = 0, bestmoves_ = 0;
};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  for (const Variant* v : all_variants()) {
    EngineSession s(*v, no_tables("x"), 1);
    Result<Move> m = s.choose(PERFECT);
    CHECK(!m && m.status().code() == Status::Code::NotFound, "choose without tables");
    check_message(s.explain(m.status()));
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  Harness h;
  engine::read_commands(
      in,
      [&h](const std::string& cmd, std::vector<std::string>& words) { return h.run(cmd, words); },
      [](const Status& st) { check_message(st.message()); });
  h.finish();
  return 0;
}
