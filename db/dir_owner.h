// Whose tables a directory holds, judged by the tables' own headers rather than by the
// MANIFEST: a writer (solve, pack) refuses a directory that holds a valid table of
// another variant, metric or sector name, whatever the MANIFEST says, so that no valid
// table is ever written over.
#pragma once

#include <string>

#include "db/table_header.h"

namespace millbase {

// Returns ok when every table file in dir (`*.mbt`) whose header is intact is a table
// of variant v and the metric, under the file name of its own sector. Else
// Status::Code::Invalid naming the first such foreign table, what its header says and
// what dir's MANIFEST says. A table whose header is damaged is not judged here: it is
// damaged, not foreign, and a solve writes it again. With need_distances (a solve), a
// table without distances (Encoding::WDL_ONLY) is refused too.
Status check_tables_belong(const Variant& v, const std::string& dir, Metric metric,
                           bool need_distances = false);

}  // namespace millbase
