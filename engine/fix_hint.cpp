#include "engine/fix_hint.h"

#include <algorithm>
#include <cassert>

#include "db/sector.h"

namespace millbase::engine {

namespace {

// Returns what the command for a missing placement table of v solves in truth: solving a
// sector solves every sector it leads to, so for a placement sector of nine or twelve
// that is the whole solve (README, "What the solves cost"); under Lasker's rule, where a
// side's stones on the board and in hand never grow, the sectors of at most as many
// stones a side as the missing one's (solve --max-stones); "" for the small variants.
std::string whole_solve_note(const Variant& v, const Status& s, const CostNote& cost) {
  if (s.subject().find('+') == std::string::npos) return "";
  if (v.move_in_placement) {
    const Result<Sector> sector = parse_sector(s.subject());
    if (!sector) return "";
    const int k = std::max(sector->us + sector->us_hand, sector->them + sector->them_hand);
    if (k >= v.stones)
      return "That is the whole solve of " + std::string(v.name) +
             (cost ? " (" + cost(v) + ")" : "");
    return "It solves the sectors of " + std::string(v.name) + " that " + s.subject() +
           " leads to, each side with at most " + std::to_string(k) +
           " stones on the board and in hand together (--max-stones " + std::to_string(k) +
           " solves all of those)";
  }
  if (v.stones < 9) return "";
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
    return {solve + " --sector " + s.subject() + " --out " + dir, whole_solve_note(v, s, cost)};
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
