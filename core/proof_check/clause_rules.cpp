// The checker's FROM and ORDER BY rules: `unordered_result` (an order nothing reads
// goes), `outer_to_inner` (a LEFT JOIN whose padded row the WHERE always rejects is an
// inner join) and `inner_joins` (inner joins are one product: ON conditions join the
// WHERE, the items come sorted).

#include "core/proof_check/rule_checks.h"

#include "core/sql/printer.h"
#include "core/sql/walk.h"

#include <algorithm>

namespace sqleq::proof_check {
namespace {

bool dropOrderWithoutLimit(sql::SelectStatement& statement)
{
    if (statement.orderBy.empty() || statement.limit || statement.offset) return false;
    statement.orderBy.clear();
    return true;
}

bool columnOfBinding(const sql::Expr* expr, const std::string& binding)
{
    const auto* ref = expr ? expr->tryAs<sql::ColumnRef>() : nullptr;
    return ref && ref->table && qualifierOf(*ref) == binding;
}

/// The WHERE conjunct is never true on a row where every column of `binding` is NULL.
/// Not for NOT IN: `NULL NOT IN (subquery)` is true when the subquery has no row, and
/// `NULL NOT IN ()` always is.
bool neverTrueOnNullRow(const sql::Expr& conjunct, const std::string& binding)
{
    if (const auto* binary = conjunct.tryAs<sql::BinaryExpr>()) {
        switch (binary->op) {
        case sql::BinaryOp::Eq:
        case sql::BinaryOp::NotEq:
        case sql::BinaryOp::Less:
        case sql::BinaryOp::LessEq:
        case sql::BinaryOp::Greater:
        case sql::BinaryOp::GreaterEq:
            return columnOfBinding(binary->left.get(), binding) || columnOfBinding(binary->right.get(), binding);
        case sql::BinaryOp::IsNot: {
            const auto* literal = binary->right->tryAs<sql::Literal>();
            return literal && literal->literalKind == sql::LiteralKind::Null && columnOfBinding(binary->left.get(), binding);
        }
        default: return false;
        }
    }
    if (const auto* like = conjunct.tryAs<sql::LikeExpr>()) {
        const bool likeOrGlob = like->op == sql::LikeOp::Like || like->op == sql::LikeOp::Glob;
        return likeOrGlob && (columnOfBinding(like->operand.get(), binding) || columnOfBinding(like->pattern.get(), binding));
    }
    if (const auto* in = conjunct.tryAs<sql::InExpr>()) {
        const bool nullStaysNull = !in->negated || (in->source == sql::InSource::List && !in->items.empty());
        return nullStaysNull && columnOfBinding(in->operand.get(), binding);
    }
    if (const auto* between = conjunct.tryAs<sql::BetweenExpr>()) return columnOfBinding(between->operand.get(), binding);
    if (const auto* test = conjunct.tryAs<sql::NullTestExpr>()) return test->negated && columnOfBinding(test->operand.get(), binding);
    return false;
}

bool isInnerJoinKind(sql::JoinKind kind)
{
    return kind == sql::JoinKind::None || kind == sql::JoinKind::Comma || kind == sql::JoinKind::Join
        || kind == sql::JoinKind::Inner || kind == sql::JoinKind::Cross;
}

bool isOrdinal(const sql::Expr* expr)
{
    const auto* literal = expr ? expr->tryAs<sql::Literal>() : nullptr;
    return literal && literal->literalKind == sql::LiteralKind::Integer;
}

/// Sorting the items reorders what `*` and `t.*` expand to: only the top-level result's
/// columns may come in any order, and not when an ordinal reads their positions.
bool itemsOrderIsRead(const CoreInStatement& place, const sql::SelectStatement& top)
{
    const auto& core = *place.core;
    const bool star = std::any_of(core.columns.begin(), core.columns.end(),
                                  [](const auto& column) { return column->columnKind != sql::ResultColumnKind::Expr; });
    if (!star) return false;
    if (place.owner != &top) return true;
    const auto ordinalTerm = [](const auto& term) { return isOrdinal(term->expr.get()); };
    return std::any_of(core.groupBy.begin(), core.groupBy.end(), [](const auto& group) { return isOrdinal(group.get()); })
        || std::any_of(core.orderBy.begin(), core.orderBy.end(), ordinalTerm)
        || std::any_of(top.orderBy.begin(), top.orderBy.end(), ordinalTerm);
}

} // namespace

Reapplied dropUnreadOrder(sql::SelectStatement& statement, const RuleInput& input)
{
    Reapplied out;
    if (!input.orderCompared) dropOrderWithoutLimit(statement);
    else if (!statement.orderBy.empty()) out.notes.push_back("the gold has a top-level ORDER BY: the order is read");
    sql::walk(statement, [&](sql::Node& node) {
        if (auto* in = node.tryAs<sql::InExpr>(); in && in->subquery) dropOrderWithoutLimit(*in->subquery);
        if (auto* exists = node.tryAs<sql::ExistsExpr>(); exists && exists->subquery) dropOrderWithoutLimit(*exists->subquery);
        return true;
    });
    return out;
}

Reapplied makeOuterJoinsInner(sql::SelectStatement& statement, const RuleInput&)
{
    Reapplied out;
    for (const auto& place : coresOf(statement)) {
        auto& core = *place.core;
        if (!core.from) continue;
        std::vector<sql::ExprPtr> conjuncts;
        splitChain(sql::cloneOf(core.where), sql::BinaryOp::And, conjuncts);
        for (auto& term : core.from->terms) {
            if (term->op.kind != sql::JoinKind::Left) continue;
            const std::string binding = bindingNameOf(*term->source);
            const bool rejected = !binding.empty() && std::any_of(conjuncts.begin(), conjuncts.end(), [&](const auto& c) {
                return neverTrueOnNullRow(*c, binding);
            });
            if (rejected) term->op = sql::JoinOperator{sql::JoinKind::Join, false, false};
            else out.notes.push_back("no top-level WHERE conjunct of `" + binding + "`'s query is always false or NULL on the row of NULLs its LEFT JOIN adds");
        }
    }
    return out;
}

Reapplied mergeInnerJoins(sql::SelectStatement& statement, const RuleInput&)
{
    Reapplied out;
    for (const auto& place : coresOf(statement)) {
        auto& core = *place.core;
        if (!core.from) continue;
        if (!std::all_of(core.from->terms.begin(), core.from->terms.end(), [](const auto& term) { return isInnerJoinKind(term->op.kind); })) {
            out.notes.push_back("a FROM with a LEFT JOIN keeps its joins");
            continue;
        }
        std::vector<sql::ExprPtr> conditions;
        splitChain(std::move(core.where), sql::BinaryOp::And, conditions);
        for (auto& term : core.from->terms) {
            splitChain(std::move(term->on), sql::BinaryOp::And, conditions);
            term->op = sql::JoinOperator{sql::JoinKind::Comma, false, false};
        }
        core.where = buildChain(std::move(conditions), sql::BinaryOp::And);
        if (!itemsOrderIsRead(place, statement)) {
            std::stable_sort(core.from->terms.begin(), core.from->terms.end(),
                             [](const auto& a, const auto& b) { return sql::print(*a->source) < sql::print(*b->source); });
        } else {
            out.notes.push_back("a `*` whose column order is read keeps its tables in order");
        }
        core.from->terms.front()->op = sql::JoinOperator{};
    }
    return out;
}

} // namespace sqleq::proof_check
