// Scope tracking for column swaps. Only schema tables bind columns here:
// subqueries and CTEs in FROM are opaque, so references into them resolve
// nowhere and are left alone by the column family.

#include "core/neighbors/scope_index.h"

#include "core/sql/walk.h"

namespace sqleq::neighbors {

ScopeIndex::ScopeIndex(const schema::Schema& schema, const sql::SelectStatement& statement) : m_schema(schema)
{
    visitStatement(statement);
}

const ColumnSite* ScopeIndex::find(const sql::ColumnRef& ref) const
{
    const auto it = m_byRef.find(&ref);
    return it == m_byRef.end() ? nullptr : &m_sites[it->second];
}

void ScopeIndex::visit(const sql::Node& node)
{
    if (const auto* statement = node.tryAs<sql::SelectStatement>()) return visitStatement(*statement);
    if (const auto* core = node.tryAs<sql::SelectCore>()) return visitCore(*core);
    if (const auto* ref = node.tryAs<sql::ColumnRef>()) return addSite(*ref);
    for (const sql::Node* child : sql::childrenOf(node)) visit(*child);
}

void ScopeIndex::visitStatement(const sql::SelectStatement& statement)
{
    if (statement.with) {
        for (const auto& cte : statement.with->ctes) {
            if (cte->select) visitStatement(*cte->select);
        }
    }
    if (statement.body) visit(*statement.body);
    // ORDER BY and LIMIT of the statement see the (first) core's tables.
    m_scopes.push_back(statement.body ? scopeOfFirstCore(*statement.body) : Scope{});
    m_cores.push_back(statement.body ? statement.body->tryAs<sql::SelectCore>() : nullptr);
    for (const auto& term : statement.orderBy) visit(*term);
    if (statement.limit) visit(*statement.limit);
    if (statement.offset) visit(*statement.offset);
    m_cores.pop_back();
    m_scopes.pop_back();
}

void ScopeIndex::visitCore(const sql::SelectCore& core)
{
    Scope scope;
    if (core.from) bindFrom(*core.from, scope);
    m_scopes.push_back(std::move(scope));
    m_cores.push_back(&core);
    for (const sql::Node* child : sql::childrenOf(core)) visit(*child);
    m_cores.pop_back();
    m_scopes.pop_back();
}

void ScopeIndex::bindFrom(const sql::FromClause& from, Scope& scope) const
{
    for (const auto& term : from.terms) {
        if (!term->source) continue;
        if (const auto* group = term->source->tryAs<sql::JoinGroup>()) {
            if (group->inner) bindFrom(*group->inner, scope);
        } else if (const auto* table = term->source->tryAs<sql::TableRef>()) {
            if (m_schema.findTable(table->name.name) == nullptr) continue;
            const std::string name = table->alias ? table->alias->name : table->name.name;
            scope.push_back(schema::TableBinding{name, table->name.name});
        }
    }
}

ScopeIndex::Scope ScopeIndex::scopeOfFirstCore(const sql::SelectBody& body) const
{
    const sql::SelectBody* current = &body;
    while (const auto* compound = current->tryAs<sql::CompoundSelect>()) {
        if (!compound->left) return {};
        current = compound->left.get();
    }
    Scope scope;
    if (const auto* core = current->tryAs<sql::SelectCore>(); core && core->from) bindFrom(*core->from, scope);
    return scope;
}

void ScopeIndex::addSite(const sql::ColumnRef& ref)
{
    ColumnSite site;
    site.ref = &ref;
    const std::string qualifier = ref.table ? ref.table->name : std::string();
    bool ambiguous = false;
    for (auto it = m_scopes.rbegin(); it != m_scopes.rend() && !site.resolved; ++it) {
        auto resolved = schema::resolveColumn(m_schema, *it, qualifier, ref.column.name);
        if (resolved) {
            site.resolved = std::move(resolved.value());
            site.scope = *it;
            if (it == m_scopes.rbegin()) site.core = m_cores.back();
        } else if (resolved.error().code == "schema.ambiguous_column") {
            ambiguous = true;
        }
    }
    if (!site.resolved && !m_scopes.empty()) site.scope = m_scopes.back();
    site.isString = !site.resolved && !ambiguous && !ref.table && !ref.schema
                    && ref.column.quote == sql::QuoteStyle::Double;
    m_byRef.emplace(&ref, m_sites.size());
    m_sites.push_back(std::move(site));
}

} // namespace sqleq::neighbors
