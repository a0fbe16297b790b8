#include "python/py_errors.h"

#include "db/sector.h"
#include "db/table_dir.h"
#include "engine/fix_hint.h"

namespace py = pybind11;

namespace millbase::python {

Failure::Failure(const Status& s, const TablesPlace* place)
    : code_(s.code()), message_(s.message()), sector_(s.subject()) {
  if (code_ != Status::Code::NotFound || !place) return;
  // The command explain() adds after the library's message, kept apart for the attribute.
  message_ = engine::explain(s, *place->variant, place->dir, place->metric);
  const std::string lead = s.message() + "; build it with: ";
  if (message_.compare(0, lead.size(), lead) == 0) command_ = message_.substr(lead.size());
  const Result<Sector> sector = parse_sector(sector_);
  path_ = sector_.empty() || !sector ? place->dir : table_path(place->dir, *sector);
}

void register_errors(py::module_& m) {
  static py::exception<Failure> missing(m, "MissingTableError", PyExc_LookupError);
  missing.attr("__doc__") =
      "A table the probe needs, or the table directory, is missing.\n\n"
      "str(e) names the file, the sector and the variant, then the command that builds it;\n"
      "e.sector is the sector's name ('5-4', or None for a whole directory), e.path the\n"
      "missing file (or directory) and e.command the millbase command that builds it.";
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const Failure& f) {
      if (f.code() == Status::Code::Invalid) {
        PyErr_SetString(PyExc_ValueError, f.message().c_str());
      } else if (f.code() == Status::Code::NotFound) {
        py::object error = py::reinterpret_borrow<py::object>(missing)(f.message());
        error.attr("sector") = f.sector().empty() ? py::object(py::none()) : py::str(f.sector());
        error.attr("path") = f.path().empty() ? py::object(py::none()) : py::str(f.path());
        error.attr("command") = f.command().empty() ? py::object(py::none()) : py::str(f.command());
        PyErr_SetObject(missing.ptr(), error.ptr());
      } else {
        PyErr_SetString(PyExc_OSError, f.message().c_str());
      }
    }
  });
}

}  // namespace millbase::python
