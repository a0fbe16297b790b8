#include "db/table_dir.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace millbase {

std::string table_file_name(const Sector& s) { return sector_name(s) + ".mbt"; }

std::string table_path(const std::string& dir, const Sector& s) {
  return dir + "/" + table_file_name(s);
}

Status missing_table(const Variant& v, const std::string& dir, const Sector& s) {
  return Status::not_found("missing table " + table_path(dir, s) + " (sector " + sector_name(s) +
                               " of " + std::string(v.name) + ")",
                           sector_name(s));
}

Result<std::vector<std::string>> table_file_paths(const std::string& dir) {
  std::vector<std::string> paths;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.path().extension() == ".mbt") paths.push_back(e.path().string());
  if (ec) return Status::error("cannot read directory " + dir + ": " + ec.message());
  std::sort(paths.begin(), paths.end());
  return paths;
}

std::string temp_suffix() {
  char buf[256] = {};
  std::string host;
  if (::gethostname(buf, sizeof buf - 1) == 0)
    for (const char* c = buf; *c; ++c)
      if (std::isalnum(static_cast<unsigned char>(*c)) || *c == '.' || *c == '_' || *c == '-')
        host += *c;
  return ".tmp." + (host.empty() ? std::string("host") : host) + "." + std::to_string(::getpid());
}

std::vector<std::string> leftover_files(const std::string& dir) {
  std::vector<std::string> found;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (const std::string name = e.path().filename().string();
        name.find(".mbt.tmp.") != std::string::npos || name.rfind("MANIFEST.tmp.", 0) == 0)
      found.push_back(e.path().string());
  std::sort(found.begin(), found.end());
  return found;
}

int remove_leftovers(const std::string& dir) {
  int removed = 0;
  for (const std::string& path : leftover_files(dir)) removed += ::unlink(path.c_str()) == 0;
  return removed;
}

}  // namespace millbase
