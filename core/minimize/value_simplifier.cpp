// Greedy simplification: take the simplest candidate that keeps the separation,
// then try again from there. Each group of cells gets a few attempts only, so a
// wide row cannot eat the whole budget; failed values are remembered per group.

#include "core/minimize/value_simplifier.h"

#include "core/minimize/value_candidates.h"

#include <algorithm>

namespace sqleq::minimize {
namespace {

constexpr std::size_t kMaxAttemptsPerGroup = 8;

} // namespace

ValueSimplifier::ValueSimplifier(RowGraph& graph, SeparationOracle& oracle, const RowMask& kept,
                                 std::size_t maxRuns)
    : m_graph(graph), m_oracle(oracle), m_kept(kept), m_firstRun(oracle.runs()), m_maxRuns(maxRuns)
{
}

bool ValueSimplifier::outOfRuns() const
{
    return m_oracle.runs() - m_firstRun >= m_maxRuns;
}

std::vector<ValueSimplifier::Group> ValueSimplifier::equalValueGroups() const
{
    std::vector<Group> groups;
    for (std::size_t row = 0; row < m_graph.rowCount(); ++row) {
        if (!m_kept[row]) continue;
        const auto& values = m_graph.row(row);
        for (std::size_t column = 0; column < values.size(); ++column) {
            const auto type = values[column].type();
            if (m_graph.isKeyColumn(row, column) || type == exec::ValueType::Null || type == exec::ValueType::Blob) {
                continue;
            }
            const auto affinity = m_graph.tableOf(row).columns[column].affinity;
            auto same = std::find_if(groups.begin(), groups.end(), [&](const Group& group) {
                const Cell& first = group.cells.front();
                return group.affinity == affinity && m_graph.row(first.row)[first.column] == values[column];
            });
            if (same == groups.end()) {
                groups.push_back(Group{affinity, {Cell{row, column}}});
            } else {
                same->cells.push_back(Cell{row, column});
            }
        }
    }
    return groups;
}

std::size_t ValueSimplifier::run(compare::Comparison& comparison)
{
    std::size_t changed = 0;
    for (const auto& group : equalValueGroups()) {
        if (m_stopped) break;
        if (simplifyCells(group, comparison)) {
            changed += group.cells.size();
            continue;
        }
        if (group.cells.size() < 2) continue;
        // Renaming them together failed: maybe only some of them must keep the value.
        for (const auto& cell : group.cells) {
            if (m_stopped) break;
            if (simplifyCells(Group{group.affinity, {cell}}, comparison)) ++changed;
        }
    }
    return changed;
}

void ValueSimplifier::setCells(const std::vector<Cell>& cells, const exec::Value& value)
{
    for (const auto& cell : cells) m_graph.setCell(cell.row, cell.column, value);
}

bool ValueSimplifier::simplifyCells(const Group& group, compare::Comparison& comparison)
{
    const Cell& first = group.cells.front();
    std::vector<exec::Value> failed;
    std::size_t attempts = 0;
    bool changed = false;
    bool progressed = true;
    while (progressed && attempts < kMaxAttemptsPerGroup) {
        progressed = false;
        const exec::Value current = m_graph.row(first.row)[first.column];
        for (auto& candidate : simplerValues(current, group.affinity)) {
            if (std::find(failed.begin(), failed.end(), candidate) != failed.end()) continue;
            if (attempts >= kMaxAttemptsPerGroup) break;
            if (outOfRuns()) {
                m_stopped = true;
                return changed;
            }
            ++attempts;
            setCells(group.cells, candidate);
            auto evaluation = m_oracle.evaluate(m_graph.contentOf(m_kept));
            if (evaluation.separation == Separation::Kept) {
                comparison = std::move(evaluation.comparison);
                changed = progressed = true;
                break;
            }
            setCells(group.cells, current);
            if (evaluation.separation == Separation::Stop) {
                m_stopped = true;
                return changed;
            }
            failed.push_back(std::move(candidate));
        }
    }
    return changed;
}

} // namespace sqleq::minimize
