// SeparationOracle: the one test of delta debugging — does this content still
// separate gold from candidate, the same way the input did? It materializes the
// content, runs both queries with the safe executor and compares the outcomes.
// It counts evaluations, enforces the run budget and watches the cancel flag.
#pragma once

#include "core/base/result.h"
#include "core/compare/compare.h"
#include "core/exec/query_outcome.h"
#include "core/minimize/minimize.h"
#include "core/schema/database_content.h"

#include <cstddef>

namespace sqleq::minimize {

enum class Separation {
    Kept,     ///< still separated, the same kind of way
    Lost,     ///< not separated (or separated another way, or the gold failed)
    Invalid,  ///< materialize() refused the content (a key or constraint broke)
    Stop,     ///< cancelled or out of budget: nothing was learnt
};

struct Evaluation {
    Separation separation = Separation::Lost;
    compare::Comparison comparison;  ///< meaningful when Kept
};

class SeparationOracle {
public:
    /// `request` (and its schema) must outlive the oracle.
    explicit SeparationOracle(const MinimizeRequest& request);

    /// Checks the input and fixes the kind of separation every later test must keep.
    /// Errors: "minimize.invalid_input", "minimize.not_separating", "minimize.cancelled".
    Result<compare::Comparison> establish(const schema::DatabaseContent& content);

    /// Tests `content`; never throws, every failure is a Separation.
    Evaluation evaluate(const schema::DatabaseContent& content);

    [[nodiscard]] std::size_t runs() const { return m_runs; }
    [[nodiscard]] bool cancelled() const;
    [[nodiscard]] bool budgetExhausted() const { return m_runs >= m_request.maxQueryRuns; }

    void setPhase(MinimizePhase phase) { m_phase = phase; }
    /// Size of the best separating content so far, for progress reports.
    void setRowsKept(std::size_t rows) { m_rowsKept = rows; }

private:
    struct Outcomes {
        exec::QueryOutcome gold;
        exec::QueryOutcome candidate;
    };
    Result<Outcomes> run(const schema::DatabaseContent& content);
    [[nodiscard]] bool sameKind(const Outcomes& outcomes, const compare::Comparison& comparison) const;

    const MinimizeRequest& m_request;
    exec::ExecLimits m_limits;
    std::size_t m_runs = 0;
    MinimizePhase m_phase = MinimizePhase::Verify;
    std::size_t m_rowsKept = 0;
    [[nodiscard]] bool onlyTieBreaking(const schema::DatabaseContent& content) const;

    // The input's kind of separation: a row difference, or a candidate failure of this status.
    bool m_candidateFailed = false;
    exec::OutcomeStatus m_candidateStatus = exec::OutcomeStatus::Rows;
    // A real difference is never traded for one that only the official comparison's
    // quirk, float rounding or a tie at LIMIT makes (see sameKind).
    bool m_inputQuirkOnly = false;
    bool m_inputRoundingOnly = false;
    bool m_inputTieBreakOnly = false;
    bool m_limited = false;  ///< a query has LIMIT: ties there can decide the rows
};

} // namespace sqleq::minimize
