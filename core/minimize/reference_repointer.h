// Re-pointing references: after the rows are 1-minimal, a row can still be held only
// because another row names it as its parent — an employee kept because a colleague
// reports to her, a department kept for one employee. Pointing that reference at a
// parent that stays anyway (another kept row, or the row itself for a
// self-reference) may free the old parent; the pass keeps a re-pointing only when the
// database still separates the queries the same way and then loses a row.
#pragma once

#include "core/compare/compare.h"
#include "core/minimize/minimize.h"
#include "core/minimize/separation_oracle.h"
#include "core/schema/database_content.h"
#include "core/schema/schema.h"

#include <cstddef>

namespace sqleq::minimize {

struct RepointResult {
    std::size_t repointed = 0;  ///< references changed (each one freed a row)
    bool oneMinimal = true;     ///< the final content is proven 1-minimal (false when stopped early)
};

/// Shrinks `content` (1-minimal, separating with `comparison`) by re-pointing foreign
/// keys of `keys` at other kept parents; updates all three in place (`sourceRows` keeps
/// naming, for each remaining row, the input row it came from). Spends at most
/// `maxRuns` oracle evaluations.
RepointResult repointReferences(const schema::Schema& keys, const MinimizeRequest& request, SeparationOracle& oracle,
                                schema::DatabaseContent& content, SourceRows& sourceRows,
                                compare::Comparison& comparison, std::size_t maxRuns);

} // namespace sqleq::minimize
