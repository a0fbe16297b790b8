// Where a table's bytes come from. A TableFile asks its BlockSource for byte ranges (the
// header, the block index, a block's frames) and checks everything it gets; the source
// only fetches. Today a source is a file read with pread, or bytes in memory; the page
// that reads tables block by block from a static host or from the browser's storage
// (issue #66) gives its own, through set_source_opener(), so that nothing above db/
// changes.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/status.h"

namespace millbase {

class BlockSource {
 public:
  virtual ~BlockSource() = default;

  // Returns the name errors give the source (a file's path).
  virtual const std::string& name() const = 0;
  // Returns the number of bytes the source holds.
  virtual uint64_t size() const = 0;
  // Reads `size` bytes at `offset` into `out` (resized to `size`); an error names the
  // source. Reading past size() is an error, never a short read.
  virtual Status read(uint64_t offset, size_t size, std::vector<uint8_t>& out) const = 0;
};

using SourcePtr = std::shared_ptr<const BlockSource>;

// Opens the regular file at `path` for reading; Status::Code::NotFound when it does not
// exist, an error naming it when it cannot be read or is not a regular file (a FIFO or
// device at a table's path cannot hang the open).
Result<SourcePtr> open_file_source(const std::string& path);

// Returns a source over `bytes`, named `name`.
SourcePtr memory_source(std::string name, std::vector<uint8_t> bytes);

// How tables are opened by path: open_file_source unless set_source_opener() chose
// another.
using SourceOpener = std::function<Result<SourcePtr>(const std::string& path)>;

// Returns a source for the table at `path`, through the opener in use: NotFound when
// there is no such table.
Result<SourcePtr> open_source(const std::string& path);

// Makes `opener` open every table from now on (nullptr: files again); returns the
// previous one. Set it before tables are opened: it is not synchronised with them.
SourceOpener set_source_opener(SourceOpener opener);

// What a reader is about to read: `size` bytes at `offset` of the table at `path`, or,
// with size 0, what opening it reads.
struct ReadHint {
  std::string path;
  uint64_t offset = 0;
  uint64_t size = 0;
};

// Takes hints of reads to come, so that a source that fetches by request can fetch them
// together (one round trip instead of one each); the reads themselves come after.
using SourcePrefetcher = std::function<void(const std::vector<ReadHint>& hints)>;

// Makes `prefetcher` take the hints from now on (nullptr: none); returns the previous
// one. Set it with the opener.
SourcePrefetcher set_source_prefetcher(SourcePrefetcher prefetcher);

// Returns true when hints are taken: a reader may skip the work of giving them.
bool takes_read_hints();

// Gives `hints` to the prefetcher, if any.
void hint_reads(const std::vector<ReadHint>& hints);

}  // namespace millbase
