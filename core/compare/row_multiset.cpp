// RowMultiset: groups of equal rows chained by hash; members of a group form a list
// so that take() can hand out specific row indices in insertion order.
#include "core/compare/row_multiset.h"

#include <algorithm>

namespace sqleq::compare::detail {

RowMultiset::RowMultiset(std::size_t expectedRows)
{
    m_groups.reserve(expectedRows);
    m_firstGroupByHash.reserve(expectedRows);
    m_memberRow.reserve(expectedRows);
    m_nextMember.reserve(expectedRows);
}

uint32_t RowMultiset::findGroup(const RowRef& row, uint64_t hash) const
{
    const auto found = m_firstGroupByHash.find(hash);
    if (found == m_firstGroupByHash.end()) return kNone;
    for (uint32_t group = found->second; group != kNone; group = m_groups[group].nextSameHash) {
        if (rowsEqual(m_groups[group].representative, row)) return group;
    }
    return kNone;
}

void RowMultiset::add(const RowRef& row)
{
    const uint64_t hash = rowHash(row);
    uint32_t group = findGroup(row, hash);
    if (group == kNone) {
        group = static_cast<uint32_t>(m_groups.size());
        Group created;
        created.representative = row;
        const auto [slot, inserted] = m_firstGroupByHash.try_emplace(hash, group);
        if (!inserted) {
            created.nextSameHash = slot->second;
            slot->second = group;
        }
        m_groups.push_back(created);
    }
    const auto member = static_cast<uint32_t>(m_memberRow.size());
    m_memberRow.push_back(row.row);
    m_nextMember.push_back(kNone);
    m_taken.push_back(false);
    Group& target = m_groups[group];
    if (target.lastMember == kNone) {
        target.firstMember = target.cursor = member;
    } else {
        m_nextMember[target.lastMember] = member;
        if (target.cursor == kNone) target.cursor = member;
    }
    target.lastMember = member;
}

bool RowMultiset::contains(const RowRef& row) const
{
    return findGroup(row, rowHash(row)) != kNone;
}

std::optional<std::size_t> RowMultiset::groupOf(const RowRef& row) const
{
    const uint32_t group = findGroup(row, rowHash(row));
    if (group == kNone) return std::nullopt;
    return group;
}

std::optional<std::size_t> RowMultiset::take(const RowRef& row)
{
    const uint32_t group = findGroup(row, rowHash(row));
    if (group == kNone || m_groups[group].cursor == kNone) return std::nullopt;
    const uint32_t member = m_groups[group].cursor;
    m_groups[group].cursor = m_nextMember[member];
    m_taken[member] = true;
    return m_memberRow[member];
}

std::vector<std::size_t> RowMultiset::remaining() const
{
    std::vector<std::size_t> rows;
    for (std::size_t member = 0; member < m_memberRow.size(); ++member) {
        if (!m_taken[member]) rows.push_back(m_memberRow[member]);
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

void RowMultiset::restore()
{
    for (Group& group : m_groups) group.cursor = group.firstMember;
    std::fill(m_taken.begin(), m_taken.end(), false);
}

} // namespace sqleq::compare::detail
