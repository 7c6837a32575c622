// Proof rule: a GROUP BY that covers a primary key (of its only table, or of a table
// every other table hangs off by its one-column key; key columns the WHERE clause fixes
// to a literal count as covered) makes every group one row, so
// count(…) is 1 and min/max (sum/avg of a number) of a column is the column.
#include "core/neighbors/proofs/proofs.h"

#include "core/base/ascii_case.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sqleq::neighbors::proofs {
namespace {

/// Visits the expressions of `core`'s own clauses that see its groups (and of the
/// ORDER BY terms of the statement it is the body of), not nested queries.
/// `inOrderBy` says the node is in an ORDER BY term, where an integer literal would name a column.
void forGroupedExpressions(const sql::SelectCore& core, const std::vector<sql::OrderingTermPtr>& statementOrder,
                           const std::function<void(const sql::Node&, bool inOrderBy)>& visit)
{
    auto visitTree = [&](const sql::Node* root, bool inOrderBy) {
        if (root == nullptr) return;
        sql::walk(*root, [&](const sql::Node& node) {
            if (node.kind() == sql::NodeKind::SelectStatement) return false;
            visit(node, inOrderBy);
            return true;
        });
    };
    for (const auto& column : core.columns) visitTree(column.get(), false);
    visitTree(core.having.get(), false);
    for (const auto& term : core.orderBy) visitTree(term.get(), true);
    for (const auto& term : statementOrder) visitTree(term.get(), true);
}

void splitConjuncts(const sql::Expr* expr, std::vector<const sql::BinaryExpr*>& equalities)
{
    if (expr == nullptr) return;
    const auto* binary = expr->tryAs<sql::BinaryExpr>();
    if (binary == nullptr) return;
    if (binary->op == sql::BinaryOp::And) {
        splitConjuncts(binary->left.get(), equalities);
        splitConjuncts(binary->right.get(), equalities);
    } else if (binary->op == sql::BinaryOp::Eq) {
        equalities.push_back(binary);
    }
}

/// The table whose primary key makes every group of `core` one row, or nothing.
std::optional<std::string> singletonGroupsTable(const sql::SelectCore& core, const ScopeIndex& scopes,
                                                const schema::Schema& schema)
{
    if (core.groupBy.empty() || !core.from || core.from->terms.empty()) return std::nullopt;
    struct Bound {
        std::string binding;
        const schema::Table* table = nullptr;
    };
    std::vector<Bound> bound;
    for (const auto& term : core.from->terms) {
        const auto* ref = term->source ? term->source->tryAs<sql::TableRef>() : nullptr;
        const auto kind = term->op.kind;
        const bool innerOrLeft = kind == sql::JoinKind::None || kind == sql::JoinKind::Comma
                                 || kind == sql::JoinKind::Join || kind == sql::JoinKind::Inner
                                 || kind == sql::JoinKind::Cross || kind == sql::JoinKind::Left;
        if (ref == nullptr || ref->schema || !innerOrLeft || term->op.natural || term->hasUsing) return std::nullopt;
        const schema::Table* table = schema.findTable(ref->name.name);
        if (table == nullptr) return std::nullopt;
        bound.push_back({asciiLower(ref->alias ? ref->alias->name : ref->name.name), table});
    }
    auto keyOf = [&](const sql::Expr* expr) -> std::optional<ColumnKey> {
        const auto* ref = expr != nullptr ? expr->tryAs<sql::ColumnRef>() : nullptr;
        const ColumnSite* site = ref != nullptr ? scopes.find(*ref) : nullptr;
        if (site == nullptr || !site->resolved || site->core != &core) return std::nullopt;
        return ColumnKey{asciiLower(site->resolved->binding), asciiLower(site->resolved->column)};
    };
    std::set<ColumnKey> grouped;
    for (const auto& expr : core.groupBy)
        if (auto key = keyOf(expr.get())) grouped.insert(*key);
    std::vector<const sql::BinaryExpr*> equalities;
    splitConjuncts(core.where.get(), equalities);
    // A key column the WHERE clause fixes to one literal (`Language = 'Spanish'`) holds
    // that one value in every row of every group: it counts as grouped. Only the WHERE
    // clause: a LEFT JOIN's ON fixes nothing of the rows it keeps.
    // Spider writes strings "like this": a double-quoted name that names no column.
    auto isLiteral = [&](const sql::Expr* expr) {
        if (expr == nullptr) return false;
        if (expr->is<sql::Literal>()) return true;
        const auto* ref = expr->tryAs<sql::ColumnRef>();
        const ColumnSite* site = ref != nullptr ? scopes.find(*ref) : nullptr;
        return site != nullptr && site->isString;
    };
    for (const sql::BinaryExpr* equality : equalities) {
        const bool leftLiteral = isLiteral(equality->left.get());
        const bool rightLiteral = isLiteral(equality->right.get());
        if (leftLiteral == rightLiteral) continue;
        if (auto key = keyOf(leftLiteral ? equality->right.get() : equality->left.get())) grouped.insert(*key);
    }
    for (const auto& term : core.from->terms) splitConjuncts(term->on.get(), equalities);

    std::vector<bool> determined(bound.size(), false);
    std::optional<std::string> keyTable;
    for (std::size_t b = 0; b < bound.size(); ++b) {
        const auto& key = bound[b].table->primaryKey;
        determined[b] = !key.empty() && std::all_of(key.begin(), key.end(), [&](const std::string& column) {
            return grouped.contains({bound[b].binding, asciiLower(column)});
        });
        if (determined[b] && !keyTable) keyTable = bound[b].table->name;
    }
    if (!keyTable) return std::nullopt;
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t b = 0; b < bound.size(); ++b) {
            if (determined[b] || bound[b].table->primaryKey.size() != 1) continue;
            const ColumnKey own{bound[b].binding, asciiLower(bound[b].table->primaryKey.front())};
            for (const sql::BinaryExpr* equality : equalities) {
                const auto left = keyOf(equality->left.get());
                const auto right = keyOf(equality->right.get());
                if (!left || !right) continue;
                const auto& other = *left == own ? *right : *right == own ? *left : own;
                if (other == own) continue;
                for (std::size_t d = 0; d < bound.size(); ++d) {
                    if (determined[d] && bound[d].binding == other.first) {
                        determined[b] = changed = true;
                        break;
                    }
                }
                if (determined[b]) break;
            }
        }
    }
    if (!std::all_of(determined.begin(), determined.end(), [](bool d) { return d; })) return std::nullopt;
    return keyTable;
}

bool numericColumn(const ColumnSite* site, const schema::Schema& schema)
{
    if (site == nullptr || !site->resolved) return false;
    const schema::Table* table = schema.findTable(site->resolved->table);
    const schema::Column* column = table != nullptr ? table->findColumn(site->resolved->column) : nullptr;
    return column != nullptr
           && (column->affinity == schema::Affinity::Integer || column->affinity == schema::Affinity::Real
               || column->affinity == schema::Affinity::Numeric);
}

} // namespace

/// Aggregates over one-row groups become their row's value; an ORDER BY of counts
/// alone orders nothing there (every count is 1) and goes.
std::vector<TextEdit> singletonEdits(const sql::SelectStatement& statement, std::string_view text,
                                     const schema::Schema& schema, std::vector<std::string>& reasons)
{
    const ScopeIndex scopes(schema, statement);
    std::vector<TextEdit> edits;
    static const std::vector<sql::OrderingTermPtr> kNoOrder;
    std::set<const sql::SelectCore*> bodies;
    auto rewrite = [&](const sql::SelectCore& core, const sql::SelectStatement* owner) {
        const auto table = singletonGroupsTable(core, scopes, schema);
        if (!table) return;
        const std::size_t before = edits.size();
        const auto& statementOrder = owner != nullptr ? owner->orderBy : kNoOrder;
        const bool countsOnly = !statementOrder.empty()
                                && std::all_of(statementOrder.begin(), statementOrder.end(),
                                               [](const sql::OrderingTermPtr& term) { return isCount(term->expr.get()); });
        if (countsOnly && owner->orderBySpan.valid()) edits.push_back({owner->orderBySpan, ""});
        forGroupedExpressions(core, countsOnly ? kNoOrder : statementOrder, [&](const sql::Node& inner, bool inOrderBy) {
            const auto* call = inner.tryAs<sql::FunctionCall>();
            if (call == nullptr || call->filter || call->over || call->overName) return;
            const std::string name = asciiLower(call->name.name);
            if (name == "count" && (call->star || call->args.size() == 1)) {
                if (!inOrderBy) edits.push_back({call->span(), "1"});
                return;
            }
            if (call->distinct || call->args.size() != 1) return;
            const auto* ref = call->args.front()->tryAs<sql::ColumnRef>();
            if (ref == nullptr) return;
            const bool anyType = name == "min" || name == "max";
            const bool numeric = (name == "sum" || name == "avg" || name == "total")
                                 && numericColumn(scopes.find(*ref), schema);
            if (!anyType && !numeric) return;
            const SourceSpan arg = ref->span();
            if (!arg.valid() || arg.end > text.size()) return;
            edits.push_back({call->span(), std::string(text.substr(arg.begin, arg.length()))});
        });
        if (edits.size() > before)
            reasons.push_back(fmt::format("every group is one row (GROUP BY covers the primary key of {})", *table));
    };
    sql::walk(statement, [&](const sql::Node& node) {
        if (const auto* nested = node.tryAs<sql::SelectStatement>()) {
            if (const auto* core = nested->body ? nested->body->tryAs<sql::SelectCore>() : nullptr) {
                bodies.insert(core);
                rewrite(*core, nested);
            }
        } else if (const auto* core = node.tryAs<sql::SelectCore>(); core && !bodies.contains(core)) {
            rewrite(*core, nullptr);
        }
        return true;
    });
    return edits;
}

} // namespace sqleq::neighbors::proofs
