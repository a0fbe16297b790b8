// libFuzzer harness of the notation parser (core/notation.h), for each preset variant.
//
// The input is read twice: whole as a position, and as lines: the first line a position
// (the empty board when it is refused), each further line a move, played when legal.
// It checks that
//  - a position parse_position accepts passes validate(), and format_position writes it
//    as text that parses back to the same Position and writes the same text again;
//  - every refusal is one non-empty line of printable ASCII of moderate length (bytes
//    of the input reach messages only through quote_token);
//  - parse_move_text's move formats back to text that parses to the same move, on points
//    of the variant's board;
//  - parse_move accepts exactly the legal moves: what it accepts is in MoveList, is the
//    move parse_move_text reads, formats back to text parse_move reads as the same move,
//    and leads to a position that validate() accepts; a move text it refuses that
//    parse_move_text reads is not in MoveList;
//  - every legal move of a parsed position round-trips through format_move/parse_move.
// A failed check prints what failed and aborts, so that libFuzzer keeps the input.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/variant.h"

#define FUZZ_NAME "notation_fuzz"
#include "fuzz_check.h"

namespace {

using namespace millbase;

// The longest message the parser's refusals may reach.
constexpr size_t MAX_MESSAGE = 400;
// Lines of moves played from the first line's position.
constexpr int MAX_MOVE_LINES = 64;

void check_message(const std::string& m) {
  CHECK(!m.empty(), "an empty error message");
  CHECK(m.size() < MAX_MESSAGE, m);
  for (char c : m) CHECK(c >= 0x20 && c < 0x7f, "unprintable byte in message: " + quote_token(m));
}

bool valid_point(const Variant& v, Point p) { return p < v.board->num_points; }

// Parses text as a position of v; returns whether it was accepted (into *out).
bool check_position(const Variant& v, std::string_view text, Position* out) {
  Result<Position> p = parse_position(v, text);
  if (!p) {
    check_message(p.message());
    return false;
  }
  CHECK(validate(v, *p).is_ok(), format_position(v, *p));
  const std::string written = format_position(v, *p);
  for (char c : written) CHECK(c >= 0x20 && c < 0x7f, quote_token(written));
  Result<Position> again = parse_position(v, written);
  CHECK(again.is_ok(), written + ": " + (again ? "" : again.message()));
  CHECK(*again == *p, written);
  CHECK(format_position(v, *again) == written, written);
  if (out) *out = *p;
  return true;
}

// Every legal move of p is written as text that parse_move reads as the same move.
void check_all_moves(const Variant& v, const Position& p) {
  for (Move m : MoveList(v, p)) {
    const std::string text = format_move(v, m);
    Result<Move> back = parse_move(v, p, text);
    CHECK(back.is_ok(), std::string(v.name) + " " + format_position(v, p) + ": " + text + ": " +
                            (back ? "" : back.message()));
    CHECK(*back == m, text);
  }
}

// Reads text as a move of p; returns whether it is legal (into *out).
bool check_move(const Variant& v, const Position& p, std::string_view text, Move* out) {
  Result<Move> syntax = parse_move_text(v, text);
  if (syntax) {
    const Move m = *syntax;
    CHECK(valid_point(v, m.to), quote_token(text));
    CHECK(m.from == NO_POINT || valid_point(v, m.from), quote_token(text));
    CHECK(m.remove == NO_POINT || valid_point(v, m.remove), quote_token(text));
    const std::string written = format_move(v, m);
    Result<Move> back = parse_move_text(v, written);
    CHECK(back.is_ok() && *back == m, quote_token(text) + " -> " + written);
  } else {
    check_message(syntax.message());
  }
  const MoveList legal(v, p);
  Result<Move> move = parse_move(v, p, text);
  if (!move) {
    check_message(move.message());
    if (syntax)
      CHECK(!legal.contains(*syntax),
            format_position(v, p) + ": legal move refused: " + quote_token(text));
    return false;
  }
  CHECK(syntax.is_ok() && *syntax == *move, quote_token(text));
  CHECK(legal.contains(*move),
        format_position(v, p) + ": illegal move accepted: " + quote_token(text));
  const std::string written = format_move(v, *move);
  Result<Move> back = parse_move(v, p, written);
  CHECK(back.is_ok() && *back == *move, written);
  const Position after = do_move(p, *move);
  CHECK(validate(v, after).is_ok(), format_position(v, p) + " then " + written);
  *out = *move;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t newline = input.find('\n');
  for (const Variant* v : all_variants()) {
    check_position(*v, input, nullptr);
    if (newline == std::string_view::npos) continue;
    Position p = start_position(*v);
    if (check_position(*v, input.substr(0, newline), &p)) check_all_moves(*v, p);
    // The following lines: moves, each played when legal.
    std::string_view rest = input.substr(newline + 1);
    for (int line = 0; line < MAX_MOVE_LINES && !rest.empty(); ++line) {
      const size_t end = std::min(rest.find('\n'), rest.size());
      Move m;
      if (check_move(*v, p, rest.substr(0, end), &m)) p = do_move(p, m);
      rest = rest.substr(std::min(end + 1, rest.size()));
    }
  }
  return 0;
}
