// RememberedRuns: query outcomes already computed, per (database, query text as run,
// limits). An evaluation runs the same gold on the same database once for each of its
// paraphrased questions, and execution accuracy, SQL-Eval and the test suite's copy of
// the original run the same texts on one database; each runs once. Only outcomes that
// depend on nothing but the query, the database and the limits are kept: a wall-clock
// timeout or a cancelled run is run again next time. One thread.
#pragma once

#include "core/exec/exec_limits.h"
#include "core/exec/query_outcome.h"

#include <cstddef>
#include <list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace sqleq::exec {

/// Result cells (rows × columns) a RememberedRuns keeps by default: a few hundred
/// megabytes at worst, for the largest results of Spider's and BIRD's originals.
inline constexpr std::size_t kRememberedCells = std::size_t{4} << 20;

class RememberedRuns {
public:
    explicit RememberedRuns(std::size_t maxCells = kRememberedCells) : m_maxCells(maxCells) {}

    /// The outcome of `sql` under `limits` on `database` (any address that stays with
    /// one database's content while this object lives, such as its bytes), if run before.
    [[nodiscard]] std::optional<QueryOutcome> find(const void* database, std::string_view sql,
                                                   const ExecLimits& limits);
    /// Keeps `outcome` for find(), unless it could differ on another run.
    void remember(const void* database, std::string_view sql, const ExecLimits& limits, const QueryOutcome& outcome);

    [[nodiscard]] std::size_t size() const { return m_entries.size(); }

private:
    struct Entry {
        std::string key;
        QueryOutcome outcome;
        std::size_t cells = 0;
    };
    static std::string keyOf(const void* database, std::string_view sql, const ExecLimits& limits);

    std::size_t m_maxCells;
    std::size_t m_cells = 0;
    std::list<Entry> m_entries;  ///< most recently used first
    std::unordered_map<std::string_view, std::list<Entry>::iterator> m_index;
};

} // namespace sqleq::exec
