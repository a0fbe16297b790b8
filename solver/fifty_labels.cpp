#include "solver/fifty_labels.h"

#include <vector>

#include "db/table_file.h"

namespace millbase {

Status label_beyond_rule(const Variant& v, const std::string& plain_dir, SectorValues& sv) {
  Result<TableFile> plain = TableFile::open_sector(v, plain_dir, sv.sector);
  if (!plain) return plain.status();
  if (plain->derived())
    return Status::error(plain->path() + ": a derived (packed) table; the 50-ply solve needs " +
                         "the plain tables as solve writes them");
  const uint32_t per_block = plain->header().block_entries;
  const int64_t blocks = int64_t(plain->header().block_count);
  std::vector<std::string> errors(static_cast<size_t>(blocks));
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t b = 0; b < blocks; ++b) {
    std::vector<ValueCode> block;
    if (Status s = plain->read_block(uint32_t(b), block); !s) {
      errors[size_t(b)] = s.message();
      continue;
    }
    const uint64_t first = uint64_t(b) * per_block;
    for (size_t k = 0; k < block.size(); ++k) {
      ValueCode& value = sv.values[first + k];
      const Wdl without = wdl_of(block[k]);
      if (is_draw(value)) {
        if (without != Wdl::Draw) value = fifty_code(without == Wdl::Win, FIFTY_BEYOND);
      } else if (wdl_of(value) != without) {
        errors[size_t(b)] = plain->path() + ": entry " + std::to_string(first + k) + " of " +
                            sector_name(sv.sector) + " is " + value_text(block[k]) +
                            " without the 50-ply rule but decisive the other way under it: " +
                            "the plain tables do not belong to these rules";
        break;
      }
    }
  }
  for (const std::string& e : errors)
    if (!e.empty()) return Status::error(e);
  return Status::ok();
}

}  // namespace millbase
