// sqleq._report: core/report's HTML report, behind sqleq.report (the same report as
// `sqleq-cli report` for the same arguments).
#include "python/bindings.h"
#include "python/options.h"

#include "core/base/atomic_file.h"
#include "core/base/version.h"
#include "core/report/report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <pybind11/stl.h>

namespace sqleq::python {
namespace {

py::dict report(const std::optional<std::string>& gold, const std::vector<std::string>& predictions,
                const std::vector<std::string>& labels, const std::string& out,
                const std::optional<std::string>& tables, const std::optional<std::string>& db,
                const std::optional<std::string>& suites, const std::optional<std::string>& questions,
                const std::optional<std::string>& project, const std::string& etype, const std::string& settings,
                unsigned jobs, bool inspectItems, const std::string& command, py::object progress)
{
    if (!labels.empty() && labels.size() != predictions.size())
        throwArgumentError("labels: give one label per predictions file, or none");
    if (!evaluation::isEvalType(etype))
        throwArgumentError(fmt::format("etype must be one of '{}', not '{}'", fmt::join(evaluation::kEvalTypes, "', '"),
                                       etype));
    report::ReportRequest request;
    request.gold = pathOrEmpty(gold);
    for (std::size_t i = 0; i < predictions.size(); ++i)
        request.submissions.push_back({labels.empty() ? std::string() : labels[i], predictions[i]});
    request.tables = pathOrEmpty(tables);
    request.originalDatabases = pathOrEmpty(db);
    request.suites = pathOrEmpty(suites);
    request.questions = pathOrEmpty(questions);
    request.auditProject = pathOrEmpty(project);
    request.evaluation.settings = settingsOrThrow(settings);
    request.evaluation.settings.jobs = jobs;
    request.evaluation.metrics = evaluation::metricsForEvalType(etype, request.evaluation.settings.searchBudget);
    request.inspectItems = inspectItems;
    request.command = command;
    request.version = "sqleq " + std::string(kVersion);
    LongCall call(std::move(progress));
    auto written = [&]() -> Result<report::Report> {
        py::gil_scoped_release unlocked;
        auto built = report::buildReport(request, call.callback(), call.cancelFlag());
        if (!built) return built.error();
        if (auto saved = writeFileAtomically(out, report::renderReportHtml(*built)); !saved) return saved.error();
        return built;
    }();
    call.finish();
    if (!written) throw DiagnosticError(written.error());
    py::dict summary;
    summary["path"] = out;
    summary["submissions"] = written->submissions.size();
    summary["listed"] = report::listedCount(*written);
    summary["inspections"] = written->inspections.size();
    summary["seconds"] = written->seconds;
    return summary;
}

} // namespace

void bindReport(py::module_& module)
{
    module.def("_report", &report, py::arg("gold"), py::arg("predictions"), py::arg("labels"), py::arg("out"),
               py::arg("tables"), py::arg("db"), py::arg("suites"), py::arg("questions"), py::arg("project"),
               py::arg("etype"), py::arg("settings"), py::arg("jobs"), py::arg("inspect"), py::arg("command"),
               py::arg("progress"),
               "Writes the HTML report of `sqleq-cli report` (use sqleq.report).");
}

} // namespace sqleq::python
