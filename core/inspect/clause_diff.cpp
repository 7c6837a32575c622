// The clause diff, clause by clause on canonical text (sql::print), lower-cased so
// that `SELECT T1.Name` and `select t1.name` agree. Aliases are compared as written:
// `T1.name` and `name` differ here even where they name the same column.

#include "core/inspect/clause_diff.h"

#include "core/exec/spider_compat.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"

#include <cctype>

namespace sqleq::inspect {
namespace {

std::string lowered(std::string text)
{
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

template <typename List>
std::string printList(const List& items)
{
    std::string out;
    for (const auto& item : items) {
        if (!out.empty()) out += ", ";
        out += sql::print(*item);
    }
    return out;
}

std::string printOptional(const sql::Node* node) { return node != nullptr ? sql::print(*node) : std::string(); }

/// The arms of a compound, left to right, and its operators.
void flatten(const sql::SelectBody& body, std::vector<const sql::SelectBody*>& arms, std::string& operators)
{
    if (const auto* compound = body.tryAs<sql::CompoundSelect>()) {
        flatten(*compound->left, arms, operators);
        operators += std::to_string(static_cast<int>(compound->op)) + ' ';
        flatten(*compound->right, arms, operators);
        return;
    }
    arms.push_back(&body);
}

struct Clauses {
    std::string select, distinct, from, where, groupBy, having, orderBy, limit;
};

Clauses clausesOf(const sql::SelectBody& body)
{
    Clauses out;
    const auto* core = body.tryAs<sql::SelectCore>();
    if (core == nullptr) {
        out.select = sql::print(body);
        return out;
    }
    out.select = printList(core->columns);
    out.distinct = core->distinct == sql::DistinctMode::Distinct ? "DISTINCT" : "";
    out.from = printOptional(core->from.get());
    out.where = printOptional(core->where.get());
    out.groupBy = printList(core->groupBy);
    out.having = printOptional(core->having.get());
    out.orderBy = printList(core->orderBy);
    out.limit = printOptional(core->limit.get());
    if (core->offset) out.limit += " OFFSET " + sql::print(*core->offset);
    return out;
}

void compare(Clause clause, const std::string& gold, const std::string& candidate, std::vector<ClauseDifference>& out)
{
    if (lowered(gold) == lowered(candidate)) return;
    for (const auto& known : out)
        if (known.clause == clause && known.gold == gold && known.candidate == candidate) return;
    out.push_back({clause, gold, candidate});
}

void compareArms(const sql::SelectBody& gold, const sql::SelectBody& candidate, std::vector<ClauseDifference>& out)
{
    const Clauses g = clausesOf(gold);
    const Clauses c = clausesOf(candidate);
    compare(Clause::Select, g.select, c.select, out);
    compare(Clause::Distinct, g.distinct, c.distinct, out);
    compare(Clause::From, g.from, c.from, out);
    compare(Clause::Where, g.where, c.where, out);
    compare(Clause::GroupBy, g.groupBy, c.groupBy, out);
    compare(Clause::Having, g.having, c.having, out);
    compare(Clause::OrderBy, g.orderBy, c.orderBy, out);
    compare(Clause::Limit, g.limit, c.limit, out);
}

std::string statementLimit(const sql::SelectStatement& statement)
{
    std::string out = printOptional(statement.limit.get());
    if (statement.offset) out += " OFFSET " + sql::print(*statement.offset);
    return out;
}

} // namespace

std::string_view clauseName(Clause clause)
{
    switch (clause) {
    case Clause::Select: return "select";
    case Clause::Distinct: return "distinct";
    case Clause::From: return "from";
    case Clause::Where: return "where";
    case Clause::GroupBy: return "group_by";
    case Clause::Having: return "having";
    case Clause::OrderBy: return "order_by";
    case Clause::Limit: return "limit";
    case Clause::Compound: return "compound";
    }
    return "select";
}

std::vector<ClauseDifference> diffClauses(std::string_view goldSql, std::string_view candidateSql)
{
    const sql::ParseOutput gold = sql::parse(exec::officialPostprocess(goldSql));
    const sql::ParseOutput candidate = sql::parse(exec::officialPostprocess(candidateSql));
    std::vector<ClauseDifference> out;
    if (!gold.ok() || !candidate.ok() || !gold.statement->body || !candidate.statement->body) return out;
    std::vector<const sql::SelectBody*> goldArms, candidateArms;
    std::string goldOperators, candidateOperators;
    flatten(*gold.statement->body, goldArms, goldOperators);
    flatten(*candidate.statement->body, candidateArms, candidateOperators);
    if (goldArms.size() == candidateArms.size()) {
        for (std::size_t i = 0; i < goldArms.size(); ++i) compareArms(*goldArms[i], *candidateArms[i], out);
        if (goldOperators != candidateOperators) {
            out.push_back({Clause::Compound, sql::print(*gold.statement->body), sql::print(*candidate.statement->body)});
        }
    } else {
        out.push_back({Clause::Compound, sql::print(*gold.statement->body), sql::print(*candidate.statement->body)});
    }
    compare(Clause::OrderBy, printList(gold.statement->orderBy), printList(candidate.statement->orderBy), out);
    compare(Clause::Limit, statementLimit(*gold.statement), statementLimit(*candidate.statement), out);
    return out;
}

} // namespace sqleq::inspect
