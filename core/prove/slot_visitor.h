// SlotVisitor: every expression slot (an owning pointer a rule may replace) of a
// statement, subqueries included. Internal to core/prove.
#pragma once

#include "core/sql/select.h"

#include <type_traits>

namespace sqleq::prove {

/// Applies `fn` to every expression slot of a statement, subqueries included: first
/// to a clause's whole expression (which `fn` rewrites through its AND/OR/NOT/comparison
/// tree), then to the slots nested under other nodes (function arguments, CASE, IN,
/// LIKE, …), each once. It descends into what `fn` left in the slot, never into a node
/// `fn` replaced.
template <typename Fn> class SlotVisitor {
public:
    /// `everySlot`: also the operands of NOT, AND, OR and the comparisons, for a `fn`
    /// that looks at one node at a time.
    explicit SlotVisitor(Fn& fn, bool everySlot = false) : m_fn(fn), m_everySlot(everySlot) {}

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
        } else if (auto* selectCore = selectBody.tryAs<sql::SelectCore>()) {
            core(*selectCore);
        }
    }

    void core(sql::SelectCore& select)
    {
        for (auto& column : select.columns) slot(column->expr);
        if (select.from) {
            for (auto& term : select.from->terms) {
                if (auto* derived = term->source->tryAs<sql::SubqueryRef>()) statement(*derived->subquery);
                slot(term->on);
            }
        }
        slot(select.where);
        for (auto& group : select.groupBy) slot(group);
        slot(select.having);
        for (auto& term : select.orderBy) slot(term->expr);
    }

    void slot(sql::ExprPtr& expr)
    {
        if (!expr) return;
        m_fn(expr);
        descend(*expr);
    }

    void descend(sql::Expr& expr)
    {
        if (auto* unary = expr.tryAs<sql::UnaryExpr>()) {
            m_everySlot ? slot(unary->operand) : descend(*unary->operand);
        } else if (auto* bin = expr.tryAs<sql::BinaryExpr>()) {
            m_everySlot ? slot(bin->left) : descend(*bin->left);
            m_everySlot ? slot(bin->right) : descend(*bin->right);
        } else if (auto* exists = expr.tryAs<sql::ExistsExpr>()) {
            statement(*exists->subquery);
        } else if (auto* scalar = expr.tryAs<sql::SubqueryExpr>()) {
            statement(*scalar->subquery);
        } else if (auto* call = expr.tryAs<sql::FunctionCall>()) {
            for (auto& arg : call->args) slot(arg);
            slot(call->filter);
        } else if (auto* when = expr.tryAs<sql::CaseExpr>()) {
            slot(when->operand);
            for (auto& branch : when->whens) {
                slot(branch.when);
                slot(branch.then);
            }
            slot(when->elseExpr);
        } else if (auto* in = expr.tryAs<sql::InExpr>()) {
            slot(in->operand);
            for (auto& item : in->items) slot(item);
            if (in->subquery) statement(*in->subquery);
        } else if (auto* like = expr.tryAs<sql::LikeExpr>()) {
            slot(like->operand);
            slot(like->pattern);
            slot(like->escape);
        } else if (auto* between = expr.tryAs<sql::BetweenExpr>()) {
            slot(between->operand);
            slot(between->low);
            slot(between->high);
        } else if (auto* test = expr.tryAs<sql::NullTestExpr>()) {
            slot(test->operand);
        } else if (auto* cast = expr.tryAs<sql::CastExpr>()) {
            slot(cast->operand);
        } else if (auto* collate = expr.tryAs<sql::CollateExpr>()) {
            slot(collate->operand);
        } else if (auto* row = expr.tryAs<sql::RowValue>()) {
            for (auto& item : row->items) slot(item);
        }
    }

    Fn& m_fn;
    bool m_everySlot;
};

template <typename Fn> void forEveryExpressionSlot(sql::SelectStatement& statement, Fn&& fn, bool everySlot = false)
{
    SlotVisitor<std::remove_reference_t<Fn>> visitor(fn, everySlot);
    visitor.statement(statement);
}

} // namespace sqleq::prove
