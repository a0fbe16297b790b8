#include "engine/sanmill_fen.h"

#include <charconv>
#include <vector>

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"

namespace millbase::engine {

namespace {

// The FEN's board, ring by ring from the inside, each from its top middle point clockwise.
constexpr std::array<std::string_view, 24> POINTS = {
    "d5", "e5", "e4", "e3", "d3", "c3", "c4", "c5",   // inner ring, Sanmill's 8..15
    "d6", "f6", "f4", "f2", "d2", "b2", "b4", "b6",   // middle ring, 16..23
    "d7", "g7", "g4", "g1", "d1", "a1", "a4", "a7"};  // outer ring, 24..31

constexpr int FIELDS = 17;  // board, side, phase, action and 13 numbers
constexpr int NUMBERS = 13;
enum Number {
  W_BOARD,
  W_HAND,
  B_BOARD,
  B_HAND,
  W_REMOVE,
  B_REMOVE,
  LAST_MILLS,
  MILLS = 10,
  RULE50,
  MOVE_NUMBER
};
constexpr const char* NUMBER_NAMES[NUMBERS] = {"White's stones on the board",
                                               "White's stones in hand",
                                               "Black's stones on the board",
                                               "Black's stones in hand",
                                               "White's stones to remove",
                                               "Black's stones to remove",
                                               "White's last mill from",
                                               "White's last mill to",
                                               "Black's last mill from",
                                               "Black's last mill to",
                                               "the formed mills",
                                               "the plies without a mill",
                                               "the move number"};
constexpr int MAX_NUMBER = 999999;

Status field_error(int number, const std::string& why) {
  return Status::error("Sanmill FEN: " + std::string(NUMBER_NAMES[number]) + " " + why);
}

// Returns the number in text (an optional '-' and at most 6 digits), or an error naming it.
Result<int> parse_number(std::string_view text, int number) {
  int n = 0;
  const char* end = text.data() + text.size();
  auto [at, ec] = std::from_chars(text.data(), end, n);
  if (text.empty() || text[0] == '+' || ec != std::errc() || at != end || n < -MAX_NUMBER ||
      n > MAX_NUMBER)
    return field_error(number, "must be a number, not " + quote_token(text));
  return n;
}

// Returns the stones of each colour on the FEN's board, or an error naming the character.
Result<std::array<Bitboard, 2>> parse_board(const Variant& v, std::string_view board) {
  if (board.size() != 26 || board[8] != '/' || board[17] != '/')
    return Status::error("Sanmill FEN: the board " + quote_token(board) +
                         " must be three rings of 8 points separated by '/'");
  std::array<Bitboard, 2> stones{};
  for (int i = 0; i < 24; ++i) {
    const char c = board[i + i / 8];
    if (c == '*') continue;
    const std::string at = " at " + std::string(POINTS[i]);
    if (c == 'X')
      return Status::error("Sanmill FEN: a marked stone 'X'" + at +
                           ": marked stones belong to a rule of Sanmill's that rules.md does "
                           "not have (MillFormationActionInPlacingPhase 4)");
    if (c != 'O' && c != '@')
      return Status::error("Sanmill FEN: " + quote_token(std::string(1, c)) + at +
                           " is not a stone: 'O' White, '@' Black, '*' empty");
    Result<Point> p = parse_point(v, POINTS[i]);
    if (!p) return Status::error("Sanmill FEN: a stone" + at + ": " + p.message());
    stones[c == 'O' ? WHITE : BLACK] |= bit(*p);
  }
  return stones;
}

// Returns the position before a move of the side to move in `after` that put its stone
// into a mill (a placement when `placed`), and that move, its removal still to come: the
// first that fits, in the FEN's order of points. Error: no move fits.
Result<std::pair<Position, Move>> before_mill(const Variant& v, const Position& after,
                                              bool placed) {
  const Color us = after.side_to_move;
  const Bitboard own = after.stones[us], empty = v.board->all & ~after.occupied();
  for (std::string_view name : POINTS) {
    Result<Point> to = parse_point(v, name);
    if (!to || !contains(own, *to) || !v.board->closes_mill(own, *to)) continue;
    Position before = after;
    if (placed) {
      before.stones[us] ^= bit(*to);
      before.in_hand[us] += 1;
      const Move m{NO_POINT, *to, NO_POINT};
      if (validate(v, before) && awaits_removal(v, before, m)) return std::pair(before, m);
      continue;
    }
    for (Bitboard from = empty; from;) {
      const Point f = pop_lsb(from);
      before.stones[us] = own ^ bit(*to) ^ bit(f);
      const Move m{f, *to, NO_POINT};
      if (validate(v, before) && awaits_removal(v, before, m)) return std::pair(before, m);
    }
  }
  return Status::error(std::string("Sanmill FEN: action r (remove), but no ") +
                       (placed ? "placement" : "move") + " of " + std::string(color_name(us)) +
                       " can have closed a mill on this board");
}

// Returns the FEN's phase letter for a position without a pending move.
char phase_letter(const Position& p, bool over) {
  return over ? 'o' : p.in_hand[p.side_to_move] ? 'p' : 'm';
}

// Returns the FEN's action letter for a position without a pending move.
char action_letter(const Position& p) { return p.in_hand[p.side_to_move] ? 'p' : 's'; }

// Returns the FEN's move number after `ply` actions with `side` to move (Sanmill's count).
int move_number(int ply, Color side) { return 1 + (ply - (side == BLACK)) / 2; }

}  // namespace

const std::array<std::string_view, 24>& sanmill_points() { return POINTS; }

bool sanmill_over(const Variant& v, const Position& p, int counter) {
  return Game(v, p, counter).outcome() != Outcome::Ongoing;
}

bool is_sanmill_fen(std::string_view text) {
  const size_t start = text.find_first_not_of(" \t");
  if (start == std::string_view::npos) return false;
  const std::string_view first = text.substr(start, text.find_first_of(" \t", start) - start);
  return first.find('/') != std::string_view::npos;
}

Result<SanmillFen> parse_sanmill_fen(const Variant& v, std::string_view text) {
  std::vector<std::string_view> f;
  for (size_t at = 0; (at = text.find_first_not_of(" \t", at)) != std::string_view::npos;) {
    const size_t end = std::min(text.find_first_of(" \t", at), text.size());
    f.push_back(text.substr(at, end - at));
    at = end;
  }
  if (f.size() != FIELDS)
    return Status::error("Sanmill FEN: " + std::to_string(f.size()) + " fields, not " +
                         std::to_string(FIELDS) +
                         " (board, side, phase, action and 13 numbers) in " + quote_token(text));
  Result<std::array<Bitboard, 2>> stones = parse_board(v, f[0]);
  if (!stones) return stones.status();
  if (f[1] != "w" && f[1] != "b")
    return Status::error("Sanmill FEN: the side to move " + quote_token(f[1]) +
                         " must be 'w' or 'b'");
  if (f[2] != "p" && f[2] != "m" && f[2] != "o")
    return Status::error("Sanmill FEN: the phase " + quote_token(f[2]) +
                         " must be 'p' (placing), 'm' (moving) or 'o' (game over)");
  if (f[3] != "p" && f[3] != "s" && f[3] != "r")
    return Status::error("Sanmill FEN: the action " + quote_token(f[3]) +
                         " must be 'p' (place), 's' (select) or 'r' (remove)");
  int n[NUMBERS];
  for (int i = 0; i < NUMBERS; ++i) {
    if (i == MILLS) continue;
    Result<int> number = parse_number(f[4 + i], i);
    if (!number) return number.status();
    n[i] = *number;
  }
  if (f[4 + MILLS] != "0")
    return field_error(MILLS, quote_token(f[4 + MILLS]) +
                                  " must be 0: they are kept only under Sanmill's "
                                  "OneTimeUseMill, which rules.md does not have");
  for (int i = LAST_MILLS; i < LAST_MILLS + 4; ++i)
    if (n[i] != n[LAST_MILLS] || (n[i] != 0 && n[i] != -1))
      return field_error(i, std::to_string(n[i]) +
                                " must be 0 or -1 like the others (none): last mills are kept "
                                "only under Sanmill's RestrictRepeatedMillsFormation, which "
                                "rules.md does not have");

  Position p;
  p.stones = *stones;
  p.side_to_move = f[1] == "w" ? WHITE : BLACK;
  for (Color c : {WHITE, BLACK}) {
    const int board = c == WHITE ? W_BOARD : B_BOARD, hand = board + 1;
    if (n[board] != popcount(p.stones[c]))
      return field_error(board, "is " + std::to_string(n[board]) + " but the board has " +
                                    std::to_string(popcount(p.stones[c])));
    if (n[hand] < 0 || n[hand] > v.stones)
      return field_error(hand, std::to_string(n[hand]) + " is not 0.." + std::to_string(v.stones) +
                                   " (" + std::string(v.name) + ")");
    p.in_hand[c] = uint8_t(n[hand]);
  }
  const Color us = p.side_to_move;
  const int own_remove = us == WHITE ? W_REMOVE : B_REMOVE,
            other_remove = W_REMOVE + B_REMOVE - own_remove;
  const bool removing = f[3] == "r";
  if (n[other_remove] != 0)
    return field_error(other_remove, "must be 0: only the side to move removes (rules.md)");
  if (n[own_remove] != (removing ? 1 : 0))
    return field_error(own_remove, "must be " + std::string(removing ? "1" : "0") +
                                       " with action " + std::string(f[3]) +
                                       " (rules.md: a mill removes one stone, on its turn)");
  if (n[RULE50] < 0 || n[RULE50] > DRAW_PLIES)
    return field_error(RULE50, std::to_string(n[RULE50]) + " is not 0.." +
                                   std::to_string(DRAW_PLIES) + " (the 50-ply rule, rules.md)");
  if (n[MOVE_NUMBER] < 1)
    return field_error(MOVE_NUMBER, std::to_string(n[MOVE_NUMBER]) + " is not 1 or more");

  SanmillFen fen;
  fen.none_mark = n[LAST_MILLS];
  fen.ply = 2 * (n[MOVE_NUMBER] - 1) + (us == BLACK);
  if (removing) {
    if (f[2] == "o")
      return Status::error(
          "Sanmill FEN: phase 'o' (game over) with action 'r': send the "
          "position before the last move");
    const bool placed = f[2] == "p";
    if (!placed && !p.placement_over())
      return Status::error("Sanmill FEN: phase 'm' while stones are still in hand");
    if (placed ? n[RULE50] != 0 : n[RULE50] == 0)
      return field_error(RULE50, std::string("must be ") +
                                     (placed ? "0 after a placement" : "1 or more after a move") +
                                     ", not " + std::to_string(n[RULE50]));
    Position turned = p;  // the removal passes the turn: then the counts must fit
    turned.side_to_move = ~us;
    if (Status st = validate(v, turned); !st) return Status::error("Sanmill FEN: " + st.message());
    Result<std::pair<Position, Move>> before = before_mill(v, p, placed);
    if (!before) return before.status();
    fen.position = before->first;
    fen.pending = before->second;
    fen.counter = placed ? 0 : n[RULE50] - 1;
    fen.ply -= 1;
    return fen;
  }
  if (Status st = validate(v, p); !st) return Status::error("Sanmill FEN: " + st.message());
  if (!p.placement_over() && n[RULE50] != 0)
    return field_error(RULE50,
                       "must be 0 while stones are in hand, not " + std::to_string(n[RULE50]));
  fen.position = p;
  fen.counter = n[RULE50];
  const bool over = sanmill_over(v, p, fen.counter);
  const char phase = phase_letter(p, over), action = action_letter(p);
  if (f[2][0] != phase)
    return Status::error("Sanmill FEN: the phase " + quote_token(f[2]) + " must be '" +
                         std::string(1, phase) + "' here (" +
                         (over            ? "the game is over under rules.md"
                          : p.in_hand[us] ? "stones in hand"
                                          : "no stones in hand") +
                         ")");
  if (f[3][0] != action)
    return Status::error("Sanmill FEN: the action " + quote_token(f[3]) + " must be '" +
                         std::string(1, action) + "' here (" +
                         (p.in_hand[us] ? "stones in hand" : "no stones in hand") + ")");
  return fen;
}

std::string format_sanmill_fen(const Variant& v, const SanmillFen& f) {
  Position shown = f.position;  // with a pending move: after it, the same side to move
  const Color us = shown.side_to_move;
  if (f.pending) {
    shown.stones[us] = mover_after(shown.stones[us], *f.pending);
    shown.in_hand[us] -= f.pending->is_placement();
  }
  std::string out;
  for (int i = 0; i < 24; ++i) {
    if (i && i % 8 == 0) out += '/';
    Result<Point> p = parse_point(v, POINTS[i]);
    out += !p                                  ? '*'
           : contains(shown.stones[WHITE], *p) ? 'O'
           : contains(shown.stones[BLACK], *p) ? '@'
                                               : '*';
  }
  const bool placed = f.pending && f.pending->is_placement();
  out += us == WHITE ? " w " : " b ";
  out += f.pending ? (placed ? 'p' : 'm') : phase_letter(shown, sanmill_over(v, shown, f.counter));
  out += ' ';
  out += f.pending ? 'r' : action_letter(shown);
  for (Color c : {WHITE, BLACK})
    out += " " + std::to_string(popcount(shown.stones[c])) + " " + std::to_string(shown.in_hand[c]);
  out += f.pending ? (us == WHITE ? " 1 0" : " 0 1") : " 0 0";
  const std::string none = " " + std::to_string(f.none_mark);
  out += none + none + none + none + " 0";
  const int rule50 = !f.pending ? f.counter : placed ? 0 : f.counter + 1;
  out += " " + std::to_string(rule50) + " " +
         std::to_string(move_number(f.ply + (f.pending ? 1 : 0), us));
  return out;
}

}  // namespace millbase::engine
