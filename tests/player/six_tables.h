// Six men's morris solved once per test process, in a temporary directory removed at
// exit, for the tests of the player and of matches.
#pragma once

#include <memory>
#include <string>

#include "db/tablebase.h"

namespace millbase {

// Returns the tables of six (plain), solving them on the first call.
std::shared_ptr<const Tablebase> six_tables();

// Returns the directory of six_tables(), solving them on the first call.
const std::string& six_dir();

}  // namespace millbase
