#include "web/api/api_request.h"

#include <algorithm>

#include "core/notation.h"
#include "core/token_text.h"

namespace millbase::web {

std::string param(const ApiParams& params, const std::string& name, const std::string& otherwise) {
  auto it = params.find(name);
  return it == params.end() ? otherwise : it->second;
}

Result<const Variant*> variant_of(const ApiParams& params) {
  const std::string name = param(params, "variant", "six");
  if (const Variant* v = find_variant(ascii_lower(name))) return v;
  return Status::invalid(unknown_variant_text(name));
}

std::vector<std::string> move_words(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  for (char c : text + " ") {
    if (c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r' || c == '+') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  return words;
}

Result<RequestGame> request_game(const ApiParams& params, uint64_t seed) {
  Result<const Variant*> v = variant_of(params);
  if (!v) return v.status();
  const std::string start_text = param(params, "start", "");
  Result<Position> start =
      start_text.empty() ? Result<Position>(start_position(**v)) : parse_position(**v, start_text);
  if (!start) return Status::invalid(start.message());
  auto session = std::make_unique<engine::EngineSession>(**v, "", seed);
  if (Status st = session->set_position(*start, move_words(param(params, "moves", "")), false); !st)
    return Status::invalid(st.message());
  const std::string resigned = param(params, "resigned", "0");
  if (resigned != "0" && resigned != "1")
    return Status::invalid("resigned " + quote_token(resigned) + " is not 0 or 1");
  if (resigned == "1") {
    if (session->game().outcome() != Outcome::Ongoing)
      return Status::invalid("resigned=1, but the game is already over: " +
                             session->game().result_text());
    session->resign();
  }
  return RequestGame{*v, *start, std::move(session)};
}

}  // namespace millbase::web
