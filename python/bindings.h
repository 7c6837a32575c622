// The pieces the binding files share: one registration function per file, the
// conversion of core's plain data to Python values, the mapping of core's
// diagnostics to sqleq's exception classes, and the guard every long call runs
// under (GIL released, progress and Ctrl-C delivered back to Python). The
// bindings adapt core's results; they decide nothing and run no pipeline of their own.
#pragma once

#include "core/base/diagnostic.h"
#include "core/suite/suite.h"

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>

#include <atomic>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sqleq::python {

namespace py = pybind11;

void bindErrors(py::module_& module);
void bindSchema(py::module_& module);
void bindCheck(py::module_& module);
void bindSuite(py::module_& module);
void bindEvaluator(py::module_& module);
void bindReport(py::module_& module);
void bindProof(py::module_& module);

/// An optional path argument (None: not given) as core's "empty means absent".
inline std::filesystem::path pathOrEmpty(const std::optional<std::string>& path)
{
    return path ? std::filesystem::path(*path) : std::filesystem::path();
}

/// A core diagnostic on its way to Python: thrown by the bindings (with or without the
/// GIL), turned into sqleq.ParseError / SchemaError / QueryError / SuiteError /
/// InputError / Error by the translator errors.cpp registers. `source` is the text
/// the diagnostic's span points into, for line and column; empty when there is none.
class DiagnosticError : public std::runtime_error {
public:
    DiagnosticError(Diagnostic diagnostic, std::string source = {});
    const Diagnostic& diagnostic() const { return m_diagnostic; }
    const std::string& source() const { return m_source; }

private:
    Diagnostic m_diagnostic;
    std::string m_source;
};

/// A usage error of the Python API itself (a bad argument): raised as sqleq.Error's
/// InputError subclass with code "python.argument".
[[noreturn]] void throwArgumentError(std::string message);

/// JSON (as core renders it for the CLI) to Python objects; strings are decoded as
/// UTF-8 with U+FFFD for invalid bytes, as the CLI's dump does. Needs the GIL.
py::object toPython(const nlohmann::json& value);

/// The fields of the CLI's progress bar, as a dict: phase, done, total, suite_size,
/// undistinguished, db_id, schema_index, schema_count. Needs the GIL.
py::dict progressDict(const suite::Progress& progress);

/// Runs a long core call for Python: construct it with the GIL held, release the GIL
/// around the call, hand callback() and cancelFlag() to core. The callback (invoked by
/// core on the calling thread) re-takes the GIL, calls the user's progress function
/// and checks for signals; an exception there (KeyboardInterrupt included) sets the
/// cancel flag so core stops soon, and finish() re-raises it once the GIL is back.
class LongCall {
public:
    explicit LongCall(py::object progress);
    suite::ProgressCallback callback();
    const std::atomic<bool>* cancelFlag() const { return &m_cancel; }
    /// With the GIL held, after the core call: re-raises what the callback caught.
    void finish();

private:
    py::object m_progress;
    std::atomic<bool> m_cancel{false};
    std::optional<py::error_already_set> m_error;
};

} // namespace sqleq::python
