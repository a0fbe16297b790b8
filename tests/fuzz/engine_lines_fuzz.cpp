// libFuzzer harness of the engines' line loop without tables (tools/engine/):
// the input is fed as stdin to read_commands, which splits it into commands for an
// EngineSession of six, as `millbase engine` and `millbase uci` do. The commands of both
// dialects are dispatched as cmd_engine.cpp and cmd_uci.cpp dispatch them (their
// classes are private to those files): isready, variant, db, setoption (Variant,
// TablePath, Seed), ucinewgame, position start|startpos|fen|<position> [moves ...],
// show/d, go [level L], analyze, eval. The table directory never exists (every `db` or
// TablePath names a directory under /dev/null), so no table is ever read.
//
// It checks, after every command:
//  - a failed command leaves the session unchanged (variant, table directory, start,
//    moves, position, pending move, outcome), as docs/engine-protocol.md promises, and
//    its error, with the command that builds a missing table, is one non-empty line of
//    printable ASCII;
//  - the session's game replays: its moves from its start lead to its position, which
//    validate() accepts, and `show` writes text that parses back to that position;
//  - a pending move (uci: a move that closed a mill, its removal to come) is one that
//    awaits a removal in the position of an ongoing game;
//  - engine-style `position` (no pending move allowed) that succeeds gives the same game
//    under uci's rules (pending allowed) with nothing pending;
//  - go, analyze and eval on an ongoing game fail with a missing table (NotFound), and
//    the game-over answer comes without asking the tables.
// A failed check prints what failed and aborts, so that libFuzzer keeps the input.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "player/player.h"
#include "tools/engine/engine_session.h"
#include "tools/engine/line_reader.h"

#define FUZZ_NAME "engine_lines_fuzz"
#include "fuzz_check.h"

namespace {

using namespace millbase;
using engine::EngineSession;

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

// An error as the engines print it: one line, printable, of moderate length.
void check_message(const std::string& m) {
  CHECK(!m.empty(), "an empty error message");
  CHECK(m.size() < 1000, m);
  for (char c : m) CHECK(c >= 0x20 && c < 0x7f, "unprintable byte in message: " + quote_token(m));
}

struct Snapshot {
  std::string variant, dir;
  Position start, position;
  std::vector<Move> moves;
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

// The tables never exist: whatever needs them fails with NotFound.
Status expect_missing(const Status& st) {
  CHECK(!st.is_ok() && st.code() == Status::Code::NotFound,
        st.is_ok() ? std::string("succeeded without tables") : st.message());
  return st;
}

std::string join(const std::vector<std::string>& words, size_t from = 0) {
  std::string text;
  for (size_t i = from; i < words.size(); ++i) text += (i > from ? " " : "") + words[i];
  return text;
}

class Harness {
 public:
  Harness() : s_(SIX, NO_TABLES, 1) {}

  Status run(const std::string& cmd, std::vector<std::string>& words) {
    const Snapshot before = snapshot(s_);
    const Status st = dispatch(cmd, words);
    if (!st) {
      CHECK(snapshot(s_) == before,
            cmd + " failed (" + st.message() + ") and changed " + describe(s_));
      check_message(s_.explain(st));
    }
    check_session(s_);
    return st;
  }

 private:
  Status dispatch(const std::string& cmd, std::vector<std::string>& words) {
    if (cmd == "isready") return Status::ok();
    if (cmd == "variant") return s_.set_variant(join(words));
    if (cmd == "db") {
      if (words.empty()) return Status::error("db needs a directory");
      s_.set_db(no_tables(join(words)));
      return Status::ok();
    }
    if (cmd == "setoption") return set_option(words);
    if (cmd == "ucinewgame") return s_.set_position(start_position(s_.variant()), {}, true);
    if (cmd == "position") return set_position(words);
    if (cmd == "show" || cmd == "d") return Status::ok();  // check_session writes and reads it
    if (cmd == "go") return go(words);
    if (cmd == "analyze") {
      if (Result<ValueCode> v = s_.value(); !v) return expect_missing(v.status());
      return expect_missing(Status::ok());
    }
    if (cmd == "eval") {
      if (s_.game().outcome() == Outcome::Draw) return Status::ok();
      if (Result<ValueCode> v = s_.value(); !v) return expect_missing(v.status());
      return expect_missing(Status::ok());
    }
    return Status::error("unknown command " + quote_token(cmd));
  }

  // setoption name <id> [value <x>], as cmd_uci.cpp reads it.
  Status set_option(const std::vector<std::string>& words) {
    const auto [name, value] = engine::parse_setoption(words);
    if (name == "variant") return s_.set_variant(value);
    if (name == "tablepath") {
      s_.set_db(no_tables(value));
      return Status::ok();
    }
    if (name == "seed") {
      char* end = nullptr;
      const long n = value.empty() ? -1 : std::strtol(value.c_str(), &end, 10);
      if (value.empty() || *end || n < 0 || n > 2147483647L)
        return Status::error("option 'seed' takes a number 0..2147483647");
      s_.set_seed(uint64_t(n));
    }
    return Status::ok();
  }

  // position start [white|black] | startpos | fen <position> | <position>, [moves ...]
  Status set_position(std::vector<std::string>& words) {
    const std::vector<std::string> moves = engine::split_moves(words);
    const std::string first = words.empty() ? "" : ascii_lower(words[0]);
    const bool uci = (words.size() == 1 && first == "startpos") || first == "fen";
    const std::string text = join(words, first == "fen" ? 1 : 0);
    const std::string start = ascii_lower(text);
    Position p;
    if (start == "startpos" || start == "start" || start == "start white" ||
        start == "start black") {
      p = start_position(s_.variant(), start == "start black" ? BLACK : WHITE);
    } else {
      Result<Position> parsed = parse_position(s_.variant(), text);
      if (!parsed) return parsed.status();
      p = *parsed;
    }
    if (Status st = s_.set_position(p, moves, uci); !st) return st;
    CHECK(s_.game().start() == p, describe(s_));
    if (!uci) {
      // What the engine accepts, uci accepts as the same game with nothing pending.
      CHECK(!s_.pending(), describe(s_));
      EngineSession other(s_.variant(), NO_TABLES, 1);
      const Status st = other.set_position(p, moves, true);
      CHECK(st.is_ok(), describe(s_) + ": " + st.message());
      CHECK(!other.pending() && other.game().moves() == s_.game().moves() &&
                other.game().position() == s_.game().position(),
            describe(s_) + " vs " + describe(other));
    }
    return Status::ok();
  }

  // go [level perfect|1..5] (engine) or go [limits...] (uci)
  Status go(const std::vector<std::string>& words) {
    int level = PERFECT;
    if (words.size() == 2 && ascii_lower(words[0]) == "level") {
      Result<int> parsed = parse_level(ascii_lower(words[1]));
      if (!parsed) return parsed.status();
      level = *parsed;
    }
    if (s_.game().outcome() != Outcome::Ongoing) return Status::ok();  // info result ...
    Result<Move> m = s_.choose(level);
    return expect_missing(m ? Status::ok() : m.status());
  }

  EngineSession s_;
};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  for (const Variant* v : all_variants()) {
    EngineSession s(*v, no_tables("x"), 1);
    Result<Move> m = s.choose(PERFECT);
    expect_missing(m ? Status::ok() : m.status());
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
  return 0;
}
