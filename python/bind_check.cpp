// sqleq._check: one inspection (core/inspect) with the options of `sqleq-cli check`,
// returned as the very object `check --json` prints (core/inspect/inspection_json).
// The Python layer wraps it in sqleq.Inspection.
#include "python/bindings.h"
#include "python/options.h"
#include "python/schema_handle.h"

#include "core/exec/spider_compat.h"
#include "core/inspect/inspect.h"
#include "core/inspect/inspection_json.h"

#include <pybind11/stl.h>

#include <optional>

namespace sqleq::python {
namespace {

/// What a check takes besides its settings.
struct CheckArguments {
    inspect::CheckSettings settings;
    bool minimize = true;
    std::optional<std::string> suites;
};

py::object check(const std::string& gold, const std::string& candidate, const SchemaHandle& schema,
                 const CheckArguments& arguments, py::object progress)
{
    if (arguments.settings.samplingBudget == 0) throwArgumentError("budget must be positive");
    inspect::CheckRequest request;
    request.gold = gold;
    request.candidate = candidate;
    request.settings = arguments.settings;
    if (arguments.suites) request.suitesDir = *arguments.suites;
    request.minimize = arguments.minimize;
    LongCall call(std::move(progress));
    auto inspection = [&] {
        py::gil_scoped_release unlocked;
        return inspect::inspect(*schema.source, request, call.callback(), call.cancelFlag());
    }();
    call.finish();
    if (!inspection) {
        // The gold's errors point into the text the parser saw: the postprocessed gold.
        if (inspection.error().subject != DiagnosticSubject::Gold) throw DiagnosticError(inspection.error());
        throw DiagnosticError(inspection.error(), exec::officialPostprocess(gold));
    }
    return toPython(inspect::inspectionJson(schema.source->schema, *inspection));
}

} // namespace

void bindCheck(py::module_& module)
{
    module.def(
        "_default_settings", [] { return toPython(inspect::settingsJson(inspect::CheckSettings{})); },
        "sqleq's default settings in their JSON form: every keyword default of the package comes from here.");
    module.def(
        "_check",
        [](const std::string& gold, const std::string& candidate, const SchemaHandle& schema, const std::string& settings,
           unsigned jobs, bool minimize, std::optional<std::string> suites, py::object progress) {
            CheckArguments arguments{settingsOrThrow(settings), minimize, std::move(suites)};
            arguments.settings.jobs = jobs;
            return check(gold, candidate, schema, arguments, std::move(progress));
        },
        py::arg("gold"), py::arg("candidate"), py::arg("schema"), py::arg("settings"), py::arg("jobs"),
        py::arg("minimize"), py::arg("suites"), py::arg("progress"),
        "One inspection as the dict `sqleq-cli check --json` prints (use sqleq.check).");
}

} // namespace sqleq::python
