// The offline build's entry point: the JSON API of docs/web-api.md (web/api/web_api.h)
// called from JavaScript in the page instead of over HTTP. The tables of six and five
// are embedded in the module's file system under /data (tools/build_offline.sh).
#include <emscripten/emscripten.h>

#include <string>
#include <string_view>

#include "web/api/web_api.h"

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

}  // namespace

// Returns "<HTTP status>\n<JSON body>" for GET /api/<path>?<query>. The text stays valid
// until the next call.
extern "C" EMSCRIPTEN_KEEPALIVE const char* millbase_offline_api(const char* path,
                                                                 const char* query) {
  static millbase::web::WebApi api(
      {.dirs = {{"six", "/data/six"}, {"five", "/data/five"}},
       .missing = [](const millbase::Variant& v) {
         const std::string name(v.name);
         return "this offline page holds the tables of six and five, not " + name +
                "'s: the board works without values (millbase serve gives them where " + name +
                " is solved)";
       }});
  static std::string answer;
  const millbase::web::ApiResponse r = api.handle(path, parse_query(query));
  answer = std::to_string(r.status) + "\n" + r.body;
  return answer.c_str();
}
