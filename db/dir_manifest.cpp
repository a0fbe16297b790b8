#include "db/dir_manifest.h"

#include "core/notation.h"
#include "db/dir_lock.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

namespace millbase {

namespace {

constexpr const char* FIRST_LINE = "millbase table directory";
constexpr size_t MAX_MANIFEST_BYTES = 1 << 16;

std::string manifest_path(const std::string& dir) { return dir + "/MANIFEST"; }

// Returns the manifest's text.
std::string encode(const DirManifest& m) {
  std::string text = std::string(FIRST_LINE) + "\nvariant: " + m.variant + "\nmetric: " + m.metric +
                     "\nformat: " + std::to_string(m.format) + "\nsolved:";
  if (m.all) text += " all";
  for (const Sector& s : m.targets) text += " " + sector_name(s);
  return text + "\n";
}

}  // namespace

Result<std::optional<DirManifest>> read_manifest(const std::string& dir) {
  const std::string path = manifest_path(dir);
  if (::access(path.c_str(), F_OK) != 0) return std::optional<DirManifest>();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return Status::error(path + ": " + std::strerror(errno));
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Status::error(path + ": not a regular file");
  }
  std::string text(MAX_MANIFEST_BYTES + 1, '\0');
  ssize_t n = ::read(fd, text.data(), text.size());
  ::close(fd);
  if (n < 0) return Status::error(path + ": " + std::strerror(errno));
  text.resize(size_t(n));
  auto corrupt = [&](const std::string& what) {
    return Status::error(path + ": corrupt manifest: " + what);
  };
  if (text.size() > MAX_MANIFEST_BYTES) return corrupt("larger than 64 KiB");
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line) || line != FIRST_LINE) return corrupt("bad first line");
  DirManifest m;
  constexpr const char* KEYS[] = {"variant", "metric", "format", "solved"};
  bool seen[4] = {false, false, false, false};
  while (std::getline(in, line)) {
    const size_t colon = line.find(':');
    if (colon == std::string::npos) return corrupt("a line without ':'");
    const std::string key = line.substr(0, colon);
    std::istringstream words(line.substr(colon + 1));
    std::vector<std::string> values;
    for (std::string w; words >> w;) values.push_back(w);
    const auto known = std::find(std::begin(KEYS), std::end(KEYS), key);
    if (known == std::end(KEYS)) continue;  // other keys: added by later versions, ignored
    bool& seen_key = seen[known - std::begin(KEYS)];
    if (seen_key) return corrupt("a second '" + key + "' line");
    seen_key = true;
    if (key == "solved") {
      for (const std::string& w : values) {
        if (w == "all") {
          m.all = true;
          continue;
        }
        Result<Sector> s = parse_sector(w);
        if (!s) return corrupt(s.message());
        m.targets.push_back(*s);
      }
      continue;
    }
    if (values.size() != 1)
      return corrupt("'" + key + ":' takes one word, not " +
                     (values.empty() ? std::string("none") : quote_token(line.substr(colon + 1))));
    const std::string& value = values[0];
    if (key == "variant") {
      // A variant's name is letters, digits, '-', '_' and '.'; other bytes are damage.
      if (value.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                  "0123456789-_.") != std::string::npos)
        return corrupt("variant " + quote_token(value) + " is not a variant's name");
      m.variant = value;
    } else if (key == "metric") {
      // The older word for plain tables reads as today's; "none" is an option's word.
      const std::optional<Metric> metric = metric_from_name(value);
      if (!metric || value == "none") return corrupt("unknown metric " + quote_token(value));
      m.metric = metric_name(*metric);
    } else {  // format
      const bool digits =
          value.size() <= 5 && value.find_first_not_of("0123456789") == std::string::npos;
      if (!digits || std::stoul(value) > 0xFFFF)
        return corrupt("format " + quote_token(value) + " is not a format number (0..65535)");
      m.format = uint16_t(std::stoul(value));
      if (m.format != FORMAT_VERSION)
        return Status::error(path + ": tables of format " + value + ", this build reads format " +
                             std::to_string(FORMAT_VERSION));
    }
  }
  for (size_t k = 0; k < 4; ++k)
    if (!seen[k]) return corrupt(std::string("no '") + KEYS[k] + ":' line");
  return std::optional<DirManifest>(m);
}

Status write_manifest(const std::string& dir, const DirManifest& m) {
  const std::string path = manifest_path(dir);
  const std::string tmp = path + temp_suffix();
  const std::string text = encode(m);
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Status::error("cannot create " + tmp + ": " + std::strerror(errno));
  const bool ok = ::write(fd, text.data(), text.size()) == ssize_t(text.size()) && ::fsync(fd) == 0;
  const std::string error = ok ? "" : std::strerror(errno ? errno : EIO);
  if (ok) check_write_guard();
  if (::close(fd) != 0 || !ok || ::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = error.empty() ? std::strerror(errno) : error;
    ::unlink(tmp.c_str());
    return Status::error("cannot write " + path + ": " + why);
  }
  return Status::ok();
}

Status unknown_variant_manifest(const std::string& dir, const std::string& name) {
  return Status::error(manifest_path(dir) + ": corrupt manifest: names the unknown variant " +
                       quote_token(name));
}

}  // namespace millbase
