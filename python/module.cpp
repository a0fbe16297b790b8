// millbase._millbase: the extension module under the Python package millbase
// (millbase/__init__.py holds the public API, its docstrings and type hints;
// millbase/_millbase.pyi the types of this module, which tests/python checks). Positions
// cross as notation strings; values as tuples; errors as ValueError, OSError and
// MissingTableError (python/py_errors.h).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "python/py_batch.h"
#include "python/py_errors.h"
#include "python/py_tables.h"

namespace py = pybind11;
using namespace millbase;
using namespace millbase::python;

namespace {

// A position's fields: white's points, black's points (board order), "w" or "b", the
// stones in hand of white and black, and the position's text.
using Fields = std::tuple<std::vector<std::string>, std::vector<std::string>, std::string, int, int,
                          std::string>;

const Variant& variant_named(const std::string& name) {
  const Variant* v = find_variant(name);
  if (!v) throw Failure(Status::invalid(unknown_variant_text(name)), nullptr);
  return *v;
}

Fields fields_of(const Variant& v, const Position& p) {
  std::vector<std::string> points[2];
  for (int c : {WHITE, BLACK})
    for (int q = 0; q < v.board->num_points; ++q)
      if (contains(p.stones[c], Point(q))) points[c].emplace_back(point_name(*v.board, Point(q)));
  return {points[WHITE],    points[BLACK],    p.side_to_move == WHITE ? "w" : "b",
          p.in_hand[WHITE], p.in_hand[BLACK], format_position(v, p)};
}

// Returns the position of v written in text, or throws a ValueError naming the token.
Position read_position(const Variant& v, const std::string& text) {
  Result<Position> p = parse_position(v, text);
  if (!p) throw invalid_input(p.status());
  return *p;
}

// Returns the fields of the position written in text.
Fields parse_fields(const std::string& variant, const std::string& text) {
  const Variant& v = variant_named(variant);
  return fields_of(v, read_position(v, text));
}

// Returns the fields of the position with these points, side and hands, as the notation
// reads them (each point checked on its own first, so that no name can carry a list).
Fields make_fields(const std::string& variant, const std::vector<std::string>& white,
                   const std::vector<std::string>& black, const std::string& side, int white_hand,
                   int black_hand) {
  const Variant& v = variant_named(variant);
  std::string lists[2];
  for (int c : {WHITE, BLACK})
    for (const std::string& name : c == WHITE ? white : black) {
      if (Result<Point> q = parse_point(v, name); !q) throw invalid_input(q.status());
      lists[c] += (lists[c].empty() ? "" : ",") + name;
    }
  if (white_hand < 0 || black_hand < 0)
    throw Failure(Status::invalid("stones in hand must not be negative"), nullptr);
  return parse_fields(variant, "W:" + lists[WHITE] + " B:" + lists[BLACK] + " " + side + " " +
                                   std::to_string(white_hand) + " " + std::to_string(black_hand));
}

// Returns true when the side not to move in the position written in text has lost at its
// coming turn (fewer than three stones and none in hand): the game ended before this turn.
bool ended_before(const std::string& variant, const std::string& text) {
  const Variant& v = variant_named(variant);
  Position turned = read_position(v, text);
  turned.side_to_move = ~turned.side_to_move;
  return game_over(v, turned) == GameOver::TooFewStones;
}

// Returns the legal moves of the position written in text, in notation and in the order
// millbase show lists them; none when the game is over.
std::vector<std::string> legal_moves(const std::string& variant, const std::string& text) {
  const Variant& v = variant_named(variant);
  std::vector<std::string> moves;
  for (const Move& m : MoveList(v, read_position(v, text))) moves.push_back(format_move(v, m));
  return moves;
}

// Returns the fields of the position after the legal move written in move (a ValueError
// naming the move and saying why it is not legal).
Fields play(const std::string& variant, const std::string& text, const std::string& move) {
  const Variant& v = variant_named(variant);
  const Position p = read_position(v, text);
  Result<Move> m = parse_move(v, p, move);
  if (!m) throw invalid_input(m.status());
  return fields_of(v, do_move(p, *m));
}

}  // namespace

PYBIND11_MODULE(_millbase, m) {
  m.doc() = "The extension module of the Python package millbase (import millbase).";
  m.attr("__version__") = MILLBASE_VERSION;
  register_errors(m);
  m.attr("DISTANCE_NOT_STORED") = DISTANCE_NOT_STORED;
  m.def("parse_position", &parse_fields, py::arg("variant"), py::arg("text"));
  m.def("make_position", &make_fields, py::arg("variant"), py::arg("white"), py::arg("black"),
        py::arg("side_to_move"), py::arg("white_in_hand"), py::arg("black_in_hand"));
  m.def(
      "points",
      [](const std::string& variant) {
        const Variant& v = variant_named(variant);
        std::vector<std::string> names;
        for (int q = 0; q < v.board->num_points; ++q)
          names.emplace_back(point_name(*v.board, Point(q)));
        return names;
      },
      py::arg("variant"));
  m.def("ended_before", &ended_before, py::arg("variant"), py::arg("text"));
  m.def("legal_moves", &legal_moves, py::arg("variant"), py::arg("text"));
  m.def("play", &play, py::arg("variant"), py::arg("text"), py::arg("move"));
  m.def(
      "stones", [](const std::string& variant) { return variant_named(variant).stones; },
      py::arg("variant"));
  m.def(
      "moves_in_placement",
      [](const std::string& variant) { return variant_named(variant).move_in_placement; },
      py::arg("variant"));
  m.def("variants", [] {
    std::vector<std::string> names;
    for (const Variant* v : all_variants()) names.emplace_back(v->name);
    return names;
  });

  using Release = py::call_guard<py::gil_scoped_release>;
  py::class_<Tables>(m, "Tables")
      .def(py::init<const std::string&, const std::string&, size_t>(), py::arg("variant"),
           py::arg("path"), py::arg("cache_mb"), Release())
      .def_property_readonly("variant",
                             [](const Tables& t) { return std::string(t.variant().name); })
      .def_property_readonly("path", &Tables::dir)
      .def_property_readonly("rule",
                             [](const Tables& t) {
                               return std::string(t.metric() == Metric::FIFTY ? "fifty" : "plain");
                             })
      .def("probe_wdl", &Tables::probe_wdl, py::arg("position"), py::arg("counter"), Release())
      .def("probe_distance", &Tables::probe_distance, py::arg("position"), py::arg("counter"),
           Release())
      .def("value", &Tables::value, py::arg("position"), py::arg("counter"), Release())
      .def("analyze", &Tables::analyze, py::arg("position"), py::arg("counter"), Release())
      .def("best_move", &Tables::best_move, py::arg("position"), py::arg("level"),
           py::arg("counter"), py::arg("seed"), Release())
      .def("wdl_many", &wdl_many, py::arg("positions"), py::arg("to_text"), py::arg("counters"),
           py::arg("threads"))
      .def("distance_many", &distance_many, py::arg("positions"), py::arg("to_text"),
           py::arg("counters"), py::arg("threads"));
}
