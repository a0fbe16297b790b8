#include "engine/sanmill_fen.h"

#include <algorithm>
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

// Returns Sanmill's count of actions before a FEN's position from its move number and
// the side to move in the FEN, as Sanmill's reader does (a move number of 0 reads as 1).
int ply_of(int move_number, Color side) {
  return std::max(2 * (move_number - 1), 0) + (side == BLACK);
}

// Returns true when the side to move in p has lost by having too few stones and the other
// side has a mill, as after the removal that ended the game: Sanmill ends such a game in
// the removal's turn, before the side changes (phase o, action r).
bool lost_by_removal(const Variant& v, const Position& p) {
  return game_over(v, p) == GameOver::TooFewStones && v.board->in_mills(p.them());
}

// A FEN's fields as read: its 17 words, and the 13 numbers after the letters.
struct Fields {
  std::vector<std::string_view> word;
  int n[NUMBERS] = {};
  Color side = WHITE;  // the side to move as the FEN writes it
  char phase = 'p', action = 'p';
};

// Checks a field after the 17th. Sanmill appends one per capture rule with its state
// (c:, i:, l:) and the app its preferred removal (p:<square 8..31>); the preferred
// removal only steers Sanmill's captures, which rules.md does not have, so it is read
// and dropped, and the others are refused.
Status check_trailing(std::string_view field) {
  const std::string name = quote_token(field);
  if (field.starts_with("p:")) {
    int square = 0;
    const std::string_view number = field.substr(2);
    auto [at, ec] = std::from_chars(number.data(), number.data() + number.size(), square);
    if (number.empty() || ec != std::errc() || at != number.data() + number.size() || square < 8 ||
        square > 31)
      return Status::error("Sanmill FEN: the preferred removal " + name +
                           " must be 'p:' and one of Sanmill's squares 8..31");
    return Status::ok();
  }
  for (const auto& [prefix, rule] :
       {std::pair{"c:", "custodian"}, std::pair{"i:", "intervention"}, std::pair{"l:", "leap"}})
    if (field.starts_with(prefix))
      return Status::error("Sanmill FEN: the field " + name + " holds Sanmill's " + rule +
                           " captures, which rules.md does not have");
  return Status::error("Sanmill FEN: the field " + name +
                       " after the move number is not one of Sanmill's (p:<square>)");
}

// Returns the FEN's words with their letters and numbers checked, or an error naming the
// field; trailing fields are checked and dropped (check_trailing).
Result<Fields> parse_fields(std::string_view text) {
  Fields f;
  for (size_t at = 0; (at = text.find_first_not_of(" \t", at)) != std::string_view::npos;) {
    const size_t end = std::min(text.find_first_of(" \t", at), text.size());
    f.word.push_back(text.substr(at, end - at));
    at = end;
  }
  for (size_t i = size_t(FIELDS); i < f.word.size(); ++i)
    if (Status st = check_trailing(f.word[i]); !st) return st;
  if (f.word.size() < size_t(FIELDS))
    return Status::error("Sanmill FEN: " + std::to_string(f.word.size()) + " fields, not " +
                         std::to_string(FIELDS) +
                         " (board, side, phase, action and 13 numbers) in " + quote_token(text));
  f.word.resize(FIELDS);
  const std::string_view side = f.word[1], phase = f.word[2], action = f.word[3];
  if (side != "w" && side != "b")
    return Status::error("Sanmill FEN: the side to move " + quote_token(side) +
                         " must be 'w' or 'b'");
  if (phase != "p" && phase != "m" && phase != "o")
    return Status::error("Sanmill FEN: the phase " + quote_token(phase) +
                         " must be 'p' (placing), 'm' (moving) or 'o' (game over)");
  if (action != "p" && action != "s" && action != "r")
    return Status::error("Sanmill FEN: the action " + quote_token(action) +
                         " must be 'p' (place), 's' (select) or 'r' (remove)");
  f.side = side == "w" ? WHITE : BLACK;
  f.phase = phase[0];
  f.action = action[0];
  for (int i = 0; i < NUMBERS; ++i) {
    if (i == MILLS) continue;
    Result<int> number = parse_number(f.word[4 + i], i);
    if (!number) return number.status();
    f.n[i] = *number;
  }
  if (f.word[4 + MILLS] != "0")
    return field_error(MILLS, quote_token(f.word[4 + MILLS]) +
                                  " must be 0: they are kept only under Sanmill's "
                                  "OneTimeUseMill, which rules.md does not have");
  for (int i = LAST_MILLS; i < LAST_MILLS + 4; ++i)
    if (f.n[i] != f.n[LAST_MILLS] || (f.n[i] != 0 && f.n[i] != -1))
      return field_error(i, std::to_string(f.n[i]) +
                                " must be 0 or -1 like the others (none): last mills are kept "
                                "only under Sanmill's RestrictRepeatedMillsFormation, which "
                                "rules.md does not have");
  if (f.n[RULE50] < 0) return field_error(RULE50, std::to_string(f.n[RULE50]) + " is negative");
  if (f.n[MOVE_NUMBER] < 0)
    return field_error(MOVE_NUMBER, std::to_string(f.n[MOVE_NUMBER]) + " is not 0 or more");
  return f;
}

// Returns the board with the FEN's side to move and hands, each count checked against
// the board and the variant, and the stones to remove checked: 1 for the side to move
// with action r, else 0.
Result<Position> parse_counts(const Variant& v, const Fields& f,
                              const std::array<Bitboard, 2>& stones) {
  Position p;
  p.stones = stones;
  p.side_to_move = f.side;
  for (Color c : {WHITE, BLACK}) {
    const int board = c == WHITE ? W_BOARD : B_BOARD, hand = board + 1;
    if (f.n[board] != popcount(p.stones[c]))
      return field_error(board, "is " + std::to_string(f.n[board]) + " but the board has " +
                                    std::to_string(popcount(p.stones[c])));
    if (f.n[hand] < 0 || f.n[hand] > v.stones)
      return field_error(hand, std::to_string(f.n[hand]) + " is not 0.." +
                                   std::to_string(v.stones) + " (" + std::string(v.name) + ")");
    p.in_hand[c] = uint8_t(f.n[hand]);
  }
  const int own_remove = f.side == WHITE ? W_REMOVE : B_REMOVE,
            other_remove = W_REMOVE + B_REMOVE - own_remove;
  const bool removing = f.action == 'r';
  if (f.n[other_remove] != 0)
    return field_error(other_remove, "must be 0: only the side to move removes (rules.md)");
  if (f.n[own_remove] != (removing ? 1 : 0))
    return field_error(own_remove, "must be " + std::string(removing ? "1" : "0") +
                                       " with action " + std::string(1, f.action) +
                                       " (rules.md: a mill removes one stone, on its turn)");
  return p;
}

// Reads action r in phase p or m: the board after a move that closed a mill, read as the
// position before it with that move pending. A counter over 50 is read as 50: Sanmill's
// app can count a slide twice, and the mill resets the counter, so nothing depends on it.
// Phase p says the mover had stones in hand: it placed one, or under Lasker's rule it
// may have moved one, told by the counter (Sanmill's is 0 after a placement, at least 1
// after a move).
Result<SanmillFen> read_pending(const Variant& v, const Fields& f, const Position& p) {
  const bool in_hand = f.phase == 'p';
  const int rule50 = std::min(f.n[RULE50], DRAW_PLIES);
  const bool placed = in_hand && (rule50 == 0 || !v.move_in_placement);
  if (!in_hand && (p.in_hand[p.side_to_move] > 0 || (!v.move_in_placement && !p.placement_over())))
    return Status::error("Sanmill FEN: phase 'm' while stones are still in hand");
  if (placed ? rule50 != 0 : rule50 == 0)
    return field_error(RULE50, std::string("must be ") +
                                   (placed ? "0 after a placement" : "1 or more after a move") +
                                   ", not " + std::to_string(f.n[RULE50]));
  Position turned = p;  // the removal passes the turn: then the counts must fit
  turned.side_to_move = ~p.side_to_move;
  if (Status st = validate(v, turned); !st) return Status::error("Sanmill FEN: " + st.message());
  Result<std::pair<Position, Move>> before = before_mill(v, p, placed);
  if (!before) return before.status();
  SanmillFen fen;
  fen.position = before->first;
  fen.pending = before->second;
  fen.counter = placed ? 0 : rule50 - 1;
  fen.ply = ply_of(f.n[MOVE_NUMBER], f.side) - 1;
  fen.none_mark = f.n[LAST_MILLS];
  return fen;
}

// Reads phase o with action r: Sanmill's end of a game won by a removal, written before
// the side changes. Read as the position after the removal, the loser to move.
Result<SanmillFen> read_ended(const Variant& v, const Fields& f, const Position& p) {
  Position after = p;
  after.side_to_move = ~p.side_to_move;
  if (Status st = validate(v, after); !st) return Status::error("Sanmill FEN: " + st.message());
  const std::string ends =
      "Sanmill FEN: phase 'o' with action 'r' ends a game won by a removal, but ";
  if (game_over(v, after) != GameOver::TooFewStones)
    return Status::error(ends + std::string(color_name(after.side_to_move)) +
                         " has three stones or more: send the position before the last move");
  if (!lost_by_removal(v, after))
    return Status::error(ends + std::string(color_name(p.side_to_move)) +
                         " has no mill on the board");
  if (f.n[RULE50] != 0)
    return field_error(RULE50, "must be 0 after a removal, not " + std::to_string(f.n[RULE50]));
  SanmillFen fen;
  fen.position = after;
  fen.ply = ply_of(f.n[MOVE_NUMBER], f.side);
  fen.none_mark = f.n[LAST_MILLS];
  return fen;
}

// Reads action p or s: the position itself, its phase and action checked against it.
Result<SanmillFen> read_turn(const Variant& v, const Fields& f, const Position& p) {
  if (Status st = validate(v, p); !st) return Status::error("Sanmill FEN: " + st.message());
  const int rule50 = f.n[RULE50];
  if (!draw_rules_apply(v, p) && rule50 != 0)
    return field_error(RULE50, "must be 0 while stones are in hand, not " + std::to_string(rule50));
  if (rule50 > DRAW_PLIES)
    return field_error(RULE50, std::to_string(rule50) + " is over " + std::to_string(DRAW_PLIES) +
                                   ": the game is drawn once it reaches " +
                                   std::to_string(DRAW_PLIES) + " (the 50-ply rule, rules.md)");
  const bool over = sanmill_over(v, p, rule50);
  const char phase = phase_letter(p, over), action = action_letter(p);
  const bool in_hand = p.in_hand[p.side_to_move] > 0;
  if (f.phase != phase)
    return Status::error("Sanmill FEN: the phase " + quote_token(f.word[2]) + " must be '" +
                         std::string(1, phase) + "' here (" +
                         (over      ? "the game is over under rules.md"
                          : in_hand ? "stones in hand"
                                    : "no stones in hand") +
                         ")");
  if (f.action != action)
    return Status::error("Sanmill FEN: the action " + quote_token(f.word[3]) + " must be '" +
                         std::string(1, action) + "' here (" +
                         (in_hand ? "stones in hand" : "no stones in hand") + ")");
  SanmillFen fen;
  fen.position = p;
  fen.counter = rule50;
  fen.ply = ply_of(f.n[MOVE_NUMBER], f.side);
  fen.none_mark = f.n[LAST_MILLS];
  return fen;
}

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
  Result<Fields> f = parse_fields(text);
  if (!f) return f.status();
  Result<std::array<Bitboard, 2>> stones = parse_board(v, f->word[0]);
  if (!stones) return stones.status();
  Result<Position> p = parse_counts(v, *f, *stones);
  if (!p) return p.status();
  if (f->action != 'r') return read_turn(v, *f, *p);
  return f->phase == 'o' ? read_ended(v, *f, *p) : read_pending(v, *f, *p);
}

std::string format_sanmill_fen(const Variant& v, const SanmillFen& f) {
  Position shown = f.position;       // with a pending move: after it, the same side to move
  Color mover = shown.side_to_move;  // the side the FEN names
  const bool ended = !f.pending && lost_by_removal(v, shown);
  if (ended) mover = ~mover;  // Sanmill ends the game before the side changes
  if (f.pending) {
    shown.stones[mover] = mover_after(shown.stones[mover], *f.pending);
    shown.in_hand[mover] -= f.pending->is_placement();
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
  const bool placed = f.pending && f.pending->is_placement(), removing = f.pending || ended;
  out += mover == WHITE ? " w " : " b ";
  out += ended       ? 'o'
         : f.pending ? (f.position.in_hand[mover] ? 'p' : 'm')
                     : phase_letter(shown, sanmill_over(v, shown, f.counter));
  out += ' ';
  out += removing ? 'r' : action_letter(shown);
  for (Color c : {WHITE, BLACK})
    out += " " + std::to_string(popcount(shown.stones[c])) + " " + std::to_string(shown.in_hand[c]);
  out += !removing ? " 0 0" : mover == WHITE ? " 1 0" : " 0 1";
  const std::string none = " " + std::to_string(f.none_mark);
  out += none + none + none + none + " 0";
  const int rule50 = ended ? 0 : !f.pending ? f.counter : placed ? 0 : f.counter + 1;
  out += " " + std::to_string(rule50) + " " +
         std::to_string(move_number(f.ply + (f.pending ? 1 : 0), mover));
  return out;
}

}  // namespace millbase::engine
