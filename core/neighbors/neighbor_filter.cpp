// Candidate filtering, cheapest test first: exact text repeats, then parsing,
// then the normalized key, and SQLite's prepare last, because preparing is the
// one step that costs more than a few microseconds.

#include "core/neighbors/neighbor_filter.h"

#include "core/exec/statement.h"
#include "core/neighbors/key_rewrites.h"
#include "core/schema/schema.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"
#include "core/sql/walk.h"

namespace sqleq::neighbors {

std::string normalizedKey(sql::SelectStatement& statement)
{
    sql::walk(statement, [](sql::Node& node) {
        if (auto* call = node.tryAs<sql::FunctionCall>()) {
            if (schema::sameIdentifier(call->name.name, "count") && !call->distinct && call->args.size() <= 1
                && !call->filter && !call->over && !call->overName) {
                call->args.clear();
                call->star = true;
            }
        } else if (auto* term = node.tryAs<sql::OrderingTerm>()) {
            if (term->order == sql::SortOrder::Asc) term->order = sql::SortOrder::None;
        }
        return true;
    });
    canonicalizeGroupCounts(statement);
    dropIrrelevantSubqueryClauses(statement);
    return sql::print(statement);
}

std::string normalizedForm(std::string_view sql)
{
    auto parsed = sql::parse(sql);
    if (!parsed.ok()) return {};
    return normalizedKey(*parsed.statement);
}

NeighborFilter::NeighborFilter(exec::Connection database, std::string goldKey)
    : m_database(std::move(database)), m_goldKey(std::move(goldKey))
{
}

bool NeighborFilter::accept(const std::string& sql, bool equivalent)
{
    ++m_stats.proposed;
    if (!m_seenTexts.insert(sql).second) {
        ++m_stats.duplicate;
        return false;
    }
    sql::ParseOutput parsed = sql::parse(sql);
    if (equivalent) {
        ++m_stats.equivalent;
        if (parsed.ok()) m_seenKeys.insert(normalizedKey(*parsed.statement));
        return false;
    }
    if (!parsed.ok()) {
        ++m_stats.unparsable;
        return false;
    }
    std::string key = normalizedKey(*parsed.statement);
    if (key == m_goldKey) {
        ++m_stats.sameAsGold;
        return false;
    }
    if (!m_seenKeys.insert(std::move(key)).second) {
        ++m_stats.duplicate;
        return false;
    }
    auto prepared = exec::Statement::prepare(m_database, sql);
    if (!prepared || !prepared->isValid()) {
        ++m_stats.unprepared;
        return false;
    }
    ++m_stats.kept;
    return true;
}

} // namespace sqleq::neighbors
