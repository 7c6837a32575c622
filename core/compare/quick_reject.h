// quick_rej of exec_eval.py: each row's values sorted by str(x) + str(type(x)), then the
// rows compared as a list (order matters) or as a set. Not a mere shortcut — it rejects
// some pairs that a column permutation would match (2 sorts apart from 2.0), so the
// verdict depends on it. Internal to core/compare.
#pragma once

#include "core/compare/normalized_table.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace sqleq::compare::detail {

struct QuickReject {
    bool passes = true;
    /// When it fails: a witness row (gold index and/or candidate index) whose sorted
    /// form has no counterpart on the other side.
    std::optional<std::size_t> goldRow;
    std::optional<std::size_t> candidateRow;
};

/// unorder_row for every row: row r's sorted order is columns [r * width, (r + 1) * width).
std::vector<int> unorderedColumns(const NormalizedTable& table);

/// quick_rej(gold, candidate, orderMatters); the tables have equal row and column counts.
QuickReject quickReject(const NormalizedTable& gold, const NormalizedTable& candidate,
                        bool orderMatters);

} // namespace sqleq::compare::detail
