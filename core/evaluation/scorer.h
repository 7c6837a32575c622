// Scorer: the metrics of items scored one at a time or in batches against inputs
// loaded once (tables.json, test suites, original databases) — the engine behind
// evaluateSubmission and behind callers that score items as they come (the Python
// module's Evaluator, a reward function in a training loop). It holds no connection
// and no per-call state: every call builds its own evaluator, so one Scorer is safe
// to share between threads and survives a fork.
#pragma once

#include "core/evaluation/evaluation.h"

#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sqleq::evaluation {

struct EvaluationContext;

/// Where the metrics' inputs live; an empty path switches off the metrics that need it
/// (as in SubmissionInputs).
struct ScoringInputs {
    std::filesystem::path tables;             ///< Spider tables.json: esm, hardness, sqleq's schemas
    std::filesystem::path originalDatabases;  ///< DIR/<db_id>/<db_id>.sqlite: exec, SQL-Eval
    std::filesystem::path suites;             ///< DIR/<db_id>/*.sqlite: test suite, sqleq
};

class Scorer {
public:
    /// Loads `inputs` for the db_ids in `dbIds`, or, without it, for every db_id
    /// named by tables.json or found as a folder of the suites or databases directory.
    /// Errors ("evaluation.input") as evaluateSubmission's: an unreadable tables.json,
    /// a directory that does not exist. A db_id without a suite or a database leaves
    /// that metric unset for its items, with a note.
    static Result<Scorer> load(const ScoringInputs& inputs, const EvaluationOptions& options,
                               const std::optional<std::set<std::string>>& dbIds = std::nullopt);

    /// The metrics actually computed (the options' selection ∧ the inputs given).
    [[nodiscard]] const MetricSelection& computed() const;
    [[nodiscard]] const EvaluationOptions& options() const;

    /// Every computed metric of one item; `index` is only copied into the result.
    /// Thread-safe; `cancel` may be set from any thread (the metrics then left unset say so).
    [[nodiscard]] ItemMetrics score(std::size_t index, const suite::GoldItem& gold, const std::string& prediction,
                                    const std::atomic<bool>* cancel = nullptr) const;

    /// Every item of a batch on `jobs` worker threads (0: all cores); item i is
    /// predictions[i] against gold[i], with index i. The result does not depend on `jobs`.
    /// `progress` runs on the calling thread (phase "evaluating", done/total items). On
    /// cancel, items not yet started keep every metric unset with the note
    /// "not evaluated: cancelled". gold and predictions must have the same length.
    [[nodiscard]] std::vector<ItemMetrics> scoreMany(const std::vector<suite::GoldItem>& gold,
                                                     const std::vector<std::string>& predictions, unsigned jobs,
                                                     const suite::ProgressCallback& progress = {},
                                                     const std::atomic<bool>* cancel = nullptr) const;

private:
    struct State;
    explicit Scorer(std::shared_ptr<const State> state);
    std::shared_ptr<const State> m_state;
};

} // namespace sqleq::evaluation
