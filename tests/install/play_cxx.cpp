// Prints what play.c prints, through the C++ API: Tablebase and Player from the installed
// static libraries (millbase::player), with the installed headers.
// Usage: play_cxx VARIANT DIR POSITION...
#include <cstdio>

#include "core/movegen.h"
#include "core/notation.h"
#include "db/tablebase.h"
#include "player/player.h"

int main(int argc, char** argv) {
  using namespace millbase;
  const Variant* v = argc < 3 ? nullptr : find_variant(argv[1]);
  if (!v) return 2;
  auto tables = Tablebase::open(*v, argv[2]);
  if (!tables) return std::fprintf(stderr, "play_cxx: %s\n", tables.message().c_str()), 1;
  Player player(*tables, 42);
  for (int i = 3; i < argc; ++i) {
    Result<Position> p = parse_position(*v, argv[i]);
    Result<ValueCode> value = p ? (*tables)->probe(*p) : Result<ValueCode>(p.status());
    if (!value) return std::fprintf(stderr, "play_cxx: %s\n", value.message().c_str()), 1;
    std::string move = "none";
    if (MoveList(*v, *p).size() > 0) {
      Result<Move> m = player.choose(*p, PERFECT);
      if (!m) return std::fprintf(stderr, "play_cxx: %s\n", m.message().c_str()), 1;
      move = format_move(*v, *m);
    }
    const char* result = is_draw(*value) ? "draw" : is_win(*value) ? "win" : "loss";
    std::printf("%s %d %s\n", result, is_draw(*value) ? -1 : distance(*value), move.c_str());
  }
  return 0;
}
