// ConstantCollector: the walk behind collectConstants(). It keeps a stack of
// FROM scopes (schema tables by alias, subqueries and CTEs as opaque names) to
// attribute each compared literal to a schema column, the way SQLite would
// resolve the column side. Internal to core/fuzz; use collectConstants().
#pragma once

#include "core/fuzz/gold_constants.h"
#include "core/schema/column_resolver.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sqleq::fuzz {

class ConstantCollector {
public:
    explicit ConstantCollector(const schema::Schema& schema) : m_schema(schema) {}

    /// Collects the constants of one statement; the collector is single-use.
    GoldConstants run(const sql::SelectStatement& statement);

private:
    /// A FROM item that is not a schema table: a subquery or CTE, known by the
    /// names of its output columns (`any`: a `*` we cannot expand).
    struct OpaqueBinding {
        std::string name;
        std::vector<std::string> outputs;
        bool any = false;
    };
    struct Scope {
        std::vector<schema::TableBinding> tables;
        std::vector<OpaqueBinding> opaque;
        std::vector<std::string> resultAliases;
    };
    struct ColumnId {
        std::string table;
        std::string column;
    };
    struct FoundConstant {
        exec::Value value;
        const sql::Node* node = nullptr;  ///< the literal or identifier it came from
    };

    void visit(const sql::Node& node);
    void visitStatement(const sql::SelectStatement& statement);
    void visitCore(const sql::SelectCore& core);
    void visitChildren(const sql::Node& node);
    [[nodiscard]] Scope scopeOf(const sql::SelectCore& core) const;
    void bindFrom(const sql::FromClause& from, Scope& scope) const;
    void bindItem(const sql::FromItem& item, Scope& scope) const;
    void attributeComparison(const sql::Expr& expr);
    void equateJoinColumns(const sql::FromClause& from, std::vector<std::string>& tablesSoFar);
    void equateCompoundColumns(const sql::CompoundSelect& compound);
    [[nodiscard]] std::optional<ColumnId> resultColumnOf(const sql::SelectCore& core, std::size_t position);
    void attributeLike(const sql::LikeExpr& like);
    /// Records the column of an aggregate's argument or of an arithmetic operand
    /// as used numerically.
    void noteNumericUse(const sql::Expr& expr);
    void addFor(const ColumnId& column, const FoundConstant& constant, ConstantUse use);
    void addUnattributed(const sql::Node& node);

    [[nodiscard]] std::optional<ColumnId> targetOf(const sql::Expr& expr) const;
    [[nodiscard]] std::optional<ColumnId> resolveRef(const sql::ColumnRef& ref) const;
    [[nodiscard]] std::optional<FoundConstant> constantOf(const sql::Expr& expr) const;
    [[nodiscard]] bool isStringIdentifier(const sql::ColumnRef& ref) const;
    [[nodiscard]] bool namesColumnInScope(const std::string& name) const;
    [[nodiscard]] exec::Value coerce(const exec::Value& value, const ColumnId& column) const;

    const schema::Schema& m_schema;
    std::vector<Scope> m_scopes;
    std::vector<OpaqueBinding> m_ctes;           ///< CTEs visible at this point, innermost last
    std::set<const sql::Node*> m_handled;        ///< membership only: never iterated
    GoldConstants m_out;
};

} // namespace sqleq::fuzz
