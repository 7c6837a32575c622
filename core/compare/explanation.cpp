// Choosing the column mapping to explain a difference. Maximising matched rows over all
// bijections is a hard assignment problem in general, so the exhaustive search is kept
// for small widths and a greedy + swap heuristic covers wide results.
#include "core/compare/explanation.h"

#include "core/compare/row_multiset.h"

#include <algorithm>
#include <cstdint>
#include <tuple>

namespace sqleq::compare::detail {
namespace {

constexpr std::size_t kExhaustiveWidth = 8;           // 8! = 40320 bounds to check
constexpr std::size_t kEvaluationBudget = 2'000'000;  // scored mappings x rows

using OverlapMatrix = std::vector<std::vector<std::size_t>>;  // [gold column][candidate column]

std::vector<uint64_t> sortedColumnHashes(const NormalizedTable& table, std::size_t column)
{
    std::vector<uint64_t> hashes(table.rowCount());
    for (std::size_t row = 0; row < table.rowCount(); ++row) hashes[row] = table.hashAt(row, column);
    std::sort(hashes.begin(), hashes.end());
    return hashes;
}

/// Size of the multiset intersection of two sorted hash lists.
std::size_t overlap(const std::vector<uint64_t>& a, const std::vector<uint64_t>& b)
{
    std::size_t count = 0;
    for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
        if (a[i] < b[j]) {
            ++i;
        } else if (b[j] < a[i]) {
            ++j;
        } else {
            ++count, ++i, ++j;
        }
    }
    return count;
}

/// Shared values per column pair, counted on hashes — never below the true count, so
/// min over i of overlap[i][p[i]] bounds the rows mapping p can match.
OverlapMatrix overlapMatrix(const NormalizedTable& gold, const NormalizedTable& candidate)
{
    std::vector<std::vector<uint64_t>> candidateColumns;
    for (std::size_t j = 0; j < candidate.columnCount(); ++j)
        candidateColumns.push_back(sortedColumnHashes(candidate, j));
    OverlapMatrix out(gold.columnCount(), std::vector<std::size_t>(candidate.columnCount()));
    for (std::size_t i = 0; i < gold.columnCount(); ++i) {
        const std::vector<uint64_t> goldColumn = sortedColumnHashes(gold, i);
        for (std::size_t j = 0; j < candidate.columnCount(); ++j)
            out[i][j] = overlap(goldColumn, candidateColumns[j]);
    }
    return out;
}

/// Greedy assignment by decreasing overlap (ties by column indices); -1 when none is left.
std::vector<int> greedyAssignment(const OverlapMatrix& overlaps, std::size_t candidateWidth)
{
    std::vector<std::tuple<std::size_t, std::size_t, std::size_t>> pairs;  // inverted, i, j
    for (std::size_t i = 0; i < overlaps.size(); ++i) {
        for (std::size_t j = 0; j < candidateWidth; ++j)
            pairs.emplace_back(SIZE_MAX - overlaps[i][j], i, j);
    }
    std::sort(pairs.begin(), pairs.end());
    std::vector<int> mapping(overlaps.size(), -1);
    std::vector<bool> used(candidateWidth, false);
    for (const auto& [inverted, i, j] : pairs) {
        if (mapping[i] >= 0 || used[j]) continue;
        mapping[i] = static_cast<int>(j);
        used[j] = true;
    }
    return mapping;
}

/// Scores a mapping by the number of candidate rows that find an unused equal gold row,
/// within a budget of row lookups, and bounds a score by the column overlaps.
class PermutationScorer {
public:
    PermutationScorer(const NormalizedTable& gold, const NormalizedTable& candidate)
        : m_candidate(candidate), m_identity(identityColumns(gold.columnCount())),
          m_goldBag(gold.rowCount()), m_overlaps(overlapMatrix(gold, candidate)),
          m_scoresLeft(kEvaluationBudget / std::max<std::size_t>(candidate.rowCount(), 1))
    {
        for (std::size_t row = 0; row < gold.rowCount(); ++row) m_goldBag.add({&gold, row, m_identity});
    }

    [[nodiscard]] const OverlapMatrix& overlaps() const { return m_overlaps; }
    [[nodiscard]] bool budgetLeft() const { return m_scoresLeft > 0; }

    std::size_t bound(const std::vector<int>& permutation) const
    {
        std::size_t out = SIZE_MAX;
        for (std::size_t i = 0; i < permutation.size(); ++i)
            out = std::min(out, m_overlaps[i][static_cast<std::size_t>(permutation[i])]);
        return out;
    }

    std::size_t score(const std::vector<int>& permutation)
    {
        if (m_scoresLeft > 0) --m_scoresLeft;
        m_goldBag.restore();
        std::size_t matched = 0;
        for (std::size_t row = 0; row < m_candidate.rowCount(); ++row) {
            if (m_goldBag.take({&m_candidate, row, permutation})) ++matched;
        }
        return matched;
    }

private:
    const NormalizedTable& m_candidate;
    std::vector<int> m_identity;
    RowMultiset m_goldBag;
    OverlapMatrix m_overlaps;
    std::size_t m_scoresLeft;
};

/// Tries `permutation`; keeps it when it matches strictly more rows than `best`.
void consider(PermutationScorer& scorer, const std::vector<int>& permutation, std::vector<int>& best,
              std::size_t& bestScore)
{
    if (scorer.bound(permutation) <= bestScore) return;
    const std::size_t current = scorer.score(permutation);
    if (current > bestScore) {
        bestScore = current;
        best = permutation;
    }
}

void exhaustiveSearch(PermutationScorer& scorer, std::vector<int>& best, std::size_t& bestScore,
                      std::size_t perfect)
{
    std::vector<int> permutation = identityColumns(best.size());
    do {
        consider(scorer, permutation, best, bestScore);
    } while (bestScore < perfect && scorer.budgetLeft()
             && std::next_permutation(permutation.begin(), permutation.end()));
}

void swapSearch(PermutationScorer& scorer, std::vector<int>& best, std::size_t& bestScore,
                std::size_t perfect)
{
    for (bool improved = true; improved && bestScore < perfect && scorer.budgetLeft();) {
        improved = false;
        for (std::size_t a = 0; a < best.size(); ++a) {
            for (std::size_t b = a + 1; b < best.size() && scorer.budgetLeft(); ++b) {
                std::vector<int> swapped = best;
                std::swap(swapped[a], swapped[b]);
                const std::size_t before = bestScore;
                consider(scorer, swapped, best, bestScore);
                improved = improved || bestScore > before;
            }
        }
    }
}

} // namespace

std::vector<int> bestPermutation(const NormalizedTable& gold, const NormalizedTable& candidate)
{
    const std::size_t width = gold.columnCount();
    if (width <= 1) return identityColumns(width);
    PermutationScorer scorer(gold, candidate);
    std::vector<int> best = greedyAssignment(scorer.overlaps(), width);
    std::size_t bestScore = scorer.score(best);
    const std::size_t perfect = std::min(gold.rowCount(), candidate.rowCount());
    if (width <= kExhaustiveWidth) exhaustiveSearch(scorer, best, bestScore, perfect);
    else swapSearch(scorer, best, bestScore, perfect);
    return best;
}

std::vector<int> alignColumns(const NormalizedTable& gold, const NormalizedTable& candidate)
{
    return greedyAssignment(overlapMatrix(gold, candidate), candidate.columnCount());
}

RowDifference rowDifference(const NormalizedTable& gold, const NormalizedTable& candidate,
                            std::span<const int> permutation)
{
    const std::vector<int> identity = identityColumns(gold.columnCount());
    RowMultiset goldBag(gold.rowCount());
    for (std::size_t row = 0; row < gold.rowCount(); ++row) goldBag.add({&gold, row, identity});
    RowDifference out;
    for (std::size_t row = 0; row < candidate.rowCount(); ++row) {
        if (!goldBag.take({&candidate, row, permutation})) out.onlyInCandidate.push_back(row);
    }
    out.onlyInGold = goldBag.remaining();
    return out;
}

std::optional<std::size_t> firstDifferingRow(const NormalizedTable& gold,
                                             const NormalizedTable& candidate,
                                             std::span<const int> permutation)
{
    const std::vector<int> identity = identityColumns(gold.columnCount());
    const std::size_t common = std::min(gold.rowCount(), candidate.rowCount());
    for (std::size_t row = 0; row < common; ++row) {
        if (!rowsEqual({&gold, row, identity}, {&candidate, row, permutation})) return row;
    }
    if (gold.rowCount() != candidate.rowCount()) return common;
    return std::nullopt;
}

} // namespace sqleq::compare::detail
