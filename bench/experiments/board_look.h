// What a probe sees of a position without its own table, for the benchmarks of issue
// #24: the mover's moves, how many close a mill, and whether the entry is free (a
// probe decides it by searching the mover's captures).
#pragma once

#include <algorithm>
#include <vector>

#include "solver/child_tables.h"
#include "solver/successors.h"

namespace millbase {

struct Seen {
  int moves = 0;         // the mover's moves, removals not counted, capped
  int mills = 0;         // those of them that close a mill
  bool decided = false;  // a capture into a position lost for the opponent, or no move
};

// Returns what the mover of (us, them) in s sees, its moves capped at `cap`. `decided`
// is found only with `captures`, a lookup of capture_children(s): a win by a capture,
// or a movement position without a move (lost).
inline Seen look(const Variant& v, const Sector& s, Bitboard us, Bitboard them,
                 const ChildLookup* captures, int cap) {
  Seen seen;
  Move last{};
  bool first = true;
  for_each_successor(v, s, us, them, [&](Move m, const Sector& cs, Bitboard cu, Bitboard ct) {
    // The removals of one mill-closing move come in a row: count the move once.
    const bool new_move = first || m.from != last.from || m.to != last.to;
    seen.moves += new_move;
    first = false, last = m;
    if (m.remove == NO_POINT) return;
    seen.mills += new_move;
    if (captures && !seen.decided && is_loss((*captures)(cs, cu, ct))) seen.decided = true;
  });
  if (captures && first && !s.placement()) seen.decided = true;
  seen.moves = std::min(seen.moves, cap);
  return seen;
}

// Returns the sectors the captures of s lead to: a capture takes a stone of the
// opponent, who moves next.
inline std::vector<Sector> capture_children(const Variant& v, const Sector& s) {
  std::vector<Sector> children;
  for (const Sector& c : successor_sectors(v, s))
    if (!is_terminal(v, c) && c.us + c.us_hand < s.them + s.them_hand) children.push_back(c);
  return children;
}

}  // namespace millbase
