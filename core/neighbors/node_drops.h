// The DropNode family: every AST node whose removal leaves a query — a conjunct
// or disjunct, a whole WHERE/GROUP BY/HAVING/ORDER BY/LIMIT clause, DISTINCT, a
// select item, GROUP BY or ORDER BY term or IN-list item (when there are several),
// a join (table and ON together) or just its ON, a compound arm, a NOT.
#pragma once

#include "core/neighbors/gold_query.h"

namespace sqleq::neighbors {

/// Appends one drop per droppable node, in source order.
void appendNodeDrops(const GoldQuery& gold, Candidates& out);

} // namespace sqleq::neighbors
