#include "web/api/table_cache.h"

#include <sys/stat.h>

namespace millbase::web {

namespace {

// Returns "device:inode:size:seconds.nanoseconds" of path's modification, "-" when absent.
std::string file_identity(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "-";
  return std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino) + ":" +
         std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec);
}

}  // namespace

std::string dir_identity(const std::string& dir) {
  const std::string self = file_identity(dir);
  return self == "-" ? "" : self + " " + file_identity(dir + "/MANIFEST");
}

Result<std::shared_ptr<const Tablebase>> TableCache::get(const Variant& v, const std::string& dir) {
  const std::string identity = dir_identity(dir);
  const std::pair<std::string, std::string> key{std::string(v.name), dir};
  std::lock_guard lock(mutex_);
  if (auto it = open_.find(key); it != open_.end()) {
    if (it->second.identity == identity) return it->second.tables;
    open_.erase(it);
  }
  Result<std::shared_ptr<const Tablebase>> tb = Tablebase::open(v, dir);
  if (tb && !identity.empty()) open_[key] = Entry{identity, *tb};
  return tb;
}

void TableCache::forget(const Variant& v, const std::string& dir) {
  std::lock_guard lock(mutex_);
  open_.erase({std::string(v.name), dir});
}

}  // namespace millbase::web
