// sqleq.distill and sqleq.Suite: one suite for a set of gold queries of one schema
// (core/suite's distill, Algorithm 1 plus the targeted databases), saved and loaded
// in the test-suite-sql-eval layout DIR/<db_id>/<db_id>_<n>.sqlite.
#include "python/bindings.h"
#include "python/options.h"
#include "python/schema_handle.h"

#include "core/inspect/check_request.h"

#include <fmt/format.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <filesystem>
#include <memory>

namespace sqleq::python {
namespace {

struct SuiteHandle {
    std::shared_ptr<const suite::Suite> suite;
    /// Per gold: neighbors and those left undistinguished; empty for a loaded suite.
    std::vector<suite::GoldReport> golds;
    std::size_t sampled = 0;
};

py::list goldReports(const SuiteHandle& handle)
{
    py::list reports;
    for (const auto& gold : handle.golds) {
        py::dict report;
        report["gold"] = gold.goldSql;
        std::size_t counted = 0;
        py::list open;
        for (const auto& status : gold.neighbors) {
            if (status.sameAsGoldWhenRun) continue;
            ++counted;
            if (status.open()) open.append(status.neighbor.sql);
        }
        report["neighbors"] = counted;
        report["undistinguished"] = open;
        report["error"] = gold.error ? py::object(py::str(gold.error->message)) : py::object(py::none());
        reports.append(report);
    }
    return reports;
}

SuiteHandle distill(const std::vector<std::string>& golds, const SchemaHandle& schema, const std::string& settingsJson,
                    unsigned jobs, bool targeted, bool targetedFirst, py::object progress)
{
    if (golds.empty()) throwArgumentError("distill needs at least one gold query");
    inspect::CheckSettings settings = inspect::resolveProfile(settingsOrThrow(settingsJson), schema.source->kind);
    if (settings.samplingBudget == 0) throwArgumentError("budget must be positive");
    settings.jobs = jobs;
    suite::DistillOptions distillOnly;
    distillOnly.targeted = targeted;
    distillOnly.targetedFirst = targetedFirst;
    distillOnly.original = schema.source->original;
    // The suite `check` distills for the same settings (inspect::distillOptions).
    const suite::DistillOptions options = inspect::distillOptions(settings, std::move(distillOnly));
    LongCall call(std::move(progress));
    auto result = [&] {
        py::gil_scoped_release unlocked;
        return suite::distill(schema.source->schema, golds, options, call.callback(), call.cancelFlag());
    }();
    call.finish();
    if (!result) throw DiagnosticError(result.error());
    SuiteHandle handle;
    handle.suite = std::make_shared<const suite::Suite>(std::move(result->suite));
    handle.golds = std::move(result->golds);
    handle.sampled = result->sampled;
    return handle;
}

void save(const SuiteHandle& handle, const std::filesystem::path& dir)
{
    Status written = [&] {
        py::gil_scoped_release unlocked;
        return suite::exportSuite(*handle.suite, dir);
    }();
    if (!written) throw DiagnosticError(written.error());
}

SuiteHandle load(const std::filesystem::path& dir, const std::string& dbId)
{
    auto imported = [&] {
        py::gil_scoped_release unlocked;
        return suite::importSuite(dir, dbId);
    }();
    if (!imported) throw DiagnosticError(imported.error());
    return {std::make_shared<const suite::Suite>(std::move(*imported)), {}, 0};
}

py::list labels(const SuiteHandle& handle)
{
    py::list out;
    for (const auto& database : handle.suite->databases) out.append(database.label);
    return out;
}

} // namespace

void bindSuite(py::module_& module)
{
    py::class_<SuiteHandle>(module, "Suite",
                            "A test suite: the databases that tell a schema's gold queries from their neighbors. "
                            "Built by sqleq.distill or read by Suite.load; save() writes the test-suite-sql-eval "
                            "layout DIR/<db_id>/<db_id>_<n>.sqlite.")
        .def_static("load", &load, py::arg("dir"), py::arg("db_id"),
                    "Reads DIR/<db_id>/*.sqlite (natural name order). Raises SuiteError.")
        .def("save", &save, py::arg("dir"),
             "Writes DIR/<db_id>/<db_id>_<n>.sqlite atomically; stale files of that layout are removed. "
             "Raises SuiteError.")
        .def_property_readonly("db_id", [](const SuiteHandle& h) { return h.suite->dbId; })
        .def_property_readonly("labels", &labels, "Each database's label ('original', 'sample 17', a file name).")
        .def_property_readonly("sampled", [](const SuiteHandle& h) { return h.sampled; },
                               "Random databases sampled while distilling (0 for a loaded suite).")
        .def_property_readonly("golds", &goldReports,
                               "Per gold query: {'gold', 'neighbors', 'undistinguished': [neighbor SQL], 'error'}; "
                               "empty for a loaded suite.")
        .def("__len__", [](const SuiteHandle& h) { return h.suite->databases.size(); })
        .def("__repr__", [](const SuiteHandle& h) {
            return fmt::format("<sqleq.Suite '{}': {} database{}>", h.suite->dbId, h.suite->databases.size(),
                               h.suite->databases.size() == 1 ? "" : "s");
        });

    module.def("_distill", &distill, py::arg("golds"), py::arg("schema"), py::arg("settings"), py::arg("jobs"),
               py::arg("targeted"), py::arg("targeted_first"), py::arg("progress"),
               "Distills one test suite for the gold queries (a list of SQL strings) of `schema`: random databases "
               "sampled from `seed` (at most `budget`), kept when they tell a gold from a neighbor no kept database "
               "tells apart yet, then databases built for the neighbors still open (targeted=False: sampling "
               "only; targeted_first=True: proofs and built databases before sampling too, for golds no random "
               "database satisfies, such as ATIS's). Deterministic whatever `jobs` is (0: all cores). `progress(dict)` gets the CLI progress "
               "bar's fields. Releases the GIL; Ctrl-C stops it. Raises SuiteError.");
}

} // namespace sqleq::python
