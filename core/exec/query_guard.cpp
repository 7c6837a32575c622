// Installing the untrusted-SQL regime on one connection, and arming it per query.
#include "core/exec/query_guard.h"

#include <sqlite3.h>

#include <algorithm>

namespace sqleq::exec {

namespace {

/// Limits for candidate SQL (see query_guard.h for why these values).
struct LimitSetting {
    int id;
    int value;  // < 0: taken from ExecLimits
};
constexpr std::array<LimitSetting, 11> kLimits = {{
    {SQLITE_LIMIT_ATTACHED, 0},
    {SQLITE_LIMIT_LENGTH, -1},
    {SQLITE_LIMIT_SQL_LENGTH, static_cast<int>(kMaxSqlTextBytes)},
    {SQLITE_LIMIT_EXPR_DEPTH, kMaxExprDepth},
    {SQLITE_LIMIT_COMPOUND_SELECT, kMaxCompoundSelect},
    {SQLITE_LIMIT_VDBE_OP, kMaxVdbeOps},
    {SQLITE_LIMIT_FUNCTION_ARG, kMaxFunctionArgs},
    {SQLITE_LIMIT_LIKE_PATTERN_LENGTH, kMaxLikePatternLength},
    {SQLITE_LIMIT_VARIABLE_NUMBER, kMaxVariableNumber},
    {SQLITE_LIMIT_TRIGGER_DEPTH, kMaxTriggerDepth},
    {SQLITE_LIMIT_WORKER_THREADS, 0},
}};

/// The step budget in whole progress callbacks, rounded up; -1: no budget.
int64_t callbacksFor(int64_t maxSteps)
{
    if (maxSteps <= 0) return -1;
    return (maxSteps + kStepsPerCallback - 1) / kStepsPerCallback;
}

} // namespace

QueryGuard::QueryGuard(sqlite3* db) : m_db(db)
{
    sqlite3_set_authorizer(m_db, &QueryGuard::authorize, this);
    sqlite3_progress_handler(m_db, kStepsPerCallback, &QueryGuard::progress, this);
}

QueryGuard::~QueryGuard()
{
    if (m_armed) disarm();
    sqlite3_progress_handler(m_db, 0, nullptr, nullptr);
    sqlite3_set_authorizer(m_db, nullptr, nullptr);
}

bool QueryGuard::arm(const ExecLimits& limits, Clock::time_point start)
{
    const int valueLength = std::max(limits.maxValueLength, 1);
    for (std::size_t i = 0; i < kLimits.size(); ++i) {
        const int value = kLimits[i].value >= 0 ? kLimits[i].value : valueLength;
        m_savedLimits[i] = {kLimits[i].id, sqlite3_limit(m_db, kLimits[i].id, value)};
    }
    m_cancel = limits.cancel;
    m_hasDeadline = limits.wallClockLimitMs > 0;
    if (m_hasDeadline) m_deadline = start + std::chrono::milliseconds(limits.wallClockLimitMs);
    m_callbacksLeft = callbacksFor(limits.maxSteps);
    m_chargeCarry = 0;
    m_charged = 0;
    m_detail.clear();
    m_heap.reset();
    m_heap.emplace(limits.maxHeapBytes);
    m_countingSteps = false;
    m_denial.reset();
    m_interruption = Interruption::None;
    m_armed = true;
    const bool prepareLimitsChanged = valueLength != m_armedValueLength;
    m_armedValueLength = valueLength;
    return prepareLimitsChanged;
}

void QueryGuard::startCountingSteps()
{
    m_countingSteps = true;
    // The step phase's heap counts from zero, whatever the prepare left allocated.
    if (m_heap) m_heap->restart();
}

bool QueryGuard::chargeSteps(int64_t steps, const std::string& what)
{
    if (!m_armed || steps <= 0) return true;
    if (m_callbacksLeft < 0) {
        m_charged += steps;
        return true;
    }
    const int64_t total = m_chargeCarry + steps;
    const int64_t callbacks = total / kStepsPerCallback;
    if (callbacks > m_callbacksLeft) {
        m_interruption = Interruption::StepBudget;
        m_detail = what;
        return false;
    }
    m_callbacksLeft -= callbacks;
    m_chargeCarry = total % kStepsPerCallback;
    m_charged += steps;
    return true;
}

void QueryGuard::disarm()
{
    m_heap.reset();
    m_armed = false;
    m_countingSteps = false;
    m_cancel = nullptr;
    for (const auto& [id, value] : m_savedLimits) sqlite3_limit(m_db, id, value);
}

int QueryGuard::authorize(void* self, int action, const char* arg1, const char* arg2,
                          const char* /*database*/, const char* /*trigger*/)
{
    auto* guard = static_cast<QueryGuard*>(self);
    if (!guard->m_armed) return SQLITE_OK;  // trusted SQL between candidate queries
    AccessVerdict verdict = judgeAccess(action, arg1, arg2);
    switch (verdict.decision) {
    case AccessDecision::Allow: return SQLITE_OK;
    case AccessDecision::Ignore: return SQLITE_IGNORE;
    case AccessDecision::Deny:
        if (!guard->m_denial) guard->m_denial = std::move(verdict.denial);
        return SQLITE_DENY;
    }
    return SQLITE_DENY;
}

int QueryGuard::progress(void* self)
{
    auto* guard = static_cast<QueryGuard*>(self);
    if (!guard->m_armed) return 0;
    if (guard->m_cancel != nullptr && guard->m_cancel->load(std::memory_order_relaxed)) {
        guard->m_interruption = Interruption::Cancelled;
        return 1;
    }
    // The step budget first: when both are spent, the deterministic reason wins.
    if (guard->m_countingSteps && guard->m_callbacksLeft >= 0 && --guard->m_callbacksLeft < 0) {
        guard->m_interruption = Interruption::StepBudget;
        return 1;
    }
    if (guard->m_hasDeadline && Clock::now() >= guard->m_deadline) {
        guard->m_interruption = Interruption::WallClock;
        return 1;
    }
    return 0;
}

} // namespace sqleq::exec
