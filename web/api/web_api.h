// The JSON API of docs/web-api.md: the variants and their boards, the computer's
// levels, a game's state with every legal move and its value, and the computer's move
// (the levels' without the tables). Stateless per request: a game is its start and its
// moves, replayed under the draw rules of play by the engine's own code. Served over
// HTTP by `millbase serve` (tools/cmd_serve.cpp) and from WebAssembly by the offline
// page (web/offline/); the page (web/) holds no rules of its own.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/tablebase.h"
#include "engine/fix_hint.h"
#include "web/api/api_request.h"
#include "web/api/table_cache.h"

namespace millbase {
class JsonWriter;
}

namespace millbase::engine {
class EngineSession;
}

namespace millbase::web {

struct ApiResponse {
  int status = 200;  // 200, 400 bad request, 404 missing table or unknown path
  std::string body;  // one JSON object
};

struct WebApiOptions {
  // The table directory of each variant named; the others use TableDir::for_play().
  std::map<std::string, std::string> dirs;
  // The plain tables beside each variant's 50-ply ones, for the values without the
  // rule; the others use data/<variant>.
  std::map<std::string, std::string> plain_dirs;
  // The variant the page opens on (`serve --variant`); "" lets the page choose.
  std::string default_variant;
  // What solving a variant costs, said when its whole directory is missing.
  engine::CostNote cost;
  // When set: the message for v's missing tables, instead of the library's with the
  // command that builds them (the offline page, where no command can run).
  std::function<std::string(const Variant& v)> missing;
};

class WebApi {
 public:
  explicit WebApi(WebApiOptions options) : options_(std::move(options)) {}

  // Returns the answer to GET /api/<path> with the query parameters. Thread-safe.
  ApiResponse handle(std::string_view path, const ApiParams& params);

 private:
  std::string dir(const Variant& v) const;
  // Returns v's tables (TableCache: reopened when their directory changed).
  Result<std::shared_ptr<const Tablebase>> tables(const Variant& v);
  // Returns the plain tables beside v's 50-ply ones `fifty`, or null when there are none.
  std::shared_ptr<const Tablebase> plain_tables(const Variant& v, const Tablebase& fifty);

  // The values of a game's position and of its legal moves.
  struct Values {
    bool opened = false;  // the tables opened: `metric` is theirs
    bool valued = false;  // from the tables (else every value is null)
    Metric metric = Metric::PLAIN;
    int counter = 0;
    ValueCode value = DRAW;                   // the position's, when valued
    std::optional<ValueCode> value_without;   // under the 50-ply rule: its plain value, if known
    bool placement = false;                   // the position is in the placement phase
    std::optional<std::string> tables_error;  // why there are no values, if so
    std::vector<MoveValue> legal;             // every legal move, best first when valued
    std::vector<MoveValue> without;           // under the 50-ply rule: their plain values, if known
    // Writes the position's value, or null.
    void write_value(JsonWriter& w) const;
    // Writes a legal move's value, or null.
    void write_move_value(JsonWriter& w, const MoveValue& m) const;
  };
  // Returns the values of the game in session s (giving it the tables).
  Values game_values(const Variant& v, engine::EngineSession& s);

  ApiResponse variants();
  ApiResponse game(const ApiParams& params);
  ApiResponse computer(const ApiParams& params);
  ApiResponse record(const ApiParams& params);

  // Returns s's message with the command that builds a missing table of v.
  std::string explain(const Status& s, const Variant& v, Metric metric = Metric::PLAIN) const;

  const WebApiOptions options_;
  TableCache cache_;
};

}  // namespace millbase::web
