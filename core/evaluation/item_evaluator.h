// ItemEvaluator: every selected metric of one item, for one worker thread. It owns
// that worker's connections to the original databases (SQL-Eval reuses one per
// db_id); everything else it reads from the shared, read-only EvaluationContext.
// Never shared between threads; internal to core/evaluation.
#pragma once

#include "core/evaluation/evaluation_context.h"
#include "core/exec/remembered_runs.h"

#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace sqleq::evaluation {

/// Verdicts after the search already reached, per (db_id, gold, prediction), shared by
/// the workers of one scoring run: Spider dev asks each gold for two or three
/// paraphrased questions and a model often predicts the same query for them, and the
/// search gives the same verdict for the same texts (it is seeded), so it runs once.
class SearchVerdicts {
public:
    struct Verdict {
        bool equivalent = true;
        std::string foundBy;         ///< the searched database that separates them; empty if none
        std::string conventionNote;  ///< inspect::conventionNote; empty when metric and sqleq agree
        bool testSuiteFalsePositive = false;  ///< inspect::SearchedVerdict's
        bool proved = false;                  ///< inspect::SearchedVerdict::proof is set
    };
    [[nodiscard]] std::optional<Verdict> find(const std::string& dbId, const std::string& gold,
                                              const std::string& prediction) const;
    void add(const std::string& dbId, const std::string& gold, const std::string& prediction, Verdict verdict);

private:
    static std::string keyOf(const std::string& dbId, const std::string& gold, const std::string& prediction);
    mutable std::mutex m_mutex;
    std::map<std::string, Verdict, std::less<>> m_verdicts;
};

class ItemEvaluator {
public:
    /// `searched`, when given, is shared with the other workers of the same run.
    ItemEvaluator(const EvaluationContext& context, const EvaluationOptions& options,
                  const std::atomic<bool>* cancel, SearchVerdicts* searched = nullptr);

    /// The metrics of gold/pred; a metric that cannot be computed is left unset and
    /// explained in `notes`. Depends only on its arguments and the context.
    ItemMetrics evaluate(std::size_t index, const suite::GoldItem& gold, const std::string& prediction);

private:
    void addSpiderMetrics(ItemMetrics& item, const suite::GoldItem& gold, const std::string& prediction) const;
    void addExec(ItemMetrics& item, const suite::GoldItem& gold, const std::string& prediction);
    /// `prediction` as the metric runs it (the official placeholder rewrite), `written` as
    /// the file has it: sqleq's verdict judges that one.
    void addTestSuite(ItemMetrics& item, const suite::GoldItem& gold, const std::string& prediction,
                      const std::string& written);
    void addSqleq(ItemMetrics& item, const suite::GoldItem& gold, const std::string& prediction,
                  const suite::Suite& suite, const suite::CheckResult& checked);
    void addSqlEval(ItemMetrics& item, const suite::GoldItem& gold, const std::string& prediction);
    void addPcmF1(ItemMetrics& item, const suite::GoldItem& gold, const std::string& prediction) const;

    /// This worker's connection to the original database of `dbId`, opened on first use;
    /// nullptr (and `why` set) when there is none.
    exec::Connection* originalConnection(const std::string& dbId, std::string& why);

    const EvaluationContext& m_context;
    const EvaluationOptions& m_options;
    metrics::EsmOptions m_esm;          ///< options.esm, its placeholder rewrite from options.valuePlaceholder
    suite::CheckOptions m_check;        ///< the metric's options from options.settings, with the cancel flag
    metrics::SqlEvalOptions m_sqlEval;  ///< likewise
    const std::atomic<bool>* m_cancel;
    SearchVerdicts m_ownVerdicts;       ///< when the run shares none
    SearchVerdicts& m_searched;
    /// This worker's outcomes per (database, query): exec, SQL-Eval and the suite ask for
    /// the same gold on the same database again and again.
    exec::RememberedRuns m_remembered;
    std::map<std::string, exec::Connection> m_originalConnections;
};

} // namespace sqleq::evaluation
