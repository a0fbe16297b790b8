#include "tools/cli_common.h"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "core/notation.h"
#include "core/variant.h"
#include "db/table_dir.h"
#include "engine/fix_hint.h"
#include "solver/progress.h"
#include "solver/sector_graph.h"
#include "solver/unit_memory.h"

namespace millbase::cli {

void note(std::string_view message) {
  std::fprintf(stderr, "millbase: %.*s\n", int(message.size()), message.data());
}

int fail(int code, std::string_view message) {
  note(message);
  return code;
}

void print_json_line(const JsonWriter& w) {
  assert(w.complete());
  std::printf("%s\n", w.str().c_str());
}

JsonWriter& stats_members(JsonWriter& w, const TableStats& s) {
  return w.field("wins", s.wins)
      .field("losses", s.losses)
      .field("draws", s.draws)
      .field("longest_win", s.longest_win)
      .field("longest_loss", s.longest_loss);
}

size_t note_leftovers(const std::string& dir) {
  const std::vector<std::string> leftovers = leftover_files(dir);
  for (const std::string& path : leftovers)
    note(path + ": a temporary file left by a killed solve or pack; the next solve or pack in " +
         "this directory removes it");
  return leftovers.size();
}

std::string solve_cost(const Variant& v) {
  uint64_t positions = 0, largest = 0;
  const SectorGraph graph(v);
  for (const WorkUnit& u : graph.units()) {
    positions += unit_entries(v, u);
    largest = std::max(largest, unit_bytes_children_whole(v, u));
  }
  char memory[32];
  if (largest >= 1000000000)
    std::snprintf(memory, sizeof memory, "%.1f GB", largest / 1e9);
  else
    std::snprintf(memory, sizeof memory, "%.1f MB", largest / 1e6);
  return human_count(double(positions)) + " positions; its largest unit needs about " + memory +
         " of memory, less with --memory; README: what the solves cost";
}

std::string explain(const Status& s, const Variant& v, const std::string& dir, Metric metric) {
  return engine::explain(s, v, dir, metric, solve_cost);
}

int fail(const Status& s, const Variant& v, const std::string& dir, Metric metric) {
  const int code = s.code() == Status::Code::NotFound  ? EXIT_MISSING
                   : s.code() == Status::Code::Invalid ? EXIT_USAGE
                                                       : EXIT_ERROR;
  return fail(code, explain(s, v, dir, metric));
}

void add_variant_option(CLI::App* cmd, std::string* name) {
  *name = "six";
  cmd->add_option("--variant,-v", *name, "Game variant: " + variant_names())->capture_default_str();
}

const Variant* resolve_variant(const std::string& name) {
  if (const Variant* v = find_variant(name)) return v;
  fail(EXIT_USAGE, unknown_variant_text(name));
  return nullptr;
}

void add_db_option(CLI::App* cmd, std::string* dir, const char* names) {
  cmd->add_option(names, *dir,
                  "Table directory (default: data/<variant>, data/<variant>-fifty with --rule "
                  "fifty)");
}

void add_rule_option(CLI::App* cmd, std::string* rule, const char* help) {
  *rule = "plain";
  cmd->add_option("--rule", *rule, help)->capture_default_str();
}

void add_threads_option(CLI::App* cmd, int* threads) {
  cmd->add_option("--threads,-j", *threads, "Threads, 1..1024 (default: all cores)")
      ->check(CLI::Range(1, 1024));
}

std::optional<Metric> resolve_rule(const std::string& rule) {
  const std::string word = ascii_lower(rule);
  if (word != "dtm")  // a manifest's old word, never an option's
    if (std::optional<Metric> metric = metric_from_name(word)) return metric;
  fail(EXIT_USAGE, "unknown rule " + quote_token(rule) + " (choose plain or fifty)");
  return std::nullopt;
}

std::optional<uint64_t> resolve_memory(const std::string& text) {
  if (text.empty()) return 0;
  size_t pos = 0;
  double x = -1;
  try {
    x = std::stod(text, &pos);
  } catch (...) {
  }
  const std::string unit = x < 0 ? "" : text.substr(pos);
  const double scale = unit.empty() || unit == "B"   ? 1
                       : unit == "k" || unit == "K"  ? 1e3
                       : unit == "M" || unit == "MB" ? 1 << 20
                       : unit == "G" || unit == "GB" ? double(1 << 30)
                       : unit == "GiB"               ? double(1 << 30)
                       : unit == "MiB"               ? double(1 << 20)
                                                     : -1;
  if (scale < 0 || !(x * scale >= 1) || x * scale > 1e18) {
    fail(EXIT_USAGE, "--memory " + quote_token(text) + " is not a size like 20G");
    return std::nullopt;
  }
  return uint64_t(x * scale);
}

std::string metric_mismatch(const std::string& dir, Metric found, Metric wanted) {
  return dir + " holds " + metric_name(found) + " tables" +
         (wanted == Metric::FIFTY ? ", not the 50-ply rule's" : "; read them with --rule fifty");
}

Result<std::shared_ptr<const Tablebase>> open_rule_tables(const Variant& v, const std::string& dir,
                                                          Metric metric,
                                                          const Tablebase::Options& o) {
  Result<std::shared_ptr<const Tablebase>> tb = Tablebase::open(v, dir, o);
  if (tb && (*tb)->metric() != metric)
    return Status::invalid(metric_mismatch(dir, (*tb)->metric(), metric));
  return tb;
}

}  // namespace millbase::cli
