#include "solver/fifty_labels.h"

#include <span>
#include <vector>

#include "db/table_file.h"
#include "solver/child_tables.h"

namespace millbase {

namespace {

// Labels the draws of sv's entries first.. from their plain values `plain` (entries
// first.. of the plain table at path); returns an error's text, or "" when they agree.
std::string label(const std::string& path, SectorValues& sv, uint64_t first,
                  std::span<const ValueCode> plain) {
  for (size_t k = 0; k < plain.size(); ++k) {
    ValueCode& value = sv.values[first + k];
    const Wdl without = wdl_of(plain[k]);
    if (is_draw(value)) {
      if (without != Wdl::Draw) value = fifty_code(without == Wdl::Win, FIFTY_BEYOND);
    } else if (wdl_of(value) != without) {
      return path + ": entry " + std::to_string(first + k) + " of " + sector_name(sv.sector) +
             " is " + value_text(plain[k]) +
             " without the 50-ply rule but decisive the other way under it: the plain tables "
             "do not belong to these rules";
    }
  }
  return "";
}

}  // namespace

Status label_beyond_rule(const Variant& v, const std::string& plain_dir, SectorValues& sv) {
  Result<TableFile> plain = TableFile::open_sector(v, plain_dir, sv.sector);
  if (!plain) return plain.status();
  if (plain->derived()) {
    // A packed directory: the values come from a search over the successors'
    // tables, checked against the derived table's statistics, as probe finds them.
    ValueStore store;
    if (Status st = load_sectors(v, plain_dir, {sv.sector}, store); !st) return st;
    const std::string error = label(plain->path(), sv, 0, store.find(sv.sector)->values);
    return error.empty() ? Status::ok() : Status::error(error);
  }
  const uint32_t per_block = plain->header().block_entries;
  const int64_t blocks = int64_t(plain->header().block_count);
  std::vector<std::string> errors(static_cast<size_t>(blocks));
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t b = 0; b < blocks; ++b) {
    std::vector<ValueCode> block;
    if (Status s = plain->read_block(uint32_t(b), block); !s)
      errors[size_t(b)] = s.message();
    else
      errors[size_t(b)] = label(plain->path(), sv, uint64_t(b) * per_block, block);
  }
  for (const std::string& e : errors)
    if (!e.empty()) return Status::error(e);
  return Status::ok();
}

}  // namespace millbase
