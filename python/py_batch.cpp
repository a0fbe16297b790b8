#include "python/py_batch.h"

#include <pybind11/stl.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <mutex>
#include <string_view>
#include <vector>

namespace py = pybind11;

namespace millbase::python {

namespace {

// The positions of a batch as text, read while the GIL is held and valid while the
// batch holds its references.
class Texts {
 public:
  Texts(py::handle positions, py::handle to_text) {
    if (is_fixed_width(positions))
      read_buffer(positions);
    else
      read_sequence(positions, to_text);
  }
  size_t size() const { return views_.size(); }
  std::string_view operator[](size_t i) const { return views_[i]; }

 private:
  // Returns true for a buffer of fixed-width strings: NumPy dtype 'S' (format "<n>s",
  // bytes) or 'U' (format "<n>w", UCS-4 code points).
  static bool is_fixed_width(py::handle positions) {
    if (!PyObject_CheckBuffer(positions.ptr())) return false;
    const std::string format = py::reinterpret_borrow<py::buffer>(positions).request().format;
    return format.find_first_of("sw") != std::string::npos;
  }

  // Fixed-width strings, each padded with NULs; UCS-4 ones narrowed to ASCII (the
  // notation's), any other character refused naming the position.
  void read_buffer(py::handle positions) {
    buffer_ = py::reinterpret_borrow<py::buffer>(positions);
    info_ = buffer_.request();
    if (info_.ndim != 1 || info_.strides[0] != info_.itemsize)
      throw py::type_error("positions: an array of strings must be one-dimensional and contiguous");
    const size_t n = size_t(info_.shape[0]);
    size_t width = size_t(info_.itemsize);
    const char* data = static_cast<const char*>(info_.ptr);
    if (info_.format.find('w') != std::string::npos) {
      width /= 4;
      narrowed_.resize(n * width);
      for (size_t i = 0; i < n * width; ++i) {
        uint32_t c;
        std::memcpy(&c, data + 4 * i, 4);
        if (c > 127) {
          char code[16];
          std::snprintf(code, sizeof code, "U+%04X", unsigned(c));
          throw py::value_error("positions[" + std::to_string(i / width) +
                                "]: a character that is not in the notation, " + code);
        }
        narrowed_[i] = char(c);
      }
      data = narrowed_.data();
    }
    views_.reserve(n);
    for (size_t i = 0; i < n; ++i) {
      const char* s = data + i * width;
      views_.emplace_back(s, strnlen(s, width));
    }
  }

  // A list, tuple or other sequence of str (or bytes); other items through to_text.
  void read_sequence(py::handle positions, py::handle to_text) {
    items_ = py::reinterpret_steal<py::tuple>(PySequence_Tuple(positions.ptr()));
    if (!items_) throw py::error_already_set();
    views_.reserve(items_.size());
    for (size_t i = 0; i < items_.size(); ++i) {
      PyObject* item = PyTuple_GET_ITEM(items_.ptr(), i);
      if (!PyUnicode_Check(item) && !PyBytes_Check(item)) {
        try {
          extra_.push_back(to_text(py::handle(item)));
        } catch (py::error_already_set& e) {  // the same error, naming the item
          const std::string message =
              "positions[" + std::to_string(i) + "]: " + std::string(py::str(e.value()));
          PyErr_SetString(e.type().ptr(), message.c_str());
          throw py::error_already_set();
        }
        item = extra_.back().ptr();
      }
      views_.push_back(view_of(item, i));
    }
  }

  static std::string_view view_of(PyObject* item, size_t i) {
    if (PyBytes_Check(item)) return {PyBytes_AS_STRING(item), size_t(PyBytes_GET_SIZE(item))};
    if (!PyUnicode_Check(item))
      throw py::type_error("positions[" + std::to_string(i) +
                           "]: not a position: " + std::string(py::str(py::type::handle_of(item))));
    Py_ssize_t n = 0;
    const char* s = PyUnicode_AsUTF8AndSize(item, &n);
    if (!s) throw py::error_already_set();
    return {s, size_t(n)};
  }

  py::buffer buffer_;
  py::buffer_info info_;
  std::string narrowed_;  // a 'U' array's characters as bytes
  py::tuple items_;
  std::vector<py::object> extra_;
  std::vector<std::string_view> views_;
};

// The 50-ply counters of a batch: one for all, or one per position.
class Counters {
 public:
  Counters(py::handle counters, size_t n) {
    if (counters.is_none()) return;
    if (PyLong_Check(counters.ptr())) {
      all_ = counters.cast<int>();
      return;
    }
    each_ = counters.cast<std::vector<int>>();
    if (each_.size() != n)
      throw py::value_error("counters: " + std::to_string(each_.size()) + " counters for " +
                            std::to_string(n) + " positions");
  }
  int operator[](size_t i) const { return each_.empty() ? all_ : each_[i]; }

 private:
  int all_ = 0;
  std::vector<int> each_;
};

// Runs answer(i, position, counter) -> Status for every position on `threads` threads
// without the GIL; throws the failure of the first position (in order) that failed,
// named by its index.
template <class Answer>
void for_all(const Tables& tables, const Texts& texts, const Counters& counters, int threads,
             Answer answer) {
  const long n = long(texts.size());
  std::mutex mutex;
  long first_bad = n;
  Status first_error = Status::ok();
  {
    py::gil_scoped_release unlocked;
#pragma omp parallel for schedule(dynamic, 4096) num_threads(std::max(threads, 1))
    for (long i = 0; i < n; ++i) {
      Status s = Status::ok();
      try {  // no exception may leave the parallel loop
        if (Result<Position> p = tables.parse(texts[size_t(i)]); !p)
          s = p.status();
        else
          s = answer(size_t(i), *p, counters[size_t(i)]);
      } catch (const std::exception& e) {
        s = Status::error(std::string("internal error: ") + e.what());
      }
      if (s) continue;
      std::lock_guard<std::mutex> lock(mutex);
      if (i < first_bad) first_bad = i, first_error = s;
    }
  }
  if (first_bad < n)
    tables.fail(first_error.prefixed("positions[" + std::to_string(first_bad) + "]: "));
}

// Returns a bytearray of n items of `width` bytes.
py::bytearray output(size_t n, size_t width) {
  return py::reinterpret_steal<py::bytearray>(
      PyByteArray_FromStringAndSize(nullptr, Py_ssize_t(n * width)));
}

}  // namespace

py::bytearray wdl_many(const Tables& tables, py::handle positions, py::handle to_text,
                       py::handle counters, int threads) {
  const Texts texts(positions, to_text);
  const Counters each(counters, texts.size());
  py::bytearray out = output(texts.size(), 1);
  auto* values = reinterpret_cast<int8_t*>(PyByteArray_AS_STRING(out.ptr()));
  for_all(tables, texts, each, threads, [&](size_t i, const Position& p, int counter) {
    Result<int> w = tables.wdl(p, counter);
    if (!w) return w.status();
    values[i] = int8_t(*w);
    return Status::ok();
  });
  return out;
}

py::bytearray distance_many(const Tables& tables, py::handle positions, py::handle to_text,
                            py::handle counters, int threads) {
  const Texts texts(positions, to_text);
  const Counters each(counters, texts.size());
  py::bytearray out = output(texts.size(), sizeof(int32_t));
  char* bytes = PyByteArray_AS_STRING(out.ptr());
  for_all(tables, texts, each, threads, [&](size_t i, const Position& p, int counter) {
    Result<std::optional<int>> d = tables.distance(p, counter);
    if (!d) return d.status();
    const int32_t value = d->has_value() ? int32_t(**d) : DISTANCE_NOT_STORED;
    std::memcpy(bytes + i * sizeof value, &value, sizeof value);
    return Status::ok();
  });
  return out;
}

}  // namespace millbase::python
