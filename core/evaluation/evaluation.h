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
#include "core/evaluation/item_note.h"
#include "core/evaluation/metric_table.h"
#include "core/inspect/check_request.h"
#include "core/metrics/spider_esm.h"
#include "core/metrics/sql_eval.h"
#include "core/suite/checker.h"
#include "core/suite/dataset_distill.h"

#include <nlohmann/json.hpp>

#include <array>
#include <atomic>
#include <cstdint>
#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::evaluation {

/// Where an item sits in a multi-turn (SParC, CoSQL) file: 0-based interaction and turn.
struct TurnPosition {
    uint32_t interaction = 0;
    uint32_t turn = 0;
};

/// The metrics of one item; unset means "not computed" (an empty TSV cell).
struct ItemMetrics {
    std::size_t index = 0;                       ///< 0-based position in the gold file
    std::optional<TurnPosition> turn;            ///< set when the submission is multi-turn
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
    /// sqleq's `equivalent` is proved (inspect::SearchedVerdict::proof: the rewrites bring
    /// both to one normal form), not merely unrefuted by the suite and the search.
    bool proved = false;
    std::optional<double> pcmF1;                 ///< needs only the two queries
    std::string testSuiteVerdict;                ///< suite::verdictKindName, empty when not computed
    int separatingDatabase = -1;                 ///< test suite: index of the first separating database
    /// Its file in the suite folder ("concerts_3.sqlite"): the name every front end shows,
    /// since the index counts another list than the inspector's. Empty when unknown.
    std::string separatingDatabaseFile;
    /// One per metric left unset or erring, and for the item as a whole (a placeholder
    /// "value" run as "1", a refused input line): metric, reason, sentence (item_note.h).
    std::vector<ItemNote> notes;
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

/// The metrics an `--etype` stands for (sqleq-cli eval, the Python module): "match" is
/// ESM (and its hardness), "exec" every execution-based metric (sqleq's verdict too when
/// `searchBudget` > 0), "all" both plus PCM-F1. Each still needs its inputs. Any other
/// name reads as "exec", the official default.
MetricSelection metricsForEvalType(std::string_view etype, std::size_t searchBudget);

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
    /// The settings `check` takes, for every item: plug-value, keep-distinct, order rule
    /// and limits (exec, test suite), and sqleq's search past the suite under the same
    /// profile, seed and budget as `check` (searchBudget 0 leaves sqleq unset). `jobs`
    /// spreads the items over worker threads; results do not depend on it.
    inspect::CheckSettings settings;
    /// SQL-Eval's subset mode. Its queries run under settings.limits, as every other metric's.
    bool sqlEvalSubset = false;
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
    /// Turns per interaction (blank-line separated blocks of the gold file, empty ones
    /// included) when the gold has more than one interaction; empty for a single-turn
    /// file. Its turns add up to gold.size().
    std::vector<uint32_t> interactionTurns;
};

/// Reads a gold file and a predictions file into SubmissionInputs (paths left empty).
/// Errors name the file and line; different lengths are an error naming both files.
/// A gold file with more than one interaction is read as evaluation.py reads SParC and
/// CoSQL: the predictions must have as many interactions (the official script asserts
/// it) and, here, as many turns in each (the official script silently scores only the
/// shorter of the two; an error naming the interaction and both lines says so instead).
Result<SubmissionInputs> readSubmission(const std::string& goldPath, const std::string& predPath);

struct Evaluation {
    std::vector<ItemMetrics> items;   ///< one per gold item, in order
    std::vector<uint32_t> interactionTurns;  ///< SubmissionInputs::interactionTurns
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

/// The verdict of `metric` (MetricRole::Verdict rows of the table); nullptr for
/// PCM-F1 and hardness, which are not verdicts.
const std::optional<bool>* metricVerdict(const ItemMetrics& item, Metric metric);

/// Whether `metric` was computed (hardness: never selected, see EvaluationContext).
bool metricComputed(const MetricSelection& computed, Metric metric);

/// The keys of the computed metrics in table order, comma-separated: "esm, exec, pcm_f1".
std::string computedMetricList(const MetricSelection& computed);

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

/// Multi-turn scores, as evaluation.py counts them: per turn bucket (turn 1, 2, 3, 4,
/// > 4) the items and their correct ones per metric, and per metric the interactions
/// whose every turn is right ("joint_all"; an empty interaction counts as right, as
/// all([]) does there). An interaction with an unset turn is left out of that metric's
/// joint rate, as unset items are left out of the per-hardness rates.
struct MetricTally {
    std::size_t correct = 0;
    std::size_t computed = 0;
    [[nodiscard]] double rate() const { return computed == 0 ? 0.0 : double(correct) / double(computed); }
};

constexpr std::size_t kTurnBuckets = 5;

struct TurnMetricScores {
    std::array<MetricTally, kTurnBuckets> turns;  ///< turn 1, 2, 3, 4, > 4
    MetricTally joint;                            ///< interactions with every turn right
};

struct InteractionScores {
    std::array<std::size_t, kTurnBuckets> turnCounts{};
    std::size_t interactions = 0;
    TurnMetricScores esm, exec, testSuite, sqlEval, sqleq;
};

/// The bucket of a 0-based turn: 0..3 for turns 1..4, 4 for every later one.
std::size_t turnBucket(uint32_t turn);

/// Multi-turn scores of an evaluation (all zero when it is single-turn).
InteractionScores scoreInteractions(const Evaluation& evaluation);

/// evaluation.py's turn table (print_scores with include_turn_acc): a header row
/// `turn 1 … turn > 4`, a count row, the turn execution and exact-match rows, then
/// sqleq's further metrics per turn; followed by one "interaction match" line per
/// computed metric. Empty for a single-turn evaluation.
std::string formatTurnReport(const Evaluation& evaluation);

/// Per-item table: TSV with header `index db_id hardness esm exec testsuite sqleval
/// pcm_f1 testsuite_verdict separating_db sqleq testsuite_false_positive notes proved`
/// plus `interaction turn` (1-based) after db_id when the file is multi-turn
/// (booleans 1/0, empty when not computed; `proved` came last, so that readers by
/// position keep working), or a JSON array of objects with the same keys (null when
/// not computed).
std::string itemsTsv(const Evaluation& evaluation);
std::string itemsJson(const Evaluation& evaluation);

/// The value of `metric` as items.json writes it: true/false, PCM-F1's number, the
/// hardness name, or null when not computed.
nlohmann::json metricJson(const ItemMetrics& item, Metric metric);

/// One element of itemsJson's array: the item's metrics as a JSON object (null when
/// not computed), for callers that score items one at a time.
nlohmann::json itemJson(const ItemMetrics& item);

/// test-suite-sql-eval's evaluation.py arguments: --db DIR, --etype, --plug_value,
/// --keep_distinct (the gold and predictions files and tables.json are in SubmissionInputs).
struct OfficialEvaluationOptions {
    std::filesystem::path databases;  ///< --db: DIR/<db_id>/*.sqlite; every file is run, as exec_eval.py does
    std::string etype = "all";        ///< "all", "exec" or "match"
    bool plugValue = false;
    bool keepDistinct = false;
    unsigned jobs = 0;                ///< worker threads; 0: all cores. The output does not depend on it.
};

/// Everything evaluation.py prints to standard output for the submission: its progress
/// lines, the items exact match rejects, then the per-hardness (and for a multi-turn
/// file the turn) tables — byte for byte for --etype match. `inputs.tables` must be set
/// for match and all. Errors as evaluateSubmission's.
Result<std::string> officialEvaluationOutput(SubmissionInputs inputs, const OfficialEvaluationOptions& options,
                                             const suite::ProgressCallback& progress = {},
                                             const std::atomic<bool>* cancel = nullptr);

/// The disagreeing items: TSV with the itemsTsv columns plus `kind` (the kinds of
/// disagreement, comma-separated: "metrics disagree", "test-suite false positive"),
/// gold and pred.
std::string disagreementsTsv(const Evaluation& evaluation, const SubmissionInputs& inputs);

} // namespace sqleq::evaluation
