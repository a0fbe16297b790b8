// The offline build's entry point: the JSON API of docs/web-api.md (web/api/web_api.h)
// called from JavaScript in the page instead of over HTTP. The tables of six and five
// are embedded in the module's file system under /data; a variant served on demand
// (`build_offline.sh --tables V=DIR`) has its MANIFEST under /served/V and its tables
// read by range requests from tables/V beside the page (web/offline/range_source.h).
#include <emscripten/emscripten.h>

#include <filesystem>
#include <string>
#include <string_view>

#include "web/api/web_api.h"
#include "web/offline/range_source.h"

namespace {

// Returns the value of a hex digit, or -1.
int hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Returns s with %XX and '+' decoded, as a URL's query string encodes them.
std::string url_decode(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out += char(hex(s[i + 1]) * 16 + hex(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

// Returns the parameters of a query string "a=1&b=2" (the first of a repeated name).
millbase::web::ApiParams parse_query(std::string_view query) {
  millbase::web::ApiParams params;
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    const size_t eq = pair.find('=');
    params.emplace(url_decode(pair.substr(0, eq)),
                   eq == std::string_view::npos ? "" : url_decode(pair.substr(eq + 1)));
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
  }
  return params;
}

// Returns the options of the page's API: the embedded tables and the served ones.
millbase::web::WebApiOptions api_options() {
  millbase::web::WebApiOptions options{.dirs = {{"six", "/data/six"}, {"five", "/data/five"}}};
  std::string names = "six, five";
  std::error_code error;
  for (const auto& e : std::filesystem::directory_iterator("/served", error)) {
    const std::string variant = e.path().filename().string();
    options.dirs[variant] = "/served/" + variant;
    names += ", " + variant;
  }
  millbase::web::serve_tables_by_range("/served", "tables");
  options.missing = [dirs = options.dirs, names](const millbase::Variant& v) {
    const std::string name(v.name);
    if (dirs.count(name))
      return "the tables of " + name +
             " on this page do not reach this position: levels 1 to 5 "
             "play it";
    return "This page has the tables of " + names + ", not " + name +
           "'s: levels 1 to 5 play it; for levels 6 to 10, publish the page with " + name +
           "'s tables (tools/build_offline.sh --tables " + name + "=DIR)";
  };
  return options;
}

}  // namespace

// Returns "<HTTP status>\n<JSON body>" for GET /api/<path>?<query>. The text stays valid
// until the next call. A served table's bytes are awaited (Asyncify): JavaScript calls it
// with ccall's {async: true}, one call at a time (web/offline/offline.js).
extern "C" EMSCRIPTEN_KEEPALIVE const char* millbase_offline_api(const char* path,
                                                                 const char* query) {
  static millbase::web::WebApi api(api_options());
  static std::string answer;
  const millbase::web::ApiResponse r = api.handle(path, parse_query(query));
  answer = std::to_string(r.status) + "\n" + r.body;
  return answer.c_str();
}
