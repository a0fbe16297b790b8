#include "engine/fix_hint.h"

namespace millbase::engine {

std::string explain(const Status& s, const Variant& v, const std::string& dir, Metric metric,
                    const CostNote& cost) {
  if (s.code() != Status::Code::NotFound) return s.message();
  const std::string command = s.message() + "; build it with: millbase solve --variant " +
                              std::string(v.name) +
                              (metric == Metric::FIFTY ? " --rule fifty" : "");
  if (!s.subject().empty()) return command + " --sector " + s.subject() + " --out " + dir;
  return command + " --out " + dir + (cost ? " (" + cost(v) + ")" : "");
}

}  // namespace millbase::engine
