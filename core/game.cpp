#include "core/game.h"

#include <algorithm>
#include <iterator>

#include "core/movegen.h"

namespace millbase {

namespace {
constexpr std::string_view OUTCOME_NAMES[] = {"ongoing", "white", "black", "draw"};
constexpr std::string_view REASON_NAMES[] = {"none",       "no-legal-move", "too-few-stones",
                                             "repetition", "fifty-plies",   "resignation",
                                             "full-board"};
}  // namespace

std::string_view outcome_name(Outcome o) { return OUTCOME_NAMES[int(o)]; }

std::string_view reason_name(EndReason r) { return REASON_NAMES[int(r)]; }

std::optional<EndReason> find_reason(std::string_view text) {
  for (int r = 0; r < int(std::size(REASON_NAMES)); ++r)
    if (REASON_NAMES[r] == text) return EndReason(r);
  return std::nullopt;
}

Game::Game(const Variant& v, const Position& start, int quiet_plies) : variant_(&v) {
  history_.push_back({start, draw_rules_apply(v, start) ? quiet_plies : -1, 0});
}

Game::Entry Game::next_entry(const Position& before, Move m) const {
  Position after = do_move(before, m);
  const Entry& last = history_.back();
  const int index = int(history_.size());
  if (!draw_rules_apply(*variant_, after)) return {after, -1, index};
  if (last.quiet < 0 || closes_mill(*variant_, before, m)) return {after, 0, index};
  return {after, last.quiet + 1, last.window};
}

Status Game::play(Move m) {
  if (outcome() != Outcome::Ongoing) return Status::error("the game is over: " + result_text());
  if (!MoveList(*variant_, position()).contains(m))
    return Status::error("illegal move '" + format_move(*variant_, m) + "'");
  history_.push_back(next_entry(position(), m));
  moves_.push_back(m);
  return Status::ok();
}

Status Game::play(std::string_view move_text) {
  if (outcome() != Outcome::Ongoing) return Status::error("the game is over: " + result_text());
  Result<Move> m = parse_move(*variant_, position(), move_text);
  if (!m) return m.status();
  return play(*m);
}

bool Game::undo() {
  if (resigned_) {
    resigned_ = false;
    return true;
  }
  if (moves_.empty()) return false;
  history_.pop_back();
  moves_.pop_back();
  return true;
}

void Game::resign() { resigned_ = true; }

int Game::quiet_plies() const { return history_.back().quiet; }

int Game::occurrences(const Position& p, int window) const {
  return int(std::count_if(history_.begin() + window, history_.end(),
                           [&](const Entry& e) { return e.position == p; }));
}

int Game::repetitions() const {
  const Entry& now = history_.back();
  if (now.quiet < 0) return 0;
  return occurrences(now.position, now.window);
}

int Game::repetitions_after(Move m) const {
  const Entry next = next_entry(position(), m);
  if (next.quiet < 0) return 0;
  return 1 + occurrences(next.position, next.window);
}

EndReason Game::reason() const {
  if (resigned_) return EndReason::Resignation;
  switch (game_over(*variant_, position())) {
    case GameOver::TooFewStones:
      return EndReason::TooFewStones;
    case GameOver::NoLegalMove:
      return EndReason::NoLegalMove;
    case GameOver::FullBoard:
      return EndReason::FullBoard;
    case GameOver::None:
      break;
  }
  if (history_.back().quiet < 0) return EndReason::None;
  if (repetitions() >= DRAW_REPETITIONS) return EndReason::Repetition;
  if (quiet_plies() >= DRAW_PLIES) return EndReason::FiftyPlies;
  return EndReason::None;
}

Outcome Game::outcome() const {
  switch (reason()) {
    case EndReason::None:
      return Outcome::Ongoing;
    case EndReason::Repetition:
    case EndReason::FiftyPlies:
    case EndReason::FullBoard:
      return Outcome::Draw;
    default:
      return position().side_to_move == WHITE ? Outcome::BlackWins : Outcome::WhiteWins;
  }
}

std::string Game::result_text() const {
  const Color loser = position().side_to_move;
  const std::string winner_wins = std::string(color_name(~loser)) + " wins: ";
  const std::string loser_name(color_name(loser));
  switch (reason()) {
    case EndReason::None:
      return "The game goes on.";
    case EndReason::Repetition:
      return "Draw: the same position occurred for the third time.";
    case EndReason::FiftyPlies:
      return "Draw: 50 plies without a mill.";
    case EndReason::FullBoard:
      return "Draw: the board is full and " + loser_name + " cannot move.";
    case EndReason::NoLegalMove:
      return winner_wins + loser_name + " has no legal move.";
    case EndReason::Resignation:
      return winner_wins + loser_name + " resigned.";
    case EndReason::TooFewStones: {
      // Stones on the board and in hand (the hand is empty unless it counts toward three).
      static constexpr const char* COUNT[] = {"no stones", "only one stone", "only two stones"};
      const Position& p = position();
      return winner_wins + loser_name + " has " +
             COUNT[popcount(p.us()) + p.in_hand[p.side_to_move]] + " left.";
    }
  }
  return "";
}

}  // namespace millbase
