// The proof rules behind provenEquivalentUnderKeys (schema_equivalence.h), one per
// file in this folder, and the helpers they share. Each rule reads a parsed query and
// proposes text edits at the parser's spans (applied with neighbors::applyEdits) that
// hold on every database of the `spider` profile — no NULLs, keys hold, no empty
// table — with a reason for the proof when it changed something. Internal to
// core/neighbors: nothing outside schema_equivalence.cpp calls these.
#pragma once

#include "core/neighbors/scope_index.h"
#include "core/neighbors/text_edit.h"
#include "core/schema/schema.h"
#include "core/sql/expr.h"
#include "core/sql/select.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sqleq::neighbors::proofs {

/// A column as (binding, column), both in lower case.
using ColumnKey = std::pair<std::string, std::string>;

/// `count(*)` or `count(x)`, not windowed or filtered.
bool isCount(const sql::Expr* expr);

/// The operator with its sides swapped: `>` for `<`, `<=` for `>=`; others unchanged.
sql::BinaryOp mirrored(sql::BinaryOp op);

/// An integer or floating-point literal.
bool numericLiteral(const sql::Expr* expr);

/// The value of a literal numericLiteral() accepted.
double literalNumber(const sql::Expr& expr);

/// Whether `core`'s own column list calls an aggregate (not a window function).
bool hasAggregate(const sql::SelectCore& core);

// The rules, in the order canonicalKey() runs them; those given `reasons` append the
// reasons they used.

/// Every group has at least one row: a HAVING that holds for every count (or a bare
/// count, always true) goes; a count comparison true or false for every size is its
/// truth; `count BETWEEN a AND b` with a <= 1 is `count <= b`.
std::vector<TextEdit> groupCountEdits(const sql::SelectStatement& statement, std::string_view text,
                                      std::vector<std::string>& reasons);

/// `count(1)` counts rows as `count(*)` does; so does `sum(1)` over a group of a GROUP BY,
/// which has at least one row (over no row at all it would be NULL, not 0).
std::vector<TextEdit> unitCountEdits(const sql::SelectStatement& statement, std::vector<std::string>& reasons);

/// No column holds NULL (the spider profile, which is the only one proofs run under):
/// `x IS NOT NULL` holds for every row and `x IS NULL` for none — unless x comes from
/// the NULL side of an outer join.
std::vector<TextEdit> nullTestEdits(const sql::SelectStatement& statement, const schema::Schema& schema,
                                    std::vector<std::string>& reasons);

/// A WHERE or HAVING whose truth the literals alone make false (`a = 'x' AND 0`,
/// `(0 OR 0)`, after the null-test rule) becomes `0`: nothing passes it either way.
std::vector<TextEdit> falseFilterEdits(const sql::SelectStatement& statement, std::vector<std::string>& reasons);

/// `x <= (SELECT min(x) FROM t)` is `x = …` for a column x of t (no value is below its
/// minimum), `x > (SELECT min …)` is `x != …`; likewise `>=`/`<` with max.
std::vector<TextEdit> extremeEdits(const sql::SelectStatement& statement, const schema::Schema& schema,
                                   std::vector<std::string>& reasons);

/// `SELECT count(*) FROM (SELECT … GROUP BY …)` counts the groups, and over an ungrouped
/// subquery without aggregates its rows: either way what the subquery selects does not
/// matter, so its column list becomes `1`.
std::vector<TextEdit> countedSubqueryEdits(const sql::SelectStatement& statement, std::vector<std::string>& reasons);

/// Where only which rows appear counts — inside `x IN (SELECT …)`, or under `ORDER BY …
/// LIMIT 1`, whose one row is a top row whatever the repeats — a join partneredJoin()
/// clears is left out: the query reads like `SELECT … FROM A AS a`.
std::vector<TextEdit> semiJoinEdits(const sql::SelectStatement& statement, const schema::Schema& schema,
                                    std::vector<std::string>& reasons);

/// `A INTERSECT B` is always empty and `A EXCEPT B` is A's distinct rows when no row
/// of A can equal a row of B (whyDisjoint).
std::vector<TextEdit> disjointBranchEdits(const sql::SelectStatement& statement, std::string_view text,
                                          const schema::Schema& schema, std::vector<std::string>& reasons);

/// Aggregates over one-row groups become their row's value; an ORDER BY of counts
/// alone orders nothing there (every count is 1) and goes.
std::vector<TextEdit> singletonEdits(const sql::SelectStatement& statement, std::string_view text,
                                     const schema::Schema& schema, std::vector<std::string>& reasons);

/// Every resolved column as "binding"."column" in lower case; literal comparisons folded.
std::vector<TextEdit> canonicalEdits(const sql::SelectStatement& statement, const schema::Schema& schema);

/// A query none of whose rows or groups pass (WHERE or HAVING folded to 0; an ungrouped
/// query only without aggregates, which would still give one row) returns no row,
/// whatever it selects: its key is that of every empty query.
bool alwaysEmpty(const sql::SelectStatement& statement);


} // namespace sqleq::neighbors::proofs
