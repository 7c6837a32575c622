// CHECK evaluation as SQLite would do it at INSERT: a CHECK fails only when its
// expression is false, so NULL passes (`NOT coalesce(NOT (expr), 0)`). Column
// affinity is not applied to the row first; the sampler's values already have
// the column's type.

#include "core/fuzz/check_filter.h"

#include "core/base/text_excerpt.h"
#include "core/exec/executor.h"
#include "core/schema/ddl_writer.h"

#include <fmt/format.h>

#include <algorithm>

namespace sqleq::fuzz {

CheckFilter::CheckFilter(const schema::Table& table, const exec::ExecLimits& limits)
    : m_tableName(table.name), m_limits(limits), m_stepsLeft(limits.maxSteps)
{
    if (table.checks.empty() || table.columns.empty()) return;
    std::string names;
    std::string marks;
    for (std::size_t i = 0; i < table.columns.size(); ++i) {
        names += (i > 0 ? ", " : "") + schema::quoteIdentifier(table.columns[i].name);
        marks += fmt::format("{}?{}", i > 0 ? ", " : "", i + 1);
    }
    std::string condition;
    for (const std::string& check : table.checks) {
        condition += (condition.empty() ? "" : " AND ") + ("NOT coalesce(NOT (" + check + "), 0)");
        m_checkText += (m_checkText.empty() ? "CHECK (" : " AND CHECK (") + check + ")";
    }
    m_sql = "WITH " + schema::quoteIdentifier(table.name) + "(" + names + ") AS (VALUES (" + marks + ")) SELECT "
            + condition + " FROM " + schema::quoteIdentifier(table.name);
    auto connection = exec::Connection::openMemory();
    if (connection) m_connection.emplace(std::move(*connection));
}

bool CheckFilter::allows(const exec::Row& row)
{
    if (m_failure) return false;
    if (!m_connection) return true;
    exec::ExecLimits limits = m_limits;
    if (m_limits.maxSteps > 0) limits.maxSteps = std::max<int64_t>(m_stepsLeft, 1);
    const exec::QueryOutcome out = exec::runQuery(*m_connection, m_sql, limits, row);
    m_stepsLeft -= out.vmSteps + out.functionSteps;
    switch (out.status) {
    case exec::OutcomeStatus::Rows: break;
    case exec::OutcomeStatus::Error:
        // As SQLite's INSERT would fail on it, but the sampler cannot tell why:
        // checks it cannot evaluate accept the row (the materializer then decides).
        if (out.error.code == "exec.prepare") m_connection.reset();
        return true;
    case exec::OutcomeStatus::Timeout:
    case exec::OutcomeStatus::TooLarge:
    case exec::OutcomeStatus::WallClockTimeout:
        m_failure = Diagnostic{"fuzz.check",
                               fmt::format("table \"{}\": evaluating {} on sampled rows: {}", m_tableName,
                                           excerpt(m_checkText, 80), out.error.message),
                               {}, {}};
        return false;
    }
    if (out.result.rows.empty() || out.result.rows.front().empty()) return true;
    const exec::Value& verdict = out.result.rows.front().front();
    return verdict.type() != exec::ValueType::Integer || verdict.asInteger() != 0;
}

} // namespace sqleq::fuzz
