// RowClasses: runs of interchangeable rows — consecutive rows of one table that
// agree on every column either query could read and that no other row references
// — so that the reducer can treat a group of a thousand copies (a `HAVING count(*)
// > 1000` counterexample) as one unit and learn from removing one copy what
// removing any of them does. It never runs SQL; it reads the two queries' tokens
// only, and errs towards "not interchangeable" whenever a query could tell two
// copies apart (a `*`, NATURAL JOIN, rowid).
#pragma once

#include "core/minimize/row_graph.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace sqleq::minimize {

class RowClasses {
public:
    /// Runs of at least kSmallestRun rows. Consecutive in the input's row order, which is
    /// the order SQLite scans them in (rowid or primary key), so removing any one member
    /// leaves the same sequence of readable values as removing any other.
    RowClasses(const RowGraph& graph, std::string_view goldSql, std::string_view candidateSql);

    static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    /// Shorter runs stay single rows: ddmin over a few rows is cheap, and its result
    /// on small databases stays what it always was.
    static constexpr std::size_t kSmallestRun = 16;

    [[nodiscard]] std::size_t count() const { return m_members.size(); }
    /// The class of row `id`, or kNone.
    [[nodiscard]] std::size_t classOf(std::size_t id) const { return m_classOf[id]; }
    /// Its members, by increasing row id.
    [[nodiscard]] const std::vector<std::size_t>& members(std::size_t cls) const { return m_members[cls]; }
    /// Whether the kept members of `cls` still agree on every readable column (the value
    /// simplifier may have changed one of them since).
    [[nodiscard]] bool uniform(const RowGraph& graph, const RowMask& kept, std::size_t cls) const;

private:
    [[nodiscard]] bool sameReadValues(const RowGraph& graph, std::size_t a, std::size_t b) const;

    std::vector<std::size_t> m_classOf;
    std::vector<std::vector<std::size_t>> m_members;
    std::vector<std::string> m_namesRead;  ///< lower-case names either query mentions
    bool m_readsEveryColumn = false;
};

} // namespace sqleq::minimize
