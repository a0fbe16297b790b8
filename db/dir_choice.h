// Which table directory a command reads: the defaults under data/, the 50-ply tables
// for the draw rules of play when they are whole, and the metric a directory holds.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "db/tablebase.h"

namespace millbase {

// Returns `given`, or the default table directory when it is empty: data/<variant>, or
// data/<variant>-fifty for the 50-ply rule's tables.
std::string table_dir(const Variant& v, const std::string& given, Metric metric = Metric::PLAIN);

// Returns `given`, or the tables for the draw rules of play: data/<variant>-fifty when
// its manifest says it holds all of the variant's 50-ply tables, else data/<variant>.
// (play, engine, uci, serve)
std::string play_dir(const Variant& v, const std::string& given);

// Returns the plain tables in dir for a command that reads no others; a directory
// of 50-ply tables is Status::Code::Invalid, naming the command.
Result<std::shared_ptr<const Tablebase>> open_plain_tables(const Variant& v, const std::string& dir,
                                                           std::string_view command);

// Returns ok when dir is a table directory of v, of whichever metric its manifest names.
Status check_any_table_dir(const Variant& v, const std::string& dir);

}  // namespace millbase
