// Redundant clauses: parts of a query that change nothing, found from the query and
// the schema's keys — a WHERE conjunct another conjunct implies (a duplicate; `x <= y`
// beside `x = y`), a GROUP BY column of a table whose primary key the GROUP BY holds
// (one row of that table per group: its other columns add nothing), an ORDER BY of rows
// the WHERE makes all alike, `>=` against the maximum of the query's own rows. Each is a rewrite
// of the clause without them, at the parser's span, for schema_equivalence to apply.
#pragma once

#include "core/base/source_span.h"
#include "core/schema/schema.h"
#include "core/sql/select.h"

#include <string>
#include <string_view>
#include <vector>

namespace sqleq::neighbors {

struct ClauseRewrite {
    SourceSpan span;          ///< the clause as written (WHERE's expression, GROUP BY with its keyword)
    std::string replacement;  ///< the clause without its redundant parts
    std::string reason;       ///< why they change nothing; empty for a rewrite that only normalizes
};

/// The top-level SELECT core's WHERE without the conjuncts another one implies, its
/// column equalities written in one order (with no reason when nothing was dropped);
/// nothing when it has neither. `text` is the text `statement` was parsed from.
std::vector<ClauseRewrite> impliedConjunctRewrites(const sql::SelectStatement& statement, std::string_view text);

/// The top-level SELECT core's GROUP BY without duplicate columns and without columns of
/// a table whose whole primary key it groups by; nothing when it has none.
std::vector<ClauseRewrite> dependentGroupRewrites(const sql::SelectStatement& statement, std::string_view text,
                                                  const schema::Schema& schema);

/// The top-level statement's ORDER BY, dropped, when the WHERE fixes every selected column
/// to one constant (`SELECT a.name … WHERE a.name = 'X' ORDER BY a.year LIMIT 1`): the
/// rows it returns are all alike, so their order changes nothing. Nothing otherwise.
std::vector<ClauseRewrite> fixedOutputOrderRewrites(const sql::SelectStatement& statement, const schema::Schema& schema);

/// `x >= (SELECT MAX(y) FROM … WHERE …)` in the top-level WHERE as `x = (…)` (and `<=`
/// MIN as `=`), when the subquery reads the outer query's own rows: its tables are outer
/// tables, its conditions outer conditions, y is x. The outer row is then one the
/// subquery reads, so x can be no larger than the maximum. Nothing otherwise.
std::vector<ClauseRewrite> ownExtremeRewrites(const sql::SelectStatement& statement, std::string_view text,
                                              const schema::Schema& schema);

} // namespace sqleq::neighbors
