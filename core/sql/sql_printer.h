// SqlPrinter: the recursive worker behind print(); one method per node family,
// appending to a single buffer. Private to core/sql.
#pragma once

#include "core/sql/precedence.h"
#include "core/sql/printer.h"
#include "core/sql/select.h"

#include <string>

namespace sqleq::sql {

class SqlPrinter {
public:
    explicit SqlPrinter(const PrintOptions& options) : m_options(options) {}
    void node(const Node& node);
    std::string take() { return std::move(m_out); }

private:
    void expr(const Expr& expr, Precedence required);
    void exprBody(const Expr& expr);
    void exprList(const std::vector<ExprPtr>& exprs);
    void columnRef(const ColumnRef& column);
    void unary(const UnaryExpr& unary);
    void like(const LikeExpr& like);
    void in(const InExpr& in);
    void caseExpr(const CaseExpr& node);
    void functionCall(const FunctionCall& call);

    void statement(const SelectStatement& statement);
    void body(const SelectBody& body);
    void core(const SelectCore& core);
    void values(const ValuesSelect& values);
    void cte(const CommonTableExpr& cte);
    void resultColumn(const ResultColumn& column);
    void orderBy(const std::vector<OrderingTermPtr>& terms);
    void orderingTerm(const OrderingTerm& term);
    void limit(const Expr* limit, const Expr* offset);
    void windowDef(const WindowDef& def);
    void frameBound(const FrameBound& bound);
    void fromClause(const FromClause& from);
    void joinTerm(const JoinTerm& term, bool first);
    void fromItem(const FromItem& item);
    void alias(const std::optional<Identifier>& alias);
    void identifier(const Identifier& id);
    void qualified(const std::optional<Identifier>& schema, const Identifier& name);

    PrintOptions m_options;
    std::string m_out;
};

} // namespace sqleq::sql
