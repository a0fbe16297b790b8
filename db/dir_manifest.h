// A table directory's manifest (dir/MANIFEST, docs/format.md "Directory manifest"):
// the variant, metric and format version its tables belong to, and what was solved
// into it, so that directories cannot be mixed up and missing tables are noticed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "db/table_header.h"

namespace millbase {

struct DirManifest {
  std::string variant;           // a preset's name, e.g. "six"
  std::string metric = "plain";  // metric_name(): "plain" or "fifty" (the 50-ply rule)
  uint16_t format = FORMAT_VERSION;
  bool all = false;             // every sector of the variant was asked for
  std::vector<Sector> targets;  // else: the sectors asked for (with what they need)
};

// Returns the manifest of dir, or nullopt when dir has none. Errors: unreadable, or
// malformed (hostile bytes), naming the file.
Result<std::optional<DirManifest>> read_manifest(const std::string& dir);

// Writes dir/MANIFEST atomically (a temporary file, fsync, rename).
Status write_manifest(const std::string& dir, const DirManifest& m);

// Returns the error of a manifest in dir naming `name`, a variant this build does not
// know: damage (or a later version's variant), not a directory of another variant.
Status unknown_variant_manifest(const std::string& dir, const std::string& name);

}  // namespace millbase
