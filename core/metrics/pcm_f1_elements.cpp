// Element extraction for PCM-F1: walks one SELECT statement and files the printed
// forms of its sub-trees (plus operator tokens and clause lists) under the seven
// SEDE categories. The rules are documented in pcm_f1.h; scoring lives in
// pcm_f1.cpp. Reads the AST only; never parses, executes or mutates.
#include "core/metrics/pcm_f1.h"

#include "core/sql/sql.h"

#include <string>

namespace sqleq::metrics {
namespace {

using Bag = std::vector<std::string>;

std::vector<std::string>& bag(PcmElements& out, PcmCategory c) { return out[static_cast<std::size_t>(c)]; }

/// The operator or keyword token of an expression node; empty for leaves.
std::string operatorToken(const sql::Node& node)
{
    using sql::NodeKind;
    switch (node.kind()) {
    case NodeKind::Binary: return std::string(sql::binaryOpSpelling(node.as<sql::BinaryExpr>().op));
    case NodeKind::Unary: return std::string(sql::unaryOpSpelling(node.as<sql::UnaryExpr>().op));
    case NodeKind::Like: {
        const auto& like = node.as<sql::LikeExpr>();
        std::string token = like.negated ? "NOT " : "";
        token.append(sql::likeOpSpelling(like.op));
        return token;
    }
    case NodeKind::Between: return node.as<sql::BetweenExpr>().negated ? "NOT BETWEEN" : "BETWEEN";
    case NodeKind::In: return node.as<sql::InExpr>().negated ? "NOT IN" : "IN";
    case NodeKind::NullTest: return node.as<sql::NullTestExpr>().negated ? "NOTNULL" : "ISNULL";
    case NodeKind::Exists: return "EXISTS";
    case NodeKind::Case: return "CASE";
    case NodeKind::Cast: return "CAST";
    case NodeKind::Collate: return "COLLATE";
    case NodeKind::FunctionCall: return sql::printIdentifier(node.as<sql::FunctionCall>().name);
    default: return {};
    }
}

std::string joinTerm(const sql::JoinTerm& term)
{
    const sql::JoinOperator& op = term.op;
    std::string kind;
    switch (op.kind) {
    case sql::JoinKind::Left: kind = "LEFT JOIN"; break;
    case sql::JoinKind::Right: kind = "RIGHT JOIN"; break;
    case sql::JoinKind::Full: kind = "FULL JOIN"; break;
    case sql::JoinKind::Cross: kind = "CROSS JOIN"; break;
    default: kind = op.natural ? "JOIN" : ""; break;
    }
    if (op.natural && !kind.empty()) kind.insert(0, "NATURAL ");
    return kind;
}

std::string parenthesized(const std::string& text)
{
    std::string out;
    out.reserve(text.size() + 2);
    out += '(';
    out += text;
    out += ')';
    return out;
}

std::string joined(const Bag& items)
{
    std::string out;
    for (const std::string& item : items) {
        if (!out.empty()) out += ", ";
        out += item;
    }
    return out;
}

class Collector {
public:
    explicit Collector(const PcmOptions& options) : m_options(options) {}

    void statement(const sql::SelectStatement& s, PcmElements& out) const
    {
        if (s.with)
            for (const auto& cte : s.with->ctes)
                if (cte->select) statement(*cte->select, out);
        if (s.body) body(*s.body, out);
        orderAndLimit(s.orderBy, s.limit.get(), s.offset.get(), out);
    }

private:
    /// A nested query: all its elements, pooled into one category's bag.
    void nested(const sql::SelectStatement& s, Bag& out) const
    {
        PcmElements inner;
        statement(s, inner);
        for (const Bag& items : inner) out.insert(out.end(), items.begin(), items.end());
    }

    void expr(const sql::Node& node, Bag& out) const
    {
        if (node.is<sql::Expr>()) {
            out.push_back(sql::print(node));
            if (std::string token = operatorToken(node); !token.empty()) out.push_back(std::move(token));
        }
        for (const sql::Node* child : sql::childrenOf(node)) {
            if (child->kind() == sql::NodeKind::SelectStatement) nested(child->as<sql::SelectStatement>(), out);
            else expr(*child, out);
        }
    }

    void body(const sql::SelectBody& b, PcmElements& out) const
    {
        if (const auto* compound = b.tryAs<sql::CompoundSelect>()) {
            if (compound->left) body(*compound->left, out);
            if (compound->right) body(*compound->right, out);
        } else if (const auto* core = b.tryAs<sql::SelectCore>()) {
            selectCore(*core, out);
        } else if (const auto* values = b.tryAs<sql::ValuesSelect>()) {
            for (const auto& row : values->rows)
                for (const auto& v : row.values) expr(*v, bag(out, PcmCategory::Select));
        }
    }

    void selectCore(const sql::SelectCore& core, PcmElements& out) const
    {
        Bag& select = bag(out, PcmCategory::Select);
        Bag columns;
        for (const auto& column : core.columns) {
            if (column->columnKind == sql::ResultColumnKind::Star) columns.push_back("*");
            else if (column->columnKind == sql::ResultColumnKind::TableStar)
                columns.push_back(sql::printIdentifier(column->table) + ".*");
            else columns.push_back(sql::print(*column->expr));
            if (column->expr) expr(*column->expr, select);
            else select.push_back(columns.back());
        }
        if (columns.size() > 1) select.push_back(joined(columns));
        if (core.distinct == sql::DistinctMode::Distinct) select.push_back("DISTINCT");
        if (core.from) from(*core.from, bag(out, PcmCategory::From), true);
        if (core.where) expr(*core.where, bag(out, PcmCategory::Where));
        Bag& groupBy = bag(out, PcmCategory::GroupBy);
        Bag groupTerms;
        for (const auto& term : core.groupBy) {
            groupTerms.push_back(sql::print(*term));
            expr(*term, groupBy);
        }
        if (groupTerms.size() > 1) groupBy.push_back(joined(groupTerms));
        if (core.having) expr(*core.having, bag(out, PcmCategory::Having));
        orderAndLimit(core.orderBy, core.limit.get(), core.offset.get(), out);
    }

    void from(const sql::FromClause& clause, Bag& out, bool addList) const
    {
        Bag tables;
        for (const auto& term : clause.terms) {
            if (std::string kind = joinTerm(*term); !kind.empty()) out.push_back(std::move(kind));
            if (term->source) tables.push_back(fromItem(*term->source, out));
            if (term->on && m_options.includeOnClause) expr(*term->on, out);
            if (term->hasUsing) {
                out.push_back("USING");
                for (const auto& column : term->usingColumns) out.push_back(sql::printIdentifier(column));
            }
        }
        if (addList && tables.size() > 1) out.push_back(joined(tables));
    }

    /// Files a FROM item's elements and returns its printed name for the list.
    std::string fromItem(const sql::FromItem& item, Bag& out) const
    {
        std::string name;
        if (const auto* table = item.tryAs<sql::TableRef>()) {
            name = (table->schema ? sql::printIdentifier(*table->schema) + "." : "") + sql::printIdentifier(table->name);
        } else if (const auto* fn = item.tryAs<sql::TableFunctionRef>()) {
            name = (fn->schema ? sql::printIdentifier(*fn->schema) + "." : "") + sql::printIdentifier(fn->name);
            for (const auto& arg : fn->args) expr(*arg, out);
        } else if (const auto* sub = item.tryAs<sql::SubqueryRef>()) {
            name = parenthesized(sql::print(*sub->subquery));
            nested(*sub->subquery, out);
        } else if (const auto* group = item.tryAs<sql::JoinGroup>()) {
            from(*group->inner, out, false);
            name = parenthesized(sql::print(*group->inner));
        }
        out.push_back(name);
        return name;
    }

    void orderAndLimit(const std::vector<sql::OrderingTermPtr>& orderBy, const sql::Expr* limit,
                       const sql::Expr* offset, PcmElements& out) const
    {
        Bag& order = bag(out, PcmCategory::OrderBy);
        Bag terms;
        for (const auto& term : orderBy) {
            expr(*term->expr, order);
            const bool plain = term->order != sql::SortOrder::Desc && term->nulls == sql::NullsOrder::None;
            terms.push_back(plain ? sql::print(*term->expr) : sql::print(*term));
            if (!plain) order.push_back(terms.back());
        }
        if (terms.size() > 1) order.push_back(joined(terms));
        Bag& top = bag(out, PcmCategory::Top);
        if (limit) expr(*limit, top);
        if (offset) {
            std::string tagged = "OFFSET ";
            tagged += sql::print(*offset);
            top.push_back(std::move(tagged));
            expr(*offset, top);
        }
    }

    const PcmOptions& m_options;
};

} // namespace

PcmElements pcmElements(const sql::SelectStatement& statement, const PcmOptions& options)
{
    PcmElements out;
    Collector(options).statement(statement, out);
    return out;
}

} // namespace sqleq::metrics
