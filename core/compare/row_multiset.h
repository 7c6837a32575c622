// RowMultiset: a bag of rows under Python tuple equality (hash, then exact compare),
// remembering which row indices went in. It backs the set test of quick_rej, the
// multiset test of result_eq and the rows-only-in-one-side explanation.
// Internal to core/compare; holds RowRefs, so the tables must outlive it.
#pragma once

#include "core/compare/normalized_table.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace sqleq::compare::detail {

class RowMultiset {
public:
    explicit RowMultiset(std::size_t expectedRows = 0);

    void add(const RowRef& row);
    [[nodiscard]] bool contains(const RowRef& row) const;

    /// Groups are the distinct rows, numbered 0 .. groupCount() - 1 in order of arrival.
    [[nodiscard]] std::size_t groupCount() const { return m_groups.size(); }
    [[nodiscard]] std::optional<std::size_t> groupOf(const RowRef& row) const;
    [[nodiscard]] std::size_t firstRowOfGroup(std::size_t group) const
    {
        return m_memberRow[m_groups[group].firstMember];
    }

    /// Removes one not-yet-taken member equal to `row` and returns its row index.
    std::optional<std::size_t> take(const RowRef& row);

    /// Row indices of the members not taken, ascending.
    [[nodiscard]] std::vector<std::size_t> remaining() const;

    /// Undoes every take().
    void restore();

private:
    static constexpr uint32_t kNone = UINT32_MAX;

    struct Group {
        RowRef representative;
        uint32_t nextSameHash = kNone;
        uint32_t firstMember = kNone;
        uint32_t lastMember = kNone;
        uint32_t cursor = kNone;  // next member take() hands out
    };

    [[nodiscard]] uint32_t findGroup(const RowRef& row, uint64_t hash) const;

    std::vector<Group> m_groups;
    std::unordered_map<uint64_t, uint32_t> m_firstGroupByHash;
    std::vector<std::size_t> m_memberRow;
    std::vector<uint32_t> m_nextMember;
    std::vector<bool> m_taken;
};

} // namespace sqleq::compare::detail
