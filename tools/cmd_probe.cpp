// millbase probe: the value of positions from the tables, with the best moves.
// millbase analyze: every legal move with its value, best first.
#include <cstdio>
#include <iostream>
#include <sstream>

#include "core/notation.h"
#include "db/tablebase.h"
#include "tools/cli_common.h"

namespace millbase::cli {

namespace {

struct ProbeArgs {
  std::string variant, db;
  std::vector<std::string> positions;
  bool json = false, wdl = false;
  size_t cache_mb = 64;
};

std::string side_word(Color c) { return c == WHITE ? "white" : "black"; }

// Returns "White to move: win in 13", "draw", "Black to move: loss in 0".
std::string value_words(const Position& p, ValueCode v) {
  if (is_draw(v)) return "draw";
  return std::string(color_name(p.side_to_move)) + " to move: " + value_text(v);
}

// Reads the positions: the arguments, or one per line on stdin for "-".
// A position to probe and where it came from: "" for an argument, "line N" of stdin.
struct PositionText {
  std::string text, where;
};

std::vector<PositionText> read_positions(const std::vector<std::string>& args) {
  std::vector<PositionText> out;
  for (const std::string& a : args) {
    if (a != "-") {
      out.push_back({a, ""});
      continue;
    }
    int number = 0;
    for (std::string line; std::getline(std::cin, line);) {
      ++number;
      // Windows line endings and trailing blanks are not part of the position.
      line.erase(line.find_last_not_of(" \t\r") + 1);
      if (!line.empty()) out.push_back({line, "line " + std::to_string(number)});
    }
  }
  return out;
}

// Returns a hint for a position that is over, typed without in-hand counts (they
// default to 0), with fewer stones on the board than the variant has: perhaps a
// placement position whose counts were left out.
std::string missing_counts_hint(const Variant& v, const Position& p, const std::string& text) {
  std::istringstream words(text);
  int n = 0;
  for (std::string w; words >> w;) ++n;
  if (n != 3 || popcount(p.stones[WHITE]) + popcount(p.stones[BLACK]) >= 2 * v.stones) return "";
  return "; no in-hand counts were given, so none are in hand: if stones are still to be "
         "placed, add the counts, e.g. 'W: B: w " +
         std::to_string(v.stones) + " " + std::to_string(v.stones) + "'";
}

// Runs f(position, text) for each position; malformed ones get an error line and exit 2,
// missing tables exit 3 (processing continues); returns the worst exit code.
template <class F>
int for_each_position(const ProbeArgs& a, const Variant& v, F f) {
  int worst = EXIT_OK;
  for (const auto& [text, where] : read_positions(a.positions)) {
    Result<Position> p = parse_position(v, text);
    Status st = p ? f(*p, text) : p.status();
    if (st) continue;
    int code = !p ? EXIT_USAGE : st.code() == Status::Code::NotFound ? EXIT_MISSING : EXIT_ERROR;
    worst = std::max(worst, code);
    const std::string message =
        (where.empty() ? "" : where + ": ") + explain(st, v, table_dir(v, a.db));
    if (a.json)
      std::printf("{\"position\":%s,\"error\":%s}\n", json_string(text).c_str(),
                  json_string(message).c_str());
    else
      fail(code, message);
  }
  return worst;
}

Result<std::shared_ptr<const Tablebase>> open_tables(const ProbeArgs& a, const Variant& v) {
  Tablebase::Options o;
  o.cache_bytes = a.cache_mb << 20;
  return Tablebase::open(v, table_dir(v, a.db), o);
}

int run_probe(const ProbeArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  auto tb = open_tables(a, *v);
  if (!tb) return fail(tb.status(), *v, table_dir(*v, a.db));
  return for_each_position(a, *v, [&](const Position& p, const std::string& text) -> Status {
    const std::string pos = format_position(*v, p);
    if (a.wdl) {
      Result<Wdl> w = (*tb)->probe_wdl(p);
      if (!w) return w.status();
      static constexpr const char* WORDS[] = {"draw", "win", "loss"};
      if (a.json)
        std::printf("{\"position\":%s,\"side_to_move\":\"%s\",\"result\":\"%s\"}\n",
                    json_string(pos).c_str(), side_word(p.side_to_move).c_str(), WORDS[int(*w)]);
      else
        std::printf(
            "%s: %s%s\n", pos.c_str(),
            *w == Wdl::Draw ? "" : (std::string(color_name(p.side_to_move)) + " to move: ").c_str(),
            WORDS[int(*w)]);
      return Status::ok();
    }
    Result<ValueCode> value = (*tb)->probe(p);
    if (!value) return value.status();
    Result<std::vector<MoveValue>> moves = (*tb)->analyze(p);
    if (!moves) return moves.status();
    std::string best, best_json;
    for (const MoveValue& m : *moves) {
      if (m.value != moves->front().value) break;
      best += (best.empty() ? "" : " ") + format_move(*v, m.move);
      best_json += (best_json.empty() ? "" : ",") + json_string(format_move(*v, m.move));
    }
    if (a.json)
      std::printf("{\"position\":%s,\"side_to_move\":\"%s\",%s,\"text\":%s,\"best_moves\":[%s]}\n",
                  json_string(pos).c_str(), side_word(p.side_to_move).c_str(),
                  json_value(*value).c_str(), json_string(value_words(p, *value)).c_str(),
                  best_json.c_str());
    else
      std::printf(
          "%s: %s%s%s\n", pos.c_str(), value_words(p, *value).c_str(),
          best.empty() ? (" (game over)" + missing_counts_hint(*v, p, text)).c_str() : "; best: ",
          best.c_str());
    return Status::ok();
  });
}

int run_analyze(const ProbeArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  auto tb = open_tables(a, *v);
  if (!tb) return fail(tb.status(), *v, table_dir(*v, a.db));
  return for_each_position(a, *v, [&](const Position& p, const std::string&) -> Status {
    Result<ValueCode> value = (*tb)->probe(p);
    if (!value) return value.status();
    Result<std::vector<MoveValue>> moves = (*tb)->analyze(p);
    if (!moves) return moves.status();
    const std::string pos = format_position(*v, p);
    if (a.json) {
      std::string list;
      for (const MoveValue& m : *moves)
        list += std::string(list.empty() ? "" : ",") +
                "{\"move\":" + json_string(format_move(*v, m.move)) + "," + json_value(m.value) +
                "}";
      std::printf("{\"position\":%s,\"side_to_move\":\"%s\",%s,\"moves\":[%s]}\n",
                  json_string(pos).c_str(), side_word(p.side_to_move).c_str(),
                  json_value(*value).c_str(), list.c_str());
      return Status::ok();
    }
    std::printf("%s: %s\n", pos.c_str(), value_words(p, *value).c_str());
    for (const MoveValue& m : *moves)
      std::printf("  %-10s %s\n", format_move(*v, m.move).c_str(), value_text(m.value).c_str());
    return Status::ok();
  });
}

void add_common(CLI::App* cmd, ProbeArgs& a) {
  add_variant_option(cmd, &a.variant);
  cmd->add_option("--db,-d", a.db, "Table directory (default: data/<variant>)");
  cmd->add_option("positions", a.positions,
                  "Positions 'W:<points> B:<points> <w|b> [<white in hand> <black in hand>]'; "
                  "'-' reads one per line from stdin")
      ->required();
  cmd->add_option("--cache-mb", a.cache_mb, "Block cache size in MiB, 1..1048576")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));
  cmd->add_flag("--json", a.json, "One JSON object per position");
}

}  // namespace

Command register_probe(CLI::App& app) {
  auto a = std::make_shared<ProbeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "probe", "The value of positions (win/loss in N plies, or draw) and the best moves");
  add_common(cmd, *a);
  cmd->add_flag("--wdl", a->wdl, "Win/draw/loss only (reads only the WDL planes)");
  return {cmd, [a] { return run_probe(*a); }};
}

Command register_analyze(CLI::App& app) {
  auto a = std::make_shared<ProbeArgs>();
  CLI::App* cmd = app.add_subcommand("analyze", "Every legal move with its value, best first");
  add_common(cmd, *a);
  return {cmd, [a] { return run_analyze(*a); }};
}

}  // namespace millbase::cli
