// Why a swap onto an equated column cannot change the result. In a core whose
// FROM holds inner (or comma, cross) joins only, the rows that reach GROUP BY,
// the select list, HAVING and ORDER BY are the rows of the cross product on
// which every ON and WHERE conjunct is true. If one of those conjuncts E is
// `a = b`, then on every such row a and b hold the same value — provided
// `=` implies identity, which needs (1) the same comparison affinity on both
// sides, so no conversion applies before comparing (with TEXT against INTEGER
// affinity, 1 = '1' is true while the values differ), (2) BINARY collation (a
// NOCASE column makes 'a' = 'A' true) and (3) an affinity that stores equal
// numbers alike (NUMERIC/INTEGER turn 1.0 into 1, REAL turns 1 into 1.0; BLOB
// affinity keeps 1 and 1.0 apart, and 3/2 differs from 3.0/2). Replacing a by b
// anywhere in the core outside E itself then changes no value on a surviving
// row, and any other conjunct only matters on rows where E holds too. Outer
// joins break the argument: ON decides NULL padding on rows where E need not
// hold, so a core with LEFT/RIGHT/FULL joins contributes no equalities.

#include "core/neighbors/equated_columns.h"

#include "core/sql/walk.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <unordered_set>

namespace sqleq::neighbors {
namespace {

std::string lower(std::string_view text)
{
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string keyOf(std::string_view binding, std::string_view column)
{
    return lower(binding) + "." + lower(column);
}

/// INTEGER and NUMERIC affinity behave alike in storage and comparison (they
/// differ only in CAST), so they form one class; -1 for BLOB (no) affinity.
int affinityClass(schema::Affinity affinity)
{
    switch (affinity) {
    case schema::Affinity::Integer:
    case schema::Affinity::Numeric: return 0;
    case schema::Affinity::Text: return 1;
    case schema::Affinity::Real: return 2;
    case schema::Affinity::Blob: return -1;
    }
    return -1;
}

/// Any collation in the table's DDL may be a column's: the schema model does
/// not keep collations, so such tables are left out.
bool mayHaveCollation(const schema::Table& table)
{
    return lower(table.sql).find("collate") != std::string::npos;
}

bool innerJoinsOnly(const sql::FromClause& from)
{
    for (const auto& term : from.terms) {
        const sql::JoinKind kind = term->op.kind;
        if (kind == sql::JoinKind::Left || kind == sql::JoinKind::Right || kind == sql::JoinKind::Full) return false;
        if (!term->source) continue;
        if (const auto* group = term->source->tryAs<sql::JoinGroup>(); group && group->inner) {
            if (!innerJoinsOnly(*group->inner)) return false;
        }
    }
    return true;
}

void onConstraints(const sql::FromClause& from, std::vector<const sql::Expr*>& out)
{
    for (const auto& term : from.terms) {
        if (term->on) out.push_back(term->on.get());
        if (!term->source) continue;
        if (const auto* group = term->source->tryAs<sql::JoinGroup>(); group && group->inner)
            onConstraints(*group->inner, out);
    }
}

bool contains(SourceSpan outer, SourceSpan inner)
{
    return outer.valid() && inner.valid() && outer.begin <= inner.begin && inner.end <= outer.end;
}

} // namespace

EquatedColumns::EquatedColumns(const schema::Schema& schema, const sql::SelectStatement& statement,
                               const ScopeIndex& scopes)
    : m_schema(schema), m_scopes(scopes)
{
    sql::walk(statement, [&](const sql::Node& node) {
        if (const auto* core = node.tryAs<sql::SelectCore>()) collectCore(*core);
        return true;
    });
}

void EquatedColumns::collectCore(const sql::SelectCore& core)
{
    if (!core.from || !innerJoinsOnly(*core.from)) return;
    CoreFacts facts;
    std::vector<const sql::Expr*> constraints;
    onConstraints(*core.from, constraints);
    if (core.where) constraints.push_back(core.where.get());
    for (const sql::Expr* expr : constraints) collectConjuncts(expr, facts);
    if (facts.equalities.empty()) return;
    for (const auto& column : core.columns) {
        if (column->alias) facts.aliases.push_back(lower(column->alias->name));
    }
    m_cores.emplace(&core, std::move(facts));
}

void EquatedColumns::collectConjuncts(const sql::Expr* expr, CoreFacts& facts) const
{
    const auto* binary = expr ? expr->tryAs<sql::BinaryExpr>() : nullptr;
    if (!binary) return;
    if (binary->op == sql::BinaryOp::And) {
        collectConjuncts(binary->left.get(), facts);
        collectConjuncts(binary->right.get(), facts);
        return;
    }
    if (binary->op != sql::BinaryOp::Eq || !binary->left || !binary->right) return;
    const auto* left = binary->left->tryAs<sql::ColumnRef>();
    const auto* right = binary->right->tryAs<sql::ColumnRef>();
    if (!left || !right) return;
    const ColumnSite* a = m_scopes.find(*left);
    const ColumnSite* b = m_scopes.find(*right);
    // Both sides must be columns of this very core: a correlated side is one
    // value per outer row, not a column of the rows filtered here.
    if (!a || !b || !a->core || a->core != b->core || !comparableColumns(*a, *b)) return;
    facts.equalities.push_back(Equality{binary->span(), keyOf(a->resolved->binding, a->resolved->column),
                                        keyOf(b->resolved->binding, b->resolved->column)});
}

bool EquatedColumns::comparableColumns(const ColumnSite& a, const ColumnSite& b) const
{
    const schema::Table* tableA = m_schema.findTable(a.resolved->table);
    const schema::Table* tableB = m_schema.findTable(b.resolved->table);
    if (!tableA || !tableB) return false;
    const schema::Column* columnA = tableA->findColumn(a.resolved->column);
    const schema::Column* columnB = tableB->findColumn(b.resolved->column);
    if (!columnA || !columnB) return false;
    // STRICT tables store ANY columns without any conversion: no identity from `=`.
    if (tableA->strict || tableB->strict || mayHaveCollation(*tableA) || mayHaveCollation(*tableB)) return false;
    const int affinity = affinityClass(columnA->affinity);
    return affinity >= 0 && affinity == affinityClass(columnB->affinity);
}

bool EquatedColumns::reachable(const CoreFacts& facts, const ColumnSite& site, const std::string& to) const
{
    // Transitivity is sound because every edge joins columns of one affinity
    // class. The conjuncts containing the site itself do not count: E cannot
    // justify a change of E (`a = b` becoming `b = b`).
    const std::string from = keyOf(site.resolved->binding, site.resolved->column);
    std::unordered_set<std::string> seen{from};
    std::deque<std::string> queue{from};
    while (!queue.empty()) {
        const std::string current = queue.front();
        queue.pop_front();
        if (current == to) return true;
        for (const Equality& equality : facts.equalities) {
            if (contains(equality.conjunct, site.ref->span())) continue;
            const std::string* next = equality.left == current    ? &equality.right
                                      : equality.right == current ? &equality.left
                                                                  : nullptr;
            if (next && seen.insert(*next).second) queue.push_back(*next);
        }
    }
    return false;
}

bool EquatedColumns::interchangeable(const ColumnSite& site, std::string_view qualifier, std::string_view column,
                                     std::string_view targetBinding) const
{
    if (!site.ref || !site.core || !site.resolved || site.isString) return false;
    const auto facts = m_cores.find(site.core);
    if (facts == m_cores.end()) return false;
    if (qualifier.empty()) {
        // A bare name may name a result column instead (ORDER BY, GROUP BY).
        const auto& aliases = facts->second.aliases;
        for (const std::string& name : {lower(site.ref->column.name), lower(column)}) {
            if (std::find(aliases.begin(), aliases.end(), name) != aliases.end()) return false;
        }
    }
    auto resolved = schema::resolveColumn(m_schema, site.scope, qualifier, column);
    if (!resolved || !schema::sameIdentifier(resolved->binding, targetBinding)) return false;
    const std::string to = keyOf(resolved->binding, resolved->column);
    if (to == keyOf(site.resolved->binding, site.resolved->column)) return false;
    return reachable(facts->second, site, to);
}

} // namespace sqleq::neighbors
