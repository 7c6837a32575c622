// Printer implementation. Parentheses: a child is wrapped when it binds more
// loosely than its slot requires (precedence.h); left operands of
// left-associative operators accept their own level, right operands need one
// level more. Subqueries always print in parentheses.

#include "core/sql/printer.h"

#include "core/sql/char_class.h"
#include "core/sql/keyword.h"
#include "core/sql/sql_printer.h"

#include <new>

namespace sqleq::sql {
namespace {

// A bare word reads back as the same name when it is a plain identifier or a
// keyword SQLite lets stand for a name.
bool printsBare(std::string_view name)
{
    if (name.empty() || !isIdStart(name.front())) return false;
    for (char c : name) {
        if (!isIdChar(c)) return false;
    }
    const Keyword keyword = lookupKeyword(name);
    return keyword == Keyword::None
        || hasKeywordFlag(keyword, keyword_flags::kFallback | keyword_flags::kJoin | keyword_flags::kId
                                       | keyword_flags::kContextual);
}

void appendQuoted(std::string& out, std::string_view text, char open, char close)
{
    out += open;
    for (char c : text) {
        out += c;
        if (c == close) out += c;
    }
    out += close;
}

} // namespace

std::string printIdentifier(const Identifier& id)
{
    std::string out;
    switch (id.quote) {
    case QuoteStyle::None:
        if (printsBare(id.name)) out = id.name;
        else appendQuoted(out, id.name, '"', '"');
        break;
    case QuoteStyle::Double: appendQuoted(out, id.name, '"', '"'); break;
    case QuoteStyle::Backtick: appendQuoted(out, id.name, '`', '`'); break;
    case QuoteStyle::Single: appendQuoted(out, id.name, '\'', '\''); break;
    case QuoteStyle::Bracket:
        if (id.name.find(']') == std::string::npos) out = "[" + id.name + "]";
        else appendQuoted(out, id.name, '"', '"');
        break;
    }
    return out;
}

std::string print(const Node& node, const PrintOptions& options)
{
    try {
        SqlPrinter printer(options);
        printer.node(node);
        return printer.take();
    } catch (const std::bad_alloc&) {
        return {};
    }
}

void SqlPrinter::node(const Node& node)
{
    if (const auto* e = node.tryAs<Expr>()) return expr(*e, Precedence::Lowest);
    if (const auto* item = node.tryAs<FromItem>()) return fromItem(*item);
    if (const auto* b = node.tryAs<SelectBody>()) return body(*b);
    switch (node.kind()) {
    case NodeKind::SelectStatement: return statement(node.as<SelectStatement>());
    case NodeKind::CommonTableExpr: return cte(node.as<CommonTableExpr>());
    case NodeKind::ResultColumn: return resultColumn(node.as<ResultColumn>());
    case NodeKind::OrderingTerm: return orderingTerm(node.as<OrderingTerm>());
    case NodeKind::WindowDef: return windowDef(node.as<WindowDef>());
    case NodeKind::NamedWindow:
        identifier(node.as<NamedWindow>().name);
        m_out += " AS ";
        if (node.as<NamedWindow>().def) windowDef(*node.as<NamedWindow>().def);
        return;
    case NodeKind::FromClause: return fromClause(node.as<FromClause>());
    case NodeKind::JoinTerm: return joinTerm(node.as<JoinTerm>(), node.as<JoinTerm>().op.kind == JoinKind::None);
    default: return;
    }
}

// --- expressions ----------------------------------------------------------------------

void SqlPrinter::expr(const Expr& e, Precedence required)
{
    const Precedence own = precedenceOf(e);
    const bool parens = own < required || (m_options.fullyParenthesize && own != Precedence::Primary
                                           && required != Precedence::Lowest);
    if (parens) m_out += '(';
    exprBody(e);
    if (parens) m_out += ')';
}

void SqlPrinter::exprBody(const Expr& e)
{
    switch (e.kind()) {
    case NodeKind::Literal: m_out += e.as<Literal>().text; return;
    case NodeKind::Parameter: m_out += e.as<Parameter>().text; return;
    case NodeKind::ColumnRef: return columnRef(e.as<ColumnRef>());
    case NodeKind::Unary: return unary(e.as<UnaryExpr>());
    case NodeKind::Binary: {
        const auto& b = e.as<BinaryExpr>();
        const Precedence p = binaryPrecedence(b.op);
        expr(*b.left, p);
        m_out += ' ';
        m_out += binaryOpSpelling(b.op);
        m_out += ' ';
        expr(*b.right, nextHigher(p));
        return;
    }
    case NodeKind::Like: return like(e.as<LikeExpr>());
    case NodeKind::Between: {
        const auto& b = e.as<BetweenExpr>();
        expr(*b.operand, Precedence::Equality);
        m_out += b.negated ? " NOT BETWEEN " : " BETWEEN ";
        expr(*b.low, Precedence::Comparison);
        m_out += " AND ";
        expr(*b.high, Precedence::Comparison);
        return;
    }
    case NodeKind::In: return in(e.as<InExpr>());
    case NodeKind::NullTest: {
        const auto& n = e.as<NullTestExpr>();
        expr(*n.operand, Precedence::Equality);
        m_out += n.negated ? " NOTNULL" : " ISNULL";
        return;
    }
    case NodeKind::Exists:
        m_out += "EXISTS (";
        statement(*e.as<ExistsExpr>().subquery);
        m_out += ')';
        return;
    case NodeKind::Subquery:
        m_out += '(';
        statement(*e.as<SubqueryExpr>().subquery);
        m_out += ')';
        return;
    case NodeKind::Case: return caseExpr(e.as<CaseExpr>());
    case NodeKind::Cast: {
        const auto& c = e.as<CastExpr>();
        m_out += "CAST(";
        expr(*c.operand, Precedence::Lowest);
        m_out += c.typeName.empty() ? " AS" : " AS ";
        m_out += c.typeName;
        m_out += ')';
        return;
    }
    case NodeKind::Collate:
        expr(*e.as<CollateExpr>().operand, Precedence::Collate);
        m_out += " COLLATE ";
        identifier(e.as<CollateExpr>().collation);
        return;
    case NodeKind::FunctionCall: return functionCall(e.as<FunctionCall>());
    case NodeKind::RowValue:
        m_out += '(';
        exprList(e.as<RowValue>().items);
        m_out += ')';
        return;
    default: return;
    }
}

void SqlPrinter::exprList(const std::vector<ExprPtr>& exprs)
{
    for (size_t i = 0; i < exprs.size(); ++i) {
        if (i > 0) m_out += ", ";
        expr(*exprs[i], Precedence::Lowest);
    }
}

void SqlPrinter::columnRef(const ColumnRef& column)
{
    if (column.schema) {
        identifier(*column.schema);
        m_out += '.';
    }
    if (column.table) {
        identifier(*column.table);
        m_out += '.';
    }
    // A lone bare word that SQLite would read as a literal or a keyword
    // expression (a synthesized column named "true" or "cast") needs quotes.
    if (!column.table && column.column.quote == QuoteStyle::None) {
        const Keyword keyword = lookupKeyword(column.column.name);
        const bool special = keyword == Keyword::Cast || keyword == Keyword::Raise
            || hasKeywordFlag(keyword, keyword_flags::kTime) || column.column.name == "true"
            || column.column.name == "false";
        if (special) {
            Identifier quoted = column.column;
            quoted.quote = QuoteStyle::Double;
            return identifier(quoted);
        }
    }
    identifier(column.column);
}

void SqlPrinter::unary(const UnaryExpr& u)
{
    if (u.op == UnaryOp::Not) {
        m_out += "NOT ";
        return expr(*u.operand, Precedence::Not);
    }
    m_out += unaryOpSpelling(u.op);
    // "--" would start a comment.
    const auto* inner = u.operand->tryAs<UnaryExpr>();
    if (u.op == UnaryOp::Negate && inner && inner->op == UnaryOp::Negate) m_out += ' ';
    expr(*u.operand, Precedence::Unary);
}

void SqlPrinter::like(const LikeExpr& l)
{
    expr(*l.operand, Precedence::Equality);
    m_out += l.negated ? " NOT " : " ";
    m_out += likeOpSpelling(l.op);
    m_out += ' ';
    expr(*l.pattern, Precedence::Comparison);
    if (l.escape) {
        m_out += " ESCAPE ";
        expr(*l.escape, Precedence::Comparison);
    }
}

void SqlPrinter::in(const InExpr& i)
{
    expr(*i.operand, Precedence::Equality);
    m_out += i.negated ? " NOT IN " : " IN ";
    switch (i.source) {
    case InSource::List:
        m_out += '(';
        exprList(i.items);
        m_out += ')';
        return;
    case InSource::Subquery:
        m_out += '(';
        statement(*i.subquery);
        m_out += ')';
        return;
    case InSource::Table:
    case InSource::TableFunction:
        qualified(i.schema, i.table);
        if (i.source == InSource::TableFunction) {
            m_out += '(';
            exprList(i.items);
            m_out += ')';
        }
        return;
    }
}

void SqlPrinter::caseExpr(const CaseExpr& c)
{
    m_out += "CASE";
    if (c.operand) {
        m_out += ' ';
        expr(*c.operand, Precedence::Lowest);
    }
    for (const auto& arm : c.whens) {
        m_out += " WHEN ";
        expr(*arm.when, Precedence::Lowest);
        m_out += " THEN ";
        expr(*arm.then, Precedence::Lowest);
    }
    if (c.elseExpr) {
        m_out += " ELSE ";
        expr(*c.elseExpr, Precedence::Lowest);
    }
    m_out += " END";
}

void SqlPrinter::functionCall(const FunctionCall& call)
{
    identifier(call.name);
    m_out += '(';
    if (call.star) {
        m_out += '*';
    } else {
        if (call.distinct) m_out += call.args.empty() ? "DISTINCT" : "DISTINCT ";
        exprList(call.args);
    }
    m_out += ')';
    if (call.filter) {
        m_out += " FILTER (WHERE ";
        expr(*call.filter, Precedence::Lowest);
        m_out += ')';
    }
    if (call.over) {
        m_out += " OVER ";
        windowDef(*call.over);
    } else if (call.overName) {
        m_out += " OVER ";
        identifier(*call.overName);
    }
}

void SqlPrinter::identifier(const Identifier& id) { m_out += printIdentifier(id); }

void SqlPrinter::qualified(const std::optional<Identifier>& schema, const Identifier& name)
{
    if (schema) {
        identifier(*schema);
        m_out += '.';
    }
    identifier(name);
}

} // namespace sqleq::sql
