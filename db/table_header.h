// The fixed 96-byte header of a table file, its on-disk enumerations and the sector
// statistics it carries (layout byte by byte in docs/format.md).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "db/sector.h"
#include "db/value.h"

namespace millbase {

constexpr uint16_t FORMAT_VERSION = 1;
constexpr uint32_t DEFAULT_BLOCK_ENTRIES = 1 << 13;
constexpr int DEFAULT_ZSTD_LEVEL = 12;
constexpr size_t HEADER_SIZE = 96;
constexpr size_t BLOCK_ENTRY_SIZE = 32;

// On disk: do not change (as Metric, in db/value.h).
// 24-point, 16-point board, 24-point board with diagonals. On disk: do not change.
enum class BoardId : uint8_t { B24 = 0, B16 = 1, B24D = 2 };
// WDL_HALF_DISTANCE: values in blocks. DERIVED: no values stored; each entry is the
// rules.md formula over its successors, all of which are in stored sectors. WDL_ONLY:
// blocks of the WDL plane alone, with FIFTY the value under the rule at counter 0 (a
// play set's placement tables, docs/play-set.md).
enum class Encoding : uint8_t { WDL_HALF_DISTANCE = 1, DERIVED = 2, WDL_ONLY = 3 };
enum class Compression : uint8_t { ZSTD = 1 };

struct TableStats {
  uint64_t wins = 0, losses = 0, draws = 0;
  uint32_t longest_win = 0, longest_loss = 0;  // 0 when there is none
  bool operator==(const TableStats&) const = default;
};

// Returns "plain" (tables without the 50-ply rule) or "fifty", the metric's name in
// manifests, options and output.
const char* metric_name(Metric m);

// Returns the metric a word names: "plain" or "fifty", and the older words for plain
// tables, "dtm" (manifests before 0.2.0's rename) and "none" (--rule); nullopt for
// another word. Case matters: callers lower it where they read it in either case.
std::optional<Metric> metric_from_name(std::string_view word);

// Returns the statistics of a sector's values. For FIFTY: the values with the counter
// at 0 (cursed wins and blessed losses are draws) and the longest z. The longest counts
// stored distances only (0 when no decisive value has one).
TableStats compute_stats(std::span<const ValueCode> values, Metric metric = Metric::PLAIN);

struct TableHeader {
  uint16_t version = FORMAT_VERSION;
  Metric metric = Metric::PLAIN;
  Encoding encoding = Encoding::WDL_HALF_DISTANCE;
  BoardId board = BoardId::B24;
  uint8_t stones = 0;
  bool flying = false;                 // flags bit 0
  bool full_board_draw = false;        // flags bit 1: a full board with no move is a draw
  bool hand_counts_for_three = false;  // flags bit 2: stones in hand count toward three
  bool move_in_placement = false;      // flags bit 3: a side in hand may move (Lasker)
  Compression compression = Compression::ZSTD;
  Sector sector;
  uint32_t block_entries = DEFAULT_BLOCK_ENTRIES;
  uint64_t entries = 0;
  uint32_t block_count = 0;
  int32_t zstd_level = DEFAULT_ZSTD_LEVEL;
  TableStats stats;
  uint64_t index_checksum = 0;
  uint64_t data_size = 0;
};

// Where one block's two compressed frames are and their checksums: one entry of the
// block index that follows the header.
struct BlockEntry {
  uint64_t offset = 0;  // of the WDL frame, from the start of the file
  uint32_t wdl_size = 0, dtm_size = 0;
  uint64_t wdl_checksum = 0, dtm_checksum = 0;
};

// Returns true when h is a derived table that holds results only (a play set's,
// docs/play-set.md): it counts wins or losses but states no longest win or loss. Its
// values are the search's without distances (drop_distance), whatever its successors'
// tables keep.
constexpr bool derived_results_only(const TableHeader& h) {
  return h.encoding == Encoding::DERIVED && h.stats.longest_win == 0 && h.stats.longest_loss == 0 &&
         (h.stats.wins > 0 || h.stats.losses > 0);
}

// Returns the value of an entry of the derived table h whose search over its successors
// gave `searched`: without distance when h holds results only.
constexpr ValueCode derived_value(const TableHeader& h, ValueCode searched, Metric metric) {
  return derived_results_only(h) ? drop_distance(searched, metric) : searched;
}

// Returns the board id of a variant's board.
BoardId board_id(const Variant& v);

// Returns true when a table with header h holds positions of v: the same board, stones
// and every rule the header records (flying, the full board drawn). The one test of
// "is this v's table?" for readers and writers.
bool header_matches(const TableHeader& h, const Variant& v);

// Returns the rules a header names, for messages: "12 stones, flying, full board drawn".
std::string header_rules_text(const TableHeader& h);

// Returns the preset whose board, stones and rules a header names, or null.
const Variant* header_variant(const TableHeader& h);

// Returns a header for sector s of variant v with `entries` entries and no blocks yet.
TableHeader make_header(const Variant& v, const Sector& s, uint64_t entries,
                        Metric metric = Metric::PLAIN);

// Returns the XXH3-64 checksum of the bytes, as every checksum of the format.
uint64_t table_checksum(const uint8_t* data, size_t size);

// Appends the 96 header bytes of h to out, its checksum last.
void encode_header(const TableHeader& h, std::vector<uint8_t>& out);

// Parses and checks 96 header bytes (hostile): magic, version, checksum, enumerations,
// block size and count. The error says what is wrong, without the file name.
Status decode_header(std::span<const uint8_t> bytes, TableHeader& h);

// Appends the 32 bytes of one block index entry.
void encode_block_entry(const BlockEntry& e, std::vector<uint8_t>& out);

}  // namespace millbase
