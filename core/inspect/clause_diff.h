// Clause diff: which clauses of gold and candidate differ — SELECT list, DISTINCT,
// FROM (tables, joins and their ON conditions), WHERE, GROUP BY, HAVING, ORDER BY,
// LIMIT/OFFSET, compound operator — read from their ASTs and compared as canonical
// text, ignoring the case of keywords and names. Part of saying *why* a candidate
// differs; it says nothing about meaning (`a > 1` and `1 < a` differ as text).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sqleq::inspect {

enum class Clause { Select, Distinct, From, Where, GroupBy, Having, OrderBy, Limit, Compound };

/// "select", "distinct", "from", "where", "group_by", "having", "order_by", "limit",
/// "compound": stable names for JSON.
std::string_view clauseName(Clause clause);

struct ClauseDifference {
    Clause clause = Clause::Select;
    std::string gold;       ///< the gold's clause, canonical; empty when it has none
    std::string candidate;  ///< the candidate's
};

/// The differing clauses of the two top-level queries, in clause order. Compound
/// queries are compared arm by arm when both have the same number of arms. Nothing
/// when either text does not parse. Pure and thread-safe.
std::vector<ClauseDifference> diffClauses(std::string_view goldSql, std::string_view candidateSql);

} // namespace sqleq::inspect
