#include "core/notation.h"

#include <charconv>
#include <vector>

#include "core/movegen.h"

namespace millbase {

namespace {

// Splits s at `sep`, keeping empty pieces.
std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == sep) {
      parts.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  return parts;
}

// Splits s at runs of blanks.
std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> w;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) w.push_back(s.substr(i, j - i));
    i = j;
  }
  return w;
}

// Returns the stones listed after "W:" or "B:".
Result<Bitboard> parse_point_list(const Variant& v, std::string_view list, Color c) {
  Bitboard set = 0;
  if (list.empty()) return set;
  for (std::string_view name : split(list, ',')) {
    if (name.empty())
      return Status::error("empty point name in " + std::string(color_name(c)) + "'s list " +
                           quote_token(list));
    Result<Point> p = parse_point(v, name);
    if (!p) return p.status();
    if (contains(set, *p))
      return Status::error("point " + quote_token(name) + " is listed twice for " +
                           std::string(color_name(c)));
    set |= bit(*p);
  }
  return set;
}

Result<int> parse_count(std::string_view s, const char* what) {
  int n = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  // Digits only: no sign ("-0" is not a count).
  if (s.empty() || s[0] < '0' || s[0] > '9' || ec != std::errc() || end != s.data() + s.size() ||
      n > 99)
    return Status::error(std::string(what) + " " + quote_token(s) + " is not a count");
  return n;
}

}  // namespace

Result<Point> parse_point(const Variant& v, std::string_view text) {
  // Columns in either case: "D2" is d2.
  const char column = text.empty() ? '\0' : ascii_lower(text.substr(0, 1))[0];
  if (text.size() == 2 && column >= 'a' && column <= 'g' && text[1] >= '1' && text[1] <= '7') {
    Point p = v.board->point_at(Coord{int8_t(column - 'a'), int8_t(text[1] - '1')});
    if (p != NO_POINT) return p;
    if (BOARD_24.point_at(Coord{int8_t(column - 'a'), int8_t(text[1] - '1')}) != NO_POINT) {
      std::string points;
      for (int q = 0; q < v.board->num_points; ++q)
        points += (q ? " " : "") + std::string(point_name(*v.board, Point(q)));
      return Status::error("point " + quote_token(text) + " is not on the " +
                           std::string(v.board->name) + " board of " + std::string(v.name) +
                           " (its points: " + points + ")");
    }
  }
  return Status::error("unknown point " + quote_token(text));
}

Result<Position> parse_position(const Variant& v, std::string_view text) {
  std::vector<std::string_view> w = words(text);
  if (w.size() != 3 && w.size() != 5)
    return Status::error("position " + quote_token(text) +
                         " must read 'W:<points> B:<points> <w|b> [<white in hand> <black "
                         "in hand>]'");
  Position p;
  for (Color c : {WHITE, BLACK}) {
    std::string_view tag = c == WHITE ? "W:" : "B:";
    if (w[c].substr(0, 2) != tag)
      return Status::error("expected " + quote_token(std::string(tag) + "<points>") +
                           " but found " + quote_token(w[c]));
    Result<Bitboard> set = parse_point_list(v, w[c].substr(2), c);
    if (!set) return set.status();
    p.stones[c] = *set;
  }
  if (Bitboard both = p.stones[WHITE] & p.stones[BLACK])
    return Status::error("point " + quote_token(point_name(*v.board, pop_lsb(both))) +
                         " is listed for both colours");
  if (w[2] == "w")
    p.side_to_move = WHITE;
  else if (w[2] == "b")
    p.side_to_move = BLACK;
  else
    return Status::error("side to move " + quote_token(w[2]) + " must be 'w' or 'b'");
  if (w.size() == 5) {
    for (Color c : {WHITE, BLACK}) {
      Result<int> n =
          parse_count(w[3 + c], c == WHITE ? "White's in-hand count" : "Black's in-hand count");
      if (!n) return n.status();
      if (*n > v.stones)
        return Status::error(std::string(color_name(c)) + "'s in-hand count " +
                             quote_token(w[3 + c]) + " exceeds the " + std::to_string(v.stones) +
                             " stones of " + std::string(v.name));
      p.in_hand[c] = uint8_t(*n);
    }
  }
  if (Status s = validate(v, p); !s) return s;
  return p;
}

std::string format_position(const Variant& v, const Position& p) {
  std::string s;
  for (Color c : {WHITE, BLACK}) {
    s += c == WHITE ? "W:" : " B:";
    bool first = true;
    for (Bitboard b = p.stones[c]; b; first = false) {
      if (!first) s += ',';
      s += point_name(*v.board, pop_lsb(b));
    }
  }
  s += p.side_to_move == WHITE ? " w" : " b";
  if (p.in_hand[WHITE] || p.in_hand[BLACK])
    s += " " + std::to_string(p.in_hand[WHITE]) + " " + std::to_string(p.in_hand[BLACK]);
  return s;
}

Result<Move> parse_move_text(const Variant& v, std::string_view text) {
  Move m{NO_POINT, NO_POINT, NO_POINT};
  std::string_view body = text;
  if (body.starts_with('x'))
    return Status::error("removal " + quote_token(text) +
                         " stands alone: it belongs to a move that closes a mill and has no "
                         "removal yet (d6-d5 xb4)");
  if (size_t x = body.find('x'); x != std::string_view::npos) {
    Result<Point> r = parse_point(v, body.substr(x + 1));
    if (!r) return Status::error("in move " + quote_token(text) + ": " + r.message());
    m.remove = *r;
    body = body.substr(0, x);
  }
  if (size_t dash = body.find('-'); dash != std::string_view::npos) {
    Result<Point> f = parse_point(v, body.substr(0, dash));
    if (!f) return Status::error("in move " + quote_token(text) + ": " + f.message());
    m.from = *f;
    body = body.substr(dash + 1);
  }
  Result<Point> t = parse_point(v, body);
  if (!t) return Status::error("in move " + quote_token(text) + ": " + t.message());
  m.to = *t;
  return m;
}

Result<Move> parse_move(const Variant& v, const Position& p, std::string_view text) {
  Result<Move> parsed = parse_move_text(v, text);
  if (!parsed) return parsed;
  const Move m = *parsed;
  const Board& b = *v.board;
  MoveList legal(v, p);
  if (legal.contains(m)) return m;

  auto illegal = [&](const std::string& why) {
    return Status::error("illegal move " + quote_token(text) + ": " + why);
  };
  auto name = [&](Point x) { return std::string(point_name(b, x)); };
  const Color us = p.side_to_move;
  const std::string side(color_name(us)), other(color_name(~us));
  if (legal.size() == 0) return illegal("the game is over");
  const Phase ph = phase(v, p);
  if (m.is_placement() && ph != Phase::Place)
    return illegal(side + " has no stones in hand; move a stone as <from>-<to>");
  if (!m.is_placement() && !may_move(v, p))
    return illegal(side + " still has stones in hand and must place one");
  if (!m.is_placement() && !contains(p.us(), m.from))
    return illegal("no " + side + " stone on " + name(m.from));
  if (contains(p.occupied(), m.to)) return illegal(name(m.to) + " is not empty");
  if (!m.is_placement() && movement_phase(v, p) == Phase::Slide &&
      !contains(b.adjacent[m.from], m.to))
    return illegal(name(m.to) + " is not adjacent to " + name(m.from) +
                   (!v.flying             ? ""
                    : v.move_in_placement ? " (a side flies only with exactly three stones on "
                                            "the board and in hand together)"
                                          : " (a side flies only with exactly three stones left)"));
  const bool mill = closes_mill(v, p, m);
  if (m.remove == NO_POINT)  // legal.contains failed, so a removal is owed
    return illegal("it closes a mill; append the " + other + " stone to remove, e.g. " +
                   std::string(text) + "x" + name(lsb(b.removable(p.them()))));
  if (!mill) return illegal("it closes no mill, so it removes nothing");
  if (!contains(p.them(), m.remove)) return illegal("no " + other + " stone on " + name(m.remove));
  return illegal(other + "'s stone on " + name(m.remove) +
                 " stands in a mill and other stones do not, so it cannot be removed");
}

bool is_separate_removal(std::string_view token, std::string_view previous) {
  auto removal_at = [](std::string_view t) { return t.find_first_of("xX"); };
  return !token.empty() && removal_at(token) == 0 && !previous.empty() &&
         removal_at(previous) == std::string_view::npos;
}

std::string format_move(const Variant& v, Move m) {
  std::string s;
  if (!m.is_placement()) s += std::string(point_name(*v.board, m.from)) + "-";
  s += point_name(*v.board, m.to);
  if (m.remove != NO_POINT) s += "x" + std::string(point_name(*v.board, m.remove));
  return s;
}

}  // namespace millbase
