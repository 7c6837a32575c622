// The FROM and ORDER BY rules: an order nothing reads goes, a LEFT JOIN the WHERE
// filters on its right side is an inner join, and inner joins are one product whose
// tables come in a canonical order with their ON conditions in the WHERE.

#include "core/prove/rules.h"

#include "core/base/ascii_case.h"
#include "core/sql/printer.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <algorithm>

namespace sqleq::prove {
namespace {

void dropOrderWithoutLimit(sql::SelectStatement& statement, bool& dropped)
{
    if (statement.orderBy.empty() || statement.limit || statement.offset) return;
    statement.orderBy.clear();
    dropped = true;
}

/// `ref` reads a column of `binding` directly.
bool readsBinding(const sql::Expr* expr, const std::string& binding)
{
    const auto* ref = expr ? expr->tryAs<sql::ColumnRef>() : nullptr;
    return ref && bindingOf(*ref) == binding;
}

/// The conjunct is never true when every column of `binding` is NULL: a comparison, LIKE,
/// IN or BETWEEN of one of its columns is NULL there, and `IS NOT NULL` false. Not NOT IN
/// a subquery: over no row it is true even for NULL.
bool rejectsNullRow(const sql::Expr& conjunct, const std::string& binding)
{
    if (const auto* binary = conjunct.tryAs<sql::BinaryExpr>()) {
        switch (binary->op) {
        case sql::BinaryOp::Eq:
        case sql::BinaryOp::NotEq:
        case sql::BinaryOp::Less:
        case sql::BinaryOp::LessEq:
        case sql::BinaryOp::Greater:
        case sql::BinaryOp::GreaterEq:
            return readsBinding(binary->left.get(), binding) || readsBinding(binary->right.get(), binding);
        case sql::BinaryOp::IsNot: {
            const auto* literal = binary->right->tryAs<sql::Literal>();
            return readsBinding(binary->left.get(), binding) && literal
                && literal->literalKind == sql::LiteralKind::Null;
        }
        default: return false;
        }
    }
    if (const auto* like = conjunct.tryAs<sql::LikeExpr>())
        return readsBinding(like->operand.get(), binding) || readsBinding(like->pattern.get(), binding);
    if (const auto* in = conjunct.tryAs<sql::InExpr>()) {
        // `NULL NOT IN (empty)` is true: NOT IN rejects NULL only against a non-empty list.
        const bool nonEmptyList = in->source == sql::InSource::List && !in->items.empty();
        return readsBinding(in->operand.get(), binding) && (!in->negated || nonEmptyList);
    }
    if (const auto* between = conjunct.tryAs<sql::BetweenExpr>()) return readsBinding(between->operand.get(), binding);
    if (const auto* test = conjunct.tryAs<sql::NullTestExpr>()) return test->negated && readsBinding(test->operand.get(), binding);
    return false;
}

std::string bindingName(const sql::FromItem& item)
{
    if (item.alias) return asciiLower(item.alias->name);
    if (const auto* table = item.tryAs<sql::TableRef>()) return asciiLower(table->name.name);
    return {};
}

bool innerOnly(const sql::FromClause& from)
{
    return std::all_of(from.terms.begin(), from.terms.end(), [](const auto& term) {
        const auto kind = term->op.kind;
        return kind == sql::JoinKind::None || kind == sql::JoinKind::Comma || kind == sql::JoinKind::Join
            || kind == sql::JoinKind::Inner || kind == sql::JoinKind::Cross;
    });
}

/// Reordering the tables reorders `*`'s columns: only the comparison pairs columns in
/// any order, so a `*` anywhere but the top-level SELECT (a compound's branch, a
/// subquery) or one an ordinal (`ORDER BY 1`, `GROUP BY 2`) reads keeps its tables' order.
bool readsColumnsByPosition(const sql::SelectCore& core, const sql::SelectStatement* owner, bool topLevel)
{
    const bool star = std::any_of(core.columns.begin(), core.columns.end(), [](const auto& column) {
        return column->columnKind != sql::ResultColumnKind::Expr;
    });
    if (!star) return false;
    if (!topLevel) return true;
    auto ordinal = [](const sql::Expr* expr) {
        const auto* literal = expr ? expr->tryAs<sql::Literal>() : nullptr;
        return literal && literal->literalKind == sql::LiteralKind::Integer;
    };
    for (const auto& group : core.groupBy) {
        if (ordinal(group.get())) return true;
    }
    for (const auto* terms : {&core.orderBy, owner ? &owner->orderBy : nullptr}) {
        if (!terms) continue;
        for (const auto& term : *terms) {
            if (ordinal(term->expr.get())) return true;
        }
    }
    return false;
}

} // namespace

std::string applyUnorderedResult(sql::SelectStatement& statement, const RuleContext& context, Uses& uses)
{
    bool droppedTop = false;
    if (!context.orderCompared) dropOrderWithoutLimit(statement, droppedTop);
    if (droppedTop) uses.add("the comparison reads the rows as a bag: the gold has no top-level ORDER BY");
    bool droppedInner = false;
    sql::walk(statement, [&](sql::Node& node) {
        sql::SelectStatement* inner = nullptr;
        if (auto* in = node.tryAs<sql::InExpr>(); in && in->subquery) inner = in->subquery.get();
        if (auto* exists = node.tryAs<sql::ExistsExpr>()) inner = exists->subquery.get();
        if (inner) dropOrderWithoutLimit(*inner, droppedInner);
        return true;
    });
    if (droppedInner) uses.add("IN and EXISTS read which rows a subquery has, not their order");
    return {};
}

std::string applyOuterToInner(sql::SelectStatement& statement, const RuleContext&, Uses& uses)
{
    forEachCore(statement, [&](sql::SelectCore& core) {
        if (!core.from || !core.where) return;
        std::vector<sql::ExprPtr> conjuncts;
        flattenChain(sql::cloneOf(core.where), sql::BinaryOp::And, conjuncts);
        for (auto& term : core.from->terms) {
            if (term->op.kind != sql::JoinKind::Left) continue;
            const std::string binding = bindingName(*term->source);
            if (binding.empty()) continue;
            for (const auto& conjunct : conjuncts) {
                if (!rejectsNullRow(*conjunct, binding)) continue;
                term->op = sql::JoinOperator{sql::JoinKind::Join, false, false};
                uses.add(fmt::format("`{}` in WHERE is never true on the row of NULLs a LEFT JOIN adds for `{}`",
                                     sql::print(*conjunct), binding));
                break;
            }
        }
    });
    return {};
}

std::string applyInnerJoins(sql::SelectStatement& statement, const RuleContext&, Uses& uses)
{
    const auto cores = coresWithOwners(statement);
    for (const auto& [core, owner] : cores) {
        if (!core->from || !innerOnly(*core->from)) continue;
        std::vector<sql::ExprPtr> conditions;
        flattenChain(std::move(core->where), sql::BinaryOp::And, conditions);
        bool moved = false;
        for (auto& term : core->from->terms) {
            if (term->on) {
                flattenChain(std::move(term->on), sql::BinaryOp::And, conditions);
                moved = true;
            }
            term->op = sql::JoinOperator{sql::JoinKind::Comma, false, false};
        }
        core->where = joinChain(std::move(conditions), sql::BinaryOp::And);
        if (moved) uses.add("an inner join's ON condition filters the product as WHERE does");
        if (!readsColumnsByPosition(*core, owner, owner == &statement) && core->from->terms.size() > 1) {
            std::vector<std::string> before;
            for (const auto& term : core->from->terms) before.push_back(sql::print(*term->source));
            std::stable_sort(core->from->terms.begin(), core->from->terms.end(), [](const auto& a, const auto& b) {
                return sql::print(*a->source) < sql::print(*b->source);
            });
            std::vector<std::string> after;
            for (const auto& term : core->from->terms) after.push_back(sql::print(*term->source));
            if (before != after) uses.add("a product's tables come in any order: the comparison pairs columns in any order");
        }
        core->from->terms.front()->op = sql::JoinOperator{};
    }
    return {};
}

} // namespace sqleq::prove
