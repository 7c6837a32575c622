// ValueSimplifier: after the rows are minimal, replaces cell values by simpler
// ones (shorter strings, smaller numbers), keeping a change only if the queries
// still separate and materialize() accepts the database. Equal values are renamed
// together first (equalities often carry the separation), then cell by cell. Key
// columns (primary and foreign, either side) are never touched.
#pragma once

#include "core/compare/compare.h"
#include "core/minimize/row_graph.h"
#include "core/minimize/separation_oracle.h"

#include <cstddef>
#include <vector>

namespace sqleq::minimize {

class ValueSimplifier {
public:
    /// Edits `graph`'s cells in place; `kept` is the (separating) row set to work on.
    ValueSimplifier(RowGraph& graph, SeparationOracle& oracle, const RowMask& kept, std::size_t maxRuns);

    /// Simplifies the non-key cells of the kept rows; returns the number of cells changed.
    /// `comparison` follows every kept change.
    std::size_t run(compare::Comparison& comparison);

    [[nodiscard]] bool stopped() const { return m_stopped; }

private:
    struct Cell {
        std::size_t row = 0;
        std::size_t column = 0;
    };
    struct Group {
        schema::Affinity affinity = schema::Affinity::Blob;
        std::vector<Cell> cells;  // all hold the same value
    };

    [[nodiscard]] std::vector<Group> equalValueGroups() const;
    bool simplifyCells(const Group& group, compare::Comparison& comparison);
    void setCells(const std::vector<Cell>& cells, const exec::Value& value);
    [[nodiscard]] bool outOfRuns() const;

    RowGraph& m_graph;
    SeparationOracle& m_oracle;
    const RowMask& m_kept;
    std::size_t m_firstRun;
    std::size_t m_maxRuns;
    bool m_stopped = false;
};

} // namespace sqleq::minimize
