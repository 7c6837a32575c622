// Redundant clauses: parts of a query that change nothing, found from the query and
// the schema's keys — a WHERE conjunct another conjunct implies (a duplicate; `x <= y`
// beside `x = y`), a GROUP BY column of a table whose primary key the GROUP BY holds
// (one row of that table per group: its other columns add nothing). Each is a rewrite
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
    std::string reason;       ///< why they change nothing
};

/// The top-level SELECT core's WHERE without the conjuncts another one implies; nothing
/// when none does. `text` is the text `statement` was parsed from.
std::vector<ClauseRewrite> impliedConjunctRewrites(const sql::SelectStatement& statement, std::string_view text);

/// The top-level SELECT core's GROUP BY without duplicate columns and without columns of
/// a table whose whole primary key it groups by; nothing when it has none.
std::vector<ClauseRewrite> dependentGroupRewrites(const sql::SelectStatement& statement, std::string_view text,
                                                  const schema::Schema& schema);

} // namespace sqleq::neighbors
