// Printer, statement half: WITH, compound bodies, SELECT cores, VALUES, ORDER
// BY/LIMIT, windows and FROM clauses. Clause order follows SQLite's grammar.

#include "core/sql/sql_printer.h"

namespace sqleq::sql {

void SqlPrinter::statement(const SelectStatement& s)
{
    if (s.with) {
        m_out += s.with->recursive ? "WITH RECURSIVE " : "WITH ";
        for (size_t i = 0; i < s.with->ctes.size(); ++i) {
            if (i > 0) m_out += ", ";
            cte(*s.with->ctes[i]);
        }
        m_out += ' ';
    }
    if (s.body) body(*s.body);
    orderBy(s.orderBy);
    limit(s.limit.get(), s.offset.get());
}

void SqlPrinter::cte(const CommonTableExpr& c)
{
    identifier(c.name);
    if (!c.columns.empty()) {
        m_out += '(';
        for (size_t i = 0; i < c.columns.size(); ++i) {
            if (i > 0) m_out += ", ";
            identifier(c.columns[i]);
        }
        m_out += ')';
    }
    m_out += " AS ";
    if (c.materialization == Materialization::Materialized) m_out += "MATERIALIZED ";
    if (c.materialization == Materialization::NotMaterialized) m_out += "NOT MATERIALIZED ";
    m_out += '(';
    if (c.select) statement(*c.select);
    m_out += ')';
}

void SqlPrinter::body(const SelectBody& b)
{
    if (const auto* compound = b.tryAs<CompoundSelect>()) {
        body(*compound->left);
        m_out += ' ';
        m_out += compoundOpSpelling(compound->op);
        m_out += ' ';
        body(*compound->right);
    } else if (const auto* c = b.tryAs<SelectCore>()) {
        core(*c);
    } else {
        values(b.as<ValuesSelect>());
    }
}

void SqlPrinter::core(const SelectCore& c)
{
    m_out += "SELECT ";
    if (c.distinct == DistinctMode::Distinct) m_out += "DISTINCT ";
    if (c.distinct == DistinctMode::All) m_out += "ALL ";
    for (size_t i = 0; i < c.columns.size(); ++i) {
        if (i > 0) m_out += ", ";
        resultColumn(*c.columns[i]);
    }
    if (c.from) {
        m_out += " FROM ";
        fromClause(*c.from);
    }
    if (c.where) {
        m_out += " WHERE ";
        expr(*c.where, Precedence::Lowest);
    }
    if (!c.groupBy.empty()) {
        m_out += " GROUP BY ";
        exprList(c.groupBy);
    }
    if (c.having) {
        m_out += " HAVING ";
        expr(*c.having, Precedence::Lowest);
    }
    for (size_t i = 0; i < c.windows.size(); ++i) {
        m_out += i == 0 ? " WINDOW " : ", ";
        identifier(c.windows[i]->name);
        m_out += " AS ";
        windowDef(*c.windows[i]->def);
    }
    orderBy(c.orderBy);
    limit(c.limit.get(), c.offset.get());
}

void SqlPrinter::values(const ValuesSelect& v)
{
    m_out += "VALUES ";
    for (size_t i = 0; i < v.rows.size(); ++i) {
        if (i > 0) m_out += ", ";
        m_out += '(';
        exprList(v.rows[i].values);
        m_out += ')';
    }
}

void SqlPrinter::resultColumn(const ResultColumn& column)
{
    switch (column.columnKind) {
    case ResultColumnKind::Star: m_out += '*'; return;
    case ResultColumnKind::TableStar:
        identifier(column.table);
        m_out += ".*";
        return;
    case ResultColumnKind::Expr:
        expr(*column.expr, Precedence::Lowest);
        alias(column.alias);
        return;
    }
}

void SqlPrinter::orderBy(const std::vector<OrderingTermPtr>& terms)
{
    for (size_t i = 0; i < terms.size(); ++i) {
        m_out += i == 0 ? " ORDER BY " : ", ";
        orderingTerm(*terms[i]);
    }
}

void SqlPrinter::orderingTerm(const OrderingTerm& term)
{
    expr(*term.expr, Precedence::Lowest);
    if (term.order == SortOrder::Asc) m_out += " ASC";
    if (term.order == SortOrder::Desc) m_out += " DESC";
    if (term.nulls == NullsOrder::First) m_out += " NULLS FIRST";
    if (term.nulls == NullsOrder::Last) m_out += " NULLS LAST";
}

void SqlPrinter::limit(const Expr* limitExpr, const Expr* offset)
{
    if (!limitExpr) return;
    m_out += " LIMIT ";
    expr(*limitExpr, Precedence::Lowest);
    if (offset) {
        m_out += " OFFSET ";
        expr(*offset, Precedence::Lowest);
    }
}

void SqlPrinter::windowDef(const WindowDef& def)
{
    static constexpr std::string_view kUnits[] = {"ROWS", "RANGE", "GROUPS"};
    static constexpr std::string_view kExcludes[] = {"", " EXCLUDE NO OTHERS", " EXCLUDE CURRENT ROW",
                                                     " EXCLUDE GROUP", " EXCLUDE TIES"};
    const size_t open = m_out.size();
    m_out += '(';
    auto separate = [&] {
        if (m_out.size() > open + 1) m_out += ' ';
    };
    if (def.baseName) identifier(*def.baseName);
    if (!def.partitionBy.empty()) {
        separate();
        m_out += "PARTITION BY ";
        exprList(def.partitionBy);
    }
    if (!def.orderBy.empty()) {
        separate();
        m_out += "ORDER BY ";
        for (size_t i = 0; i < def.orderBy.size(); ++i) {
            if (i > 0) m_out += ", ";
            orderingTerm(*def.orderBy[i]);
        }
    }
    if (def.frame) {
        separate();
        m_out += kUnits[static_cast<size_t>(def.frame->unit)];
        m_out += def.frame->between ? " BETWEEN " : " ";
        frameBound(def.frame->start);
        if (def.frame->between) {
            m_out += " AND ";
            frameBound(def.frame->end);
        }
        m_out += kExcludes[static_cast<size_t>(def.frame->exclude)];
    }
    m_out += ')';
}

void SqlPrinter::frameBound(const FrameBound& bound)
{
    switch (bound.kind) {
    case FrameBoundKind::UnboundedPreceding: m_out += "UNBOUNDED PRECEDING"; return;
    case FrameBoundKind::UnboundedFollowing: m_out += "UNBOUNDED FOLLOWING"; return;
    case FrameBoundKind::CurrentRow: m_out += "CURRENT ROW"; return;
    case FrameBoundKind::Preceding:
    case FrameBoundKind::Following:
        if (bound.offset) expr(*bound.offset, Precedence::Lowest);
        m_out += bound.kind == FrameBoundKind::Preceding ? " PRECEDING" : " FOLLOWING";
        return;
    }
}

void SqlPrinter::fromClause(const FromClause& from)
{
    for (size_t i = 0; i < from.terms.size(); ++i) joinTerm(*from.terms[i], i == 0);
}

void SqlPrinter::joinTerm(const JoinTerm& term, bool first)
{
    static constexpr std::string_view kKinds[] = {"", "", "", "INNER ", "CROSS ", "LEFT ", "RIGHT ", "FULL "};
    if (!first) {
        if (term.op.kind == JoinKind::Comma || term.op.kind == JoinKind::None) {
            m_out += ", ";
        } else {
            m_out += ' ';
            if (term.op.natural) m_out += "NATURAL ";
            m_out += kKinds[static_cast<size_t>(term.op.kind)];
            if (term.op.outer) m_out += "OUTER ";
            m_out += "JOIN ";
        }
    }
    if (term.source) fromItem(*term.source);
    if (term.on) {
        m_out += " ON ";
        expr(*term.on, Precedence::Lowest);
    } else if (term.hasUsing) {
        m_out += " USING (";
        for (size_t i = 0; i < term.usingColumns.size(); ++i) {
            if (i > 0) m_out += ", ";
            identifier(term.usingColumns[i]);
        }
        m_out += ')';
    }
}

void SqlPrinter::fromItem(const FromItem& item)
{
    switch (item.kind()) {
    case NodeKind::TableRef: {
        const auto& table = item.as<TableRef>();
        qualified(table.schema, table.name);
        alias(table.alias);
        if (table.indexHint == IndexHint::IndexedBy) {
            m_out += " INDEXED BY ";
            identifier(table.indexName);
        } else if (table.indexHint == IndexHint::NotIndexed) {
            m_out += " NOT INDEXED";
        }
        return;
    }
    case NodeKind::TableFunctionRef: {
        const auto& function = item.as<TableFunctionRef>();
        qualified(function.schema, function.name);
        m_out += '(';
        exprList(function.args);
        m_out += ')';
        break;
    }
    case NodeKind::SubqueryRef:
        m_out += '(';
        statement(*item.as<SubqueryRef>().subquery);
        m_out += ')';
        break;
    case NodeKind::JoinGroup:
        m_out += '(';
        fromClause(*item.as<JoinGroup>().inner);
        m_out += ')';
        break;
    default: return;
    }
    alias(item.alias);
}

void SqlPrinter::alias(const std::optional<Identifier>& name)
{
    if (!name) return;
    m_out += " AS ";
    identifier(*name);
}

} // namespace sqleq::sql
