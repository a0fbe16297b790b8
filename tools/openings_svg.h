// The openings as a picture (`millbase openings --svg`): boards side by side, each empty
// point coloured by the value of placing there, for the side that places, in the
// colours of the analysis page (web/), its distance written in it.
#pragma once

#include <string>
#include <vector>

#include "core/geometry.h"
#include "db/table_header.h"
#include "db/value.h"

namespace millbase::cli {

// The value of a placement at point, for the side that places, in the tables' metric.
struct PointValue {
  Point point;
  ValueCode value;
};

// One board of the picture: its caption, the stones on it and the placements' values.
struct OpeningBoard {
  std::string caption;  // "White places first: win in 49"
  Bitboard white = 0, black = 0;
  std::vector<PointValue> values;
};

// Returns an SVG document: `heading`, the boards three to a row, and a key to the colours.
std::string openings_svg(const Board& board, Metric metric, const std::string& heading,
                         const std::vector<OpeningBoard>& boards);

}  // namespace millbase::cli
