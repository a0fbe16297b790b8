// The line protocol of `millbase engine` for GUIs and scripts
// (docs/engine-protocol.md), over an engine session. A malformed or illegal line is
// answered "error <reason>" and the engine keeps running.
#pragma once

#include <string>
#include <vector>

#include "engine/engine_session.h"
#include "engine/line_reader.h"

namespace millbase::engine {

class EngineDialect {
 public:
  // db: the table directory (empty: TableDir::for_play()'s choice); out: where the answers go.
  EngineDialect(const Variant& v, std::string db, uint64_t seed, Output out, CostNote cost = {});

  // Says that the engine is ready: the first line it writes.
  void greet();
  // Runs one command (lower case) with its words, answering through out. An error is
  // for report(); the session is then unchanged.
  Status handle(const std::string& cmd, std::vector<std::string>& words);
  // Answers a failed command: "error <reason>".
  void report(const Status& st);

  const EngineSession& session() const { return s_; }

 private:
  Status reply(const std::string& s);
  Status set_position(std::vector<std::string>& words);
  Status go(const std::vector<std::string>& words);
  Status game_over();
  Status analyze();

  EngineSession s_;
  Output out_;
};

}  // namespace millbase::engine
