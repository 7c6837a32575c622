// The Column family: a column reference replaced by another column in its FROM
// scope — the other columns of its own table first, then those of the other
// tables in scope — keeping the original's form (bare, or `alias.` qualified).
// A table name in FROM replaced by another schema table counts here too: it is
// the only change that a query like `SELECT count(*) FROM t` admits.
#pragma once

#include "core/neighbors/gold_query.h"

namespace sqleq::neighbors {

/// Appends column swaps (references in source order), then table swaps.
void appendColumnMutations(const GoldQuery& gold, Candidates& out);

} // namespace sqleq::neighbors
