// QueryGuard: the untrusted-SQL regime of one connection — the read-only
// authorizer, a progress handler enforcing the step budget, the wall-clock
// safety net and the cancel flag, and tight sqlite3_limit values. The callbacks
// are installed once, when the connection first runs a candidate query (setting
// an authorizer expires every prepared statement, so doing it per query would
// defeat the statement cache), and are armed only while the executor runs one:
// disarmed, they allow everything, and the connection's own limits are back, so
// trusted setup SQL runs on the same connection unhindered.
#pragma once

#include "core/base/query_depth.h"
#include "core/exec/exec_limits.h"
#include "core/exec/heap_budget.h"
#include "core/exec/query_authorizer.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

struct sqlite3;

namespace sqleq::exec {

/// Why the progress handler stopped a statement. StepBudget is deterministic;
/// WallClock (the safety net) and Cancelled depend on timing.
enum class Interruption { None, StepBudget, WallClock, Cancelled };

/// The limits SQLite checks itself on a connection running untrusted SQL. Chosen
/// so that no single function call runs long and no statement grows without
/// bound; Spider's largest queries need a few hundred VM instructions, a handful
/// of compound terms and shallow expressions, so these leave ample room.
inline constexpr int kMaxExprDepth = static_cast<int>(kMaxQueryDepth);
inline constexpr int kMaxCompoundSelect = 200;
inline constexpr int kMaxVdbeOps = 250'000;
inline constexpr int kMaxFunctionArgs = 100;
inline constexpr int kMaxLikePatternLength = 10'000;
inline constexpr int kMaxVariableNumber = 999;
inline constexpr int kMaxTriggerDepth = 10;

/// VM instructions between two progress callbacks: the step budget is counted
/// in these units, and cancellation or the wall-clock net is noticed within one.
inline constexpr int kStepsPerCallback = 1000;

class QueryGuard {
public:
    using Clock = std::chrono::steady_clock;

    /// Installs the (disarmed) authorizer and progress handler on `db`, which
    /// must outlive the guard.
    explicit QueryGuard(sqlite3* db);
    /// Removes them.
    ~QueryGuard();
    QueryGuard(const QueryGuard&) = delete;
    QueryGuard& operator=(const QueryGuard&) = delete;

    /// Arms the regime for one query: tight limits on, the authorizer judging,
    /// the wall-clock deadline running from `start`. Returns true when a limit
    /// that is checked while preparing (the value length) differs from the last
    /// arming — statements prepared before must then be prepared again.
    bool arm(const ExecLimits& limits, Clock::time_point start);
    /// Starts the step budget. Called after prepare and after zeroing the
    /// statement's VM_STEP counter, so the count covers exactly the statement's
    /// own instructions, not the schema reads of a first prepare.
    void startCountingSteps();
    /// Restores the connection's limits; the callbacks allow everything again.
    void disarm();

    /// The first operation the authorizer denied since arm(), if any.
    [[nodiscard]] const std::optional<Denial>& denial() const { return m_denial; }
    /// Why the progress handler stopped the statement, if it did.
    [[nodiscard]] Interruption interruption() const { return m_interruption; }
    /// What ran out of budget when a function call was refused (empty otherwise).
    [[nodiscard]] const std::string& interruptionDetail() const { return m_detail; }
    [[nodiscard]] bool isArmed() const { return m_armed; }
    /// Steps charged by function calls since arm().
    [[nodiscard]] int64_t chargedSteps() const { return m_charged; }

    /// Charges `steps` of work done inside one SQL function call (guarded_functions.h)
    /// to the step budget. False, with the interruption set to StepBudget and
    /// `what` kept as its detail, when the budget left cannot pay: the call must
    /// then not run. Always true with no step budget.
    bool chargeSteps(int64_t steps, const std::string& what);

    /// The heap budget of the running query (null when disarmed).
    [[nodiscard]] const HeapBudget* heapBudget() const { return m_heap ? &*m_heap : nullptr; }

private:
    static int authorize(void* self, int action, const char* arg1, const char* arg2,
                         const char* database, const char* trigger);
    static int progress(void* self);

    sqlite3* m_db;
    bool m_armed = false;
    const std::atomic<bool>* m_cancel = nullptr;
    Clock::time_point m_deadline;
    bool m_hasDeadline = false;
    int64_t m_callbacksLeft = 0;  // step budget in progress callbacks; < 0: none
    int64_t m_chargeCarry = 0;    // charged steps not yet a whole callback
    int64_t m_charged = 0;
    std::string m_detail;
    std::optional<HeapBudget> m_heap;
    bool m_countingSteps = false;
    int m_armedValueLength = -1;  // SQLITE_LIMIT_LENGTH of the last arming
    std::optional<Denial> m_denial;
    Interruption m_interruption = Interruption::None;
    std::array<std::pair<int, int>, 11> m_savedLimits{};
};

} // namespace sqleq::exec
