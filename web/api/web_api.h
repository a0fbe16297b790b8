// The JSON API of docs/web-api.md: the variants and their boards, a game's state with
// every legal move and its value, and the computer's move. Stateless per request: a
// game is its start and its moves, replayed under the draw rules of play by the
// engine's own code. Served over HTTP by `millbase serve` (tools/cmd_serve.cpp) and
// from WebAssembly by the offline page (web/offline/); the page (web/) holds no rules of
// its own.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "db/tablebase.h"
#include "tools/engine/fix_hint.h"

namespace millbase::web {

struct ApiResponse {
  int status = 200;  // 200, 400 bad request, 404 missing table or unknown path
  std::string body;  // one JSON object
};

using ApiParams = std::map<std::string, std::string>;

class WebApi {
 public:
  // dirs: the table directory of each variant named; the others use play_dir(). cost:
  // what solving a variant costs, said when its whole directory is missing.
  explicit WebApi(std::map<std::string, std::string> dirs, engine::CostNote cost = {})
      : dirs_(std::move(dirs)), cost_(std::move(cost)) {}

  // Returns the answer to GET /api/<path> with the query parameters. Thread-safe.
  ApiResponse handle(std::string_view path, const ApiParams& params);

 private:
  std::string dir(const Variant& v) const;
  // Returns v's tables, opened on first success and kept.
  Result<std::shared_ptr<const Tablebase>> tables(const Variant& v);

  ApiResponse variants();
  ApiResponse game(const ApiParams& params);
  ApiResponse computer(const ApiParams& params);

  // Returns s's message with the command that builds a missing table of v.
  std::string explain(const Status& s, const Variant& v, Metric metric = Metric::DTM) const;

  const std::map<std::string, std::string> dirs_;
  const engine::CostNote cost_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const Tablebase>> open_;
};

}  // namespace millbase::web
