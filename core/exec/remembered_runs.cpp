// A least-recently-used map from (database, query, limits) to the query's outcome.
#include "core/exec/remembered_runs.h"

#include <fmt/format.h>

namespace sqleq::exec {

std::string RememberedRuns::keyOf(const void* database, std::string_view sql, const ExecLimits& limits)
{
    // Every limit that can change an outcome; the cancel flag cannot (a cancelled run
    // is never kept).
    return fmt::format("{}|{}|{}|{}|{}|{}|{}|{}", database, limits.maxSteps, limits.wallClockLimitMs, limits.maxRows,
                       limits.maxResultBytes, limits.maxValueLength, limits.maxHeapBytes, sql);
}

std::optional<QueryOutcome> RememberedRuns::find(const void* database, std::string_view sql, const ExecLimits& limits)
{
    const auto found = m_index.find(keyOf(database, sql, limits));
    if (found == m_index.end()) return std::nullopt;
    m_entries.splice(m_entries.begin(), m_entries, found->second);
    return found->second->outcome;
}

void RememberedRuns::remember(const void* database, std::string_view sql, const ExecLimits& limits,
                              const QueryOutcome& outcome)
{
    if (outcome.status == OutcomeStatus::WallClockTimeout || outcome.error.code == "exec.cancelled") return;
    std::size_t cells = 1;
    for (const Row& row : outcome.result.rows) cells += row.size();
    if (cells > m_maxCells) return;
    std::string key = keyOf(database, sql, limits);
    if (m_index.count(key) != 0) return;
    m_entries.push_front(Entry{std::move(key), outcome, cells});
    m_index.emplace(m_entries.front().key, m_entries.begin());
    m_cells += cells;
    while (m_cells > m_maxCells && m_entries.size() > 1) {
        m_cells -= m_entries.back().cells;
        m_index.erase(m_entries.back().key);
        m_entries.pop_back();
    }
}

} // namespace sqleq::exec
