// The `--timeout` and `--max-rows` options that bound every untrusted query.
#pragma once

#include "core/exec/exec_limits.h"

#include <CLI/CLI.hpp>

namespace sqleq::cli {

inline void addLimitOptions(CLI::App& command, exec::ExecLimits& limits)
{
    command.add_option("--timeout", limits.timeBudgetMs, "Time budget per query in milliseconds")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    command.add_option("--max-rows", limits.maxRows, "Largest result accepted, in rows")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
}

} // namespace sqleq::cli
