// QueryOutcome: the denotation of one statement on one database — its rows, or
// why there are none (an error, a timeout, a result over the caps). An error or a
// timeout is a denotation of its own (⊥), which the comparison treats as "different".
// Every status but WallClockTimeout (and a cancellation) is a function of the
// inputs alone; WallClockTimeout tells callers the outcome may depend on the machine.
#pragma once

#include "core/base/diagnostic.h"
#include "core/exec/value.h"

#include <cstdint>
#include <string_view>

namespace sqleq::exec {

enum class OutcomeStatus {
    Rows,      ///< the statement ran to completion; `result` holds every row
    Error,     ///< prepare or step failed, or the authorizer denied an operation
    Timeout,   ///< the step budget ran out (deterministic), or limits.cancel was set
    TooLarge,  ///< the row or memory cap was reached
    WallClockTimeout,  ///< the wall-clock safety net fired first: may depend on the machine
};

struct QueryOutcome {
    OutcomeStatus status = OutcomeStatus::Error;
    ResultSet result;        ///< meaningful only when status == Rows
    Diagnostic error;        ///< why, when status != Rows
    double elapsedMs = 0.0;  ///< wall time spent in prepare + step
    int64_t vmSteps = 0;     ///< VM instructions stepped (SQLITE_STMTSTATUS_VM_STEP); deterministic
    int64_t functionSteps = 0;  ///< steps charged to the budget by guarded function calls; deterministic

    [[nodiscard]] bool ok() const { return status == OutcomeStatus::Rows; }
};

/// "rows", "error", "timeout", "too_large", "wall_clock_timeout": the stable
/// names used in JSON output.
constexpr std::string_view outcomeStatusName(OutcomeStatus status)
{
    switch (status) {
    case OutcomeStatus::Rows: return "rows";
    case OutcomeStatus::Error: return "error";
    case OutcomeStatus::Timeout: return "timeout";
    case OutcomeStatus::TooLarge: return "too_large";
    case OutcomeStatus::WallClockTimeout: return "wall_clock_timeout";
    }
    return "error";
}

} // namespace sqleq::exec
