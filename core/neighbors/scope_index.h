// ScopeIndex: for every column reference of the gold, the schema tables in its
// FROM scope and the column it resolves to — what column swaps draw their
// replacements from — and whether it is really a string (SQLite reads a bare
// "name" that resolves to no column as 'name'). Computed once per gold.
#pragma once

#include "core/schema/column_resolver.h"
#include "core/sql/select.h"

#include <optional>
#include <unordered_map>
#include <vector>

namespace sqleq::neighbors {

struct ColumnSite {
    const sql::ColumnRef* ref = nullptr;
    /// Schema tables of the scope the reference resolved in (the innermost
    /// scope when it resolved nowhere), in FROM order.
    std::vector<schema::TableBinding> scope;
    std::optional<schema::ResolvedColumn> resolved;
    bool isString = false;  ///< a double-quoted bare name that names no column
    /// The SELECT core whose FROM the reference resolved in, when that is the
    /// reference's innermost scope; null for correlated references, references
    /// in a compound's ORDER BY (they name result columns) and unresolved ones.
    const sql::SelectCore* core = nullptr;
};

class ScopeIndex {
public:
    /// Both arguments must outlive the index.
    ScopeIndex(const schema::Schema& schema, const sql::SelectStatement& statement);

    /// Every column reference in source order.
    [[nodiscard]] const std::vector<ColumnSite>& sites() const { return m_sites; }
    /// The site of `ref`, or null for a node that is not in the gold.
    [[nodiscard]] const ColumnSite* find(const sql::ColumnRef& ref) const;

private:
    using Scope = std::vector<schema::TableBinding>;

    void visit(const sql::Node& node);
    void visitStatement(const sql::SelectStatement& statement);
    void visitCore(const sql::SelectCore& core);
    void bindFrom(const sql::FromClause& from, Scope& scope) const;
    void addSite(const sql::ColumnRef& ref);
    [[nodiscard]] Scope scopeOfFirstCore(const sql::SelectBody& body) const;

    const schema::Schema& m_schema;
    std::vector<Scope> m_scopes;
    std::vector<const sql::SelectCore*> m_cores;  ///< parallel to m_scopes; null where no core owns the scope
    std::vector<ColumnSite> m_sites;
    std::unordered_map<const sql::ColumnRef*, std::size_t> m_byRef;
};

} // namespace sqleq::neighbors
