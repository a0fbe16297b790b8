// millbase openings: the value of the empty board, of every distinct first placement and
// of every distinct reply, from the plain or the 50-ply tables (docs/results.md
// publishes nine's).
#include <cstdio>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/symmetry.h"
#include "db/tablebase.h"
#include "tools/cli_common.h"
#include "tools/openings_svg.h"
#include "tools/text_file.h"

namespace millbase::cli {

namespace {

struct OpeningsArgs {
  std::string variant, db, rule, svg;
  bool json = false;
};

// The legal moves of a position that lead to the same position up to the board's
// symmetries, the first of them in move order standing for all.
struct MoveClass {
  Move move;
  std::vector<Move> same;
  ValueCode value;  // for the side that plays it, in the tables' metric
};

// Returns the value, for the mover, of a placement into a position worth `after` to the
// opponent. Placement has no counter, so a fifty code needs no counter here.
ValueCode placement_value(ValueCode after, Metric metric) {
  return metric == Metric::FIFTY ? fifty_for_mover(after, false, true) : value_for_mover(after);
}

// Returns the words of a move's value: "win in 13", "draw (cursed win)".
std::string move_words(ValueCode v, Metric metric) { return ShownValue{v, metric}.brief(); }

// Returns the classes of the legal moves of p with their values, in move order.
Result<std::vector<MoveClass>> move_classes(const Tablebase& tb, const Position& p) {
  const Variant& v = tb.variant();
  std::vector<MoveClass> classes;
  std::vector<Position> seen;
  for (Move m : MoveList(v, p)) {
    const Position c = canonical(*v.board, do_move(p, m));
    size_t k = 0;
    while (k < seen.size() && !(seen[k] == c)) ++k;
    if (k < seen.size()) {
      classes[k].same.push_back(m);
      continue;
    }
    Result<ValueCode> after = tb.probe(do_move(p, m));
    if (!after) return after.status();
    seen.push_back(c);
    classes.push_back({m, {m}, placement_value(*after, tb.metric())});
  }
  return classes;
}

// Returns the values of the placements of `classes` by the points they place on (a point
// once, its first move's).
std::vector<PointValue> point_values(const std::vector<MoveClass>& classes) {
  std::vector<PointValue> out;
  Bitboard seen = 0;
  for (const MoveClass& c : classes)
    for (Move m : c.same)
      if (m.is_placement() && !(seen & bit(m.to))) {
        seen |= bit(m.to);
        out.push_back({m.to, c.value});
      }
  return out;
}

// Returns the moves of c in notation, apart by blanks.
std::string same_text(const Variant& v, const MoveClass& c) {
  std::string out;
  for (Move m : c.same) out += (out.empty() ? "" : " ") + format_move(v, m);
  return out;
}

// Writes a move's class into an open object: the members "move", "same" and its value's
// (ShownValue).
void class_json(JsonWriter& w, const Variant& v, const MoveClass& c, Metric metric) {
  w.field("move", format_move(v, c.move)).key("same").begin_array();
  for (Move m : c.same) w.value(format_move(v, m));
  ShownValue{c.value, metric}.write_json(w.end_array());
}

int run_openings(const OpeningsArgs& a) {
  const Variant* v = resolve_variant(a.variant);
  if (!v) return EXIT_USAGE;
  const std::optional<Metric> metric = resolve_rule(a.rule);
  if (!metric) return EXIT_USAGE;
  const std::string dir = TableDir::named(*v, a.db, *metric).path();
  auto tb = open_rule_tables(*v, dir, *metric);
  if (!tb) return fail(tb.status(), *v, dir, *metric);
  const Position start = start_position(*v);
  Result<ValueCode> value = (*tb)->probe(start);
  if (!value) return fail(value.status(), *v, dir, *metric);
  Result<std::vector<MoveClass>> first = move_classes(**tb, start);
  if (!first) return fail(first.status(), *v, dir, *metric);
  std::vector<OpeningBoard> boards{{"White to place", 0, 0, point_values(*first)}};
  JsonWriter json;
  json.begin_object().field("variant", v->name).key("start").begin_object();
  ShownValue{*value, *metric}.write_json(json).end_object().key("first").begin_array();
  if (!a.json)
    std::printf("%s: the empty board, White to place first: %s\n", std::string(v->name).c_str(),
                ShownValue{*value, *metric, 0, true}.text().c_str());
  for (const MoveClass& f : *first) {
    Result<std::vector<MoveClass>> replies = move_classes(**tb, do_move(start, f.move));
    if (!replies) return fail(replies.status(), *v, dir, *metric);
    const std::string move = format_move(*v, f.move);
    boards.push_back({"after White " + move + " (" + move_words(f.value, *metric) + ")",
                      bit(f.move.to), 0, point_values(*replies)});
    if (a.json) {
      class_json(json.begin_object(), *v, f, *metric);
      json.key("replies").begin_array();
      for (const MoveClass& r : *replies) {
        class_json(json.begin_object(), *v, r, *metric);
        json.end_object();
      }
      json.end_array().end_object();
      continue;
    }
    std::printf("\nWhite %-6s %-12s (the same: %s)\n", move.c_str(),
                move_words(f.value, *metric).c_str(), same_text(*v, f).c_str());
    for (const MoveClass& r : *replies)
      std::printf("  Black %-6s %-12s (the same: %s)\n", format_move(*v, r.move).c_str(),
                  move_words(r.value, *metric).c_str(), same_text(*v, r).c_str());
  }
  if (!a.svg.empty()) {
    const std::string heading = std::string(v->name) + ": the empty board, White to place first: " +
                                ShownValue{*value, *metric, 0, true}.text();
    if (Status st = write_text_file(a.svg, openings_svg(*v->board, *metric, heading, boards)); !st)
      return fail(EXIT_ERROR, st.message());
  }
  if (a.json) print_json_line(json.end_array().end_object());
  return EXIT_OK;
}

}  // namespace

Command register_openings(CLI::App& app) {
  auto a = std::make_shared<OpeningsArgs>();
  CLI::App* cmd = app.add_subcommand(
      "openings", "The empty board's value, and that of every distinct first placement and reply");
  add_variant_option(cmd, &a->variant);
  add_db_option(cmd, &a->db);
  add_rule_option(cmd, &a->rule,
                  "plain: the tables without the rule (none, the older word, also reads); fifty: "
                  "the 50-ply rule's tables (placement has no "
                  "counter: values with the movement phase entered at 0)");
  cmd->add_flag("--json", a->json, "One JSON object");
  cmd->add_option("--svg", a->svg,
                  "Also draw the openings into this SVG file: the empty board and the board "
                  "after each distinct first placement, each point coloured by the value of "
                  "placing there");
  return {cmd, [a] { return run_openings(*a); }};
}

}  // namespace millbase::cli
