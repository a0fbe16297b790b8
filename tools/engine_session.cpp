#include "tools/engine_session.h"

#include <cstdio>
#include <iostream>
#include <sstream>

#include "core/movegen.h"
#include "core/notation.h"
#include "db/dir_manifest.h"

namespace millbase::cli {

EngineSession::EngineSession(const Variant& v, std::string db, uint64_t seed)
    : variant_(&v), db_(std::move(db)), seed_(seed), game_(v, start_position(v)) {}

std::string EngineSession::dir() const { return play_dir(*variant_, db_); }

Status EngineSession::set_variant(std::string_view name) {
  const Variant* v = find_variant(name);
  if (!v) return Status::error("unknown variant " + quote_token(name));
  variant_ = v;
  tables_.reset();
  game_ = Game(*v, start_position(*v));
  pending_.reset();
  return Status::ok();
}

void EngineSession::set_db(std::string dir) {
  db_ = std::move(dir);
  tables_.reset();
}

void EngineSession::set_tables(std::shared_ptr<const Tablebase> tables) {
  tables_ = std::move(tables);
  player_.reset();
}

void EngineSession::set_seed(uint64_t seed) {
  seed_ = seed;
  player_.reset();  // the tables and their cache stay
}

Status EngineSession::set_position(const Position& start, const std::vector<std::string>& moves,
                                   bool allow_pending) {
  // A removal written as its own token belongs to the move before it.
  std::vector<std::string> whole;
  for (const std::string& m : moves) {
    const std::string t = ascii_lower(m);
    if (!whole.empty() && is_separate_removal(t, whole.back()))
      whole.back() += t;
    else
      whole.push_back(t);
  }
  Game game(*variant_, start);
  std::optional<Move> pending;
  for (size_t i = 0; i < whole.size(); ++i) {
    if (whole[i].starts_with("x"))
      return Status::error("removal " + quote_token(whole[i]) +
                           " follows no move that closes a mill");
    Result<Move> move = parse_move(*variant_, game.position(), whole[i]);
    if (!move && allow_pending && i + 1 == whole.size() && game.outcome() == Outcome::Ongoing) {
      Result<Move> bare = parse_move_text(*variant_, whole[i]);
      if (bare && awaits_removal(*variant_, game.position(), *bare)) {
        pending = *bare;
        break;
      }
    }
    if (!move) return move.status();
    if (Status st = game.play(*move); !st) return st;
  }
  game_ = game;
  pending_ = pending;
  return Status::ok();
}

Status EngineSession::open() {
  if (!tables_) {
    auto tb = Tablebase::open(*variant_, dir());
    if (!tb) return tb.status();
    tables_ = *tb;
    player_.reset();
  }
  if (!player_) player_ = std::make_unique<Player>(tables_, seed_);
  return Status::ok();
}

Result<Move> EngineSession::choose(int level) {
  if (game_.outcome() != Outcome::Ongoing)
    return Status::error("the game is over: " + game_.result_text());
  if (Status s = open(); !s) return s;
  return player_->choose(game_.position(), level, pending(), counter());
}

Result<std::vector<MoveValue>> EngineSession::moves() {
  if (Status s = open(); !s) return s;
  Result<std::vector<MoveValue>> analyzed =
      analyze_matching(*tables_, game_.position(), pending(), counter());
  if (!analyzed) return analyzed;
  std::vector<MoveValue> moves = *analyzed;
  for (MoveValue& m : moves) m.value = value_now(*tables_, m.value, counter());
  return moves;
}

Result<ValueCode> EngineSession::value() {
  if (Status s = open(); !s) return s;
  if (!pending_) {
    Result<ValueCode> v = tables_->probe(game_.position());
    if (!v || tables_->metric() != Metric::FIFTY) return v;
    return fifty_at(*v, counter());
  }
  Result<std::vector<MoveValue>> best = moves();
  if (!best) return best.status();
  return best->front().value;  // a pending move has at least one removal
}

std::string EngineSession::explain(const Status& s) const {
  return cli::explain(s, *variant_, dir(), metric());
}

namespace {

// The longest command line read; longer ones are answered with an error.
constexpr size_t MAX_LINE = size_t(1) << 20;

// Reads a line of stdin into line without its '\n', keeping at most MAX_LINE + 1 bytes
// of it (a longer line is read to its end and cut); returns false at the end of input.
bool read_line(std::string& line) {
  line.clear();
  std::streambuf* in = std::cin.rdbuf();
  int c;
  bool any = false;
  while ((c = in->sbumpc()) != std::char_traits<char>::eof()) {
    any = true;
    if (c == '\n') return true;
    if (line.size() <= MAX_LINE) line += char(c);
  }
  return any;
}

}  // namespace

void read_commands(
    const std::function<Status(const std::string& cmd, std::vector<std::string>& words)>& run,
    const std::function<void(const Status&)>& on_error) {
  for (std::string line; read_line(line);) {
    if (line.size() > MAX_LINE) {
      on_error(Status::error("a line of more than " + std::to_string(MAX_LINE) + " bytes"));
      std::fflush(stdout);
      continue;
    }
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    if (words.empty()) continue;
    const std::string cmd = ascii_lower(words[0]);
    if (cmd == "quit") break;
    words.erase(words.begin());
    if (Status st = run(cmd, words); !st) on_error(st);
    std::fflush(stdout);
  }
}

Command register_engine_command(CLI::App& app, const std::string& name, const std::string& help,
                                std::function<void(const Variant&, const EngineArgs&)> serve) {
  auto a = std::make_shared<EngineArgs>();
  CLI::App* cmd = app.add_subcommand(name, help);
  add_variant_option(cmd, &a->variant);
  cmd->add_option("--db,-d", a->db,
                  "Table directory (default: data/<variant>-fifty, the 50-ply rule's tables, "
                  "when it holds all the variant's 50-ply tables, else data/<variant>)");
  cmd->add_option("--seed", a->seed, "Seed for the choices among equal moves")
      ->capture_default_str();
  return {cmd, [a, serve] {
            const Variant* v = resolve_variant(a->variant);
            if (!v) return EXIT_USAGE;
            if (!a->db.empty())
              if (Status st = check_any_table_dir(*v, a->db); !st) return fail(st, *v, a->db);
            serve(*v, *a);
            return EXIT_OK;
          }};
}

std::pair<std::string, std::string> parse_setoption(const std::vector<std::string>& words) {
  std::string name, value;
  std::string* into = nullptr;
  for (const std::string& w : words) {
    const std::string lower = ascii_lower(w);
    if (lower == "name" && !into)
      into = &name;
    else if (lower == "value" && into == &name)
      into = &value;
    else if (into)
      *into += (into->empty() || into == &name ? "" : " ") + w;
  }
  return {ascii_lower(name), value};
}

std::vector<std::string> split_moves(std::vector<std::string>& words) {
  for (size_t i = 0; i < words.size(); ++i)
    if (ascii_lower(words[i]) == "moves") {
      std::vector<std::string> moves(words.begin() + i + 1, words.end());
      words.resize(i);
      return moves;
    }
  return {};
}

}  // namespace millbase::cli
