#include "engine/uci_dialect.h"

#include <algorithm>
#include <cassert>
#include <charconv>

#include "core/board_text.h"
#include "core/notation.h"
#include "db/value_text.h"
#include "engine/sanmill_values.h"

namespace millbase::engine {

int skill_level(int skill) {
  assert(skill >= MIN_SKILL && skill <= MAX_SKILL);
  if (skill <= SEARCH_LEVELS) return std::max(skill, 1);
  // Skill 6..30 in steps of 5 onto SEARCH_LEVELS + 1 .. LEVELS: 6..10 -> 6, 26..30 -> 10.
  static_assert((MAX_SKILL - SEARCH_LEVELS) % (LEVELS - SEARCH_LEVELS) == 0);
  constexpr int STEP = (MAX_SKILL - SEARCH_LEVELS) / (LEVELS - SEARCH_LEVELS);
  return SEARCH_LEVELS + 1 + (skill - SEARCH_LEVELS - 1) / STEP;
}

namespace {

// Returns N of "go topn N" (words[at]): a decimal number 0 or more, or an error naming
// the word.
Result<size_t> parse_topn(const std::vector<std::string>& words, size_t at) {
  if (at >= words.size()) return Status::error("go: topn needs a number of actions, 0 or more");
  const std::string& w = words[at];
  size_t n = 0;
  auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), n);
  if (w.empty() || ec != std::errc() || end != w.data() + w.size())
    return Status::error("go: topn takes a number of actions, 0 or more, not " + quote_token(w));
  return n;
}

// Returns words[from..] joined by single blanks.
std::string join(const std::vector<std::string>& words, size_t from) {
  std::string text;
  for (size_t i = from; i < words.size(); ++i) text += (i > from ? " " : "") + words[i];
  return text;
}

}  // namespace

UciDialect::UciDialect(const Variant& v, std::string db, uint64_t seed, Output out, CostNote cost)
    : s_(v, db, seed, std::move(cost)), db_(std::move(db)), out_(std::move(out)) {}

void UciDialect::report(const Status& st) { say("info string error " + s_.explain(st)); }

void UciDialect::skip(const Status& st) {
  finish();
  report(st);
  refused_ = "no position: a line was refused whole (" + st.message() +
             "); it may have been a 'position', so send the position again";
}

void UciDialect::finish() {
  if (held_.empty()) return;
  out_(held_);
  held_.clear();
}

Status UciDialect::handle(const std::string& cmd, std::vector<std::string>& words) {
  if (cmd != "isready") finish();  // stop, ponderhit and any other command end `go infinite`
  if (cmd == "uci") return handshake();
  if (cmd == "isready") return answered("readyok");
  if (cmd == "setoption") return set_option(words);
  if (cmd == "ucinewgame") return new_game();
  if (cmd == "position") return set_position(words);
  if (cmd == "go") return go(words);
  if (cmd == "analyze") return analyze(words);
  if (cmd == "eval") return eval();
  if (cmd == "d") return show();
  if (cmd == "fen") {
    if (Status st = ready(); !st) return st;
    return answered("fen " + fen());
  }
  // No search ever runs in the background: nothing else to stop.
  if (cmd == "stop" || cmd == "ponderhit" || cmd == "debug" || cmd == "register")
    return Status::ok();
  return answered("info string unknown command " + quote_token(cmd));
}

void UciDialect::say(const std::string& s) { out_(s); }

Status UciDialect::answered(const std::string& s) {
  say(s);
  return Status::ok();
}

Status UciDialect::ready() const {
  if (Status st = rules_ready(); !st) return st;
  if (!refused_.empty()) return Status::error(refused_);
  return Status::ok();
}

// position ...: load_position(), or no position at all until the next valid one.
Status UciDialect::set_position(std::vector<std::string>& words) {
  Status st = rules_ready();
  if (st) st = load_position(words);
  refused_ = st ? "" : "no position: the last 'position' was refused (" + st.message() + ")";
  return st;
}

// startpos | fen <Sanmill's FEN or the project's notation>, then [moves ...]; on error the
// session is unchanged.
Status UciDialect::load_position(std::vector<std::string>& words) {
  std::vector<std::string> moves = split_moves(words);
  const Variant& v = s_.variant();
  const std::string first = words.empty() ? "" : ascii_lower(words[0]);
  if (words.size() == 1 && first == "startpos") {
    if (Status st = s_.set_position(start_position(v), moves, true); !st) return st;
    origin_ = {};
    return Status::ok();
  }
  if (first != "fen" || words.size() < 2)
    return Status::error("position takes 'startpos' or 'fen <position>', then 'moves ...'");
  const std::string text = join(words, 1);
  if (!is_sanmill_fen(text)) {
    Result<Position> p = parse_position(v, text);
    if (!p) return p.status();
    if (Status st = s_.set_position(*p, moves, true); !st) return st;
    origin_ = {p->side_to_move == BLACK ? 1 : 0, 0};  // Sanmill's count at move number 1
    return Status::ok();
  }
  Result<SanmillFen> fen = parse_sanmill_fen(v, text);
  if (!fen) return fen.status();
  if (fen->pending) {  // its removal must come first
    const std::string move = format_move(v, *fen->pending);
    if (!moves.empty() && !is_separate_removal(moves[0], move))
      return Status::error(
          "the FEN waits for a removal (action r): the first move must be "
          "'x<point>', not " +
          quote_token(moves[0]));
    moves.insert(moves.begin(), move);
  }
  if (Status st = s_.set_position(fen->position, moves, true, fen->counter); !st) return st;
  origin_ = {fen->ply, fen->none_mark};
  return Status::ok();
}

Status UciDialect::new_game() {
  Status st = s_.set_position(start_position(s_.variant()), {}, true);
  assert(st.is_ok());
  refused_.clear();
  origin_ = {};
  return st;
}

std::string UciDialect::fen() const {
  const Game& g = s_.game();
  SanmillFen f;
  f.position = g.position();
  if (const Move* m = s_.pending()) f.pending = *m;
  f.counter = s_.counter();
  f.ply = origin_.ply;
  for (Move m : g.moves()) f.ply += m.remove == NO_POINT ? 1 : 2;  // a removal is an action
  f.none_mark = origin_.none_mark;
  return format_sanmill_fen(s_.variant(), f);
}

// Returns true when a value is reported from White's side although Black is to move.
bool UciDialect::flipped() const {
  return score_from_white_ && s_.game().position().side_to_move == BLACK;
}

// Returns the score of value v for the side to move: "mate <plies>" (negative when
// losing) or "cp 0" for a draw; "cp 10000" (or -10000) for a win (loss) whose distance
// the tables do not store; from White's side with ScoreFromWhite.
std::string UciDialect::score(ValueCode v) const {
  if (is_draw(v)) return "cp 0";
  if (distance_unknown(v)) return is_win(v) != flipped() ? "cp 10000" : "cp -10000";
  const int plies = shown_plies(v, s_.metric());
  return "mate " + std::to_string(is_win(v) != flipped() ? plies : -plies);
}

// Returns value v in words, from the side score() takes: "win in 13", "loss in 4", "draw".
std::string UciDialect::words(ValueCode v) const {
  if (is_draw(v)) return "draw";
  if (distance_unknown(v))
    return is_win(v) != flipped() ? "win (distance not stored)" : "loss (distance not stored)";
  return std::string(is_win(v) != flipped() ? "win in " : "loss in ") +
         std::to_string(shown_plies(v, s_.metric()));
}

// Returns m as the GUI plays it: one action at a time unless CombinedMoves (a move
// that closes a mill, then its removal "x<point>" at the next go).
std::string UciDialect::action(Move m) const {
  const Variant& v = s_.variant();
  if (s_.pending()) return "x" + std::string(point_name(*v.board, m.remove));
  if (!combined_) m.remove = NO_POINT;
  return format_move(v, m);
}

// Returns the moves as action() writes them, each once with the value of its best
// completion (moves: best first), best first.
std::vector<std::pair<std::string, ValueCode>> UciDialect::actions(
    const std::vector<MoveValue>& moves) const {
  std::vector<std::pair<std::string, ValueCode>> out;
  for (const MoveValue& m : moves) {
    std::string a = action(m.move);
    if (std::none_of(out.begin(), out.end(), [&](const auto& e) { return e.first == a; }))
      out.emplace_back(std::move(a), m.value);
  }
  return out;
}

// Returns true when go answers in Sanmill's one line: BestMoveLine sanmill, or auto once
// a rule option is set.
bool UciDialect::sanmill_line() const {
  return line_form_ == LineForm::Sanmill || (line_form_ == LineForm::Auto && rules_in_use_);
}

// Returns the line that ends go's answer: "bestmove <move>", or in Sanmill's form
// "info score <white_score> bestmove <move>".
std::string UciDialect::last_line(const std::string& move, int white_score) const {
  if (!sanmill_line()) return "bestmove " + move;
  return "info score " + std::to_string(white_score) + " bestmove " + move;
}

// Returns "info string result <white|black|draw> reason <why>" for a game that is over.
std::string UciDialect::result_line() const {
  const Game& g = s_.game();
  return "info string result " + std::string(outcome_name(g.outcome())) + " reason " +
         std::string(reason_name(g.reason()));
}

// Returns the level go plays at: perfect with UsePerfectDatabase, else SkillLevel's.
int UciDialect::level() const { return perfect_db_ ? PERFECT : level_; }

// Returns the move go plays: while a move waits for its removal in the position where
// the last go chose it, the removal that go's score described; else the session's
// choice at level(), planning the removal of a move that closes a mill given alone.
Result<Move> UciDialect::choose() {
  const Position& now = s_.game().position();
  const Move* pending = s_.pending();
  if (pending && planned_ && planned_->variant == &s_.variant() && planned_->before == now &&
      planned_->level == level() && planned_->move.from == pending->from &&
      planned_->move.to == pending->to)
    return planned_->move;
  Result<Move> m = s_.choose(level());
  planned_.reset();
  if (m && !pending && !combined_ && m->remove != NO_POINT)
    planned_ = Planned{&s_.variant(), now, *m, level()};
  return m;
}

// Returns go's answer line by line, the one with bestmove last: the reason and
// "bestmove none" when it cannot answer, the result at game over, else the topn best
// actions, the chosen move's value and the move; at a level 1..SEARCH_LEVELS without the
// tables, why there are no values and the move.
std::vector<std::string> UciDialect::answer(size_t topn) {
  if (Status st = ready(); !st) return {"info string error " + st.message(), last_line("none", 0)};
  const Game& g = s_.game();
  if (g.outcome() != Outcome::Ongoing) {
    const int white = g.outcome() == Outcome::WhiteWins   ? SANMILL_MATE
                      : g.outcome() == Outcome::BlackWins ? -SANMILL_MATE
                                                          : 0;
    return {result_line(), last_line(g.outcome() == Outcome::Draw ? "draw" : "none", white)};
  }
  Result<std::vector<MoveValue>> moves = s_.moves();
  // The levels play without the tables: then their move comes without a value.
  Result<Move> chosen = moves || !needs_tables(level()) ? choose() : Result<Move>(moves.status());
  if (!chosen)  // a GUI waiting for the answer never hangs
    return {"info string error " + s_.explain(chosen.status()), last_line("none", 0)};
  if (!moves)
    return {"info string " + level_name(level()) +
                " plays without values: " + s_.explain(moves.status()),
            last_line(action(*chosen), 0)};
  std::vector<std::string> out;
  const auto listed = actions(*moves);
  for (size_t i = 0; i < topn && i < listed.size(); ++i)
    out.push_back("info topn rank " + std::to_string(i + 1) + " move " + listed[i].first +
                  " score " + score(listed[i].second));
  ValueCode value = DRAW;
  for (const MoveValue& m : *moves)
    if (m.move == *chosen) value = m.value;
  out.push_back("info depth 1 score " + score(value) + " string " + words(value));
  out.push_back(last_line(action(*chosen), sanmill_score(value, g.position().side_to_move)));
  return out;
}

// go [topn N] [infinite | ponder] [other search limits, ignored: the tables answer at
// once]; after infinite or ponder the last line waits for stop (or any other command).
// A topn that is not a number 0 or more is answered at once: the error, then bestmove none
// (when the engine is ready to answer; else why it is not, as any go).
Status UciDialect::go(const std::vector<std::string>& words) {
  size_t topn = 0;
  bool wait = false;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string w = ascii_lower(words[i]);
    wait = wait || w == "infinite" || w == "ponder";
    if (w != "topn") continue;
    Result<size_t> n = parse_topn(words, ++i);
    // A go that cannot be answered anyway says first why (answer()).
    if (!n && ready())
      return answered("info string error " + n.message() + "\n" + last_line("none", 0));
    topn = n ? *n : 0;
  }
  const std::vector<std::string> lines = answer(topn);
  for (size_t i = 0; i + 1 < lines.size(); ++i) say(lines[i]);
  if (!wait) return answered(lines.back());
  held_ = lines.back();
  return Status::ok();
}

// analyze [startpos | fen <position>] [moves ...]: Sanmill's "info analysis" line for the
// position given (the session keeps its own) or the session's: every action with its
// value for the mover, best first; "info analysis none" after the reason or the result
// when there is none to give.
Status UciDialect::analyze(std::vector<std::string>& words) {
  const EngineSession::Line saved = s_.line();
  const Origin origin = origin_;
  Status st = words.empty() ? ready() : rules_ready();
  if (st && !words.empty()) st = load_position(words);
  std::string line = "info analysis";
  if (st && s_.game().outcome() != Outcome::Ongoing) {
    say(result_line());
    line += " none";
  } else if (st) {
    if (Result<std::vector<MoveValue>> moves = s_.moves(); !moves)
      st = moves.status();
    else
      for (const auto& [a, v] : actions(*moves))
        line += " " + sanmill_analysis_entry(a, v, s_.metric());
  }
  if (!st) {
    say("info string error " + s_.explain(st));
    line = "info analysis none";
  }
  if (!words.empty()) {
    s_.restore(saved);
    origin_ = origin;
  }
  return answered(line);
}

// info eval score <score>: the position's value, as go would report its best move; a
// game drawn by the draw rules of play is worth a draw.
Status UciDialect::eval() {
  if (Status st = ready(); !st) return st;
  if (s_.game().outcome() == Outcome::Draw) return answered("info eval score cp 0 string draw");
  Result<ValueCode> v = s_.value();
  if (!v) return v.status();
  return answered("info eval score " + score(*v) + " string " + words(*v));
}

// The board, its FEN, its notation and any move waiting for its removal, as "#" lines.
Status UciDialect::show() {
  if (Status st = ready(); !st) return st;
  const Variant& v = s_.variant();
  std::string out = draw_board(v, s_.game().position()) + "fen " + fen() + "\nposition " +
                    format_position(v, s_.game().position()) + "\n";
  if (const Move* m = s_.pending())
    out += "waiting for the removal after " + format_move(v, *m) + "\n";
  for (size_t at = 0; at < out.size();) {
    const size_t next = std::min(out.find('\n', at), out.size());
    say("# " + out.substr(at, next - at));
    at = next + 1;
  }
  return Status::ok();
}

}  // namespace millbase::engine
