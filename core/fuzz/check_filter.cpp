// CHECK evaluation as SQLite would do it at INSERT: a CHECK fails only when its
// expression is false, so NULL passes (`NOT coalesce(NOT (expr), 0)`). Column
// affinity is not applied to the row first; the sampler's values already have
// the column's type.

#include "core/fuzz/check_filter.h"

#include "core/schema/ddl_writer.h"

namespace sqleq::fuzz {

CheckFilter::CheckFilter(const schema::Table& table)
{
    if (table.checks.empty() || table.columns.empty()) return;
    std::string names;
    std::string marks;
    for (std::size_t i = 0; i < table.columns.size(); ++i) {
        names += (i > 0 ? ", " : "") + schema::quoteIdentifier(table.columns[i].name);
        marks += (i > 0 ? ", ?" : "?");
    }
    std::string condition;
    for (const std::string& check : table.checks)
        condition += (condition.empty() ? "" : " AND ") + ("NOT coalesce(NOT (" + check + "), 0)");
    const std::string sql = "WITH " + schema::quoteIdentifier(table.name) + "(" + names + ") AS (VALUES (" + marks
                            + ")) SELECT " + condition + " FROM " + schema::quoteIdentifier(table.name);
    auto connection = exec::Connection::openMemory();
    if (!connection) return;
    m_connection.emplace(std::move(*connection));
    auto statement = exec::Statement::prepare(*m_connection, sql);
    if (statement && statement->isValid()) m_statement.emplace(std::move(*statement));
}

bool CheckFilter::allows(const exec::Row& row)
{
    if (!m_statement) return true;
    m_statement->reset();
    for (std::size_t i = 0; i < row.size(); ++i)
        if (!m_statement->bind(static_cast<int>(i) + 1, row[i])) return true;
    auto stepped = m_statement->step();
    if (!stepped || !*stepped) return true;
    const exec::Value verdict = m_statement->value(0);
    return verdict.type() != exec::ValueType::Integer || verdict.asInteger() != 0;
}

} // namespace sqleq::fuzz
