// Explanation of a difference: the column mapping that leaves the fewest unmatched
// rows, the multiset difference under it, and the first differing row of an ordered
// comparison. Only the explanation depends on these heuristics, never the verdict.
// Internal to core/compare.
#pragma once

#include "core/compare/normalized_table.h"

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace sqleq::compare::detail {

struct RowDifference {
    std::vector<std::size_t> onlyInGold;       ///< gold row indices, ascending
    std::vector<std::size_t> onlyInCandidate;  ///< candidate row indices, ascending
};

/// Equal column counts: the bijection maximising the multiset intersection of rows.
/// Starts from a greedy assignment by per-column value overlap, then searches every
/// permutation (width <= 8) or pairwise swaps (wider), skipping mappings whose overlap
/// bound cannot beat the best, within a budget of row lookups; ties keep the earlier.
std::vector<int> bestPermutation(const NormalizedTable& gold, const NormalizedTable& candidate);

/// Different column counts: for each gold column the unused candidate column with the
/// largest value overlap, or -1 once the candidate's columns run out.
std::vector<int> alignColumns(const NormalizedTable& gold, const NormalizedTable& candidate);

/// Multiset difference under `permutation` (equal column counts).
RowDifference rowDifference(const NormalizedTable& gold, const NormalizedTable& candidate,
                            std::span<const int> permutation);

/// First index where gold and the permuted candidate differ as a list; nullopt if equal.
std::optional<std::size_t> firstDifferingRow(const NormalizedTable& gold,
                                             const NormalizedTable& candidate,
                                             std::span<const int> permutation);

} // namespace sqleq::compare::detail
