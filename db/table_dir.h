// A table directory: where each sector's table lives, and the lock that lets one
// process at a time write there (like LevelDB's LOCK file).
#pragma once

#include <string>
#include <vector>

#include "db/sector.h"

namespace millbase {

// Returns the file name of a sector's table, e.g. "8-7.mbt".
std::string table_file_name(const Sector& s);

// Returns dir/<sector>.mbt, the path of sector s's table in a table directory.
std::string table_path(const std::string& dir, const Sector& s);

// Returns the NotFound status for sector s's missing table in dir, naming the file,
// the sector and the variant; its subject() is the sector's name.
Status missing_table(const Variant& v, const std::string& dir, const Sector& s);

// Returns the paths of the table files (`*.mbt`) in dir, sorted; an error naming dir
// when it cannot be read.
Result<std::vector<std::string>> table_file_paths(const std::string& dir);

// Returns ".tmp.<host>.<pid>": a file is written to its name with this suffix, then
// renamed. Writers on several hosts sharing a directory (solve --mpi) never share a
// temporary name; the host is this machine's name with characters outside
// [A-Za-z0-9._-] dropped.
std::string temp_suffix();

// Returns the temporary files that writers killed before their rename left in dir
// (`<table>.mbt.tmp.…`, `MANIFEST.tmp.…`), as paths, sorted. Only a process
// holding the directory's lock may remove them (remove_leftovers, db/dir_lock.h).
std::vector<std::string> leftover_files(const std::string& dir);

// Removes leftover_files(dir); call with the directory's lock held. Returns how many.
int remove_leftovers(const std::string& dir);

}  // namespace millbase
