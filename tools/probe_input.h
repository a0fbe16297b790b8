// The positions that probe and analyze read (cmd_probe.cpp): the arguments or the lines
// of stdin, each with an optional trailing 50-ply counter, and a hint for a position
// typed without its in-hand counts.
#pragma once

#include <string>
#include <vector>

#include "core/position.h"
#include "core/status.h"
#include "core/variant.h"

namespace millbase::cli {

// A position to probe and where it came from: "" for an argument, "line N" of stdin.
struct PositionText {
  std::string text, where;
};

// Returns the positions: the arguments, and one per line on stdin for "-" (blank lines
// skipped, trailing blanks and a Windows line ending dropped).
std::vector<PositionText> read_positions(const std::vector<std::string>& args);

// Returns a hint for a position that is over, typed without in-hand counts (they
// default to 0), with fewer stones on the board than the variant has: perhaps a
// placement position whose counts were left out; empty otherwise.
std::string missing_counts_hint(const Variant& v, const Position& p, const std::string& text);

// Splits a trailing "counter N" (the 50-ply counter of that position) off text; returns
// the counter, `otherwise` when there is none, or an error for a malformed one.
Result<int> take_counter(std::string& text, int otherwise);

}  // namespace millbase::cli
