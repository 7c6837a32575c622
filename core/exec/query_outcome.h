// QueryOutcome: the denotation of one statement on one database — its rows, or
// why there are none (an error, a timeout, a result over the caps). An error or a
// timeout is a denotation of its own (⊥), which the comparison treats as "different".
#pragma once

#include "core/base/diagnostic.h"
#include "core/exec/value.h"

#include <string_view>

namespace sqleq::exec {

enum class OutcomeStatus {
    Rows,      ///< the statement ran to completion; `result` holds every row
    Error,     ///< prepare or step failed, or the authorizer denied an operation
    Timeout,   ///< the time budget ran out
    TooLarge,  ///< the row or memory cap was reached
};

struct QueryOutcome {
    OutcomeStatus status = OutcomeStatus::Error;
    ResultSet result;        ///< meaningful only when status == Rows
    Diagnostic error;        ///< why, when status != Rows
    double elapsedMs = 0.0;  ///< wall time spent in prepare + step

    [[nodiscard]] bool ok() const { return status == OutcomeStatus::Rows; }
};

/// "rows", "error", "timeout", "too_large": the stable names used in JSON output.
constexpr std::string_view outcomeStatusName(OutcomeStatus status)
{
    switch (status) {
    case OutcomeStatus::Rows: return "rows";
    case OutcomeStatus::Error: return "error";
    case OutcomeStatus::Timeout: return "timeout";
    case OutcomeStatus::TooLarge: return "too_large";
    }
    return "error";
}

} // namespace sqleq::exec
