// The plan condition of docs/proofs.md: a query whose rows may depend on the order
// SQLite reads them (a LIMIT or OFFSET, group_concat and its kin, random(), a scalar
// subquery that may have several rows, a grouped query's column that one group may
// hold several values of) is left to `syntax` and `names`: any other rule may change
// the plan and with it which rows come out.

#include "core/proof_check/rule_checks.h"

#include "core/base/ascii_case.h"
#include "core/sql/printer.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <set>

namespace sqleq::proof_check {
namespace {

using ColumnKey = std::pair<std::string, std::string>;  ///< (binding, column), lower case

ColumnKey keyOf(const sql::ColumnRef& ref)
{
    return {qualifierOf(ref), asciiLower(ref.column.name)};
}

bool readsInOrder(const sql::FunctionCall& call)
{
    static const std::set<std::string> kOrderRead{"group_concat", "string_agg", "json_group_array",
                                                  "json_group_object", "random", "randomblob"};
    return kOrderRead.count(asciiLower(call.name.name)) > 0;
}

/// A scalar subquery has at most one row when it aggregates without GROUP BY.
bool atMostOneRow(const sql::SelectStatement& subquery)
{
    const auto* core = subquery.body ? subquery.body->tryAs<sql::SelectCore>() : nullptr;
    if (!core || !core->groupBy.empty()) return false;
    bool aggregate = false;
    for (const auto& column : core->columns) {
        if (!column->expr) continue;
        sql::walk(*column->expr, [&](const sql::Node& node) {
            if (node.is<sql::SelectStatement>()) return false;
            if (const auto* call = node.tryAs<sql::FunctionCall>(); call && isAggregate(*call)) aggregate = true;
            return !aggregate;
        });
    }
    return aggregate;
}

/// LIMIT, OFFSET, order-reading functions and scalar subqueries, anywhere.
std::string orderReadAnywhere(const sql::SelectStatement& statement)
{
    std::string why;
    sql::walk(statement, [&](const sql::Node& node) {
        if (const auto* select = node.tryAs<sql::SelectStatement>(); select && (select->limit || select->offset))
            why = "a LIMIT or OFFSET";
        if (const auto* core = node.tryAs<sql::SelectCore>(); core && (core->limit || core->offset))
            why = "a LIMIT or OFFSET";
        if (const auto* call = node.tryAs<sql::FunctionCall>(); call && readsInOrder(*call))
            why = fmt::format("{}()", asciiLower(call->name.name));
        if (const auto* scalar = node.tryAs<sql::SubqueryExpr>(); scalar && !atMostOneRow(*scalar->subquery))
            why = "a scalar subquery that may return several rows";
        return why.empty();
    });
    return why;
}

/// A base column's affinity when it has no collation of its own.
std::optional<Affinity> plainColumnAffinity(const sql::Expr& expr, const BindingTables& bindings)
{
    const auto* ref = expr.tryAs<sql::ColumnRef>();
    const ColumnFacts* column = ref ? baseColumn(*ref, bindings) : nullptr;
    if (!column || !column->collation.empty()) return std::nullopt;
    return affinityOf(column->type);
}

bool isNumeric(Affinity affinity)
{
    return affinity == Affinity::Integer || affinity == Affinity::Real || affinity == Affinity::Numeric;
}

/// The columns one group of `core` holds one value of: its GROUP BY columns, and by
/// `a = b` (a top-level conjunct of WHERE or of an inner join's ON) the other side of a
/// fixed one, when that side is numeric or of the same affinity (a TEXT column equal to
/// a number could hold both '1' and '01').
std::set<ColumnKey> fixedColumns(const sql::SelectCore& core, const BindingTables& bindings)
{
    std::set<ColumnKey> fixed;
    for (const auto& group : core.groupBy) {
        if (const auto* ref = group->tryAs<sql::ColumnRef>()) fixed.insert(keyOf(*ref));
    }
    std::vector<sql::ExprPtr> conjuncts;
    splitChain(sql::cloneOf(core.where), sql::BinaryOp::And, conjuncts);
    if (core.from) {
        for (const auto& term : core.from->terms) {
            if (term->op.kind != sql::JoinKind::Left) splitChain(sql::cloneOf(term->on), sql::BinaryOp::And, conjuncts);
        }
    }
    std::vector<std::pair<ColumnKey, ColumnKey>> implications;  ///< (from, to): `from` fixed fixes `to`
    for (const auto& conjunct : conjuncts) {
        const auto* equal = conjunct->tryAs<sql::BinaryExpr>();
        if (!equal || equal->op != sql::BinaryOp::Eq) continue;
        const auto left = plainColumnAffinity(*equal->left, bindings);
        const auto right = plainColumnAffinity(*equal->right, bindings);
        if (!left || !right) continue;
        const ColumnKey leftKey = keyOf(equal->left->as<sql::ColumnRef>());
        const ColumnKey rightKey = keyOf(equal->right->as<sql::ColumnRef>());
        if (isNumeric(*right) || *left == *right) implications.emplace_back(leftKey, rightKey);
        if (isNumeric(*left) || *left == *right) implications.emplace_back(rightKey, leftKey);
    }
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& [from, to] : implications) grew = (fixed.count(from) && fixed.insert(to).second) || grew;
    }
    return fixed;
}

bool fixedInGroup(const sql::ColumnRef& ref, const sql::SelectCore& core, const std::set<ColumnKey>& fixed,
                  const BindingTables& bindings, Profile profile)
{
    const std::string printed = sql::print(ref);
    for (const auto& group : core.groupBy) {
        if (sql::print(*group) == printed) return true;
    }
    if (fixed.count(keyOf(ref))) return true;
    const TableFacts* table = nullptr;
    if (!baseColumn(ref, bindings, &table)) return false;
    // A whole non-NULL key fixed: one row of that table per group.
    for (const auto& key : table->keys()) {
        bool whole = true;
        for (const auto& name : key) {
            const ColumnFacts* column = table->column(name);
            whole = whole && column && holdsNoNull(*table, *column, profile)
                && fixed.count({qualifierOf(ref), asciiLower(column->name)});
        }
        if (whole) return true;
    }
    return false;
}

/// The first bare column of a grouped or aggregating core that a group may hold
/// several values of, printed; empty when there is none.
std::string looseGroupedColumn(const CoreInStatement& place, const BindingTables& bindings, Profile profile)
{
    const auto& core = *place.core;
    std::set<std::string> own;
    if (core.from) {
        for (const auto& term : core.from->terms) own.insert(bindingNameOf(*term->source));
    }
    std::vector<const sql::Node*> roots;
    for (const auto& column : core.columns) roots.push_back(column.get());
    if (core.having) roots.push_back(core.having.get());
    for (const auto& term : core.orderBy) roots.push_back(term.get());
    if (place.owner) {
        for (const auto& term : place.owner->orderBy) roots.push_back(term.get());
    }
    bool aggregating = !core.groupBy.empty();
    std::vector<const sql::ColumnRef*> bare;
    for (const sql::Node* root : roots) {
        sql::walk(*root, [&](const sql::Node& node) {
            if (node.is<sql::SelectStatement>()) return false;
            if (const auto* call = node.tryAs<sql::FunctionCall>(); call && isAggregate(*call)) {
                aggregating = true;
                return false;
            }
            if (const auto* ref = node.tryAs<sql::ColumnRef>(); ref && own.count(qualifierOf(*ref))) bare.push_back(ref);
            return true;
        });
    }
    if (!aggregating) return {};
    const auto fixed = fixedColumns(core, bindings);
    for (const auto* ref : bare) {
        if (!fixedInGroup(*ref, core, fixed, bindings, profile)) return sql::print(*ref);
    }
    return {};
}

} // namespace

std::string readOrderDependence(sql::SelectStatement& statement, const RuleInput& input)
{
    std::string why = orderReadAnywhere(statement);
    if (!why.empty()) return why;
    const BindingTables bindings = bindingTables(statement, input.schema);
    for (const auto& place : coresOf(statement)) {
        const std::string loose = looseGroupedColumn(place, bindings, input.profile);
        if (!loose.empty())
            return fmt::format("the grouped column {} is neither grouped nor fixed by a grouped key", loose);
    }
    return {};
}

} // namespace sqleq::proof_check
