#include "engine/fix_hint.h"

#include <cassert>

namespace millbase::engine {

namespace {

// Returns what the command for a missing placement table of v costs in truth: solving a
// sector solves every sector it leads to, so for a placement sector of nine or twelve
// that is the whole solve (README, "What the solves cost"); "" for the small variants.
std::string whole_solve_note(const Variant& v, const Status& s) {
  if (s.subject().find('+') == std::string::npos || v.stones < 9) return "";
  const std::string time = v.stones >= 12 ? "about 9 h on 2 cores and 4 GB of memory"
                                          : "about 1 h 20 min on 2 cores and 7 GB of memory";
  return "That is in effect the whole solve of " + std::string(v.name) +
         ": a placement sector needs every sector its moves lead to, up to the end of the "
         "game (" +
         time + ")";
}

}  // namespace

FixHint fix_hint(const Status& s, const Variant& v, const std::string& dir, Metric metric,
                 const CostNote& cost) {
  assert(s.code() == Status::Code::NotFound);
  const std::string solve = "millbase solve --variant " + std::string(v.name) +
                            (metric == Metric::FIFTY ? " --rule fifty" : "");
  if (!s.subject().empty())
    return {solve + " --sector " + s.subject() + " --out " + dir, whole_solve_note(v, s)};
  return {solve + " --out " + dir, cost ? cost(v) : ""};
}

std::string explain(const Status& s, const Variant& v, const std::string& dir, Metric metric,
                    const CostNote& cost) {
  if (s.code() != Status::Code::NotFound) return s.message();
  const FixHint hint = fix_hint(s, v, dir, metric, cost);
  std::string text = s.message() + "; build it with: " + hint.command;
  if (!hint.note.empty()) text += s.subject().empty() ? " (" + hint.note + ")" : ". " + hint.note;
  return text;
}

}  // namespace millbase::engine
