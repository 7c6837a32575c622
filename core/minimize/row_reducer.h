// RowReducer: Zeller's ddmin over all rows of all tables as one list, then a
// 1-minimality pass. Every tried set is closed under foreign keys (removing a
// parent removes the rows that would dangle; keeping a row keeps a parent for it)
// and keeps the required tables non-empty, so every test is a legal database.
#pragma once

#include "core/compare/compare.h"
#include "core/minimize/row_classes.h"
#include "core/minimize/row_graph.h"
#include "core/minimize/separation_oracle.h"

#include <cstddef>
#include <unordered_map>
#include <vector>

namespace sqleq::minimize {

class RowReducer {
public:
    /// `start` must separate, with `comparison` as its verdict. Graph, oracle and
    /// classes must outlive the reducer.
    RowReducer(const RowGraph& graph, SeparationOracle& oracle, const RowClasses& classes, RowMask start,
               compare::Comparison comparison);

    /// ddmin with complement tests and granularity doubling, over units (a row, or the
    /// kept members of a class), then every class thinned.
    void reduce();
    /// Removes single rows (with their cascade) until none can go; sets oneMinimal().
    void makeOneMinimal();
    /// Cell values changed (the kept set still separates, with `comparison`): earlier
    /// verdicts no longer hold.
    void valuesChanged(compare::Comparison comparison);

    [[nodiscard]] const RowMask& kept() const { return m_kept; }
    [[nodiscard]] std::size_t keptCount() const;
    [[nodiscard]] const compare::Comparison& comparison() const { return m_comparison; }
    [[nodiscard]] bool stopped() const { return m_stopped; }
    [[nodiscard]] bool oneMinimal() const { return m_oneMinimal; }

private:
    enum class Step { Accepted, Rejected, Stop };

    Step tryMask(const RowMask& candidate);
    Step tryChunks(const std::vector<std::vector<std::size_t>>& chunks, std::size_t& granularity);
    Step thinClass(std::size_t cls);
    [[nodiscard]] std::vector<std::size_t> keptIds() const;
    [[nodiscard]] std::vector<std::vector<std::size_t>> keptUnits() const;

    const RowGraph& m_graph;
    SeparationOracle& m_oracle;
    const RowClasses& m_classes;
    RowMask m_kept;
    compare::Comparison m_comparison;
    std::unordered_map<RowMask, bool> m_memo;  // tested set → did it separate
    bool m_stopped = false;
    bool m_oneMinimal = false;
};

} // namespace sqleq::minimize
