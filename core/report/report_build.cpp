// buildReport: the submissions' metrics (evaluated now, or read from an audit project),
// then one inspection per distinct listed pair. A pair listed by several submissions
// (the same db_id, gold and prediction as judged) is inspected once: the inspection is
// seeded, so a second run could only repeat it.

#include "core/report/report.h"

#include "core/base/library_versions.h"
#include "core/base/parallel_for.h"
#include "core/dataset/dataset_layout.h"
#include "core/exec/spider_compat.h"
#include "core/inspect/inspect.h"
#include "core/inspect/inspection_json.h"
#include "core/inspect/separation_focus.h"
#include "core/schema/schema_source.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <set>
#include <tuple>

namespace sqleq::report {
namespace {

namespace fs = std::filesystem;

Diagnostic inputError(std::string message)
{
    Diagnostic diagnostic;
    diagnostic.code = "report.input";
    diagnostic.message = std::move(message);
    return diagnostic;
}

bool cancelled(const std::atomic<bool>* cancel) { return cancel != nullptr && cancel->load(); }

std::string utcNow()
{
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

std::string submissionName(const SubmissionFile& file)
{
    return file.name.empty() ? file.predictions.filename().string() : file.name;
}

/// The prediction as the execution metrics judged it (evaluation.py's "value" → "1").
std::string predictionAsJudged(const std::string& prediction, const evaluation::EvaluationOptions& options)
{
    return options.valuePlaceholder == evaluation::ValuePlaceholder::Official
               ? exec::officialValuePlaceholder(prediction)
               : prediction;
}

Status evaluateSubmissions(const ReportRequest& request, Report& report, const suite::ProgressCallback& progress,
                           const std::atomic<bool>* cancel)
{
    std::vector<std::string> warnings;
    std::set<std::string> names;
    for (const SubmissionFile& file : request.submissions) {
        const std::string name = submissionName(file);
        if (!names.insert(name).second)
            return inputError(fmt::format("two submissions are named {}: give each its own name", name));
        auto inputs = evaluation::readSubmission(request.gold.string(), file.predictions.string());
        if (!inputs) return inputs.error();
        inputs->tables = request.tables;
        inputs->originalDatabases = request.originalDatabases;
        inputs->suites = request.suites;
        const auto forward = [&](const suite::Progress& step) {
            if (!progress) return;
            suite::Progress tagged = step;
            tagged.phase = "evaluating " + name;
            progress(tagged);
        };
        auto evaluated = evaluation::evaluateSubmission(*inputs, request.evaluation, forward, cancel);
        if (!evaluated) return evaluated.error();
        if (report.gold.empty()) report.gold = inputs->gold;
        report.submissions.push_back({name, std::move(inputs->predictions), std::move(*evaluated)});
        if (report.submissions.back().evaluation.cancelled) {
            report.cancelled = true;
            return {};
        }
    }
    auto questions = audit::matchQuestions(request.questions.string(), report.gold, warnings);
    if (!questions) return questions.error();
    report.questions.assign(report.gold.size(), {});
    for (auto& [index, text] : *questions) report.questions[index] = std::move(text);
    return {};
}

/// The project's sources take the place of the request's paths: the report shows what
/// the annotators saw.
Status readProject(ReportRequest& request, Report& report)
{
    auto store = audit::AnnotationStore::openReadOnly(request.auditProject);
    if (!store) return store.error();
    auto sources = store->sources();
    if (!sources) return sources.error();
    auto items = store->items();
    if (!items) return items.error();
    auto annotations = store->annotations();
    if (!annotations) return annotations.error();

    request.gold = sources->gold;
    request.tables = sources->tables;
    request.originalDatabases = sources->originalDatabases;
    request.suites = sources->suites;
    request.evaluation.settings = sources->settings;
    SubmissionReport submission;
    submission.name = fs::path(sources->predictions).filename().string();
    submission.evaluation.interactionTurns = sources->interactionTurns;
    for (audit::AuditItem& item : *items) {
        report.gold.push_back({item.gold, item.dbId});
        report.questions.push_back(std::move(item.question));
        submission.predictions.push_back(std::move(item.prediction));
        auto& computed = submission.evaluation.computed;
        computed.esm = computed.esm || item.metrics.esm.has_value();
        computed.exec = computed.exec || item.metrics.exec.has_value();
        computed.testSuite = computed.testSuite || item.metrics.testSuite.has_value();
        computed.sqlEval = computed.sqlEval || item.metrics.sqlEval.has_value();
        computed.pcmF1 = computed.pcmF1 || item.metrics.pcmF1.has_value();
        computed.sqleq = computed.sqleq || item.metrics.sqleq.has_value();
        submission.evaluation.items.push_back(std::move(item.metrics));
    }
    report.submissions.push_back(std::move(submission));
    report.annotations = std::move(*annotations);
    // The store lists them by item already; annotationsOf relies on it, so it is not left to chance.
    std::stable_sort(report.annotations.begin(), report.annotations.end(),
                     [](const auto& a, const auto& b) { return a.itemIndex < b.itemIndex; });
    return {};
}

/// The dataset the request's folders name.
dataset::DatasetLayout layoutOf(const ReportRequest& request)
{
    return {.tables = request.tables, .originalDatabases = request.originalDatabases, .suites = request.suites};
}

/// The schema an item's inspection uses, as the inspector opens an audit item: the
/// tables.json with its db_id (the original database first in the suite), or without
/// one the original database itself.
Result<schema::SchemaSource> openSourceOf(const ReportRequest& request, const std::string& dbId)
{
    const dataset::DatasetLayout layout = layoutOf(request);
    if (!request.tables.empty()) return layout.schemaSource(dbId);
    auto original = layout.originalDatabasePath(dbId);
    if (!original) return original.error();
    return schema::openSchemaSource({.kind = schema::SchemaSourceKind::SqliteFile, .path = *original});
}

/// `check --json`'s object, plus what the report marks: which cell of the separating
/// database to look at and why, and which result rows only one query returns.
nlohmann::json inspectionForReport(const schema::Schema& schema, const inspect::Inspection& inspection)
{
    nlohmann::json json = inspect::inspectionJson(schema, inspection);
    if (const auto& counterexample = inspection.counterexample) {
        const auto focus = inspect::separationFocus(
            schema, counterexample->content, counterexample->tablesRead,
            inspect::columnsReadByEither(schema, inspection.check.goldUsed, inspection.check.candidateUsed),
            inspection.diagnosis.clauses);
        json["separation"] =
            inspect::separationSentence(focus, counterexample->goldOutcome, counterexample->candidateOutcome);
        json["separation_focus"] =
            focus ? nlohmann::json{{"table", focus->table}, {"column", focus->column}} : nlohmann::json();
        json["counterexample_comparison"] = compare::toJson(counterexample->comparison);
        json["counterexample_gold_status"] = exec::outcomeStatusName(counterexample->goldOutcome.status);
        json["counterexample_candidate_status"] = exec::outcomeStatusName(counterexample->candidateOutcome.status);
        json["counterexample_candidate_error"] = counterexample->candidateOutcome.ok()
                                                     ? nlohmann::json()
                                                     : nlohmann::json(counterexample->candidateOutcome.error.message);
    }
    return json;
}

struct Pair {
    std::string dbId;
    std::string gold;
    std::string prediction;   ///< as judged
    auto operator<=>(const Pair&) const = default;
};

void inspectListed(const ReportRequest& request, Report& report, const suite::ProgressCallback& progress,
                   const std::atomic<bool>* cancel)
{
    std::map<Pair, int> indexOf;
    std::vector<Pair> pairs;
    report.inspectionOf.assign(report.submissions.size(), {});
    for (std::size_t s = 0; s < report.submissions.size(); ++s) {
        const SubmissionReport& submission = report.submissions[s];
        auto& of = report.inspectionOf[s];
        of.assign(submission.evaluation.items.size(), -1);
        for (std::size_t i = 0; i < submission.evaluation.items.size() && i < report.gold.size(); ++i) {
            if (!isListed(report, s, i)) continue;
            Pair pair{report.gold[i].dbId, report.gold[i].sql,
                      predictionAsJudged(submission.predictions[i], request.evaluation)};
            auto [found, added] = indexOf.try_emplace(pair, static_cast<int>(pairs.size()));
            if (added) pairs.push_back(std::move(pair));
            of[i] = found->second;
        }
    }
    report.inspections.assign(pairs.size(), {});
    if (!request.inspectItems || pairs.empty()) return;

    // One schema source per db_id, opened before the workers start and only read by them.
    std::map<std::string, Result<schema::SchemaSource>> sources;
    for (const Pair& pair : pairs) {
        if (!sources.contains(pair.dbId)) sources.emplace(pair.dbId, openSourceOf(request, pair.dbId));
    }
    inspect::CheckSettings settings = request.evaluation.settings;
    const unsigned jobs = settings.jobs;
    settings.jobs = 1;  // the pairs are spread over the threads; no verdict depends on it
    parallelFor(
        pairs.size(), jobs,
        [&](std::size_t index, unsigned) {
            if (cancelled(cancel)) return;
            const Pair& pair = pairs[index];
            ItemInspection& out = report.inspections[index];
            const auto& source = sources.at(pair.dbId);
            if (!source) {
                out.error = source.error().message;
                return;
            }
            inspect::CheckRequest check;
            check.gold = pair.gold;
            check.candidate = pair.prediction;
            check.settings = settings;
            if (layoutOf(request).hasSuite(pair.dbId)) check.suitesDir = request.suites;
            auto inspection = inspect::inspect(*source, check, {}, cancel);
            if (!inspection) {
                out.error = inspection.error().message;
                return;
            }
            if (inspection->cancelled) return;
            out.inspection = inspectionForReport(source->schema, *inspection);
        },
        [&](std::size_t done, std::size_t total) {
            if (!progress) return;
            suite::Progress step;
            step.phase = "inspecting";
            step.done = done;
            step.total = total;
            progress(step);
        });
    if (cancelled(cancel)) report.cancelled = true;
}

} // namespace

ListedReason listedReason(const evaluation::ItemMetrics& item)
{
    return {item.testSuiteFalsePositive, evaluation::metricsDisagree(item)};
}

bool isListed(const Report& report, std::size_t submission, std::size_t item)
{
    const ListedReason reason = listedReason(report.submissions[submission].evaluation.items[item]);
    if (reason.testSuiteFalsePositive || reason.metricsDisagree) return true;
    return submission == 0 && !annotationsOf(report, item).empty();
}

std::span<const audit::Annotation> annotationsOf(const Report& report, std::size_t item)
{
    const auto& all = report.annotations;
    const auto first = std::lower_bound(all.begin(), all.end(), item,
                                        [](const audit::Annotation& a, std::size_t i) { return a.itemIndex < i; });
    const auto last = std::upper_bound(first, all.end(), item,
                                       [](std::size_t i, const audit::Annotation& a) { return i < a.itemIndex; });
    return {first, last};
}

std::size_t listedCount(const Report& report)
{
    std::size_t listed = 0;
    for (std::size_t s = 0; s < report.submissions.size(); ++s)
        for (std::size_t i = 0; i < report.submissions[s].evaluation.items.size(); ++i) listed += isListed(report, s, i);
    return listed;
}

Result<Report> buildReport(const ReportRequest& given, const suite::ProgressCallback& progress,
                           const std::atomic<bool>* cancel)
{
    const auto start = std::chrono::steady_clock::now();
    ReportRequest request = given;
    Report report;
    report.command = request.command;
    report.version = request.version;
    report.libraries = fmt::format("SQLite {}, fmt {}, nlohmann-json {}", sqliteVersion(), fmtVersion(), jsonVersion());
    report.createdAt = utcNow();
    if (!request.auditProject.empty()) {
        if (!request.submissions.empty())
            return inputError("a report reads either an audit project or predictions files, not both");
        if (auto read = readProject(request, report); !read) return read.error();
    } else {
        if (request.submissions.empty()) return inputError("a report needs at least one predictions file");
        if (request.gold.empty()) return inputError("a report needs the gold file");
        if (auto evaluated = evaluateSubmissions(request, report, progress, cancel); !evaluated)
            return evaluated.error();
    }
    report.settings = request.evaluation.settings;
    if (!report.cancelled) inspectListed(request, report, progress, cancel);
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

} // namespace sqleq::report
