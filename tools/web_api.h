// The JSON API of docs/web-api.md: the variants and their boards, a game's state with
// every legal move and its value, and the computer's move. Stateless per request: a
// game is its start and its moves, replayed under the draw rules of play by the
// engine's own code. Served over HTTP by `millbase serve` (cmd_serve.cpp); the page
// (web/) holds no rules of its own.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "db/tablebase.h"

namespace millbase::cli {

struct ApiResponse {
  int status = 200;  // 200, 400 bad request, 404 missing table or unknown path
  std::string body;  // one JSON object
};

using ApiParams = std::map<std::string, std::string>;

class WebApi {
 public:
  // dirs: the table directory of each variant named; the others use play_dir().
  explicit WebApi(std::map<std::string, std::string> dirs) : dirs_(std::move(dirs)) {}

  // Returns the answer to GET /api/<path> with the query parameters. Thread-safe.
  ApiResponse handle(std::string_view path, const ApiParams& params);

 private:
  std::string dir(const Variant& v) const;
  // Returns v's tables, opened on first success and kept.
  Result<std::shared_ptr<const Tablebase>> tables(const Variant& v);

  ApiResponse variants();
  ApiResponse game(const ApiParams& params);
  ApiResponse computer(const ApiParams& params);

  const std::map<std::string, std::string> dirs_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const Tablebase>> open_;
};

}  // namespace millbase::cli
