// The page's files (web/), embedded in the binary at build time by
// cmake/embed_files.cmake, so that `millbase serve` needs nothing beside itself.
#pragma once

#include <string_view>
#include <vector>

namespace millbase::server {

struct WebAsset {
  std::string_view path;   // "/index.html", "/app.js", ...
  std::string_view bytes;  // the file's contents
};

// Returns every embedded file.
const std::vector<WebAsset>& web_assets();

}  // namespace millbase::server
