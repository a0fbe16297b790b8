// A table directory: one variant's tables of one metric, a file per stored sector, with
// a MANIFEST that says whose they are (docs/format.md, "Directory manifest") and the
// lock files of its writer (db/dir_lock.h). Every command opens the directory it reads
// or writes once, as a TableDir, and asks it for paths, checks and what it holds.
#pragma once

#include <string>
#include <vector>

#include "db/sector.h"
#include "db/table_file.h"
#include "db/table_header.h"

namespace millbase {

// Returns the paths of the table files (`*.mbt`) in dir, sorted; an error naming dir
// when it cannot be read.
Result<std::vector<std::string>> table_file_paths(const std::string& dir);

// Returns the temporary files that writers killed before their rename left in dir
// (`<table>.mbt.tmp.…`, `MANIFEST.tmp.…`), as paths, sorted.
std::vector<std::string> leftover_files(const std::string& dir);

class TableDir {
 public:
  // The directory at path of v's tables of the metric; nothing is read.
  TableDir(const Variant& v, std::string path, Metric metric = Metric::PLAIN)
      : variant_(&v), path_(std::move(path)), metric_(metric) {}

  // Returns the directory a command names: `given`, or when it is empty the default,
  // data/<variant> (data/<variant>-fifty for the 50-ply rule's tables). Nothing is read.
  static TableDir named(const Variant& v, const std::string& given, Metric metric = Metric::PLAIN);

  // Returns the tables for the draw rules of play (play, engine, uci, serve): `given`,
  // or data/<variant>-fifty when its MANIFEST says it holds every 50-ply table of v,
  // else data/<variant>; the metric is the one the chosen directory's MANIFEST names.
  static TableDir for_play(const Variant& v, const std::string& given);

  // Returns the directory `given` names (TableDir::named) with the metric its MANIFEST
  // names (plain when it has none), checked (check()). Errors: check()'s.
  static Result<TableDir> open(const Variant& v, const std::string& given);

  const Variant& variant() const { return *variant_; }
  const std::string& path() const { return path_; }
  Metric metric() const { return metric_; }

  // Returns the path of sector s's table here.
  std::string table_path(const Sector& s) const { return millbase::table_path(path_, s); }

  // Returns the NotFound status of sector s's missing table here, naming the file, the
  // sector and the variant; its subject() is the sector's name.
  Status missing(const Sector& s) const { return missing_table(*variant_, path_, s); }

  // Removes leftover_files() here; call with the directory's lock held (db/dir_lock.h).
  // Returns how many.
  int remove_leftovers() const;

  // Returns ok when the directory exists and may hold v's tables of the metric: its
  // MANIFEST, if any, names v, the metric and this format. Else NotFound "no table
  // directory" naming it and v, the MANIFEST's error, or Status::Code::Invalid naming
  // both owners.
  Status check() const;

  // Returns ok when the MANIFEST, if any, names v, the metric and this format (check()
  // without the test that the directory exists: for a writer about to create it).
  Status check_manifest() const;

  // Returns whether a table's header is one of this directory's: every rule of v
  // (header_matches) and the metric.
  bool matches(const TableHeader& h) const;

  // Returns ok when every table file here whose header is intact is one of this
  // directory's (matches()), under the file name of its own sector. Else
  // Status::Code::Invalid naming the first such foreign table, what its header says
  // and what the MANIFEST says: a writer (solve, pack) refuses the directory, whatever
  // the MANIFEST says, so that no valid table is ever written over. A damaged header is
  // damage, not a foreign table, and a solve writes it again. With need_distances (a
  // solve), a table without distances (Encoding::WDL_ONLY) is refused too.
  Status check_tables_belong(bool need_distances = false) const;

 private:
  const Variant* variant_;
  std::string path_;
  Metric metric_;
};

}  // namespace millbase
