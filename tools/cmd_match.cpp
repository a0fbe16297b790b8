// millbase match: games between two players (the levels, strong or perfect) under the
// draw rules of play, seeded and reproducible, over all cores; wins, draws and losses
// with a confidence interval (docs/levels.md).
#include <cstdio>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <sstream>
#include <thread>

#include "core/notation.h"
#include "player/match.h"
#include "player/match_record.h"
#include "player/player.h"
#include "solver/progress.h"
#include "tools/cli_common.h"
#include "tools/text_file.h"

namespace millbase::cli {

namespace {

struct MatchArgs {
  std::string variant, db, rule, white = "perfect", black = "level3", from, starts, save;
  int games = 100, threads = 0;
  uint64_t seed = 1;
  bool json = false, records = false, quiet = false;
};

// Returns the start positions of a file: a position a line; blank lines and lines
// starting with '#' skipped. Errors name the file and line.
Result<std::vector<Position>> read_starts(const Variant& v, const std::string& path) {
  Result<std::string> text = read_text_file(path);
  if (!text) return text.status();
  std::vector<Position> starts;
  std::istringstream lines(*text);
  int number = 0;
  for (std::string row; std::getline(lines, row);) {
    row = trimmed(row);
    ++number;
    if (row.empty() || row[0] == '#') continue;
    Result<Position> p = parse_position(v, row);
    if (!p) return Status::error(path + ":" + std::to_string(number) + ": " + p.message());
    starts.push_back(*p);
  }
  if (starts.empty()) return Status::error(path + " holds no position");
  return starts;
}

// Returns the starts the options ask for: --from, the positions of --starts, or none
// (the empty board).
Result<std::vector<Position>> chosen_starts(const Variant& v, const MatchArgs& a) {
  if (!a.from.empty() && !a.starts.empty())
    return Status::error("give --from or --starts, not both");
  if (!a.starts.empty()) return read_starts(v, a.starts);
  if (a.from.empty()) return std::vector<Position>{};
  Result<Position> p = parse_position(v, a.from);
  if (!p) return Status::error("--from: " + p.message());
  return std::vector<Position>{*p};
}

// Returns the path of game `game`'s record in the directory of --save.
std::string game_path(const std::string& dir, int game) {
  char name[32];
  std::snprintf(name, sizeof name, "/game-%07d.txt", game);
  return dir + name;
}

// Removes from dir the temporary files of records that a match killed while writing
// them left (write_text_file's "game-0000017.txt.tmp.PID").
void remove_unfinished_records(const std::string& dir) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("game-", 0) == 0 && name.find(".txt.tmp.") != std::string::npos)
      std::filesystem::remove(entry.path(), ec);
  }
}

// Takes into o.kept the games of match o recorded in dir, and has o.finished record
// there each game played; returns how many games were kept. Errors name the file:
// unreadable or not a record (Error), another match's (Invalid).
Result<int> keep_games(const std::string& dir, MatchOptions& o) {
  remove_unfinished_records(dir);
  o.kept.assign(size_t(o.games), std::nullopt);
  int kept = 0;
  for (int i = 0; i < o.games; ++i) {
    const std::string path = game_path(dir, i);
    Result<std::string> text = read_text_file(path);
    if (!text && text.status().code() == Status::Code::NotFound) continue;
    if (!text) return text.status();
    Result<GameResult> g = read_match_game(o, i, *text);
    if (!g) return g.status().prefixed(path + ": ");
    o.kept[size_t(i)] = *g;
    ++kept;
  }
  o.finished = [dir, &o](int game, const GameResult& g) {
    return write_text_file(game_path(dir, game), match_game_record(o, game, g));
  };
  return kept;
}

// Reports games done, the rate and the ETA on stderr at most twice a second; `kept`
// games were done before it started.
class GameProgress {
 public:
  GameProgress(int games, int kept) : games_(games), kept_(kept) {}
  void operator()(int done) {
    const auto now = Clock::now();
    if (done < games_ && now - last_ < std::chrono::milliseconds(500)) return;
    last_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const double rate = seconds > 0 ? (done - kept_) / seconds : 0;
    std::fprintf(stderr, "\rmatch: %d of %d games, %.1f games/s, ETA %s ", done, games_, rate,
                 rate > 0 ? human_time((games_ - done) / rate).c_str() : "?");
    if (done == games_) std::fprintf(stderr, "\n");
  }

 private:
  using Clock = std::chrono::steady_clock;
  int games_, kept_;
  Clock::time_point start_ = Clock::now(), last_{};
};

// Returns the median of the games' lengths in plies.
int median_plies(const MatchResult& r) {
  std::vector<int> plies;
  for (const GameResult& g : r.games) plies.push_back(g.plies);
  std::nth_element(plies.begin(), plies.begin() + plies.size() / 2, plies.end());
  return plies.empty() ? 0 : plies[plies.size() / 2];
}

// Returns how many games ended for each reason, by reason_name.
std::map<std::string, int> reasons(const MatchResult& r) {
  std::map<std::string, int> out;
  for (const GameResult& g : r.games) ++out[std::string(reason_name(g.reason))];
  return out;
}

// Writes "records": each game's start, players' seeds, result, end and moves, in game
// order (the colours are the match's: --white plays White in every game).
void game_records(JsonWriter& w, const MatchOptions& o, const MatchResult& r) {
  const Variant& v = *o.variant;
  w.key("records").begin_array();
  for (size_t i = 0; i < r.games.size(); ++i) {
    const GameResult& g = r.games[i];
    w.begin_object().field("start", format_position(v, game_start(o, int(i))));
    w.field("white_seed", game_seed(o.seed, int(i), WHITE));
    w.field("black_seed", game_seed(o.seed, int(i), BLACK));
    w.field("result", outcome_name(g.outcome)).field("reason", reason_name(g.reason));
    w.field("plies", g.plies).key("moves").begin_array();
    for (Move m : g.moves) w.value(format_move(v, m));
    w.end_array().end_object();
  }
  w.end_array();
}

void print_result(const MatchArgs& a, const MatchOptions& o, const MatchResult& r, int kept) {
  const Score white = score_of(r, WHITE), black = score_of(r, BLACK);
  if (a.json) {
    JsonWriter w;
    w.begin_object().field("variant", o.variant->name).field("white", level_name(o.white));
    w.field("black", level_name(o.black)).field("seed", o.seed).field("games", r.games.size());
    w.field("white_wins", r.white_wins).field("draws", r.draws).field("black_wins", r.black_wins);
    w.field("white_score", white.mean, 4).field("white_score_ci95", white.half_width, 4);
    w.field("black_score", black.mean, 4).field("median_plies", median_plies(r));
    w.key("reasons").begin_object();
    for (const auto& [name, count] : reasons(r)) w.field(name, count);
    w.end_object().field("kept", kept);
    if (a.records) game_records(w, o, r);
    print_json_line(w.end_object());
    return;
  }
  std::printf("%s: %s (White) against %s (Black), %zu games, seed %llu\n",
              std::string(o.variant->name).c_str(), level_name(o.white).c_str(),
              level_name(o.black).c_str(), r.games.size(), (unsigned long long)o.seed);
  std::printf("White wins %d, draws %d, Black wins %d\n", r.white_wins, r.draws, r.black_wins);
  std::printf("White scores %.1f%% ± %.1f%% (95%%), Black %.1f%%\n", 100 * white.mean,
              100 * white.half_width, 100 * black.mean);
  std::string ends;
  for (const auto& [name, count] : reasons(r))
    ends += (ends.empty() ? "" : ", ") + name + " " + std::to_string(count);
  std::printf("Ends: %s; median length %d plies\n", ends.c_str(), median_plies(r));
  if (!a.save.empty())
    std::printf("Kept in %s: %d games from before, %zu played now\n", a.save.c_str(), kept,
                r.games.size() - size_t(kept));
}

int run_match(const MatchArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  const std::optional<Metric> metric = resolve_rule(a.rule);
  if (!metric) return EXIT_USAGE;
  MatchOptions o;
  o.variant = v;
  for (auto [text, level] : {std::pair{&a.white, &o.white}, std::pair{&a.black, &o.black}}) {
    Result<int> parsed = parse_player(*text);
    if (!parsed)
      return fail(EXIT_USAGE, (level == &o.white ? "--white: " : "--black: ") + parsed.message());
    *level = *parsed;
  }
  Result<std::vector<Position>> starts = chosen_starts(*v, a);
  if (!starts) return fail(EXIT_USAGE, starts.message());
  o.starts = *starts;
  o.games = a.games;
  o.seed = a.seed;
  o.threads = a.threads > 0 ? a.threads : int(std::max(1u, std::thread::hardware_concurrency()));
  const std::string dir = TableDir::named(*v, a.db, *metric).path();
  if (needs_tables(o.white) || needs_tables(o.black)) {
    auto tb = open_rule_tables(*v, dir, *metric);
    if (!tb) return fail(tb.status(), *v, dir, *metric);
    o.tables = *tb;
  }
  int kept = 0;
  if (!a.save.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(a.save, ec);
    if (ec)
      return fail(EXIT_ERROR, "--save: cannot make the directory " + a.save + ": " + ec.message());
    Result<int> k = keep_games(a.save, o);
    if (!k) {
      const bool other = k.status().code() == Status::Code::Invalid;
      return fail(other ? EXIT_USAGE : EXIT_ERROR,
                  k.message() + (other ? " (a --save directory of another match: give another)"
                                       : " (remove the file to play that game again)"));
    }
    kept = *k;
  }
  GameProgress progress(o.games, kept);
  if (!a.quiet) o.progress = std::ref(progress);
  Result<MatchResult> r = play_match(o);
  if (!r) return fail(r.status(), *v, dir, *metric);
  print_result(a, o, *r, kept);
  return EXIT_OK;
}

}  // namespace

Command register_match(CLI::App& app) {
  auto a = std::make_shared<MatchArgs>();
  CLI::App* cmd = app.add_subcommand(
      "match",
      "Games between two players (perfect, strong, level1..level10, or the trial players "
      "depth6..depth8), seeded, with the score");
  add_variant_option(cmd, &a->variant);
  add_db_option(cmd, &a->db);
  add_rule_option(
      cmd, &a->rule,
      "plain: the plain tables; fifty: the 50-ply rule's (for levels 6..10 and strong)");
  cmd->add_option("--white", a->white,
                  "White's player: perfect, strong, level1..level10, depth6..depth8")
      ->capture_default_str();
  cmd->add_option("--black", a->black,
                  "Black's player: perfect, strong, level1..level10, depth6..depth8")
      ->capture_default_str();
  cmd->add_option("--games,-n", a->games, "Games to play")
      ->check(CLI::Range(1, 10000000))
      ->capture_default_str();
  cmd->add_option("--seed", a->seed, "Seed of the match (game i's players are seeded from it)")
      ->capture_default_str();
  cmd->add_option("--from", a->from, "Start position (default: the empty board)");
  cmd->add_option("--starts", a->starts,
                  "File of start positions, one a line; game i starts at line i mod N");
  cmd->add_option("--save", a->save,
                  "Directory keeping each game's record as it ends (game-0000017.txt); the "
                  "games already there are taken, not played: a stopped match resumes");
  add_threads_option(cmd, &a->threads);
  CLI::Option* json = cmd->add_flag("--json", a->json, "One JSON object");
  cmd->add_flag("--records", a->records,
                "With --json: each game's start, seeds, result, end and moves (\"records\")")
      ->needs(json);
  cmd->add_flag("--quiet,-q", a->quiet, "No progress on stderr");
  return {cmd, [a] { return run_match(*a); }};
}

}  // namespace millbase::cli
