// The offline page's served tables (web/offline/range_source.h): a BlockSource whose reads
// are range requests made by web/offline/table_fetch.js, awaited through Asyncify.
#include "web/offline/range_source.h"

#include <emscripten/emscripten.h>

#include <string>

#include "core/json_writer.h"

// JavaScript below: clang-format would split its "===".
// clang-format off
// Returns the size of the table at url, or minus an HTTP status (-404: not served), or
// -1 when the host cannot be reached.
EM_ASYNC_JS(double, js_table_open, (const char* url),
            { return await millbaseTables.open(UTF8ToString(url)); });

// Reads size bytes at offset of the opened table at url into dst; returns 1, or 0 when
// they could not be fetched. The heap is read after the wait: it may have grown.
EM_ASYNC_JS(int, js_table_read, (const char* url, double offset, double size, uint8_t* dst), {
  const bytes = await millbaseTables.read(UTF8ToString(url), offset, size);
  if (bytes === null) return 0;
  HEAPU8.set(bytes, dst);
  return 1;
});

// Fetches together the reads hinted in `hints` (JSON: [[url, offset, size], ...], size 0
// for a table's opening), keeping them for the reads to come.
EM_ASYNC_JS(void, js_tables_prefetch, (const char* hints),
            { await millbaseTables.prefetch(JSON.parse(UTF8ToString(hints))); });
// clang-format on

namespace millbase::web {

namespace {

class RangeSource : public BlockSource {
 public:
  RangeSource(std::string name, std::string url, uint64_t size)
      : name_(std::move(name)), url_(std::move(url)), size_(size) {}

  const std::string& name() const override { return name_; }
  uint64_t size() const override { return size_; }
  Status read(uint64_t offset, size_t size, std::vector<uint8_t>& out) const override {
    if (offset > size_ || size > size_ - offset)
      return Status::error(name_ + ": corrupt table: truncated at byte " + std::to_string(size_));
    out.resize(size);
    if (size == 0) return Status::ok();
    if (!js_table_read(url_.c_str(), double(offset), double(size), out.data()))
      return Status::error(name_ + ": could not fetch bytes " + std::to_string(offset) + "-" +
                           std::to_string(offset + size - 1) + " of " + url_);
    return Status::ok();
  }

 private:
  const std::string name_, url_;
  const uint64_t size_;
};

}  // namespace

Result<SourcePtr> open_range_source(const std::string& path, const std::string& url) {
  const double size = js_table_open(url.c_str());
  if (size == -404) return Status::not_found(path + ": not served (" + url + ": HTTP 404)");
  if (size == -1) return Status::error(path + ": could not fetch " + url);
  if (size < 0) return Status::error(path + ": " + url + ": HTTP " + std::to_string(int(-size)));
  return SourcePtr(std::make_shared<RangeSource>(path, url, uint64_t(size)));
}

void serve_tables_by_range(const std::string& dir, const std::string& url) {
  const std::string prefix = dir + "/";
  set_source_opener([prefix, url](const std::string& path) -> Result<SourcePtr> {
    if (path.rfind(prefix, 0) != 0) return open_file_source(path);
    return open_range_source(path, url + "/" + path.substr(prefix.size()));
  });
  set_source_prefetcher([prefix, url](const std::vector<ReadHint>& hints) {
    JsonWriter w;
    w.begin_array();
    int count = 0;
    for (const ReadHint& h : hints) {
      if (h.path.rfind(prefix, 0) != 0) continue;
      w.begin_array()
          .value(url + "/" + h.path.substr(prefix.size()))
          .value(static_cast<unsigned long long>(h.offset))
          .value(static_cast<unsigned long long>(h.size))
          .end_array();
      ++count;
    }
    w.end_array();
    if (count) js_tables_prefetch(w.str().c_str());
  });
}

}  // namespace millbase::web
