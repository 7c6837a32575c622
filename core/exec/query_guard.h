// QueryGuard: while alive, puts a connection under the untrusted-SQL regime —
// the read-only authorizer, a progress handler enforcing the step budget, the
// wall-clock safety net and the cancel flag, and tight sqlite3_limit values — and
// restores the connection on destruction so it can run trusted SQL afterwards.
#pragma once

#include "core/exec/exec_limits.h"
#include "core/exec/query_authorizer.h"

#include <array>
#include <chrono>
#include <optional>
#include <utility>

struct sqlite3;

namespace sqleq::exec {

/// Why the progress handler stopped a statement. StepBudget is deterministic;
/// WallClock (the safety net) and Cancelled depend on timing.
enum class Interruption { None, StepBudget, WallClock, Cancelled };

/// VM instructions between two progress callbacks: the step budget is counted
/// in these units, and cancellation or the wall-clock net is noticed within one.
inline constexpr int kStepsPerCallback = 1000;

class QueryGuard {
public:
    using Clock = std::chrono::steady_clock;

    /// Installs the regime on `db`; the wall-clock deadline runs from `start`.
    QueryGuard(sqlite3* db, const ExecLimits& limits, Clock::time_point start);
    ~QueryGuard();
    QueryGuard(const QueryGuard&) = delete;
    QueryGuard& operator=(const QueryGuard&) = delete;

    /// The first operation the authorizer denied, if any.
    [[nodiscard]] const std::optional<Denial>& denial() const { return m_denial; }
    /// Why the progress handler stopped the statement, if it did.
    [[nodiscard]] Interruption interruption() const { return m_interruption; }

    /// Starts the step budget. Called after prepare and after resetting the
    /// statement's VM_STEP counter, so the count covers exactly the statement's
    /// own instructions, not the schema reads of a first prepare.
    void startCountingSteps() { m_countingSteps = true; }

private:
    static int authorize(void* self, int action, const char* arg1, const char* arg2,
                         const char* database, const char* trigger);
    static int progress(void* self);

    sqlite3* m_db;
    const std::atomic<bool>* m_cancel;
    Clock::time_point m_deadline;
    bool m_hasDeadline = true;
    int64_t m_callbacksLeft = 0;  // step budget in progress callbacks; < 0: none
    bool m_countingSteps = false;
    std::optional<Denial> m_denial;
    Interruption m_interruption = Interruption::None;
    std::array<std::pair<int, int>, 9> m_savedLimits{};
};

} // namespace sqleq::exec
