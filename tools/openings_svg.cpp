#include "tools/openings_svg.h"

#include <algorithm>

#include "db/shown_value.h"

namespace millbase::cli {

namespace {

constexpr int STEP = 40;     // pixels between neighbouring columns and rows
constexpr int MARGIN = 24;   // around a board's outer points
constexpr int CAPTION = 26;  // the caption's band above a board
constexpr int PER_ROW = 3;   // boards in a row
constexpr int HEADING = 40;  // the heading's band at the top
constexpr int KEY = 66;      // the key's band at the bottom: two lines
constexpr int RADIUS = 14;   // a point's disc
constexpr const char* LINE = "#7a5a2f";
constexpr const char* WOOD = "#e9c893";

// The colours of the analysis page (web/), by result for the side that places.
const char* colour(Wdl w) {
  return w == Wdl::Win ? "#1a7f37" : w == Wdl::Loss ? "#cf222e" : "#8250df";
}

// Returns the result's word: "win", "draw" or "loss".
const char* result_word(Wdl w) { return w == Wdl::Win ? "win" : w == Wdl::Loss ? "loss" : "draw"; }

// Returns text with the characters XML gives a meaning escaped.
std::string xml(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

// Returns the number a disc shows: the distance of the engine protocol's words ("win 13":
// "13"; under the 50-ply rule the plies to the first mill of the movement phase or the
// end), or "".
std::string disc_label(ValueCode v, Metric metric) {
  const std::string terse = ShownValue{v, metric, 0, true}.terse();
  const size_t blank = terse.find(' ');
  if (blank == std::string::npos) return "";
  const std::string n = terse.substr(blank + 1);
  return !n.empty() && std::all_of(n.begin(), n.end(), [](char c) { return c >= '0' && c <= '9'; })
             ? n
             : "";
}

// The columns and rows a board's points span.
struct Span {
  int col0 = 99, col1 = -1, row0 = 99, row1 = -1;
  int width() const { return 2 * MARGIN + (col1 - col0) * STEP; }
  int height() const { return CAPTION + 2 * MARGIN + (row1 - row0) * STEP; }
};

Span span_of(const Board& b) {
  Span s;
  for (int p = 0; p < b.num_points; ++p) {
    s.col0 = std::min<int>(s.col0, b.coord[p].col), s.col1 = std::max<int>(s.col1, b.coord[p].col);
    s.row0 = std::min<int>(s.row0, b.coord[p].row), s.row1 = std::max<int>(s.row1, b.coord[p].row);
  }
  return s;
}

// Appends one board with its top left corner at (x, y).
void draw_board(std::string& out, const Board& b, const Span& s, Metric metric,
                const OpeningBoard& ob, int x, int y) {
  auto px = [&](Point p) { return x + MARGIN + (b.coord[p].col - s.col0) * STEP; };
  auto py = [&](Point p) { return y + CAPTION + MARGIN + (s.row1 - b.coord[p].row) * STEP; };
  const int w = s.width(), h = s.height() - CAPTION;
  out += "<g class=\"board\">\n<text x=\"" + std::to_string(x + w / 2) + "\" y=\"" +
         std::to_string(y + 17) + "\" text-anchor=\"middle\" font-size=\"14\">" + xml(ob.caption) +
         "</text>\n";
  out += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y + CAPTION) +
         "\" width=\"" + std::to_string(w) + "\" height=\"" + std::to_string(h) +
         "\" rx=\"6\" fill=\"" + WOOD + "\"/>\n";
  for (int p = 0; p < b.num_points; ++p)
    for (int q = p + 1; q < b.num_points; ++q)
      if (b.adjacent[p] & bit(Point(q)))
        out += "<line x1=\"" + std::to_string(px(Point(p))) + "\" y1=\"" +
               std::to_string(py(Point(p))) + "\" x2=\"" + std::to_string(px(Point(q))) +
               "\" y2=\"" + std::to_string(py(Point(q))) + "\" stroke=\"" + LINE +
               "\" stroke-width=\"2\"/>\n";
  for (int p = 0; p < b.num_points; ++p) {
    const Point q = Point(p);
    const std::string at =
        "cx=\"" + std::to_string(px(q)) + "\" cy=\"" + std::to_string(py(q)) + "\" r=\"";
    if (ob.white & bit(q))
      out += "<circle " + at + std::to_string(RADIUS) + "\" fill=\"#fafafa\" stroke=\"#222\"/>\n";
    else if (ob.black & bit(q))
      out += "<circle " + at + std::to_string(RADIUS) + "\" fill=\"#222\"/>\n";
    else
      out += "<circle " + at + "4\" fill=\"" + LINE + "\"/>\n";
  }
  for (const PointValue& v : ob.values) {
    const Wdl w = ShownValue{v.value, metric, 0, true}.wdl();
    out += "<circle cx=\"" + std::to_string(px(v.point)) + "\" cy=\"" +
           std::to_string(py(v.point)) + "\" r=\"" + std::to_string(RADIUS) + "\" fill=\"" +
           colour(w) + "\" class=\"" + result_word(w) + "\" data-point=\"" +
           std::string(point_name(b, v.point)) + "\" data-value=\"" +
           xml(ShownValue{v.value, metric, 0, true}.brief()) + "\"/>\n";
    const std::string label = disc_label(v.value, metric);
    if (!label.empty())
      out += "<text x=\"" + std::to_string(px(v.point)) + "\" y=\"" +
             std::to_string(py(v.point) + 4) +
             "\" text-anchor=\"middle\" font-size=\"11\" fill=\"#fff\">" + label + "</text>\n";
  }
  out += "</g>\n";
}

}  // namespace

std::string openings_svg(const Board& board, Metric metric, const std::string& heading,
                         const std::vector<OpeningBoard>& boards) {
  const Span s = span_of(board);
  const int columns = std::min<int>(PER_ROW, std::max<int>(1, int(boards.size())));
  const int rows = (int(boards.size()) + PER_ROW - 1) / PER_ROW;
  const int cell_w = s.width() + MARGIN, cell_h = s.height() + MARGIN;
  const int width = MARGIN + columns * cell_w, height = HEADING + rows * cell_h + KEY;
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) +
                    "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " +
                    std::to_string(width) + " " + std::to_string(height) +
                    "\" font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" "
                    "fill=\"#fff\"/>\n<text x=\"" +
                    std::to_string(MARGIN) + "\" y=\"26\" font-size=\"17\" font-weight=\"bold\">" +
                    xml(heading) + "</text>\n";
  for (size_t i = 0; i < boards.size(); ++i)
    draw_board(out, board, s, metric, boards[i], MARGIN + int(i % PER_ROW) * cell_w,
               HEADING + int(i / PER_ROW) * cell_h);
  // The key: the three colours, and what the number counts.
  const int ky = height - KEY + 22;
  int kx = MARGIN;
  for (Wdl w : {Wdl::Win, Wdl::Draw, Wdl::Loss}) {
    out += "<circle cx=\"" + std::to_string(kx + 8) + "\" cy=\"" + std::to_string(ky - 4) +
           "\" r=\"8\" fill=\"" + colour(w) + "\"/><text x=\"" + std::to_string(kx + 22) +
           "\" y=\"" + std::to_string(ky) + "\" font-size=\"13\">" + result_word(w) + "</text>\n";
    kx += 70;
  }
  out += "<text x=\"" + std::to_string(kx) + "\" y=\"" + std::to_string(ky) +
         "\" font-size=\"13\">for the side that places there</text>\n<text x=\"" +
         std::to_string(MARGIN) + "\" y=\"" + std::to_string(ky + 22) +
         "\" font-size=\"13\">the number in a point: " +
         (metric == Metric::FIFTY
              ? "plies to the first mill of the movement phase, or the end (50-ply rule)"
              : "plies to the end of the game") +
         "</text>\n</svg>\n";
  return out;
}

}  // namespace millbase::cli
