// evaluation: every metric of every item of a submission (a gold file and a
// predictions file) — hardness, Spider exact set match, single-denotation execution
// accuracy on the original database, test-suite accuracy, SQL-Eval and PCM-F1 —
// computed in parallel, plus the per-hardness report the official evaluator prints
// and the list of items where the metrics disagree. Shared by `sqleq-cli eval` and
// the GUI's audit mode. A metric is computed only when its inputs were given; a
// metric that cannot be computed for one item is left unset with a note, it never
// stops the batch. No Qt, nothing thrown.
#pragma once

#include "core/base/result.h"
#include "core/metrics/spider_esm.h"
#include "core/metrics/sql_eval.h"
#include "core/suite/suite.h"

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sqleq::evaluation {

/// The metrics of one item; unset means "not computed" (an empty TSV cell).
struct ItemMetrics {
    std::size_t index = 0;                       ///< 0-based position in the gold file
    std::string dbId;
    std::optional<metrics::Hardness> hardness;   ///< needs tables.json and a gold the official parser reads
    std::optional<bool> esm;                     ///< exact set match (needs tables.json)
    std::optional<metrics::ComponentScores> components;  ///< ESM's partial matching scores
    std::optional<bool> exec;                    ///< single denotation: same result on the original database
                                                 ///< (unset when the gold itself fails there)
    std::optional<bool> testSuite;               ///< no suite database separates gold and prediction
                                                 ///< (unset when the gold fails on a suite database)
    std::optional<bool> sqlEval;                 ///< SQL-Eval (defog) on the original database
    /// sqleq's verdict: the test suite's, and where the suite accepts, the search past it
    /// (needs the suites and tables.json). Unset when the test suite is unset.
    std::optional<bool> sqleq;
    /// The suite accepts the prediction and the search separates it: the test-suite
    /// metric's own false positive. `sqleqFoundBy` names the searched database.
    bool testSuiteFalsePositive = false;
    std::string sqleqFoundBy;
    std::optional<double> pcmF1;                 ///< needs only the two queries
    std::string testSuiteVerdict;                ///< suite::verdictKindName, empty when not computed
    int separatingDatabase = -1;                 ///< test suite: index of the first separating database
    /// Its file in the suite folder ("concerts_3.sqlite"): the name every front end shows,
    /// since the index counts another list than the inspector's. Empty when unknown.
    std::string separatingDatabaseFile;
    std::vector<std::string> notes;              ///< one sentence per metric left unset or erring,
                                                 ///< prefixed "esm:", "exec:", "testsuite:", ...;
                                                 ///< "placeholder:" when "value" was run as "1"
};

/// Which metrics to compute. Each also needs its inputs (see SubmissionInputs).
struct MetricSelection {
    bool esm = true;
    bool exec = true;
    bool testSuite = true;
    bool sqlEval = true;
    bool pcmF1 = true;
    bool sqleq = true;  ///< the test suite plus the search past it (needs suites and tables)
};

/// How the Spider metrics read a prediction's placeholder `value` (written by models that
/// predict no value: `age > ' value '`). Official: evaluation.py's `p_str.replace("value",
/// "1")` before exact match, execution and test suite, so `' value '` runs as the string
/// `' 1 '`; the published numbers are made so. AsWritten: the prediction runs as written
/// (no rewrite of identifiers or strings that contain "value" either). SQL-Eval and
/// PCM-F1 always read the prediction as written: their own scripts do not rewrite it.
enum class ValuePlaceholder { Official, AsWritten };

struct EvaluationOptions {
    MetricSelection metrics;
    metrics::EsmOptions esm;           ///< fixJoinPredicates (its placeholder rewrite follows valuePlaceholder)
    ValuePlaceholder valuePlaceholder = ValuePlaceholder::Official;
    suite::CheckOptions check;         ///< plugValue, keepDistinct, order rule, limits (exec and test suite)
    metrics::SqlEvalOptions sqlEval;   ///< subset mode
    /// sqleq's search past the suite (databases per accepted item; 0 leaves sqleq unset).
    std::size_t searchBudget = 300;
    unsigned jobs = 0;                 ///< worker threads; 0: all cores. Results do not depend on it.
};

/// A submission and where its metrics' inputs live. Paths left empty switch the
/// metrics that need them off: tables → esm + hardness; originalDatabases → exec +
/// sqlEval; suites → testSuite. Hardness is computed whenever tables is given, even
/// with esm off, so that execution metrics are still reported per hardness.
struct SubmissionInputs {
    std::vector<suite::GoldItem> gold;
    std::vector<std::string> predictions;       ///< same length as gold
    std::filesystem::path tables;                ///< Spider tables.json
    std::filesystem::path originalDatabases;     ///< DIR/<db_id>/<db_id>.sqlite, as the official --db
    std::filesystem::path suites;                ///< DIR/<db_id>/*.sqlite (released or distilled suites)
    /// Item index → why its gold or prediction line was refused (longer than the 1 MiB
    /// cap on one query; the refused query is empty). Noted on the item as "input: …".
    std::map<std::size_t, std::string> lineErrors;
};

/// Reads a gold file and a predictions file into SubmissionInputs (paths left empty).
/// Errors name the file and line; different lengths are an error naming both files.
Result<SubmissionInputs> readSubmission(const std::string& goldPath, const std::string& predPath);

struct Evaluation {
    std::vector<ItemMetrics> items;   ///< one per gold item, in order
    MetricSelection computed;         ///< the metrics actually computed (selection ∧ inputs given)
    double seconds = 0;
    bool cancelled = false;
};

/// Every selected metric of every item. Errors only for inputs that make the whole
/// batch meaningless: unreadable tables.json, a suites or databases directory that
/// does not exist ("evaluation.input", naming the path). A db_id missing from the
/// suites or databases directory leaves that metric unset for its items, with a note.
/// `progress` runs on the calling thread (phase "evaluating", done/total items).
/// Thread-safe; each worker opens its own connections. On cancel, items not yet
/// started are left with every metric unset and `cancelled` is set.
Result<Evaluation> evaluateSubmission(const SubmissionInputs& inputs, const EvaluationOptions& options,
                                      const suite::ProgressCallback& progress = {},
                                      const std::atomic<bool>* cancel = nullptr);

/// True when two of the item's computed verdict metrics (esm, exec, testSuite,
/// sqlEval, sqleq) disagree. PCM-F1 is a graded score and does not vote.
bool metricsDisagree(const ItemMetrics& item);

/// "esm=0 exec=1 testsuite=1 sqleval=1 pcm_f1=0.83" style one-line summary of the
/// computed metrics, for listings.
std::string metricsSummary(const ItemMetrics& item);

/// The per-hardness table evaluation.py prints (its print_scores layout: header row,
/// count row, execution / exact-match rows, partial matching blocks for match), with
/// one extra row per further computed metric (test-suite, sql-eval, pcm-f1).
/// Rates are over the items whose metric was computed (the official script has no
/// unset items: it stops at the first); a footnote counts the unset ones.
std::string formatHardnessReport(const Evaluation& evaluation);

/// Per-item table: TSV with header `index db_id hardness esm exec testsuite sqleval
/// pcm_f1 testsuite_verdict separating_db sqleq testsuite_false_positive notes`
/// (booleans 1/0, empty when not
/// computed), or a JSON array of objects with the same keys (null when not computed).
std::string itemsTsv(const Evaluation& evaluation);
std::string itemsJson(const Evaluation& evaluation);

/// The disagreeing items: TSV with the itemsTsv columns plus `kind` (the kinds of
/// disagreement, comma-separated: "metrics disagree", "test-suite false positive"),
/// gold and pred.
std::string disagreementsTsv(const Evaluation& evaluation, const SubmissionInputs& inputs);

} // namespace sqleq::evaluation
