// QueryGuard: while alive, puts a connection under the untrusted-SQL regime —
// the read-only authorizer, a progress handler enforcing the deadline and the
// cancel flag, and tight sqlite3_limit values — and restores the connection on
// destruction so the same Connection can run trusted SQL afterwards.
#pragma once

#include "core/exec/exec_limits.h"
#include "core/exec/query_authorizer.h"

#include <array>
#include <chrono>
#include <optional>
#include <utility>

struct sqlite3;

namespace sqleq::exec {

enum class Interruption { None, Deadline, Cancelled };

class QueryGuard {
public:
    using Clock = std::chrono::steady_clock;

    /// Installs the regime on `db`; the deadline runs from `start`.
    QueryGuard(sqlite3* db, const ExecLimits& limits, Clock::time_point start);
    ~QueryGuard();
    QueryGuard(const QueryGuard&) = delete;
    QueryGuard& operator=(const QueryGuard&) = delete;

    /// The first operation the authorizer denied, if any.
    [[nodiscard]] const std::optional<Denial>& denial() const { return m_denial; }
    /// Why the progress handler stopped the statement, if it did.
    [[nodiscard]] Interruption interruption() const { return m_interruption; }

private:
    static int authorize(void* self, int action, const char* arg1, const char* arg2,
                         const char* database, const char* trigger);
    static int progress(void* self);

    sqlite3* m_db;
    const std::atomic<bool>* m_cancel;
    Clock::time_point m_deadline;
    std::optional<Denial> m_denial;
    Interruption m_interruption = Interruption::None;
    std::array<std::pair<int, int>, 9> m_savedLimits{};
};

} // namespace sqleq::exec
