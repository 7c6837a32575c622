// NeighborFilter: the gate every candidate passes before it becomes a neighbor.
// It rejects text our parser refuses, duplicates and gold look-alikes (compared
// by a normalized canonical print), and queries SQLite cannot prepare on the
// schema. Owns the empty database it prepares on; one filter per gold query.
#pragma once

#include "core/exec/connection.h"
#include "core/neighbors/neighbors.h"
#include "core/sql/select.h"

#include <string>
#include <string_view>
#include <unordered_set>

namespace sqleq::neighbors {

/// The canonical print of `statement` after rewriting it to a form in which
/// queries that are equal for our purposes print alike: count(col) becomes
/// count(*) (no NULLs in Spider's profile), so does SQLite's count(), ASC
/// disappears (the default), and the rewrites of key_rewrites.h apply
/// (count comparisons in grouped cores, LIMIT/ORDER BY in subqueries that
/// ignore them).
/// Mutates `statement`.
std::string normalizedKey(sql::SelectStatement& statement);

class NeighborFilter {
public:
    /// `database`: an empty database with the schema's tables.
    NeighborFilter(exec::Connection database, std::string goldKey);

    /// True when `sql` passes every test and was not seen before; the
    /// reason for each rejection is counted in stats(). An `equivalent` text
    /// (proven equivalent to the gold by its family) is refused, and
    /// remembered so that no later family gets the same query in.
    bool accept(const std::string& sql, bool equivalent = false);

    [[nodiscard]] const NeighborStats& stats() const { return m_stats; }

private:
    exec::Connection m_database;
    std::string m_goldKey;
    std::unordered_set<std::string> m_seenTexts;
    std::unordered_set<std::string> m_seenKeys;
    NeighborStats m_stats;
};

} // namespace sqleq::neighbors
