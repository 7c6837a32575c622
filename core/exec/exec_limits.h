// ExecLimits: the budget one untrusted statement runs under — SQLite VM steps,
// a wall-clock safety net, rows, result bytes, value length — plus an optional
// cancellation flag. Plain data; the executor (core/exec/executor.h) enforces it.
//
// Why steps: a verdict must not depend on machine load. The step budget counts
// SQLite virtual-machine instructions (sqlite3_progress_handler), so the same
// SQLite build, inputs and plan give the same outcome on a busy or an idle
// machine. Built-ins whose one call could run for seconds (printf, instr,
// replace, LIKE, GLOB, trim: guarded_functions.h) charge their work to the same
// budget, estimated from their arguments' sizes, and are refused when it cannot
// pay. The wall clock remains only as a safety net for work neither sees;
// when it fires, the outcome says so. Both are checked in the same progress
// callback, every kStepsPerCallback instructions (query_guard.h).
//
// The heap cap (maxHeapBytes) counts SQLite's allocations while the statement
// steps, on the thread that runs it (heap_budget.h). It is deterministic on a
// fresh connection; on a reused one SQLite may serve a few KB from memory it kept
// from earlier statements, so a query within a few KB of the cap could end
// either way — far from any real query (Spider's need well under 1 MiB).
//
// Calibration (`bench_executor --calibrate 5`: fastest of 5 runs, 2-core Xeon VM,
// SQLite 3.40.1, Release): recursive CTEs, cross-join counts and filters, GROUP
// BY, ORDER BY, LIKE and correlated subqueries ran at 78,000–171,000 VM
// instructions per ms, median 134,000 (a join through an automatic index: 25,000).
// kStepsPerIdleMs = 125,000, so the default 250,000,000 steps ≈ 2 s of typical
// work (1.5–3.2 s across those queries) — the old wall-clock budget.
#pragma once

#include "core/base/capped_file.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace sqleq::exec {

/// VM instructions a typical query runs per millisecond on an idle development
/// machine (see the calibration above); converts "a budget of N ms" into steps.
inline constexpr int64_t kStepsPerIdleMs = 125'000;
/// The default budget of one query, in milliseconds of an idle machine: what every
/// front end's "timeout" starts from.
inline constexpr int64_t kDefaultIdleBudgetMs = 2000;
/// The default step budget: about 2 s of typical work on an idle machine.
inline constexpr int64_t kDefaultMaxSteps = kDefaultIdleBudgetMs * kStepsPerIdleMs;
/// The default wall-clock safety net: 10× the step budget's idle duration.
inline constexpr int64_t kDefaultWallClockLimitMs = 10 * kDefaultIdleBudgetMs;
/// The longest SQL text sqleq accepts anywhere (parser, executor): 1 MiB. The
/// executor sets SQLITE_LIMIT_SQL_LENGTH to it; Spider's longest query is < 2 KB.
inline constexpr std::size_t kMaxSqlTextBytes = input_limits::kSqlText;
/// The default heap one query may hold (SQLite's allocations while it steps:
/// sorters, temp b-trees, values). Two workers at this cap keep one sqleq-cli
/// command under 512 MB resident.
inline constexpr int64_t kDefaultMaxHeapMiB = 160;

struct ExecLimits {
    int64_t maxSteps = kDefaultMaxSteps;          ///< VM instructions while stepping → Timeout; <= 0: none
    int64_t wallClockLimitMs = kDefaultWallClockLimitMs;  ///< prepare + step wall time → WallClockTimeout; <= 0: none
    std::size_t maxRows = 100000;                 ///< more rows → TooLarge
    std::size_t maxResultBytes = 64u << 20;       ///< approximate result size → TooLarge
    int maxValueLength = 16 << 20;                ///< SQLITE_LIMIT_LENGTH for strings/blobs → TooLarge
    int64_t maxHeapBytes = kDefaultMaxHeapMiB << 20;  ///< SQLite heap while stepping → TooLarge; <= 0: none
    const std::atomic<bool>* cancel = nullptr;    ///< set to true from any thread to stop early

    friend bool operator==(const ExecLimits&, const ExecLimits&) = default;
};

/// Sets the budget of `limits` stated as "about `idleMs` milliseconds on an idle
/// machine" (every front end's timeout): a step budget of idleMs × kStepsPerIdleMs and
/// a wall-clock safety net of 10 × idleMs, saturating; `idleMs` below 1 counts as 1, so
/// both are always set. The other fields are left as they are. The only translation of
/// a timeout into limits.
constexpr void setIdleBudget(ExecLimits& limits, int64_t idleMs)
{
    constexpr int64_t kLargest = std::numeric_limits<int64_t>::max();
    const int64_t ms = idleMs < 1 ? 1 : idleMs;
    limits.maxSteps = ms > kLargest / kStepsPerIdleMs ? kLargest : ms * kStepsPerIdleMs;
    limits.wallClockLimitMs = ms > kLargest / 10 ? kLargest : ms * 10;
}

/// The idle-machine milliseconds a step budget stands for (setIdleBudget's inverse,
/// rounded up; 0 when the steps are unlimited).
constexpr int64_t idleBudgetMs(const ExecLimits& limits)
{
    if (limits.maxSteps <= 0) return 0;
    return limits.maxSteps / kStepsPerIdleMs + (limits.maxSteps % kStepsPerIdleMs != 0 ? 1 : 0);
}

/// Default limits with the budget of `idleMs` idle-machine milliseconds (setIdleBudget).
constexpr ExecLimits limitsForIdleBudget(int64_t idleMs)
{
    ExecLimits out;
    setIdleBudget(out, idleMs);
    return out;
}

} // namespace sqleq::exec
