// Evaluating one candidate database: materialize, run gold and candidate under
// the caller's limits, compare. A run interrupted by the cancel flag teaches
// nothing and is reported as Stop, so a cancelled run never shrinks the result.

#include "core/minimize/separation_oracle.h"

#include "core/base/ascii_case.h"
#include "core/base/cancellation.h"
#include "core/exec/executor.h"
#include "core/targeted/order_dependence.h"

#include <fmt/format.h>

#include <cctype>

namespace sqleq::minimize {
namespace {

/// Whether the text has a LIMIT keyword (a word, any case); a LIMIT inside a string
/// only costs an order check more.
bool hasLimit(std::string_view sql)
{
    for (std::size_t at = 0; (at = sql.find_first_of("lL", at)) != std::string_view::npos; ++at) {
        if (sql.size() - at < 5) break;
        const bool word = (at == 0 || !std::isalnum(static_cast<unsigned char>(sql[at - 1])))
            && (sql.size() == at + 5 || !std::isalnum(static_cast<unsigned char>(sql[at + 5])));
        if (word && asciiLower(sql.substr(at, 5)) == "limit") return true;
    }
    return false;
}

} // namespace

SeparationOracle::SeparationOracle(const MinimizeRequest& request) : m_request(request), m_limits(request.limits)
{
    if (m_limits.cancel == nullptr) m_limits.cancel = request.cancel;
}

bool SeparationOracle::cancelled() const
{
    return cancelRequested(m_request.cancel);
}

Result<SeparationOracle::Outcomes> SeparationOracle::run(const schema::DatabaseContent& content)
{
    auto connection = schema::materialize(*m_request.schema, content);
    if (!connection) return connection.error();
    Outcomes outcomes;
    outcomes.gold = exec::runQuery(*connection, m_request.goldSql, m_limits);
    // A failing gold gives no verdict whatever the candidate does: spare its run.
    if (outcomes.gold.ok()) outcomes.candidate = exec::runQuery(*connection, m_request.candidateSql, m_limits);
    ++m_runs;
    if (m_request.progress) m_request.progress(MinimizeProgress{m_phase, m_runs, m_rowsKept});
    return outcomes;
}

bool SeparationOracle::sameKind(const Outcomes& outcomes, const compare::Comparison& comparison) const
{
    if (comparison.same() || comparison.reason == compare::Reason::GoldFailed) return false;
    if (m_candidateFailed) return outcomes.candidate.status == m_candidateStatus;
    if (comparison.reason == compare::Reason::CandidateFailed) return false;
    if (!m_inputQuirkOnly && comparison.reason == compare::Reason::QuickRejectQuirk) return false;
    return m_inputRoundingOnly || !comparison.roundingOnly;
}

bool SeparationOracle::onlyTieBreaking(const schema::DatabaseContent& content) const
{
    auto connection = schema::materialize(*m_request.schema, content);
    if (!connection) return false;
    auto bytes = connection->serialize();
    if (!bytes) return false;
    return targeted::onlyTieBreakingOn(*bytes, *m_request.schema, m_request.goldSql, m_request.candidateSql,
                                       m_request.orderMatters, m_limits);
}

Result<compare::Comparison> SeparationOracle::establish(const schema::DatabaseContent& content)
{
    if (cancelled()) return Diagnostic{"minimize.cancelled", "minimization was cancelled before it started", {}, {}};
    auto outcomes = run(content);
    if (!outcomes) {
        return Diagnostic{"minimize.invalid_input",
                          fmt::format("the separating database does not fit schema \"{}\": {}",
                                      m_request.schema->name, outcomes.error().message),
                          {}, {}};
    }
    if (cancelled()) return Diagnostic{"minimize.cancelled", "minimization was cancelled while verifying the input", {}, {}};
    if (!outcomes->gold.ok()) {
        return Diagnostic{"minimize.not_separating",
                          fmt::format("the gold query fails on the separating database: {}",
                                      outcomes->gold.error.message),
                          {}, {}};
    }
    auto comparison = compare::compareOutcomes(outcomes->gold, outcomes->candidate, m_request.orderMatters);
    if (comparison.same()) {
        return Diagnostic{"minimize.not_separating",
                          fmt::format("gold and candidate agree on the given database ({})", comparison.message),
                          {}, {}};
    }
    m_candidateFailed = comparison.reason == compare::Reason::CandidateFailed;
    m_candidateStatus = outcomes->candidate.status;
    m_inputQuirkOnly = comparison.reason == compare::Reason::QuickRejectQuirk;
    m_inputRoundingOnly = comparison.roundingOnly;
    m_limited = hasLimit(m_request.goldSql) || hasLimit(m_request.candidateSql);
    m_inputTieBreakOnly = m_limited && !m_candidateFailed && onlyTieBreaking(content);
    return comparison;
}

Evaluation SeparationOracle::evaluate(const schema::DatabaseContent& content)
{
    if (cancelled() || budgetExhausted()) return {Separation::Stop, {}};
    auto outcomes = run(content);
    if (!outcomes) return {Separation::Invalid, {}};
    if (cancelled()) return {Separation::Stop, {}};
    if (!outcomes->gold.ok()) return {Separation::Lost, {}};
    auto comparison = compare::compareOutcomes(outcomes->gold, outcomes->candidate, m_request.orderMatters);
    if (!sameKind(*outcomes, comparison)) return {Separation::Lost, {}};
    // A shrink that leaves only how a tie at LIMIT is broken has lost the difference.
    if (m_limited && !m_candidateFailed && !m_inputTieBreakOnly && onlyTieBreaking(content))
        return {Separation::Lost, {}};
    return {Separation::Kept, std::move(comparison)};
}

} // namespace sqleq::minimize
