// Small text files of the CLI (game records, start positions) and typed lines: files read
// whole with a size limit, written atomically so that a failure never leaves half a file.
#pragma once

#include <string>

#include "core/status.h"

namespace millbase::cli {

// The largest text file read (a record of thousands of plies is far smaller).
constexpr size_t MAX_TEXT_FILE = size_t(1) << 20;

// Returns the contents of path ("-": standard input), or an error naming the path:
// missing (NotFound), unreadable, not a regular file, or larger than MAX_TEXT_FILE.
Result<std::string> read_text_file(const std::string& path);

// Writes text to path through a temporary file in the same directory, synced and
// renamed over path; on error path is untouched and the temporary file removed.
Status write_text_file(const std::string& path, const std::string& text);

// Returns a line without surrounding blanks or a Windows line ending.
std::string trimmed(std::string line);

}  // namespace millbase::cli
