// The native half of the Python package `sqleq` (imported as sqleq._sqleq and
// re-exported by sqleq/__init__.py). Each binding file registers one area; none
// holds engine logic. No Qt is linked here.
#include "python/bindings.h"

#include "core/base/version.h"

#include <string>

PYBIND11_MODULE(_sqleq, module)
{
    module.doc() = "sqleq's native module: SQL query equivalence with distilled test suites (use the sqleq package).";
    module.attr("__version__") = std::string(sqleq::kVersion);
    sqleq::python::bindErrors(module);
    sqleq::python::bindSchema(module);
    sqleq::python::bindCheck(module);
    sqleq::python::bindSuite(module);
    sqleq::python::bindEvaluator(module);
    sqleq::python::bindReport(module);
    sqleq::python::bindProof(module);
}
