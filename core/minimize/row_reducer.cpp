// ddmin over FK-closed row sets. Chunks are contiguous runs of row ids, which
// follow the input's table order, so early chunks tend to be whole tables. Tested
// sets are memoized: the closures often map different chunks to the same set.

#include "core/minimize/row_reducer.h"

#include <algorithm>

namespace sqleq::minimize {
namespace {

std::vector<std::vector<std::size_t>> split(const std::vector<std::size_t>& ids, std::size_t parts)
{
    std::vector<std::vector<std::size_t>> chunks;
    std::size_t begin = 0;
    for (std::size_t part = 0; part < parts; ++part) {
        const std::size_t end = (ids.size() * (part + 1)) / parts;
        if (end > begin) chunks.emplace_back(ids.begin() + static_cast<std::ptrdiff_t>(begin),
                                             ids.begin() + static_cast<std::ptrdiff_t>(end));
        begin = end;
    }
    return chunks;
}

} // namespace

RowReducer::RowReducer(const RowGraph& graph, SeparationOracle& oracle, RowMask start,
                       compare::Comparison comparison)
    : m_graph(graph), m_oracle(oracle), m_kept(std::move(start)), m_comparison(std::move(comparison))
{
    m_memo[m_kept] = true;
    m_oracle.setRowsKept(keptCount());
}

void RowReducer::valuesChanged(compare::Comparison comparison)
{
    m_memo.clear();
    m_memo[m_kept] = true;
    m_comparison = std::move(comparison);
    m_oneMinimal = false;
}

std::size_t RowReducer::keptCount() const
{
    return static_cast<std::size_t>(std::count(m_kept.begin(), m_kept.end(), true));
}

std::vector<std::size_t> RowReducer::keptIds() const
{
    std::vector<std::size_t> ids;
    for (std::size_t id = 0; id < m_kept.size(); ++id) {
        if (m_kept[id]) ids.push_back(id);
    }
    return ids;
}

RowReducer::Step RowReducer::tryMask(const RowMask& candidate)
{
    if (candidate == m_kept || !m_graph.keepsRequiredTables(candidate)) return Step::Rejected;
    if (auto known = m_memo.find(candidate); known != m_memo.end() && !known->second) return Step::Rejected;
    auto evaluation = m_oracle.evaluate(m_graph.contentOf(candidate));
    if (evaluation.separation == Separation::Stop) {
        m_stopped = true;
        return Step::Stop;
    }
    const bool separates = evaluation.separation == Separation::Kept;
    m_memo[candidate] = separates;
    if (!separates) return Step::Rejected;
    m_kept = candidate;
    m_comparison = std::move(evaluation.comparison);
    m_oracle.setRowsKept(keptCount());
    return Step::Accepted;
}

RowReducer::Step RowReducer::tryChunks(const std::vector<std::vector<std::size_t>>& chunks,
                                       std::size_t& granularity)
{
    // "Reduce to subset": keep one chunk (and the parents it needs).
    for (const auto& chunk : chunks) {
        const Step step = tryMask(m_graph.keepOnlyClosure(m_kept, chunk));
        if (step == Step::Accepted) granularity = 2;
        if (step != Step::Rejected) return step;
    }
    // "Reduce to complement": drop one chunk (and the rows that would dangle).
    for (const auto& chunk : chunks) {
        const Step step = tryMask(m_graph.withoutClosure(m_kept, chunk));
        if (step == Step::Accepted) granularity = std::max<std::size_t>(granularity - 1, 2);
        if (step != Step::Rejected) return step;
    }
    return Step::Rejected;
}

void RowReducer::reduce()
{
    std::size_t granularity = 2;
    while (!m_stopped) {
        const auto ids = keptIds();
        if (ids.size() < 2) return;
        granularity = std::min(granularity, ids.size());
        const Step step = tryChunks(split(ids, granularity), granularity);
        if (step == Step::Stop) return;
        if (step == Step::Accepted) continue;
        if (granularity >= ids.size()) return;
        granularity = std::min(granularity * 2, ids.size());
    }
}

void RowReducer::makeOneMinimal()
{
    bool changed = true;
    while (changed && !m_stopped) {
        changed = false;
        const auto ids = keptIds();
        // Later tables usually hold the children: dropping them first cascades less.
        for (auto it = ids.rbegin(); it != ids.rend(); ++it) {
            if (!m_kept[*it]) continue;
            const Step step = tryMask(m_graph.withoutClosure(m_kept, {*it}));
            if (step == Step::Stop) return;
            changed = changed || step == Step::Accepted;
        }
    }
    m_oneMinimal = !m_stopped;
}

} // namespace sqleq::minimize
