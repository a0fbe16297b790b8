// The UCI dialect that mill GUIs and bridges speak (docs/uci.md), over an engine
// session. Unknown commands and options are answered with an "info string" line and
// never end the session; every `go` ends with a `bestmove` line.
#pragma once

#include <string>
#include <vector>

#include "tools/engine/engine_session.h"
#include "tools/engine/line_reader.h"

namespace millbase::engine {

class UciDialect {
 public:
  // db: the table directory (TablePath's default); out: where the answers go.
  UciDialect(const Variant& v, std::string db, uint64_t seed, Output out, CostNote cost = {});

  // Runs one command (lower case) with its words, answering through out. An error is
  // for report(); the session is then unchanged.
  Status handle(const std::string& cmd, std::vector<std::string>& words);
  // Answers a failed command: "info string error <reason>".
  void report(const Status& st);

  const EngineSession& session() const { return s_; }

 private:
  Status say(const std::string& s);
  Status handshake();
  Status set_option(const std::vector<std::string>& words);
  Status set_position(std::vector<std::string>& words);
  std::string score(ValueCode v) const;
  std::string action(Move m) const;
  Status go(const std::vector<std::string>& words);
  Status eval();
  Status show();

  EngineSession s_;
  const std::string db_;  // --db: the table directory TablePath's default stands for
  Output out_;
  int level_ = PERFECT;
  bool score_from_white_ = false, combined_ = false;
};

}  // namespace millbase::engine
