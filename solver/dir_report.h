// What a table directory holds, read table by table for `millbase info`: each table's
// size, bits per position, checksum state and statistics, and what is wrong with the
// directory (damaged or foreign tables, a damaged manifest, tables its manifest asks
// for that are missing). Reads any variant's directory; decodes nothing but headers,
// indexes and checksums.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/status.h"
#include "db/table_header.h"

namespace millbase {

struct DirTableRow {
  Sector sector;
  uint64_t positions = 0, bytes = 0, wdl_bytes = 0;
  bool checksums_ok = true, derived = false, wdl_only = false;
  TableStats stats;
  std::string checksum_error;  // when !checksums_ok: what the check found
};

// A problem of the directory, and how many rows were read before it was found (so that
// a printer can say it where it was found).
struct DirProblem {
  Status status;
  size_t after_rows = 0;
};

struct DirReport {
  std::string variant;            // the tables' variant ("" when no table could be read)
  std::string metric;             // the manifest's word, else the tables' own ("plain", "fifty")
  size_t table_files = 0;         // .mbt files in the directory
  std::vector<DirTableRow> rows;  // the tables read, in file-name order
  uint64_t positions = 0, bytes = 0, wdl_bytes = 0;  // over the rows
  // What is wrong besides the rows' checksums, in the order found: unreadable, foreign
  // or misnamed tables and a damaged manifest (Code::Error), tables the manifest asks
  // for that are missing (NotFound).
  std::vector<DirProblem> problems;
  int corrupt = 0, missing = 0;  // corrupt counts damaged checksums too
};

// Returns the report of dir. Errors: dir is not a directory or holds no table
// (NotFound), it cannot be listed (Error), or the tables its manifest asks for cannot be
// worked out.
Result<DirReport> read_dir_report(const std::string& dir);

}  // namespace millbase
