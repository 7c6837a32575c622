// sqleq._check: one inspection (core/inspect) with the options of `sqleq-cli check`,
// returned as the very object `check --json` prints (core/inspect/inspection_json).
// The Python layer wraps it in sqleq.Inspection.
#include "python/bindings.h"
#include "python/options.h"
#include "python/schema_handle.h"

#include "core/exec/exec_limits.h"
#include "core/exec/spider_compat.h"
#include "core/inspect/inspect.h"
#include "core/inspect/inspection_json.h"

#include <pybind11/stl.h>

#include <optional>

namespace sqleq::python {
namespace {

struct CheckArguments {
    std::optional<std::string> profile;  ///< None: the one the schema source promises
    uint64_t seed = 0;
    bool plugValue = false;
    bool keepDistinct = false;
    std::size_t search = 300;
    int64_t timeoutMs = 2000;
    std::size_t budget = 1000;
    unsigned jobs = 0;
    bool minimize = true;
    std::optional<std::string> suites;
    bool prove = true;
};

/// The arguments as core's one request; the schema was opened by sqleq.Schema.
inspect::CheckRequest checkRequest(const std::string& gold, const std::string& candidate,
                                   const CheckArguments& arguments, const schema::SchemaSource& source)
{
    inspect::CheckRequest request;
    request.gold = gold;
    request.candidate = candidate;
    auto& settings = request.settings;
    settings.profile = arguments.profile ? parseProfileOrThrow(*arguments.profile)
                                         : inspect::promisedProfile(source.kind);
    settings.seed = arguments.seed;
    settings.samplingBudget = arguments.budget;
    settings.searchBudget = arguments.search;
    settings.jobs = arguments.jobs;
    settings.plugValue = arguments.plugValue;
    settings.keepDistinct = arguments.keepDistinct;
    settings.prove = arguments.prove;
    const exec::ExecLimits idle = exec::limitsForIdleBudget(arguments.timeoutMs);
    settings.limits.maxSteps = idle.maxSteps;
    settings.limits.wallClockLimitMs = idle.wallClockLimitMs;
    if (arguments.suites) request.suitesDir = *arguments.suites;
    request.minimize = arguments.minimize;
    return request;
}

py::object check(const std::string& gold, const std::string& candidate, const SchemaHandle& schema,
                 const CheckArguments& arguments, py::object progress)
{
    if (arguments.timeoutMs <= 0) throwArgumentError("timeout_ms must be positive");
    if (arguments.budget == 0) throwArgumentError("budget must be positive");
    const inspect::CheckRequest request = checkRequest(gold, candidate, arguments, *schema.source);
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
    return toPython(inspect::inspectionJson(schema.source->schema, *inspection, request.settings));
}

} // namespace

void bindCheck(py::module_& module)
{
    module.def(
        "_check",
        [](const std::string& gold, const std::string& candidate, const SchemaHandle& schema, std::optional<std::string> profile,
           uint64_t seed, bool plugValue, bool keepDistinct, std::size_t search, int64_t timeoutMs, std::size_t budget,
           unsigned jobs, bool minimize, std::optional<std::string> suites, bool prove, py::object progress) {
            CheckArguments arguments{std::move(profile), seed, plugValue, keepDistinct, search, timeoutMs, budget, jobs, minimize,
                                     std::move(suites), prove};
            return check(gold, candidate, schema, arguments, std::move(progress));
        },
        py::arg("gold"), py::arg("candidate"), py::arg("schema"), py::arg("profile"), py::arg("seed"),
        py::arg("plug_value"), py::arg("keep_distinct"), py::arg("search"), py::arg("timeout_ms"), py::arg("budget"),
        py::arg("jobs"), py::arg("minimize"), py::arg("suites"), py::arg("prove"), py::arg("progress"),
        "One inspection as the dict `sqleq-cli check --json` prints (use sqleq.check).");
}

} // namespace sqleq::python
