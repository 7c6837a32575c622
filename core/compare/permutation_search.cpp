// Permutation search. Ordered: columns must be equal element by element, an equivalence
// between columns, so a greedy matching is exact. Unordered: backtracking over gold
// columns (fewest candidates first); a candidate column must hold the same value
// multiset, and every partial mapping must give equal multisets of projected rows,
// tested by a sum of mixed prefix hashes (equal bags always pass; the leaf is exact).
#include "core/compare/permutation_search.h"

#include "core/compare/python_value.h"
#include "core/compare/row_multiset.h"

#include <algorithm>
#include <cstdint>

namespace sqleq::compare::detail {
namespace {

/// Order-independent fingerprint of a column's value multiset: equal multisets always
/// give equal sums, so a differing sum rules a column pair out soundly.
uint64_t columnFingerprint(const NormalizedTable& table, std::size_t column)
{
    uint64_t sum = 0;
    for (std::size_t row = 0; row < table.rowCount(); ++row) sum += mixHash(table.hashAt(row, column));
    return sum;
}

bool columnsEqual(const NormalizedTable& gold, std::size_t goldColumn,
                  const NormalizedTable& candidate, std::size_t candidateColumn)
{
    for (std::size_t row = 0; row < gold.rowCount(); ++row) {
        if (gold.hashAt(row, goldColumn) != candidate.hashAt(row, candidateColumn)) return false;
        if (!equalNormalized(gold.at(row, goldColumn), candidate.at(row, candidateColumn)))
            return false;
    }
    return true;
}

std::optional<std::vector<int>> findOrdered(const NormalizedTable& gold,
                                            const NormalizedTable& candidate)
{
    const std::size_t width = gold.columnCount();
    std::vector<int> permutation(width, -1);
    std::vector<bool> used(width, false);
    for (std::size_t i = 0; i < width; ++i) {
        for (std::size_t j = 0; j < width && permutation[i] < 0; ++j) {
            if (!used[j] && columnsEqual(gold, i, candidate, j)) {
                permutation[i] = static_cast<int>(j);
                used[j] = true;
            }
        }
        if (permutation[i] < 0) return std::nullopt;
    }
    return permutation;
}

class UnorderedSearch {
public:
    UnorderedSearch(const NormalizedTable& gold, const NormalizedTable& candidate)
        : m_gold(gold), m_candidate(candidate), m_width(gold.columnCount()),
          m_rows(gold.rowCount())
    {
    }

    std::optional<std::vector<int>> run()
    {
        if (!collectCandidates()) return std::nullopt;
        prepareGoldFingerprints();
        m_permutation.assign(m_width, -1);
        m_used.assign(m_width, false);
        m_candidatePrefix.assign(m_width + 1, std::vector<uint64_t>(m_rows, 0));
        if (search(0)) return m_permutation;
        return std::nullopt;
    }

private:
    /// Candidate columns per gold column that may hold an equal value multiset (equal
    /// fingerprints); gold columns are then visited fewest-candidates-first.
    bool collectCandidates()
    {
        std::vector<uint64_t> goldColumns, candidateColumns;
        for (std::size_t c = 0; c < m_width; ++c) {
            goldColumns.push_back(columnFingerprint(m_gold, c));
            candidateColumns.push_back(columnFingerprint(m_candidate, c));
        }
        m_candidates.assign(m_width, {});
        for (std::size_t i = 0; i < m_width; ++i) {
            for (std::size_t j = 0; j < m_width; ++j) {
                if (goldColumns[i] == candidateColumns[j])
                    m_candidates[i].push_back(static_cast<int>(j));
            }
            if (m_candidates[i].empty()) return false;
        }
        m_visitOrder = identityColumns(m_width);
        std::stable_sort(m_visitOrder.begin(), m_visitOrder.end(), [&](int a, int b) {
            return m_candidates[static_cast<std::size_t>(a)].size()
                   < m_candidates[static_cast<std::size_t>(b)].size();
        });
        return true;
    }

    void prepareGoldFingerprints()
    {
        std::vector<uint64_t> prefix(m_rows, 0);
        m_goldFingerprint.assign(m_width + 1, 0);
        for (std::size_t depth = 0; depth < m_width; ++depth) {
            const auto column = static_cast<std::size_t>(m_visitOrder[depth]);
            uint64_t sum = 0;
            for (std::size_t row = 0; row < m_rows; ++row) {
                prefix[row] = combineHash(prefix[row], m_gold.hashAt(row, column));
                sum += mixHash(prefix[row]);
            }
            m_goldFingerprint[depth + 1] = sum;
        }
    }

    bool search(std::size_t depth)
    {
        if (depth == m_width) return rowsMatch(m_gold, m_candidate, m_permutation, false);
        const auto goldColumn = static_cast<std::size_t>(m_visitOrder[depth]);
        const std::vector<uint64_t>& parent = m_candidatePrefix[depth];
        std::vector<uint64_t>& child = m_candidatePrefix[depth + 1];
        for (const int candidateColumn : m_candidates[goldColumn]) {
            const auto column = static_cast<std::size_t>(candidateColumn);
            if (m_used[column]) continue;
            uint64_t sum = 0;
            for (std::size_t row = 0; row < m_rows; ++row) {
                child[row] = combineHash(parent[row], m_candidate.hashAt(row, column));
                sum += mixHash(child[row]);
            }
            if (sum != m_goldFingerprint[depth + 1]) continue;
            m_used[column] = true;
            m_permutation[goldColumn] = candidateColumn;
            if (search(depth + 1)) return true;
            m_used[column] = false;
            m_permutation[goldColumn] = -1;
        }
        return false;
    }

    const NormalizedTable& m_gold;
    const NormalizedTable& m_candidate;
    std::size_t m_width;
    std::size_t m_rows;
    std::vector<std::vector<int>> m_candidates;
    std::vector<int> m_visitOrder;
    std::vector<uint64_t> m_goldFingerprint;               // per depth
    std::vector<std::vector<uint64_t>> m_candidatePrefix;  // per depth, per row
    std::vector<int> m_permutation;
    std::vector<bool> m_used;
};

} // namespace

bool rowsMatch(const NormalizedTable& gold, const NormalizedTable& candidate,
               std::span<const int> permutation, bool orderMatters)
{
    if (gold.rowCount() != candidate.rowCount()) return false;
    const std::vector<int> identity = identityColumns(gold.columnCount());
    if (orderMatters) {
        for (std::size_t row = 0; row < gold.rowCount(); ++row) {
            if (!rowsEqual({&gold, row, identity}, {&candidate, row, permutation})) return false;
        }
        return true;
    }
    RowMultiset bag(gold.rowCount());
    for (std::size_t row = 0; row < gold.rowCount(); ++row) bag.add({&gold, row, identity});
    for (std::size_t row = 0; row < candidate.rowCount(); ++row) {
        if (!bag.take({&candidate, row, permutation})) return false;
    }
    return true;
}

std::optional<std::vector<int>> findMatchingPermutation(const NormalizedTable& gold,
                                                        const NormalizedTable& candidate,
                                                        bool orderMatters)
{
    if (orderMatters) return findOrdered(gold, candidate);
    return UnorderedSearch(gold, candidate).run();
}

} // namespace sqleq::compare::detail

