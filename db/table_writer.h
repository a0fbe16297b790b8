// Writing a table file atomically: a temporary file, fsync, rename, fsync of the
// directory. On error nothing is left under the table's path.
#pragma once

#include <span>
#include <string>

#include "db/table_header.h"

namespace millbase {

// Writes the values of sector s of variant v to path, in blocks of block_entries; the
// values are fifty codes when metric is FIFTY.
Status write_table(const std::string& path, const Variant& v, const Sector& s,
                   std::span<const ValueCode> values, int zstd_level = DEFAULT_ZSTD_LEVEL,
                   uint32_t block_entries = DEFAULT_BLOCK_ENTRIES, Metric metric = Metric::PLAIN);

// Writes the values of sector s as a table without distances (Encoding::WDL_ONLY):
// each block's WDL plane of drop_distance(value, metric), and no distance frame.
Status write_wdl_only_table(const std::string& path, const Variant& v, const Sector& s,
                            std::span<const ValueCode> values, Metric metric,
                            int zstd_level = DEFAULT_ZSTD_LEVEL,
                            uint32_t block_entries = DEFAULT_BLOCK_ENTRIES);

// Writes the table of a derived sector (Encoding::DERIVED): its header with `entries`,
// the metric and the statistics of its values, and no blocks.
Status write_derived_table(const std::string& path, const Variant& v, const Sector& s,
                           uint64_t entries, const TableStats& stats,
                           Metric metric = Metric::PLAIN);

// Renames the complete table file `from` (a temporary name, leftover_files() matches
// it) over `to` durably (fsync of the directory); on error removes `from`.
Status replace_table(const std::string& from, const std::string& to);

}  // namespace millbase
