// ddmin over FK-closed row sets. Chunks are contiguous runs of row ids, which
// follow the input's table order, so early chunks tend to be whole tables. Tested
// sets are memoized: the closures often map different chunks to the same set.

#include "core/minimize/row_reducer.h"

#include <algorithm>

namespace sqleq::minimize {
namespace {

/// The units in `parts` contiguous chunks, each chunk as the row ids of its units.
std::vector<std::vector<std::size_t>> split(const std::vector<std::vector<std::size_t>>& units, std::size_t parts)
{
    std::vector<std::vector<std::size_t>> chunks;
    std::size_t begin = 0;
    for (std::size_t part = 0; part < parts; ++part) {
        const std::size_t end = (units.size() * (part + 1)) / parts;
        if (end > begin) {
            auto& chunk = chunks.emplace_back();
            for (std::size_t unit = begin; unit < end; ++unit)
                chunk.insert(chunk.end(), units[unit].begin(), units[unit].end());
        }
        begin = end;
    }
    return chunks;
}

} // namespace

RowReducer::RowReducer(const RowGraph& graph, SeparationOracle& oracle, const RowClasses& classes, RowMask start,
                       compare::Comparison comparison)
    : m_graph(graph), m_oracle(oracle), m_classes(classes), m_kept(std::move(start)),
      m_comparison(std::move(comparison))
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

std::vector<std::vector<std::size_t>> RowReducer::keptUnits() const
{
    std::vector<std::vector<std::size_t>> units;
    std::size_t openClass = RowClasses::kNone;
    for (const std::size_t id : keptIds()) {
        const std::size_t cls = m_classes.classOf(id);
        if (cls == RowClasses::kNone || cls != openClass) units.emplace_back();
        units.back().push_back(id);
        openClass = cls;
    }
    return units;
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
        const auto units = keptUnits();
        if (units.size() < 2) break;
        granularity = std::min(granularity, units.size());
        const Step step = tryChunks(split(units, granularity), granularity);
        if (step == Step::Stop) return;
        if (step == Step::Accepted) continue;
        if (granularity >= units.size()) break;
        granularity = std::min(granularity * 2, units.size());
    }
    for (std::size_t cls = 0; cls < m_classes.count() && !m_stopped; ++cls)
        if (thinClass(cls) == Step::Stop) return;
}

RowReducer::Step RowReducer::thinClass(std::size_t cls)
{
    // Which members go does not matter, only how many: drop the last `step` kept
    // ones, halving the step whenever that loses the separation.
    std::vector<std::size_t> members;
    for (const std::size_t id : m_classes.members(cls))
        if (m_kept[id]) members.push_back(id);
    std::size_t step = members.size() / 2;
    while (step >= 1 && !members.empty()) {
        const std::vector<std::size_t> dropped(members.end() - static_cast<std::ptrdiff_t>(step), members.end());
        const Step tried = tryMask(m_graph.withoutClosure(m_kept, dropped));
        if (tried == Step::Stop) return tried;
        if (tried == Step::Accepted) {
            members.resize(members.size() - step);
            step = std::min(step, members.size() / 2);
        } else {
            step /= 2;
        }
    }
    return Step::Rejected;
}

void RowReducer::makeOneMinimal()
{
    bool changed = true;
    while (changed && !m_stopped) {
        changed = false;
        const auto ids = keptIds();
        // A class whose members still agree, one of which could not go since the last
        // accepted removal: none of the others can go either.
        std::vector<bool> classRefused(m_classes.count(), false);
        std::vector<bool> classUniform(m_classes.count(), false);
        for (std::size_t cls = 0; cls < m_classes.count(); ++cls)
            classUniform[cls] = m_classes.uniform(m_graph, m_kept, cls);
        // Later tables usually hold the children: dropping them first cascades less.
        for (auto it = ids.rbegin(); it != ids.rend(); ++it) {
            if (!m_kept[*it]) continue;
            const std::size_t cls = m_classes.classOf(*it);
            const bool symmetric = cls != RowClasses::kNone && classUniform[cls];
            if (symmetric && classRefused[cls]) continue;
            const Step step = tryMask(m_graph.withoutClosure(m_kept, {*it}));
            if (step == Step::Stop) return;
            if (step == Step::Accepted) {
                changed = true;
                std::fill(classRefused.begin(), classRefused.end(), false);
            } else if (symmetric) {
                classRefused[cls] = true;
            }
        }
    }
    m_oneMinimal = !m_stopped;
}

} // namespace sqleq::minimize
