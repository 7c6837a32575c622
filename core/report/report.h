// report: an evaluation as one self-contained HTML file that anyone can open — per
// metric the accuracy by hardness (chart and table, several submissions side by side),
// how often each pair of metrics disagrees, and the items worth a look (test-suite
// false positives, items where the metrics disagree), each opening onto the same
// content the inspector shows: question, gold, candidate, the metrics' verdicts,
// sqleq's verdict with its evidence, the diagnosis, the clause diff and the minimal
// counterexample table by table. buildReport is the one orchestration (`sqleq-cli
// report` and `sqleq.report` adapt it); renderReportHtml only formats what it holds.
// No network, no third-party script: the summary reads without JavaScript, and a small
// inline script filters and sorts the item list. No Qt, nothing thrown.
#pragma once

#include "core/audit/audit.h"
#include "core/base/result.h"
#include "core/evaluation/evaluation.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace sqleq::report {

/// One predictions file to evaluate; `name` labels it everywhere in the report.
struct SubmissionFile {
    std::string name;             ///< empty: the file's name
    std::filesystem::path predictions;
};

/// What a report is made from: either submissions evaluated now (gold, predictions
/// files and the metrics' inputs) or an existing audit project (its stored metrics,
/// sources and annotations; `submissions` must then be empty).
struct ReportRequest {
    std::filesystem::path gold;
    std::vector<SubmissionFile> submissions;
    std::filesystem::path tables;              ///< Spider tables.json (ESM, hardness, the inspections' schema)
    std::filesystem::path originalDatabases;   ///< DIR/<db_id>/<db_id>.sqlite
    std::filesystem::path suites;              ///< DIR/<db_id>/*.sqlite
    std::filesystem::path questions;           ///< dev_questions.tsv layout; optional
    std::filesystem::path auditProject;        ///< read instead of evaluating; optional
    /// Metrics and the settings every item's verdicts and inspections use (as `eval`'s).
    evaluation::EvaluationOptions evaluation;
    /// Inspect each listed item (diagnosis, clause diff, counterexample) with the
    /// settings above, as the inspector opens an audit item. Off: the metrics only.
    bool inspectItems = true;
    std::string command;   ///< the command line that asked for the report, shown in it
    std::string version;   ///< "sqleq " and the project version (core/base/version.h)
};

/// Why an item is listed: the test suite's own false positive, or metrics that disagree.
struct ListedReason {
    bool testSuiteFalsePositive = false;
    bool metricsDisagree = false;
};

/// One evaluated submission.
struct SubmissionReport {
    std::string name;
    std::vector<std::string> predictions;      ///< one per gold item
    evaluation::Evaluation evaluation;
};

/// The inspection of one (db_id, gold, candidate as judged): `check --json`'s object
/// (inspect::inspectionJson) plus `separation` (which cell of the counterexample to look
/// at, and why, in words), or `error` when the pair could not be inspected.
struct ItemInspection {
    nlohmann::json inspection;   ///< null when not inspected
    std::string error;
};

struct Report {
    std::vector<suite::GoldItem> gold;
    std::vector<std::string> questions;        ///< per gold item; empty strings when unknown
    std::vector<SubmissionReport> submissions;
    /// Per (submission, item) listed: the index into `inspections`, or -1.
    std::vector<std::vector<int>> inspectionOf;
    std::vector<ItemInspection> inspections;   ///< distinct pairs, inspected once
    std::vector<audit::Annotation> annotations;  ///< from the audit project, for submission 0; by item
    std::string command;
    std::string version;
    std::string libraries;                     ///< "SQLite 3.40.1, fmt 9.1.0, nlohmann-json 3.11.2"
    inspect::CheckSettings settings;
    std::string createdAt;                     ///< UTC, ISO 8601
    double seconds = 0;
    bool cancelled = false;
};

/// Why an item's metrics list it (neither: not for its metrics).
ListedReason listedReason(const evaluation::ItemMetrics& item);

/// Whether item `item` of `submission` is in the report's list: for its metrics, or
/// (the audit project's submission) because an annotator annotated it.
bool isListed(const Report& report, std::size_t submission, std::size_t item);

/// The annotations of item `item` (of submission 0), by annotator.
std::span<const audit::Annotation> annotationsOf(const Report& report, std::size_t item);

/// How many (submission, item) the report lists.
std::size_t listedCount(const Report& report);

/// Evaluates every submission (evaluation::evaluateSubmission, one after the other, each
/// on `settings.jobs` threads) or reads the audit project, then inspects each distinct
/// listed pair once (in parallel; the inspections do not depend on the thread count).
/// Errors name the file at fault ("report.input", or the evaluation's and the store's
/// own). `progress` runs on the calling thread: phases "evaluating <name>",
/// "inspecting".
Result<Report> buildReport(const ReportRequest& request, const suite::ProgressCallback& progress = {},
                           const std::atomic<bool>* cancel = nullptr);

/// The report as one HTML document (UTF-8): no external resource of any kind.
std::string renderReportHtml(const Report& report);

} // namespace sqleq::report
