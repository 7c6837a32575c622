// Schema equivalence: neighbors that no database the schema allows can tell from
// their gold, proven from the schema's keys rather than searched for. Distillation
// asks this about the neighbors its databases leave undistinguished, so that they
// are reported as proven equivalent (with the reason) instead of as targets the
// suite missed.
//
// Both queries are brought to one form by rewrites that hold on every database
// without NULLs whose primary keys hold (the `spider` profile), then compared by
// their normalized key (neighbor_filter.h):
//   - every column reference is written `binding.column`, in lower case, so
//     `Fname` and `T1.fname` read alike where both name the same column;
//   - in a grouped SELECT whose GROUP BY covers a primary key of its only table,
//     or of a table every other table of its inner joins hangs off by that table's
//     one-column primary key, every group is one row (a key column the WHERE
//     clause fixes to a literal counts as covered): count(…) is 1, and
//     min/max(x) (and sum/avg(x) for a numeric column) is x;
//   - no stored column holds NULL: `x IS NULL` is 0, `x IS NOT NULL` is 1 (outside
//     outer joins), and a WHERE or HAVING the literals make false is `0` whatever
//     its other conditions (`format = 'premodern' AND side IS NULL`);
//   - a comparison of two numeric literals is its truth value (0 or 1), so
//     `HAVING 1 >= 2` and `HAVING 1 >= 3` agree;
//   - every group has at least one row: `HAVING count(*) >= 1` (or a bare count)
//     goes, `count(*) BETWEEN 0 AND 2` is `count(*) <= 2`;
//   - no value of a column lies below its minimum: `x <= (SELECT min(x) FROM t)` is
//     `x = …`, `x > (SELECT min …)` is `x != …`, likewise with max;
//   - `A INTERSECT B` is empty and `A EXCEPT B` is A's distinct rows when both read the
//     same tables and fix one output column to different constants.
#pragma once

#include "core/schema/schema.h"

#include <optional>
#include <string>
#include <string_view>

namespace sqleq::neighbors {

/// Why `neighbor` equals `gold` on every database of `schema` without NULLs whose
/// keys hold, e.g. "every group is one row (GROUP BY covers the primary key of
/// Friend)"; nothing when no such proof is found (which proves nothing). Both texts
/// as run (after the Spider post-processing).
std::optional<std::string> provenEquivalentUnderKeys(std::string_view gold, std::string_view neighbor,
                                                     const schema::Schema& schema);

} // namespace sqleq::neighbors
