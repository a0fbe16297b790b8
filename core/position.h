// Positions: the stones of each colour, the stones in hand and the side to move.
#pragma once

#include <array>
#include <optional>

#include "core/status.h"
#include "core/variant.h"

namespace millbase {

struct Position {
  std::array<Bitboard, 2> stones{};
  std::array<uint8_t, 2> in_hand{};
  Color side_to_move = WHITE;

  Bitboard us() const { return stones[side_to_move]; }
  Bitboard them() const { return stones[~side_to_move]; }
  Bitboard occupied() const { return stones[WHITE] | stones[BLACK]; }
  bool placement_over() const { return in_hand[WHITE] == 0 && in_hand[BLACK] == 0; }
  bool operator==(const Position&) const = default;
};

// The kind of turn the side to move plays.
enum class Phase : uint8_t { Place, Slide, Fly };

// Returns the phase's word as `show --json` and the web API write it: "placement",
// "movement" or "flying" (read by scripts and the page: do not change).
constexpr const char* phase_name(Phase ph) {
  return ph == Phase::Place ? "placement" : ph == Phase::Fly ? "flying" : "movement";
}

// Why the game is over at the start of a turn (rules.md, end of the game): the side to
// move has lost (TooFewStones, NoLegalMove), or the game is drawn (FullBoard: no legal
// move because every point is occupied, in a variant with the full-board rule).
enum class GameOver : uint8_t { None, TooFewStones, NoLegalMove, FullBoard };

// Returns the start position: empty board, full hands, `first` to move.
Position start_position(const Variant& v, Color first = WHITE);

// Returns how the side to move moves a stone on the board in p: Fly or Slide.
inline Phase movement_phase(const Variant& v, const Position& p) {
  return flies(v, popcount(p.us()), p.in_hand[p.side_to_move]) ? Phase::Fly : Phase::Slide;
}

// Returns the kind of turn the side to move plays in p: Place while it has stones in
// hand (under Lasker's rule it may also move: may_move()), else movement_phase().
inline Phase phase(const Variant& v, const Position& p) {
  if (p.in_hand[p.side_to_move]) return Phase::Place;
  return movement_phase(v, p);
}

// Returns true when the side to move may move a stone on the board in p (core/variant.h).
inline bool may_move(const Variant& v, const Position& p) {
  return may_move(v, popcount(p.us()), p.in_hand[p.side_to_move]);
}

// Returns whether, and why, the game is over at the start of the side to move's turn.
GameOver game_over(const Variant& v, const Position& p);

// Returns how the side to move in p may move a stone instead of placing one (Lasker's
// rule: Slide or Fly), or nothing: it only places, has no stone in hand, or has lost.
std::optional<Phase> also_moves(const Variant& v, const Position& p);

// Returns true when the other side (not to move) has lost at its coming turn whatever
// is played: it has too few stones (too_few_stones(); game_over() of p with
// that side to move is TooFewStones). No move of a game leads there, but Sanmill's FEN
// writes the end of a game so (the winner to move after the removal that ended it).
bool other_side_lost(const Variant& v, const Position& p);

// Returns why the game of v is over (g != None) in words, for side, the side to move:
// "White has no legal move", "White has fewer than three stones and none in hand" (or
// "... on the board and in hand" where the hand counts), "the board is full and White
// cannot move".
std::string game_over_text(const Variant& v, GameOver g, Color side);

// Returns why a side with enough stones but no legal move has ended the game, given the
// occupied points: FullBoard when they are all of them and the variant draws that, else
// NoLegalMove.
inline GameOver blocked(const Variant& v, Bitboard occupied) {
  return v.full_board_draw && occupied == v.board->all ? GameOver::FullBoard
                                                       : GameOver::NoLegalMove;
}

// Returns the stones of the side playing m after it, given its stones before.
inline Bitboard mover_after(Bitboard own, Move m) {
  return (m.is_placement() ? own : own ^ bit(m.from)) | bit(m.to);
}

// Returns the stones of the side playing m before it, given its stones after.
inline Bitboard mover_before(Bitboard own, Move m) {
  return (m.is_placement() ? own : own ^ bit(m.from)) ^ bit(m.to);
}

// Returns the opponent's stones after m, given them before (and the reverse: a removal
// toggles one point).
inline Bitboard opponent_after(Bitboard other, Move m) {
  return m.remove == NO_POINT ? other : other ^ bit(m.remove);
}

// Sets the stones and hand of colour c to `own` and `own_hand`, those of ~c to `other`
// and `other_hand`. Every field is written whole and at a fixed offset, so a Position
// built by it can be read back without a store-forwarding stall.
inline void set_sides(Position& p, Color c, Bitboard own, Bitboard other, uint8_t own_hand,
                      uint8_t other_hand) {
  p.stones[WHITE] = c == WHITE ? own : other;
  p.stones[BLACK] = c == WHITE ? other : own;
  p.in_hand[WHITE] = c == WHITE ? own_hand : other_hand;
  p.in_hand[BLACK] = c == WHITE ? other_hand : own_hand;
}

// Returns p after move m (m must be legal in p).
inline Position do_move(const Position& p, Move m) {
  const Color us = p.side_to_move;
  Position q;
  set_sides(q, us, mover_after(p.us(), m), opponent_after(p.them(), m),
            uint8_t(p.in_hand[us] - m.is_placement()), p.in_hand[~us]);
  q.side_to_move = ~us;
  return q;
}

// Returns p before move m, given the position after it (inverse of do_move).
inline Position undo_move(const Position& after, Move m) {
  const Color us = ~after.side_to_move;
  Position p;
  set_sides(p, us, mover_before(after.stones[us], m), opponent_after(after.stones[~us], m),
            uint8_t(after.in_hand[us] + m.is_placement()), after.in_hand[~us]);
  p.side_to_move = us;
  return p;
}

// Checks that p can occur in a game of v (a superset of the reachable positions):
// disjoint stones on the board's points; per side, stones on the board plus in hand at
// most v.stones; in hand, the side to move has as many as the opponent or one more
// (any counts under move_in_placement, where a side may move instead of placing).
Status validate(const Variant& v, const Position& p);

}  // namespace millbase
