// Loading the tables a unit reads (its children) into a ValueStore: whole, through
// their blocks within a memory budget, or, for a derived table, computed from its own
// successors' tables. Used by solve, pack and verify.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "solver/value_store.h"

namespace millbase {

// The least decoded-block cache given to a child table read through its blocks.
constexpr uint64_t MIN_CHILD_CACHE = uint64_t(256) << 10;

// Loads the tables of `sectors` (of the metric) from dir into store (those not there
// yet); a derived table's values are computed from its successors' tables. Errors name
// the file; a missing one is Status::Code::NotFound.
Status load_sectors(const Variant& v, const std::string& dir, const std::vector<Sector>& sectors,
                    ValueStore& store, Metric metric = Metric::PLAIN);

// Loads `sectors` into store within budget bytes: whole tables for the smallest while
// they fit, readers with a share of the rest as block cache for the others. A table the
// store holds whole already stays if it is to be whole; what else it holds of `sectors`
// is replaced. The budget counts `sectors` only: the store must hold no other table.
// Returns the number read through their blocks.
Result<int> load_within(const Variant& v, const std::string& dir,
                        const std::vector<Sector>& sectors, uint64_t budget, ValueStore& store,
                        Metric metric = Metric::PLAIN);

// Returns the values of sector s computed from its successors' tables of the metric
// by the range evaluators (solver/range_eval.h): the rules.md formula per entry, or for
// a 50-ply table the codes evaluate_fifty_code() gives; loading those into store. on_progress, if
// set, is called with the entries done so far about once a second (after the loading).
Result<std::vector<ValueCode>> derive_values(
    const Variant& v, const std::string& dir, const Sector& s, ValueStore& store,
    const std::function<void(uint64_t done)>& on_progress = {}, Metric metric = Metric::PLAIN);

}  // namespace millbase
