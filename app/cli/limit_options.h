// The options that bound every untrusted query: `--max-steps` (the deterministic
// step budget), `--wall-clock-limit` (the safety net), `--timeout` (both at once,
// from a budget in idle-machine milliseconds), `--memory-mb` (the SQLite heap
// one query may hold) and `--max-rows`.
#pragma once

#include "core/exec/exec_limits.h"

#include <CLI/CLI.hpp>

namespace sqleq::cli {

inline void addLimitOptions(CLI::App& command, exec::ExecLimits& limits)
{
    auto* steps = command.add_option("--max-steps", limits.maxSteps,
                                     "Step budget per query in SQLite VM instructions "
                                     "(deterministic; a run past it is 'timeout')")
                      ->capture_default_str()
                      ->check(CLI::PositiveNumber);
    auto* wall = command.add_option("--wall-clock-limit", limits.wallClockLimitMs,
                                    "Wall-clock safety net per query in milliseconds "
                                    "(a run past it is 'wall_clock_timeout': machine-dependent)")
                     ->capture_default_str()
                     ->check(CLI::PositiveNumber);
    command
        .add_option_function<int64_t>(
            "--timeout",
            [&limits](int64_t idleMs) { exec::setIdleBudget(limits, idleMs); },
            "Budget per query in milliseconds of an idle machine: sets --max-steps to "
            "MS x " + std::to_string(exec::kStepsPerIdleMs) + " and --wall-clock-limit to 10 x MS")
        ->check(CLI::PositiveNumber)
        ->excludes(steps)
        ->excludes(wall);
    command
        .add_option_function<int64_t>(
            "--memory-mb", [&limits](int64_t mib) { limits.maxHeapBytes = mib << 20; },
            "SQLite heap one query may hold, in MiB (a query past it is 'too_large': "
            "memory budget exceeded); default " + std::to_string(exec::kDefaultMaxHeapMiB))
        ->check(CLI::Range(int64_t{1}, int64_t{1} << 20));
    command.add_option("--max-rows", limits.maxRows, "Largest result accepted, in rows")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
}

} // namespace sqleq::cli
