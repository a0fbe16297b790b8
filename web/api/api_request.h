// What a request of the web API asks for (web_api.h): its parameters, its variant, the
// game its start and moves describe, a record pasted as text. Errors are Status::invalid,
// naming the bad parameter or token.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/engine_session.h"

namespace millbase::web {

// A request's query parameters, by name.
using ApiParams = std::map<std::string, std::string>;

// Returns the parameter `name`, or `otherwise` when it is absent.
std::string param(const ApiParams& params, const std::string& name, const std::string& otherwise);

// Returns the variant named by the `variant` parameter (any case; default six).
Result<const Variant*> variant_of(const ApiParams& params);

// Returns the words of a move list: split at blanks and commas.
std::vector<std::string> move_words(const std::string& text);

// The game of a request: its variant, start and moves replayed in a session.
struct RequestGame {
  const Variant* variant;
  Position start;
  std::unique_ptr<engine::EngineSession> session;
};

// Returns the game that the variant, start and moves parameters describe (resigned=1:
// the side to move has resigned), seeded with `seed`; errors are the notation's, naming
// the token.
Result<RequestGame> request_game(const ApiParams& params, uint64_t seed);

}  // namespace millbase::web
