// Visiting every expression slot of a statement in one fixed order, for the rules that
// rewrite expressions in place (negation, commute, names' double-quoted strings): each
// clause's whole expression first, then the operands under the nodes the rewrite left
// that are not NOT, AND, OR or a comparison (function arguments, CASE, IN, LIKE,
// BETWEEN, subqueries). Internal to core/proof_check.
#pragma once

#include "core/sql/select.h"

namespace sqleq::proof_check {

/// Visits every expression slot of a statement: `rewrite` gets each clause's whole
/// expression, then the operands under the nodes it left that are not NOT, AND, OR or
/// a comparison.
template <typename Rewrite> class SlotWalker {
public:
    explicit SlotWalker(Rewrite& rewrite) : m_rewrite(rewrite) {}

    void statement(sql::SelectStatement& select)
    {
        if (select.body) body(*select.body);
        for (auto& term : select.orderBy) slot(term->expr);
    }

private:
    void body(sql::SelectBody& selectBody)
    {
        if (auto* compound = selectBody.tryAs<sql::CompoundSelect>()) {
            body(*compound->left);
            body(*compound->right);
        } else if (auto* core = selectBody.tryAs<sql::SelectCore>()) {
            for (auto& column : core->columns) slot(column->expr);
            if (core->from) {
                for (auto& term : core->from->terms) {
                    if (auto* derived = term->source->tryAs<sql::SubqueryRef>()) statement(*derived->subquery);
                    slot(term->on);
                }
            }
            slot(core->where);
            for (auto& group : core->groupBy) slot(group);
            slot(core->having);
            for (auto& term : core->orderBy) slot(term->expr);
        }
    }

    void slot(sql::ExprPtr& expr)
    {
        if (!expr) return;
        m_rewrite(expr);
        under(*expr);
    }

    void under(sql::Expr& expr)
    {
        if (auto* unary = expr.tryAs<sql::UnaryExpr>()) return under(*unary->operand);
        if (auto* binary = expr.tryAs<sql::BinaryExpr>()) {
            under(*binary->left);
            return under(*binary->right);
        }
        if (auto* exists = expr.tryAs<sql::ExistsExpr>()) return statement(*exists->subquery);
        if (auto* scalar = expr.tryAs<sql::SubqueryExpr>()) return statement(*scalar->subquery);
        if (auto* call = expr.tryAs<sql::FunctionCall>()) {
            for (auto& argument : call->args) slot(argument);
            return slot(call->filter);
        }
        if (auto* choice = expr.tryAs<sql::CaseExpr>()) {
            slot(choice->operand);
            for (auto& branch : choice->whens) {
                slot(branch.when);
                slot(branch.then);
            }
            return slot(choice->elseExpr);
        }
        if (auto* in = expr.tryAs<sql::InExpr>()) {
            slot(in->operand);
            for (auto& item : in->items) slot(item);
            if (in->subquery) statement(*in->subquery);
            return;
        }
        if (auto* like = expr.tryAs<sql::LikeExpr>()) {
            slot(like->operand);
            slot(like->pattern);
            return slot(like->escape);
        }
        if (auto* between = expr.tryAs<sql::BetweenExpr>()) {
            slot(between->operand);
            slot(between->low);
            return slot(between->high);
        }
        if (auto* test = expr.tryAs<sql::NullTestExpr>()) return slot(test->operand);
        if (auto* cast = expr.tryAs<sql::CastExpr>()) return slot(cast->operand);
        if (auto* collate = expr.tryAs<sql::CollateExpr>()) return slot(collate->operand);
        if (auto* row = expr.tryAs<sql::RowValue>()) {
            for (auto& item : row->items) slot(item);
        }
    }

    Rewrite& m_rewrite;
};

/// Calls `rewrite(ExprPtr&)` on every clause expression and nested operand slot.
template <typename Rewrite> void rewriteEverySlot(sql::SelectStatement& statement, Rewrite rewrite)
{
    SlotWalker<Rewrite>(rewrite).statement(statement);
}

} // namespace sqleq::proof_check
