// The library's errors as Python exceptions: a malformed or impossible input is a
// ValueError naming the token, a missing table millbase.MissingTableError naming the
// sector, the file and the command that builds it (engine/fix_hint.h) with its note,
// anything else (a damaged or unreadable file) an OSError.
#pragma once

#include <pybind11/pybind11.h>

#include <exception>
#include <string>

#include "core/status.h"
#include "core/variant.h"
#include "db/table_header.h"

namespace millbase::python {

// Where a table directory's errors come from: what explain() needs to name the command.
struct TablesPlace {
  const Variant* variant;
  std::string dir;
  Metric metric;
};

// A failed Status on its way to Python (thrown by the binding, translated by
// register_errors once the GIL is held again).
class Failure : public std::exception {
 public:
  Failure(const Status& s, const TablesPlace* place);
  const char* what() const noexcept override { return message_.c_str(); }

  Status::Code code() const { return code_; }
  const std::string& message() const { return message_; }
  const std::string& sector() const { return sector_; }    // empty: not one table
  const std::string& path() const { return path_; }        // the missing file or directory
  const std::string& command() const { return command_; }  // runnable as it is
  const std::string& note() const { return note_; }        // what it costs; may be empty

 private:
  Status::Code code_;
  std::string message_, sector_, path_, command_, note_;
};

// Returns s's failure as invalid input (ValueError): for the parsers, whose errors are
// about the text they were given.
inline Failure invalid_input(const Status& s) {
  return Failure(Status::invalid(s.message()), nullptr);
}

// Defines MissingTableError in m and translates Failure to it, ValueError or OSError.
void register_errors(pybind11::module_& m);

}  // namespace millbase::python
