// A match's games kept as records and taken back (player/match_record.h), and a match
// that takes kept games instead of playing them (MatchOptions::kept, ::finished).
#include "player/match_record.h"

#include <gtest/gtest.h>

#include <mutex>
#include <set>

#include "core/game_record.h"
#include "core/notation.h"
#include "player/levels.h"
#include "tests/player/six_tables.h"

namespace millbase {
namespace {

MatchOptions six_match() {
  MatchOptions o;
  o.variant = &SIX;
  o.white = 2;
  o.black = 1;
  o.games = 8;
  o.seed = 11;
  o.threads = 2;
  o.starts = {start_position(SIX), *parse_position(SIX, "W:d2,b4 B:d6,f4 b 4 4")};
  return o;
}

TEST(MatchRecord, EachGameComesBackFromItsRecord) {
  MatchOptions o = six_match();
  const MatchResult r = *play_match(o);
  for (int i = 0; i < o.games; ++i) {
    const std::string text = match_game_record(o, i, r.games[size_t(i)]);
    const Result<GameResult> back = read_match_game(o, i, text);
    ASSERT_TRUE(back) << back.message() << "\n" << text;
    EXPECT_EQ(*back, r.games[size_t(i)]) << text;
    EXPECT_NE(text.find("[Tables \"none\"]"), std::string::npos) << text;
    EXPECT_EQ(text.find("[Start ") != std::string::npos, i % 2 == 1) << text;
  }
  // With tables, the record names their rule and a reader without them refuses it.
  o.tables = six_tables();
  ASSERT_TRUE(o.tables);
  o.white = PERFECT;
  o.games = 2;
  const MatchResult perfect = *play_match(o);
  const std::string text = match_game_record(o, 1, perfect.games[1]);
  EXPECT_NE(text.find("[White \"perfect\"]"), std::string::npos) << text;
  EXPECT_TRUE(read_match_game(o, 1, text));
  o.tables = nullptr;
  const Result<GameResult> without = read_match_game(o, 1, text);
  ASSERT_FALSE(without);
  EXPECT_EQ(without.message(), "Tables is 'plain', this match's 'none'");
}

TEST(MatchRecord, ARecordOfAnotherGameOrMatchIsRefused) {
  const MatchOptions o = six_match();
  const MatchResult r = *play_match(o);
  const std::string text = match_game_record(o, 2, r.games[2]);
  auto refusal = [&](const MatchOptions& other, int game) {
    const Result<GameResult> g = read_match_game(other, game, text);
    EXPECT_FALSE(g);
    if (g) return std::string();
    EXPECT_EQ(g.status().code(), Status::Code::Invalid) << g.message();
    return g.message();
  };
  EXPECT_EQ(refusal(o, 4), "Game is '2', this match's '4'");
  MatchOptions other = o;
  other.seed = 12;
  EXPECT_EQ(refusal(other, 2), "Seed is '11', this match's '12'");
  other = o;
  other.white = 3;
  EXPECT_EQ(refusal(other, 2), "White is 'level2', this match's 'level3'");
  other = o;
  other.black = STRONG;
  EXPECT_EQ(refusal(other, 2), "Black is 'level1', this match's 'strong'");
  other = o;
  other.variant = &FIVE;
  EXPECT_EQ(refusal(other, 2), "it is a game of six, this match's five");
  other = o;
  other.starts = {*parse_position(SIX, "W:d2 B:d6 w 5 5")};
  EXPECT_EQ(refusal(other, 2), "it starts at " + format_position(SIX, start_position(SIX)) +
                                   ", this match's game at W:d2 B:d6 w 5 5");
}

TEST(MatchRecord, AGameNotOverOrNotARecordIsRefused) {
  const MatchOptions o = six_match();
  const MatchResult r = *play_match(o);
  GameResult cut = r.games[0];
  // The first two plies only, and no result: a record cut short.
  Game partial(SIX, game_start(o, 0));
  ASSERT_TRUE(partial.play(cut.moves[0]));
  ASSERT_TRUE(partial.play(cut.moves[1]));
  const std::string text = write_record(partial, {{"White", "level2"},
                                                  {"Black", "level1"},
                                                  {"Seed", "11"},
                                                  {"Game", "0"},
                                                  {"Tables", "none"}});
  const Result<GameResult> g = read_match_game(o, 0, text);
  ASSERT_FALSE(g);
  EXPECT_EQ(g.status().code(), Status::Code::Invalid);
  EXPECT_EQ(g.message(), "the game is not over as a match ends it (Result '*')");
  const Result<GameResult> junk = read_match_game(o, 0, "[Variant \"six\"]\n\n1. d2 d2\n");
  ASSERT_FALSE(junk);
  EXPECT_EQ(junk.status().code(), Status::Code::Error) << junk.message();
}

TEST(MatchRecord, AMatchTakesItsKeptGamesAndPlaysTheOthers) {
  MatchOptions o = six_match();
  const MatchResult whole = *play_match(o);
  // Games 1, 4 and 6 kept, with game 1 holding another game's result: kept games are
  // taken as they are, never played again.
  o.kept.assign(size_t(o.games), std::nullopt);
  o.kept[1] = whole.games[0];
  o.kept[4] = whole.games[4];
  o.kept[6] = whole.games[6];
  std::mutex lock;
  std::set<int> played;
  int last_done = 0;
  o.finished = [&](int game, const GameResult& g) {
    std::lock_guard<std::mutex> hold(lock);
    played.insert(game);
    EXPECT_EQ(g, whole.games[size_t(game)]) << game;
    return Status::ok();
  };
  o.progress = [&](int done) { last_done = done; };
  const MatchResult r = *play_match(o);
  EXPECT_EQ(played, (std::set<int>{0, 2, 3, 5, 7}));
  EXPECT_EQ(last_done, o.games);
  for (int i = 0; i < o.games; ++i)
    EXPECT_EQ(r.games[size_t(i)], i == 1 ? whole.games[0] : whole.games[size_t(i)]) << i;
  int white = 0, draws = 0, black = 0;
  for (const GameResult& g : r.games) {
    white += g.outcome == Outcome::WhiteWins;
    draws += g.outcome == Outcome::Draw;
    black += g.outcome == Outcome::BlackWins;
  }
  EXPECT_EQ(r.white_wins, white);
  EXPECT_EQ(r.draws, draws);
  EXPECT_EQ(r.black_wins, black);
}

TEST(MatchRecord, AFailureToKeepAGameStopsTheMatch) {
  MatchOptions o = six_match();
  o.finished = [](int game, const GameResult&) {
    return game == 3 ? Status::error("cannot write game 3") : Status::ok();
  };
  const Result<MatchResult> r = play_match(o);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "cannot write game 3");
}

}  // namespace
}  // namespace millbase
