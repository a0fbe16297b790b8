// The tables the web API reads, opened once and kept while their directory stays the
// same, so that a running server sees tables solved, repaired or replaced meanwhile:
// each use compares the directory's and its MANIFEST's identity (device, inode, size,
// modification time: two stat calls) with those at opening, and opens the directory
// anew when they differ. solve and pack write every table and the manifest through a
// temporary file renamed into place, which changes the directory's time. A table
// changed in place is noticed by its error: the caller forgets the tables after one.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "db/tablebase.h"

namespace millbase::web {

class TableCache {
 public:
  // Returns v's tables in dir: those opened before when dir is unchanged, else opened
  // anew (a missing directory is not kept: it is looked for again at the next call).
  Result<std::shared_ptr<const Tablebase>> get(const Variant& v, const std::string& dir);

  // Forgets v's tables in dir after an error reading them (a corrupt or vanished
  // table), so that the next get() opens them anew.
  void forget(const Variant& v, const std::string& dir);

 private:
  struct Entry {
    std::string identity;
    std::shared_ptr<const Tablebase> tables;
  };
  std::mutex mutex_;
  std::map<std::pair<std::string, std::string>, Entry> open_;  // by variant and directory
};

// Returns the identity of a table directory as text: its and its MANIFEST's device,
// inode, size and modification time ("" for a path that does not exist).
std::string dir_identity(const std::string& dir);

}  // namespace millbase::web
