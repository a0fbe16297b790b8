// The batch probes of the Python package: many positions in one call, read from a
// list or tuple (of notation strings, or of objects that to_text turns into one) or
// from a buffer of fixed-width byte strings (a NumPy array of dtype 'S'), answered with
// the GIL released, on `threads` threads, into a bytearray the Python layer views as a
// NumPy array (or an array.array).
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <limits>

#include "python/py_tables.h"

namespace millbase::python {

// The distance of a position whose tables do not store it, in probe_distance_many.
constexpr int32_t DISTANCE_NOT_STORED = std::numeric_limits<int32_t>::min();

// Returns one int8 per position: +1, 0 or -1 for the side to move. counters: None (0
// for every position), an int for all, or one per position.
pybind11::bytearray wdl_many(const Tables& tables, pybind11::handle positions,
                             pybind11::handle to_text, pybind11::handle counters, int threads);

// Returns one int32 per position: the signed plies of Tables::distance, or
// DISTANCE_NOT_STORED.
pybind11::bytearray distance_many(const Tables& tables, pybind11::handle positions,
                                  pybind11::handle to_text, pybind11::handle counters, int threads);

}  // namespace millbase::python
