#include "core/game_record.h"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <optional>

#include "core/notation.h"

namespace millbase {

namespace {

// The tags that the game itself determines: written from it, checked against it.
constexpr std::string_view FIXED_TAGS[] = {"Variant", "Start", "Result", "Reason"};

constexpr size_t MAX_TAG_NAME = 64;
constexpr size_t LINE_WIDTH = 79;

// Returns the Result tag's words for an outcome: "1-0", "0-1", "1/2-1/2" or "*".
std::string_view result_word(Outcome o) {
  static constexpr std::string_view WORDS[] = {"*", "1-0", "0-1", "1/2-1/2"};
  return WORDS[int(o)];
}

std::optional<Outcome> find_result(std::string_view text) {
  for (Outcome o : {Outcome::Ongoing, Outcome::WhiteWins, Outcome::BlackWins, Outcome::Draw})
    if (result_word(o) == text) return o;
  return std::nullopt;
}

// Returns s in double quotes with '"' and '\' escaped by '\'.
std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c == '\n' || c == '\r' ? ' ' : c;
  }
  return out + "\"";
}

bool is_fixed(std::string_view name) {
  for (std::string_view f : FIXED_TAGS)
    if (f == name) return true;
  return false;
}

// Parses one tag line `[Name "value"]`; line is the record's line number for errors.
Result<Tag> parse_tag(std::string_view text, int line) {
  const std::string where = "line " + std::to_string(line) + ": ";
  size_t i = 1;
  while (i < text.size() && text[i] == ' ') ++i;
  const size_t name_at = i;
  while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'))
    ++i;
  std::string name(text.substr(name_at, i - name_at));
  if (name.empty() || name.size() > MAX_TAG_NAME)
    return Status::error(where + "tag " + quote_token(text) + " must read [Name \"value\"]");
  while (i < text.size() && text[i] == ' ') ++i;
  if (i >= text.size() || text[i] != '"')
    return Status::error(where + "tag " + quote_token(name) + " needs a quoted value");
  std::string value;
  for (++i; i < text.size() && text[i] != '"'; ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) ++i;
    value += text[i];
  }
  if (i >= text.size())
    return Status::error(where + "the value of tag " + quote_token(name) + " has no closing quote");
  for (++i; i < text.size() && text[i] == ' ';) ++i;
  if (i >= text.size() || text[i] != ']' || i + 1 != text.size())
    return Status::error(where + "tag " + quote_token(name) + " must end with ']'");
  return Tag{std::move(name), std::move(value)};
}

// Returns text without a leading move number ("12." or "12..."), which may be all of it.
std::string_view strip_move_number(std::string_view t) {
  size_t digits = 0;
  while (digits < t.size() && t[digits] >= '0' && t[digits] <= '9') ++digits;
  if (digits == 0 || digits == t.size() || t[digits] != '.') return t;
  size_t dots = digits;
  while (dots < t.size() && t[dots] == '.') ++dots;
  return t.substr(dots);
}

// A record's text split into its tags and the words of its move text, each word with
// its line (comments dropped).
struct RecordText {
  std::vector<Tag> tags;
  std::vector<std::pair<std::string, int>> tokens;
};

// Returns line l (trimmed) of the record added to r: a tag, or move text words; line is
// its number, in_comment whether a {comment} is open across lines.
Status add_line(std::string_view l, int line, bool& in_comment, RecordText& r) {
  while (!l.empty() && (l.back() == '\r' || l.back() == ' ' || l.back() == '\t'))
    l.remove_suffix(1);
  while (!l.empty() && (l.front() == ' ' || l.front() == '\t')) l.remove_prefix(1);
  if (!in_comment && l.starts_with("[")) {
    if (!r.tokens.empty())
      return Status::error("line " + std::to_string(line) + ": tag after the moves");
    Result<Tag> t = parse_tag(l, line);
    if (!t) return t.status();
    for (const Tag& earlier : r.tags)
      if (earlier.first == t->first)
        return Status::error("line " + std::to_string(line) + ": a second [" + t->first + "] tag");
    r.tags.push_back(*t);
    return Status::ok();
  }
  std::string word;
  auto flush = [&] {
    if (!word.empty()) r.tokens.emplace_back(std::move(word), line), word.clear();
  };
  for (size_t i = 0; i < l.size(); ++i) {
    const char c = l[i];
    if (in_comment) {
      in_comment = c != '}';
    } else if (c == '{') {
      flush(), in_comment = true;
    } else if (c == ';') {
      break;
    } else if (c == ' ' || c == '\t') {
      flush();
    } else {
      word += c;
    }
  }
  flush();
  return Status::ok();
}

// Returns the record's tags and move text words.
Result<RecordText> split_record(std::string_view text) {
  RecordText r;
  int line = 0;
  bool in_comment = false;
  // A byte-order mark, as some editors write at the start of UTF-8 text.
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    if (Status st = add_line(text.substr(at, end - at), ++line, in_comment, r); !st) return st;
    at = end + 1;
  }
  if (in_comment) return Status::error("a {comment} is not closed");
  return r;
}

// What the fixed tags say: the variant, the start, and the result and reason, if given.
struct FixedTags {
  const Variant* variant = nullptr;
  Position start;
  std::optional<Outcome> said;
  std::optional<EndReason> reason;
};

// Returns the fixed tags read, each checked on its own.
Result<FixedTags> read_fixed_tags(const std::vector<Tag>& tags) {
  FixedTags f;
  const std::string variant_name = tag_value(tags, "Variant");
  if (variant_name.empty()) return Status::error("the record has no [Variant \"...\"] tag");
  f.variant = find_variant(variant_name);
  if (!f.variant)
    return Status::error("[Variant] names an unknown variant " + quote_token(variant_name));
  f.start = start_position(*f.variant);
  if (std::string s = tag_value(tags, "Start"); !s.empty()) {
    Result<Position> p = parse_position(*f.variant, s);
    if (!p) return Status::error("[Start]: " + p.message());
    f.start = *p;
  }
  if (std::string r = tag_value(tags, "Result"); !r.empty())
    if (!(f.said = find_result(r)))
      return Status::error("[Result " + quote_token(r) + "] must be 1-0, 0-1, 1/2-1/2 or *");
  if (std::string r = tag_value(tags, "Reason"); !r.empty())
    if (!(f.reason = find_reason(r)) || *f.reason == EndReason::None)
      return Status::error("[Reason " + quote_token(r) + "] is not a reason of rules.md");
  return f;
}

// Plays the move text's words in game; a result word at the end goes to said, which it
// must agree with.
Status play_tokens(const std::vector<std::pair<std::string, int>>& tokens, Game& game,
                   std::optional<Outcome>& said) {
  for (size_t i = 0; i < tokens.size(); ++i) {
    const auto& [token, at] = tokens[i];
    std::string move(strip_move_number(token));
    if (move.empty()) continue;
    if (std::optional<Outcome> end = find_result(move)) {
      if (i + 1 != tokens.size())
        return Status::error("line " + std::to_string(at) + ": moves after the result " +
                             quote_token(move));
      if (said && *said != *end)
        return Status::error("the result " + quote_token(move) + " differs from [Result]");
      said = end;
      continue;
    }
    // A removal written as its own token belongs to the move before it.
    if (i + 1 < tokens.size() && is_separate_removal(tokens[i + 1].first, move))
      move += tokens[++i].first;
    if (Status st = game.play(ascii_lower(move)); !st)
      return Status::error("line " + std::to_string(at) + ", ply " +
                           std::to_string(game.ply() + 1) + ": " + st.message());
  }
  return Status::ok();
}

// Returns ok when the result and reason said agree with how the moves end; a
// resignation said of a game the moves leave going on is played.
Status check_ending(Game& game, std::optional<Outcome> said, std::optional<EndReason> reason) {
  if (game.outcome() == Outcome::Ongoing && reason == EndReason::Resignation && said &&
      (*said == Outcome::WhiteWins) == (game.position().side_to_move == BLACK) &&
      *said != Outcome::Draw && *said != Outcome::Ongoing)
    game.resign();
  if (said && *said != game.outcome())
    return Status::error(
        "the record says " + std::string(result_word(*said)) + " but the moves end " +
        (game.outcome() == Outcome::Ongoing ? std::string("with the game going on")
                                            : "in " + std::string(result_word(game.outcome()))));
  if (reason && game.outcome() == Outcome::Ongoing)
    return Status::error("[Reason " + quote_token(reason_name(*reason)) +
                         "] but the moves leave the game going on");
  if (reason && *reason != game.reason())
    return Status::error("[Reason " + quote_token(reason_name(*reason)) +
                         "] but the game ended by " + std::string(reason_name(game.reason())));
  return Status::ok();
}

// Returns the game of a record's tags and move text words.
Result<GameRecord> read_parts(RecordText parts) {
  Result<FixedTags> read = read_fixed_tags(parts.tags);
  if (!read) return read.status();
  FixedTags fixed = *read;
  Game game(*fixed.variant, fixed.start);
  if (Status st = play_tokens(parts.tokens, game, fixed.said); !st) return st;
  if (Status st = check_ending(game, fixed.said, fixed.reason); !st) return st;
  return GameRecord{std::move(parts.tags), std::move(game)};
}

}  // namespace

std::string tag_value(const std::vector<Tag>& tags, std::string_view name) {
  for (const Tag& t : tags)
    if (t.first == name) return t.second;
  return "";
}

std::string write_record(const Game& g, const std::vector<Tag>& tags) {
  const Variant& v = g.variant();
  std::string out = "[Variant " + quoted(v.name) + "]\n";
  for (const Tag& t : tags)
    if (!is_fixed(t.first)) out += "[" + t.first + " " + quoted(t.second) + "]\n";
  if (g.start() != start_position(v, WHITE))
    out += "[Start " + quoted(format_position(v, g.start())) + "]\n";
  out += "[Result " + quoted(result_word(g.outcome())) + "]\n";
  if (g.outcome() != Outcome::Ongoing) out += "[Reason " + quoted(reason_name(g.reason())) + "]\n";
  out += "\n";
  std::string line;
  auto add = [&](const std::string& word) {
    if (!line.empty() && line.size() + 1 + word.size() > LINE_WIDTH)
      out += line + "\n", line.clear();
    line += (line.empty() ? "" : " ") + word;
  };
  Position p = g.start();
  int number = 1;
  for (size_t i = 0; i < g.moves().size(); ++i) {
    const bool white = p.side_to_move == WHITE;
    if (white || i == 0) add(std::to_string(number) + (white ? "." : "..."));
    add(format_move(v, g.moves()[i]));
    if (!white) ++number;
    p = do_move(p, g.moves()[i]);
  }
  add(std::string(result_word(g.outcome())));
  return out + line + "\n";
}

Result<GameRecord> read_record(std::string_view text) {
  Result<RecordText> parts = split_record(text);
  if (!parts) return parts.status();
  return read_parts(std::move(parts).value());
}

Result<GameRecord> read_record(std::string_view text, const Variant& bare) {
  Result<RecordText> split = split_record(text);
  if (!split) return split.status();
  RecordText parts = std::move(split).value();
  if (!parts.tags.empty()) return read_parts(std::move(parts));
  parts.tags.emplace_back("Variant", std::string(bare.name));
  for (size_t n = std::min<size_t>(5, parts.tokens.size()); n >= 3; --n) {
    std::string position;
    for (size_t i = 0; i < n; ++i) position += (i ? " " : "") + parts.tokens[i].first;
    if (!parse_position(bare, position)) continue;
    parts.tags.emplace_back("Start", position);
    parts.tokens.erase(parts.tokens.begin(), parts.tokens.begin() + static_cast<std::ptrdiff_t>(n));
    break;
  }
  return read_parts(std::move(parts));
}

}  // namespace millbase
