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

/// One check of core's own request; the schema was opened by sqleq.Schema.
py::object check(const inspect::CheckRequest& request, const SchemaHandle& schema, py::object progress)
{
    if (request.settings.samplingBudget == 0) throwArgumentError("budget must be positive");
    LongCall call(std::move(progress));
    auto inspection = [&] {
        py::gil_scoped_release unlocked;
        return inspect::inspect(*schema.source, request, call.callback(), call.cancelFlag());
    }();
    call.finish();
    if (!inspection) {
        // The gold's errors point into the text the parser saw: the postprocessed gold.
        if (inspection.error().subject != DiagnosticSubject::Gold) throw DiagnosticError(inspection.error());
        throw DiagnosticError(inspection.error(), exec::officialPostprocess(request.gold));
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
            inspect::CheckRequest request;
            request.gold = gold;
            request.candidate = candidate;
            request.settings = settingsOrThrow(settings);
            request.settings.jobs = jobs;
            if (suites) request.suitesDir = *suites;
            request.minimize = minimize;
            return check(request, schema, std::move(progress));
        },
        py::arg("gold"), py::arg("candidate"), py::arg("schema"), py::arg("settings"), py::arg("jobs"),
        py::arg("minimize"), py::arg("suites"), py::arg("progress"),
        "One inspection as the dict `sqleq-cli check --json` prints (use sqleq.check).");
}

} // namespace sqleq::python
