// sqleq.Evaluator and sqleq._evaluate / sqleq._official_output: core/evaluation's
// Scorer (inputs loaded once, items scored one at a time or in parallel batches) and
// the whole-submission runs behind sqleq.evaluate and `python3 -m sqleq.evaluation`.
// Every call releases the GIL; a Scorer holds no connection, so one Evaluator is
// shared by Python threads and inherited by forked workers as it is.
#include "python/bindings.h"
#include "python/options.h"

#include "core/evaluation/evaluation.h"
#include "core/evaluation/scorer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <pybind11/stl.h>

#include <optional>

namespace sqleq::python {
namespace {

struct EvaluatorHandle {
    std::shared_ptr<const evaluation::Scorer> scorer;
};

EvaluatorHandle makeEvaluator(const std::optional<std::string>& suites, const std::optional<std::string>& tables,
                              const std::optional<std::string>& db, const std::string& settings, bool pcmF1)
{
    if (!suites && !tables && !db) throwArgumentError("Evaluator needs suites, tables and/or db");
    evaluation::EvaluationOptions options;
    options.settings = settingsOrThrow(settings);
    options.metrics.sqleq = options.settings.searchBudget > 0;
    options.metrics.pcmF1 = pcmF1;
    auto scorer = [&] {
        py::gil_scoped_release unlocked;
        return evaluation::Scorer::load({pathOrEmpty(tables), pathOrEmpty(db), pathOrEmpty(suites)}, options);
    }();
    if (!scorer) throw DiagnosticError(scorer.error());
    return {std::make_shared<const evaluation::Scorer>(std::move(*scorer))};
}

py::object score(const EvaluatorHandle& handle, const std::string& gold, const std::string& prediction,
                 const std::string& dbId, std::size_t index)
{
    const suite::GoldItem item{gold, dbId};
    auto metrics = [&] {
        py::gil_scoped_release unlocked;
        return handle.scorer->score(index, item, prediction);
    }();
    return toPython(evaluation::itemJson(metrics));
}

/// (gold, pred, db_id) tuples or {"gold", "pred", "db_id"} mappings.
void readItems(const py::iterable& items, std::vector<suite::GoldItem>& gold, std::vector<std::string>& predictions)
{
    for (const py::handle item : items) {
        if (py::isinstance<py::dict>(item)) {
            const auto mapping = py::reinterpret_borrow<py::dict>(item);
            gold.push_back({py::cast<std::string>(mapping["gold"]), py::cast<std::string>(mapping["db_id"])});
            predictions.push_back(py::cast<std::string>(mapping["pred"]));
            continue;
        }
        const auto fields = py::cast<py::sequence>(item);
        if (fields.size() != 3) throwArgumentError("score_many: each item is (gold, pred, db_id)");
        gold.push_back({py::cast<std::string>(fields[0]), py::cast<std::string>(fields[2])});
        predictions.push_back(py::cast<std::string>(fields[1]));
    }
}

py::list scoreMany(const EvaluatorHandle& handle, const py::iterable& items, unsigned jobs, py::object progress)
{
    std::vector<suite::GoldItem> gold;
    std::vector<std::string> predictions;
    readItems(items, gold, predictions);
    LongCall call(std::move(progress));
    auto scored = [&] {
        py::gil_scoped_release unlocked;
        return handle.scorer->scoreMany(gold, predictions, jobs, call.callback(), call.cancelFlag());
    }();
    call.finish();
    py::list out(scored.size());
    for (std::size_t i = 0; i < scored.size(); ++i) out[i] = toPython(evaluation::itemJson(scored[i]));
    return out;
}

evaluation::SubmissionInputs readInputs(const std::string& goldPath, const std::string& predPath)
{
    auto inputs = [&] {
        py::gil_scoped_release unlocked;
        return evaluation::readSubmission(goldPath, predPath);
    }();
    if (!inputs) throw DiagnosticError(inputs.error());
    return std::move(*inputs);
}

void checkEtype(const std::string& etype)
{
    if (!evaluation::isEvalType(etype))
        throwArgumentError(fmt::format("etype must be one of '{}', not '{}'", fmt::join(evaluation::kEvalTypes, "', '"),
                                       etype));
}

py::tuple evaluate(const std::string& goldPath, const std::string& predPath, const std::optional<std::string>& tables,
                   const std::optional<std::string>& db, const std::optional<std::string>& suites,
                   const std::string& etype, const std::string& settings, unsigned jobs, py::object progress)
{
    checkEtype(etype);
    auto inputs = readInputs(goldPath, predPath);
    inputs.tables = pathOrEmpty(tables);
    inputs.originalDatabases = pathOrEmpty(db);
    inputs.suites = pathOrEmpty(suites);
    evaluation::EvaluationOptions options;
    options.settings = settingsOrThrow(settings);
    options.settings.jobs = jobs;
    options.metrics = evaluation::metricsForEvalType(etype, options.settings.searchBudget);
    LongCall call(std::move(progress));
    auto result = [&] {
        py::gil_scoped_release unlocked;
        return evaluation::evaluateSubmission(inputs, options, call.callback(), call.cancelFlag());
    }();
    call.finish();
    if (!result) throw DiagnosticError(result.error());
    py::list items(result->items.size());
    for (std::size_t i = 0; i < result->items.size(); ++i) items[i] = toPython(evaluation::itemJson(result->items[i]));
    const std::string report = evaluation::formatHardnessReport(*result) + evaluation::formatTurnReport(*result);
    return py::make_tuple(items, report, result->seconds);
}

std::string officialOutput(const std::string& goldPath, const std::string& predPath, const std::string& tables,
                           const std::string& db, const std::string& etype, bool plugValue, bool keepDistinct,
                           unsigned jobs, py::object progress)
{
    checkEtype(etype);
    auto inputs = readInputs(goldPath, predPath);
    inputs.tables = tables;
    evaluation::OfficialEvaluationOptions options{db, etype, plugValue, keepDistinct, jobs};
    LongCall call(std::move(progress));
    auto output = [&] {
        py::gil_scoped_release unlocked;
        return evaluation::officialEvaluationOutput(std::move(inputs), options, call.callback(), call.cancelFlag());
    }();
    call.finish();
    if (!output) throw DiagnosticError(output.error());
    return std::move(*output);
}

} // namespace

void bindEvaluator(py::module_& module)
{
    py::class_<EvaluatorHandle>(module, "_Evaluator",
                                "Scores predictions against inputs loaded once: test suites (suites=DIR/<db_id>/"
                                "*.sqlite), Spider tables.json (tables=: exact set match, hardness, sqleq's search) "
                                "and original databases (db=DIR/<db_id>/<db_id>.sqlite: execution accuracy, "
                                "SQL-Eval). Thread-safe; releases the GIL while it works; usable in forked workers.")
        .def(py::init(&makeEvaluator), py::kw_only(), py::arg("suites"), py::arg("tables"), py::arg("db"),
             py::arg("settings"), py::arg("pcm_f1"),
             "Loads every db_id found in tables.json and the two directories. search: databases sqleq's search "
             "may build where the suite accepts (0: no sqleq verdict). Raises InputError for a missing "
             "directory or an unreadable tables.json.")
        .def("score", &score, py::arg("gold"), py::arg("pred"), py::arg("db_id"), py::arg("index") = 0,
             "The metrics of one prediction: a dict with the keys of `sqleq-cli eval --out items.json` "
             "(index, db_id, hardness, esm, exec, testsuite, sqleval, pcm_f1, testsuite_verdict, separating_db, "
             "separating_db_file, sqleq, testsuite_false_positive, sqleq_found_by, notes, note_details: each note "
             "as {metric, reason, detail}); None where a metric was not computed.")
        .def("score_many", &scoreMany, py::arg("items"), py::kw_only(), py::arg("jobs") = 0,
             py::arg("progress") = py::none(),
             "score() for every (gold, pred, db_id) tuple (or {'gold', 'pred', 'db_id'} dict) of `items`, on "
             "`jobs` threads (0: all cores); item i gets index i. The results do not depend on `jobs`. Ctrl-C "
             "stops it.")
        .def_property_readonly("computed", [](const EvaluatorHandle& h) {
            const auto& computed = h.scorer->computed();
            py::dict out;
            for (const auto& row : evaluation::metricTable()) {
                if (row.role != evaluation::MetricRole::Classification)
                    out[py::str(std::string(row.key))] = evaluation::metricComputed(computed, row.metric);
            }
            return out;
        }, "Which metrics this evaluator computes (its options and the inputs given).")
        .def("__repr__", [](const EvaluatorHandle& h) {
            return "<sqleq.Evaluator: " + evaluation::computedMetricList(h.scorer->computed()) + ">";
        });

    py::tuple etypes(evaluation::kEvalTypes.size());
    for (std::size_t i = 0; i < evaluation::kEvalTypes.size(); ++i) etypes[i] = std::string(evaluation::kEvalTypes[i]);
    module.attr("EVAL_TYPES") = etypes;  // the --etype names, for sqleq.evaluation's parser

    module.def("_evaluate", &evaluate, py::arg("gold_file"), py::arg("pred_file"), py::arg("tables"), py::arg("db"),
               py::arg("suites"), py::arg("etype"), py::arg("settings"), py::arg("jobs"), py::arg("progress"),
               "(items, report, seconds) of `sqleq-cli eval` (use sqleq.evaluate).");
    module.def("_official_output", &officialOutput, py::arg("gold_file"), py::arg("pred_file"), py::arg("tables"),
               py::arg("db"), py::arg("etype"), py::arg("plug_value"), py::arg("keep_distinct"), py::arg("jobs"),
               py::arg("progress"), "What test-suite-sql-eval's evaluation.py prints (use sqleq.evaluation).");
}

} // namespace sqleq::python
