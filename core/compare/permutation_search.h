// The permutation loop of result_eq: is there a bijection p (gold column i <-> candidate
// column p[i]) under which the rows are equal as a list (order matters) or as a bag?
// The reference enumerates a pruned product of candidate columns; this decides the
// same question by backtracking with sound pruning, deterministically. Internal.
#pragma once

#include "core/compare/normalized_table.h"

#include <optional>
#include <span>
#include <vector>

namespace sqleq::compare::detail {

/// Exact check: the rows are equal under `permutation` as a list or as a multiset.
bool rowsMatch(const NormalizedTable& gold, const NormalizedTable& candidate,
               std::span<const int> permutation, bool orderMatters);

/// The first permutation found that matches, or nullopt when none does. The tables have
/// equal, non-zero row counts and equal column counts.
std::optional<std::vector<int>> findMatchingPermutation(const NormalizedTable& gold,
                                                        const NormalizedTable& candidate,
                                                        bool orderMatters);

} // namespace sqleq::compare::detail
