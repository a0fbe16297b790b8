// The offline page's tables read on demand (issue #66): tables under a directory of the
// module's file system are opened as sources whose bytes come by HTTP range requests
// from the folder the page is served from (web/offline/table_fetch.js: the page's own
// origin, cached in the browser's Cache Storage). The directory itself holds only the
// variant's MANIFEST (embedded by tools/build_offline.sh), so everything above db/ reads
// it as any table directory.
#pragma once

#include <string>

#include "db/block_source.h"

namespace millbase::web {

// Returns a source for the table `path` whose bytes are those of `url` (relative to the
// page); NotFound when the host does not serve it (404).
Result<SourcePtr> open_range_source(const std::string& path, const std::string& url);

// Makes every table under `dir` of the module's file system be read from `url`/<its
// name> by range requests (files elsewhere are read as files).
void serve_tables_by_range(const std::string& dir, const std::string& url);

}  // namespace millbase::web
