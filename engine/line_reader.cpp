#include "engine/line_reader.h"

#include <charconv>
#include <cstdio>
#include <istream>
#include <sstream>

#include "core/notation.h"

namespace millbase::engine {

namespace {

// The longest command line read; longer ones are answered with an error.
constexpr size_t MAX_LINE = size_t(1) << 20;

// Reads a line of `from` into line without its '\n', keeping at most MAX_LINE + 1 bytes
// of it (a longer line is read to its end and cut); returns false at the end of input.
bool read_line(std::istream& from, std::string& line) {
  line.clear();
  std::streambuf* in = from.rdbuf();
  int c;
  bool any = false;
  while ((c = in->sbumpc()) != std::char_traits<char>::eof()) {
    any = true;
    if (c == '\n') return true;
    if (line.size() <= MAX_LINE) line += char(c);
  }
  return any;
}

}  // namespace

void read_commands(std::istream& from, const CommandRunner& run,
                   const std::function<void(const Status&)>& on_error,
                   const std::function<void(const Status&)>& on_skipped) {
  for (std::string line; read_line(from, line);) {
    if (line.size() > MAX_LINE) {
      const Status st = Status::error("a line of more than " + std::to_string(MAX_LINE) + " bytes");
      (on_skipped ? on_skipped : on_error)(st);
      std::fflush(stdout);
      continue;
    }
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    if (words.empty()) continue;
    const std::string cmd = ascii_lower(words[0]);
    if (cmd == "quit") break;
    words.erase(words.begin());
    if (Status st = run(cmd, words); !st) on_error(st);
    std::fflush(stdout);
  }
}

std::pair<std::string, std::string> parse_setoption(const std::vector<std::string>& words) {
  std::string name, value;
  std::string* into = nullptr;
  for (const std::string& w : words) {
    const std::string lower = ascii_lower(w);
    if (lower == "name" && !into)
      into = &name;
    else if (lower == "value" && into == &name)
      into = &value;
    else if (into)
      *into += (into->empty() || into == &name ? "" : " ") + w;
  }
  return {ascii_lower(name), value};
}

std::vector<std::string> split_moves(std::vector<std::string>& words) {
  for (size_t i = 0; i < words.size(); ++i)
    if (ascii_lower(words[i]) == "moves") {
      std::vector<std::string> moves(words.begin() + i + 1, words.end());
      words.resize(i);
      return moves;
    }
  return {};
}

Result<long> parse_spin(std::string_view name, std::string_view value, long min, long max) {
  long n = 0;
  const char* end = value.data() + value.size();
  auto [at, ec] = std::from_chars(value.data(), end, n);
  if (value.empty() || ec != std::errc() || at != end || n < min || n > max)
    return Status::error("option " + quote_token(name) + " takes a number " + std::to_string(min) +
                         ".." + std::to_string(max) + ", not " + quote_token(value));
  return n;
}

Result<bool> parse_check(std::string_view name, std::string_view value) {
  const std::string lower = ascii_lower(value);
  if (lower != "true" && lower != "false")
    return Status::error("option " + quote_token(name) + " takes true or false, not " +
                         quote_token(value));
  return lower == "true";
}

}  // namespace millbase::engine
