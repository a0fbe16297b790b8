// How both engine dialects read their input: lines split into a command and its words,
// and the pieces of a line that more than one reader parses (setoption's name and value,
// an option's number or true/false, a move list).
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.h"

namespace millbase::engine {

// Runs one command (lower case) with the words after it; an error goes to on_error.
using CommandRunner =
    std::function<Status(const std::string& cmd, std::vector<std::string>& words)>;

// Writes one answer: a line, or several joined by '\n', without the final newline.
using Output = std::function<void(const std::string& text)>;

// Reads commands from `from` until "quit" or the end of input: each line split into its
// words at any blanks (a Windows line ending among them), the command lower case, blank
// lines skipped; a failed command's Status goes to on_error. A line over 1 MiB is
// refused whole: its Status goes to on_skipped when set, else to on_error. Flushes
// stdout after each.
void read_commands(std::istream& from, const CommandRunner& run,
                   const std::function<void(const Status&)>& on_error,
                   const std::function<void(const Status&)>& on_skipped = {});

// Returns the name (lower case) and the value of "setoption name <id> [value <x>]" from
// the words after setoption: each may be several words, joined by single blanks.
std::pair<std::string, std::string> parse_setoption(const std::vector<std::string>& words);

// Returns the words after the word "moves" (none without it); words keeps those before.
std::vector<std::string> split_moves(std::vector<std::string>& words);

// Returns the value of a spin option `name`: a decimal number min..max, or an error
// naming the option and the value.
Result<long> parse_spin(std::string_view name, std::string_view value, long min, long max);

// Returns the value of a check option `name`: "true" or "false" in any case, or an error
// naming the option and the value.
Result<bool> parse_check(std::string_view name, std::string_view value);

}  // namespace millbase::engine
