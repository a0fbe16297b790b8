// libFuzzer harness of the game-record reader and writer (core/game_record.h,
// docs/game-records.md).
//
// read_record on the input. It checks that
//  - a refusal is one non-empty line of printable ASCII of moderate length;
//  - an accepted record replays: the moves from its start lead to the game's position,
//    which validate() accepts, and a game over says why (and an ongoing one does not);
//  - write_record of the game and its tags is read back as the same game (start, moves,
//    position, outcome, reason) with the tags write_record promises: Variant, the
//    other tags in order (a line break in a value written as a blank), then Start when
//    the start is not the empty board with White first, Result, and Reason for a
//    finished game;
//  - writing what was read back gives the same text again (a fixed point).
// A failed check prints what failed and aborts, so that libFuzzer keeps the input.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/game_record.h"
#include "core/notation.h"

#define FUZZ_NAME "record_fuzz"
#include "fuzz_check.h"

namespace {

using namespace millbase;

constexpr size_t MAX_MESSAGE = 400;

void check_message(const std::string& m) {
  CHECK(!m.empty(), "an empty error message");
  CHECK(m.size() < MAX_MESSAGE, m);
  for (char c : m) CHECK(c >= 0x20 && c < 0x7f, "unprintable byte in message: " + quote_token(m));
}

bool is_fixed(std::string_view name) {
  return name == "Variant" || name == "Start" || name == "Result" || name == "Reason";
}

// The tags write_record(g, tags) writes, in its order.
std::vector<Tag> written_tags(const Game& g, const std::vector<Tag>& tags) {
  const Variant& v = g.variant();
  std::vector<Tag> out = {{"Variant", std::string(v.name)}};
  for (const Tag& t : tags) {
    if (is_fixed(t.first)) continue;
    std::string value = t.second;
    for (char& c : value)
      if (c == '\n' || c == '\r') c = ' ';
    out.emplace_back(t.first, value);
  }
  if (g.start() != start_position(v, WHITE))
    out.emplace_back("Start", format_position(v, g.start()));
  static constexpr const char* RESULT[] = {"*", "1-0", "0-1", "1/2-1/2"};
  out.emplace_back("Result", RESULT[int(g.outcome())]);
  if (g.outcome() != Outcome::Ongoing)
    out.emplace_back("Reason", std::string(reason_name(g.reason())));
  return out;
}

void check_replay(const Game& g) {
  const Variant& v = g.variant();
  Position p = g.start();
  CHECK(validate(v, p).is_ok(), format_position(v, p));
  for (Move m : g.moves()) p = do_move(p, m);
  CHECK(p == g.position(), format_position(v, p) + " vs " + format_position(v, g.position()));
  CHECK(validate(v, p).is_ok(), format_position(v, p));
  CHECK(g.ply() == int(g.moves().size()), "ply count");
  CHECK((g.outcome() == Outcome::Ongoing) == (g.reason() == EndReason::None),
        std::string(outcome_name(g.outcome())) + " with reason " +
            std::string(reason_name(g.reason())));
}

bool same_game(const Game& a, const Game& b) {
  return a.variant().name == b.variant().name && a.start() == b.start() && a.moves() == b.moves() &&
         a.position() == b.position() && a.outcome() == b.outcome() && a.reason() == b.reason();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  Result<GameRecord> record = read_record(input);
  if (!record) {
    check_message(record.message());
    return 0;
  }
  const Game& game = record->game;
  check_replay(game);
  const std::string text = write_record(game, record->tags);
  Result<GameRecord> back = read_record(text);
  CHECK(back.is_ok(), text + "\n-> " + (back ? "" : back.message()));
  CHECK(same_game(game, back->game), text);
  CHECK(back->tags == written_tags(game, record->tags), text);
  CHECK(write_record(back->game, back->tags) == text, text);
  return 0;
}
