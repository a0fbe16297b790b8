#include "db/block_codec.h"

#include <algorithm>

#include "db/bytes.h"

namespace millbase {

namespace {

// Per WDL byte (4 entries): wins, losses, whether it holds the invalid class 3, and
// for each entry its class and its rank among the byte's entries of that class.
struct WdlByteTable {
  uint8_t wins[256], losses[256], invalid[256];
  uint8_t cls[256][4], rank[256][4];
  constexpr WdlByteTable() : wins(), losses(), invalid(), cls(), rank() {
    for (int b = 0; b < 256; ++b)
      for (int k = 0; k < 4; ++k) {
        int c = (b >> (2 * k)) & 3;
        cls[b][k] = uint8_t(c);
        rank[b][k] = c == 1 ? wins[b] : c == 2 ? losses[b] : 0;
        wins[b] += c == 1, losses[b] += c == 2, invalid[b] |= c == 3;
      }
  }
};
constexpr WdlByteTable WDL_BYTES;
static_assert(WDL_BYTES.wins[0b01010101] == 4 && WDL_BYTES.losses[0b10011000] == 2 &&
              WDL_BYTES.invalid[0b11000000] && WDL_BYTES.rank[0b01000101][3] == 2);

// Returns the half distance stored at p, `Width` bytes little-endian.
template <int Width>
unsigned half_at(const uint8_t* p) {
  return Width == 1 ? p[0] : unsigned(p[0] | p[1] << 8);
}

// Decodes count entries, four per WDL byte: each entry finds its half distance from
// the byte's running offsets in the win and loss streams, so the entries of a byte do
// not wait on one another. The streams must be readable 8 bytes past their ends.
// Returns the largest code.
template <int Width>
unsigned decode_entries(const uint8_t* wdl, size_t count, const uint8_t* w, const uint8_t* l,
                        ValueCode* out) {
  unsigned largest = 0;
  for (size_t j = 0; j < (count + 3) / 4; ++j) {
    const uint8_t b = wdl[j];
    const size_t n = std::min<size_t>(4, count - 4 * j);
    for (size_t k = 0; k < n; ++k) {
      // code = 2h + 2 for a win (d = 2h + 1), 2h + 1 for a loss (d = 2h), 0 for a draw;
      // without branches, which random classes would mispredict.
      const unsigned c = WDL_BYTES.cls[b][k], r = WDL_BYTES.rank[b][k];
      const unsigned wh = half_at<Width>(w + Width * r), lh = half_at<Width>(l + Width * r);
      const unsigned code = (c == 1) * (2 * wh + 2) + (c == 2) * (2 * lh + 1);
      largest = std::max(largest, code);
      out[4 * j + k] = ValueCode(code);
    }
    w += Width * WDL_BYTES.wins[b];
    l += Width * WDL_BYTES.losses[b];
  }
  return largest;
}

// Checks the WDL plane of a block of count entries and counts its wins and losses.
Status check_wdl_plane(std::span<const uint8_t> wdl, size_t count, size_t& wins, size_t& losses) {
  if (wdl.size() != (count + 3) / 4) return Status::error("WDL plane has the wrong size");
  wins = losses = 0;
  for (uint8_t b : wdl) {
    if (WDL_BYTES.invalid[b]) return Status::error("invalid WDL class 3");
    wins += WDL_BYTES.wins[b], losses += WDL_BYTES.losses[b];
  }
  if (count % 4) {  // classes past the end of the block must be draws
    const uint8_t tail = wdl.back() >> (2 * (count % 4));
    if (tail) return Status::error("WDL plane has entries past the block");
  }
  return Status::ok();
}

}  // namespace

// Block encoding (docs/format.md): a WDL plane of 2 bits per entry (0 draw, 1 win,
// 2 loss), then for each win or loss in order its half distance (d / 2), one byte each
// when all are below 256, else two.
void encode_block(std::span<const ValueCode> values, std::vector<uint8_t>& wdl,
                  std::vector<uint8_t>& dtm) {
  wdl.assign((values.size() + 3) / 4, 0);
  int max_half = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    ValueCode v = values[i];
    if (is_draw(v)) continue;
    wdl[i / 4] |= uint8_t((is_win(v) ? 1 : 2) << (2 * (i % 4)));
    max_half = std::max(max_half, distance(v) / 2);
  }
  const int width = max_half < 256 ? 1 : 2;
  dtm.assign(1, uint8_t(width));
  for (ValueCode v : values)
    if (is_win(v)) put_le(dtm, uint64_t(distance(v) / 2), width);
  for (ValueCode v : values)
    if (is_loss(v)) put_le(dtm, uint64_t(distance(v) / 2), width);
}

Status decode_block(std::span<const uint8_t> wdl, std::vector<uint8_t>& dtm, size_t count,
                    ValueCode* out) {
  size_t wins, losses;
  if (Status s = check_wdl_plane(wdl, count, wins, losses); !s) return s;
  if (dtm.empty() || (dtm[0] != 1 && dtm[0] != 2)) return Status::error("bad distance width");
  const size_t width = dtm[0];
  if (dtm.size() != 1 + (wins + losses) * width)
    return Status::error("distance plane has the wrong size");
  dtm.resize(dtm.size() + 8, 0);  // entries read both streams, past their ends
  const uint8_t* w = dtm.data() + 1;
  const uint8_t* l = w + wins * width;
  const unsigned largest = width == 1 ? decode_entries<1>(wdl.data(), count, w, l, out)
                                      : decode_entries<2>(wdl.data(), count, w, l, out);
  if (largest > unsigned(MAX_DISTANCE) + 1) return Status::error("distance out of range");
  return Status::ok();
}

Status decode_wdl_only_block(std::span<const uint8_t> wdl, size_t count, ValueCode* out) {
  std::vector<Wdl> classes;
  if (Status s = decode_wdl_plane(wdl, count, classes); !s) return s;
  for (size_t i = 0; i < count; ++i) out[i] = code_without_distance(classes[i]);
  return Status::ok();
}

Status decode_wdl_plane(std::span<const uint8_t> wdl, size_t count, std::vector<Wdl>& out) {
  size_t wins, losses;
  if (Status s = check_wdl_plane(wdl, count, wins, losses); !s) return s;
  out.resize(4 * wdl.size());
  for (size_t j = 0; j < wdl.size(); ++j)
    for (int k = 0; k < 4; ++k) out[4 * j + k] = Wdl(WDL_BYTES.cls[wdl[j]][k]);
  out.resize(count);
  return Status::ok();
}

}  // namespace millbase
