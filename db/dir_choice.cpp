#include "db/dir_choice.h"

#include "db/dir_manifest.h"

namespace millbase {

std::string table_dir(const Variant& v, const std::string& given, Metric metric) {
  if (!given.empty()) return given;
  return "data/" + std::string(v.name) + (metric == Metric::FIFTY ? "-fifty" : "");
}

std::string play_dir(const Variant& v, const std::string& given) {
  if (!given.empty()) return given;
  const std::string fifty = table_dir(v, "", Metric::FIFTY);
  const Result<std::optional<DirManifest>> m = read_manifest(fifty);
  const bool whole = m && m->has_value() && (*m)->variant == v.name &&
                     (*m)->metric == metric_name(Metric::FIFTY) && (*m)->all;
  return whole ? fifty : table_dir(v, "");
}

Result<std::shared_ptr<const Tablebase>> open_plain_tables(const Variant& v, const std::string& dir,
                                                           std::string_view command) {
  Result<std::shared_ptr<const Tablebase>> tb = Tablebase::open(v, dir);
  if (tb && (*tb)->metric() != Metric::PLAIN)
    return Status::invalid(dir + " holds 50-ply tables; " + std::string(command) +
                           " reads the plain tables (data/" + std::string(v.name) + ")");
  return tb;
}

Status check_any_table_dir(const Variant& v, const std::string& dir) {
  Result<Metric> metric = dir_metric(dir);
  if (!metric) return metric.status();
  return check_table_dir(v, dir, *metric);
}

}  // namespace millbase
