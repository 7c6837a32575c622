// Key rewrites: equivalence-preserving rewrites of a parsed query that the
// normalized key applies, so that a neighbor equal to the gold on every
// database prints like it and is never a target. Each rewrite is valid on any
// database, NULLs included; none needs the schema. Internal to core/neighbors.
#pragma once

#include "core/sql/select.h"

namespace sqleq::neighbors {

/// In a core with GROUP BY, `count(*) op c` (c a numeric literal) outside WHERE
/// and FROM becomes one canonical comparison with the same truth value on
/// every count n >= 1, e.g. `count(*) > 1`, `count(*) != 1` and
/// `count(*) >= 1.5` all become `count(*) >= 2`. Mutates `statement`.
void canonicalizeGroupCounts(sql::SelectStatement& statement);

/// LIMIT k (k a nonzero integer literal, no OFFSET) disappears from scalar and
/// EXISTS subqueries, which SQLite reads as LIMIT (k <> 0), i.e. LIMIT 1; then
/// ORDER BY disappears from EXISTS and IN subqueries left without LIMIT/OFFSET,
/// where row order cannot matter (only when no sort key could raise an error).
/// Mutates `statement`.
void dropIrrelevantSubqueryClauses(sql::SelectStatement& statement);

} // namespace sqleq::neighbors
