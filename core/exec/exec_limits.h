// ExecLimits: the budget one untrusted statement runs under — wall time, rows,
// result bytes, value length — plus an optional cancellation flag. Plain data;
// the executor (core/exec/executor.h) enforces it.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace sqleq::exec {

struct ExecLimits {
    int64_t timeBudgetMs = 2000;                  ///< prepare + step wall time → Timeout
    std::size_t maxRows = 100000;                 ///< more rows → TooLarge
    std::size_t maxResultBytes = 64u << 20;       ///< approximate result size → TooLarge
    int maxValueLength = 16 << 20;                ///< SQLITE_LIMIT_LENGTH for strings/blobs → TooLarge
    const std::atomic<bool>* cancel = nullptr;    ///< set to true from any thread to stop early
};

} // namespace sqleq::exec
