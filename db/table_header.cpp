#include "db/table_header.h"

#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "db/bytes.h"

namespace millbase {

namespace {

constexpr char MAGIC[8] = {'M', 'I', 'L', 'L', 'B', 'A', 'S', 'E'};

// Adds the plain values of one chunk to s without a branch per value, whose class is
// unpredictable: a win is an even nonzero code, a loss an odd one, and the plies of a
// code without a stored distance count as 0 (db/value.h).
void add_plain_stats(std::span<const ValueCode> values, TableStats& s) {
  uint64_t wins = 0, losses = 0;
  uint32_t longest_win = 0, longest_loss = 0;
  for (const ValueCode v : values) {
    const uint32_t loss = v & 1u, win = uint32_t(v != DRAW) & ~loss & 1u;
    const uint32_t plies = v < LOSS_NOT_STORED ? uint32_t(v) - 1 : 0;  // any when a draw
    wins += win, losses += loss;
    longest_win = std::max(longest_win, plies & (0u - win));
    longest_loss = std::max(longest_loss, plies & (0u - loss));
  }
  s.wins += wins, s.losses += losses, s.draws += values.size() - wins - losses;
  s.longest_win = std::max(s.longest_win, longest_win);
  s.longest_loss = std::max(s.longest_loss, longest_loss);
}

}  // namespace

const char* metric_name(Metric m) { return m == Metric::FIFTY ? "fifty" : "plain"; }

std::optional<Metric> metric_from_name(std::string_view word) {
  if (word == "plain" || word == "dtm" || word == "none") return Metric::PLAIN;
  if (word == "fifty") return Metric::FIFTY;
  return std::nullopt;
}

TableStats compute_stats(std::span<const ValueCode> values, Metric metric) {
  // In parallel over chunks, merged in chunk order: sums and maxima, the same for any
  // number of threads.
  constexpr size_t CHUNK = size_t(1) << 20;
  const int64_t chunks = int64_t((values.size() + CHUNK - 1) / CHUNK);
  std::vector<TableStats> parts(size_t(std::max<int64_t>(chunks, 1)));
  const bool fifty = metric == Metric::FIFTY;
#pragma omp parallel for schedule(dynamic, 1) if (chunks > 1)
  for (int64_t c = 0; c < chunks; ++c) {
    TableStats& s = parts[size_t(c)];
    const auto chunk =
        values.subspan(size_t(c) * CHUNK, std::min(CHUNK, values.size() - size_t(c) * CHUNK));
    if (!fifty) {
      add_plain_stats(chunk, s);
      continue;
    }
    for (ValueCode v : chunk) {
      v = fifty_at(v, 0);
      const uint32_t plies = is_draw(v) || distance_unknown(v) ? 0 : fifty_z(v);
      if (is_draw(v)) {
        ++s.draws;
      } else if (is_win(v)) {
        ++s.wins;
        s.longest_win = std::max(s.longest_win, plies);
      } else {
        ++s.losses;
        s.longest_loss = std::max(s.longest_loss, plies);
      }
    }
  }
  TableStats total;
  for (const TableStats& s : parts) {
    total.wins += s.wins, total.losses += s.losses, total.draws += s.draws;
    total.longest_win = std::max(total.longest_win, s.longest_win);
    total.longest_loss = std::max(total.longest_loss, s.longest_loss);
  }
  return total;
}

BoardId board_id(const Variant& v) {
  return v.board == &BOARD_24D       ? BoardId::B24D
         : v.board->num_points == 24 ? BoardId::B24
                                     : BoardId::B16;
}

bool header_matches(const TableHeader& h, const Variant& v) {
  return h.board == board_id(v) && h.stones == v.stones && h.flying == v.flying &&
         h.full_board_draw == v.full_board_draw &&
         h.hand_counts_for_three == v.hand_counts_for_three &&
         h.move_in_placement == v.move_in_placement;
}

std::string header_rules_text(const TableHeader& h) {
  return std::to_string(h.stones) + " stones, " + (h.flying ? "flying" : "no flying") +
         (h.full_board_draw ? ", full board drawn" : "") +
         (h.hand_counts_for_three ? ", stones in hand count toward three" : "") +
         (h.move_in_placement ? ", moves while in hand" : "");
}

const Variant* header_variant(const TableHeader& h) {
  for (const Variant* v : all_variants())
    if (header_matches(h, *v)) return v;
  return nullptr;
}

TableHeader make_header(const Variant& v, const Sector& s, uint64_t entries, Metric metric) {
  TableHeader h;
  h.metric = metric;
  h.board = board_id(v);
  h.stones = uint8_t(v.stones);
  h.flying = v.flying;
  h.full_board_draw = v.full_board_draw;
  h.hand_counts_for_three = v.hand_counts_for_three;
  h.move_in_placement = v.move_in_placement;
  h.sector = s;
  h.entries = entries;
  return h;
}

uint64_t table_checksum(const uint8_t* data, size_t size) { return XXH3_64bits(data, size); }

void encode_header(const TableHeader& h, std::vector<uint8_t>& out) {
  const size_t start = out.size();
  for (char c : MAGIC) out.push_back(uint8_t(c));
  put_u16(out, h.version);
  put_u8(out, uint8_t(h.metric));
  put_u8(out, uint8_t(h.encoding));
  put_u8(out, uint8_t(h.board));
  put_u8(out, h.stones);
  put_u8(out, uint8_t((h.flying ? 1 : 0) | (h.full_board_draw ? 2 : 0) |
                      (h.hand_counts_for_three ? 4 : 0) | (h.move_in_placement ? 8 : 0)));
  put_u8(out, uint8_t(h.compression));
  for (uint8_t x : {h.sector.us, h.sector.them, h.sector.us_hand, h.sector.them_hand})
    put_u8(out, x);
  put_u32(out, h.block_entries);
  put_u64(out, h.entries);
  put_u32(out, h.block_count);
  put_u32(out, uint32_t(h.zstd_level));
  put_u64(out, h.stats.wins);
  put_u64(out, h.stats.losses);
  put_u64(out, h.stats.draws);
  put_u32(out, h.stats.longest_win);
  put_u32(out, h.stats.longest_loss);
  put_u64(out, h.index_checksum);
  put_u64(out, h.data_size);
  put_u64(out, table_checksum(out.data() + start, HEADER_SIZE - 8));
}

Status decode_header(std::span<const uint8_t> bytes, TableHeader& h) {
  if (bytes.size() < HEADER_SIZE) return Status::error("truncated header");
  if (std::memcmp(bytes.data(), MAGIC, 8) != 0) return Status::error("not a millbase table");
  ByteReader r(bytes.data() + 8, HEADER_SIZE - 8);
  h.version = r.u16();
  if (h.version != FORMAT_VERSION)
    return Status::error("format version " + std::to_string(h.version) + ", this build reads " +
                         std::to_string(FORMAT_VERSION));
  if (table_checksum(bytes.data(), HEADER_SIZE - 8) !=
      ByteReader(bytes.data() + HEADER_SIZE - 8, 8).u64())
    return Status::error("header checksum mismatch");
  h.metric = Metric(r.u8());
  h.encoding = Encoding(r.u8());
  h.board = BoardId(r.u8());
  h.stones = r.u8();
  const uint8_t flags = r.u8();
  h.flying = flags & 1;
  h.full_board_draw = (flags >> 1) & 1;
  h.hand_counts_for_three = (flags >> 2) & 1;
  h.move_in_placement = (flags >> 3) & 1;
  h.compression = Compression(r.u8());
  h.sector = Sector{r.u8(), r.u8(), r.u8(), r.u8()};
  h.block_entries = r.u32();
  h.entries = r.u64();
  h.block_count = r.u32();
  h.zstd_level = int32_t(r.u32());
  h.stats.wins = r.u64();
  h.stats.losses = r.u64();
  h.stats.draws = r.u64();
  h.stats.longest_win = r.u32();
  h.stats.longest_loss = r.u32();
  h.index_checksum = r.u64();
  h.data_size = r.u64();
  if (flags & ~15) return Status::error("unknown flags");
  if (h.metric != Metric::PLAIN && h.metric != Metric::FIFTY)
    return Status::error("unknown metric");
  if (h.encoding != Encoding::WDL_HALF_DISTANCE && h.encoding != Encoding::DERIVED &&
      h.encoding != Encoding::WDL_ONLY)
    return Status::error("unknown value encoding");
  if (h.compression != Compression::ZSTD) return Status::error("unknown compression");
  if (h.encoding == Encoding::WDL_ONLY && !h.sector.placement())
    return Status::error("a movement table without distances (only placement tables keep none)");
  if (h.block_entries == 0 || h.block_entries > (1u << 24) || h.block_entries % 4 != 0)
    return Status::error("bad block size");
  if (h.encoding == Encoding::DERIVED
          ? h.block_count != 0 || h.data_size != 0
          : h.block_count != (h.entries + h.block_entries - 1) / h.block_entries)
    return Status::error("block count does not match entry count");
  return Status::ok();
}

void encode_block_entry(const BlockEntry& e, std::vector<uint8_t>& out) {
  put_u64(out, e.offset);
  put_u32(out, e.wdl_size);
  put_u32(out, e.dtm_size);
  put_u64(out, e.wdl_checksum);
  put_u64(out, e.dtm_checksum);
}

}  // namespace millbase
