#include "python/py_errors.h"

#include <utility>

#include "db/sector.h"
#include "db/table_dir.h"
#include "engine/fix_hint.h"

namespace py = pybind11;

namespace millbase::python {

Failure::Failure(const Status& s, const TablesPlace* place)
    : code_(s.code()), message_(s.message()), sector_(s.subject()) {
  if (code_ != Status::Code::NotFound || !place) return;
  // The CLI's words, and the command and its note that they are made of.
  message_ = engine::explain(s, *place->variant, place->dir, place->metric);
  engine::FixHint hint = engine::fix_hint(s, *place->variant, place->dir, place->metric);
  command_ = std::move(hint.command);
  note_ = std::move(hint.note);
  const Result<Sector> sector = parse_sector(sector_);
  path_ = sector_.empty() || !sector ? place->dir : table_path(place->dir, *sector);
}

void register_errors(py::module_& m) {
  static py::exception<Failure> missing(m, "MissingTableError", PyExc_LookupError);
  missing.attr("__doc__") =
      "A table the probe needs, or the table directory, is missing (a LookupError).\n\n"
      "str(e) names the file, the sector and the variant, then the command that builds it,\n"
      "as the millbase command says it. Attributes:\n\n"
      "sector   the sector's name ('5-4'), or None for a whole directory\n"
      "path     the missing file (or directory)\n"
      "command  the command that builds it, to run as it is:\n"
      "         'millbase solve --variant six --sector 5-4 --out data/six'\n"
      "note     what that command costs or is in truth, or None: for a placement\n"
      "         sector of nine or twelve it is in effect the whole solve; of lasker,\n"
      "         the sectors of at most as many stones a side\n\n"
      "Tablebase.get_wdl and the other get_* calls return their default instead.";
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
        error.attr("note") = f.note().empty() ? py::object(py::none()) : py::str(f.note());
        PyErr_SetObject(missing.ptr(), error.ptr());
      } else {
        PyErr_SetString(PyExc_OSError, f.message().c_str());
      }
    }
  });
}

}  // namespace millbase::python
