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
    std::string profile = "spider";
    uint64_t seed = 0;
    bool plugValue = false;
    bool keepDistinct = false;
    std::size_t search = 300;
    int64_t timeoutMs = 2000;
    std::size_t budget = 1000;
    unsigned jobs = 0;
    bool minimize = true;
    std::optional<std::string> suites;
};

inspect::InspectOptions inspectOptions(const CheckArguments& arguments, const schema::SchemaSource& source)
{
    inspect::InspectOptions options;
    options.distill.profile = parseProfileOrThrow(arguments.profile);
    options.distill.seed = arguments.seed;
    options.distill.budget = arguments.budget;
    options.distill.jobs = arguments.jobs;
    options.distill.original = source.original;
    options.check.plugValue = arguments.plugValue;
    options.check.keepDistinct = arguments.keepDistinct;
    const exec::ExecLimits idle = exec::limitsForIdleBudget(arguments.timeoutMs);
    options.check.limits.maxSteps = idle.maxSteps;
    options.check.limits.wallClockLimitMs = idle.wallClockLimitMs;
    options.searchBudget = arguments.search;
    options.minimize = arguments.minimize;
    return options;
}

py::object check(const std::string& gold, const std::string& candidate, const SchemaHandle& schema,
                 const CheckArguments& arguments, py::object progress)
{
    if (arguments.timeoutMs <= 0) throwArgumentError("timeout_ms must be positive");
    if (arguments.budget == 0) throwArgumentError("budget must be positive");
    auto options = inspectOptions(arguments, *schema.source);
    if (arguments.suites) {
        // A released suite joins the metric's suite, as `check --suites` does: DIR/<db_id>/*.sqlite.
        auto imported = suite::importSuite(*arguments.suites, schema.source->schema.name);
        if (!imported) throw DiagnosticError(imported.error());
        options.prebuilt = std::move(*imported);
    }
    LongCall call(std::move(progress));
    auto inspection = [&] {
        py::gil_scoped_release unlocked;
        return inspect::inspect(schema.source->schema, gold, candidate, options, call.callback(), call.cancelFlag());
    }();
    call.finish();
    if (!inspection) throw DiagnosticError(inspection.error(), exec::officialPostprocess(gold));
    return toPython(inspect::inspectionJson(schema.source->schema, *inspection, options));
}

} // namespace

void bindCheck(py::module_& module)
{
    module.def(
        "_check",
        [](const std::string& gold, const std::string& candidate, const SchemaHandle& schema, const std::string& profile,
           uint64_t seed, bool plugValue, bool keepDistinct, std::size_t search, int64_t timeoutMs, std::size_t budget,
           unsigned jobs, bool minimize, std::optional<std::string> suites, py::object progress) {
            CheckArguments arguments{profile, seed, plugValue, keepDistinct, search, timeoutMs, budget, jobs, minimize,
                                     std::move(suites)};
            return check(gold, candidate, schema, arguments, std::move(progress));
        },
        py::arg("gold"), py::arg("candidate"), py::arg("schema"), py::arg("profile"), py::arg("seed"),
        py::arg("plug_value"), py::arg("keep_distinct"), py::arg("search"), py::arg("timeout_ms"), py::arg("budget"),
        py::arg("jobs"), py::arg("minimize"), py::arg("suites"), py::arg("progress"),
        "One inspection as the dict `sqleq-cli check --json` prints (use sqleq.check).");
}

} // namespace sqleq::python
