// The `sqleq-cli audit` subcommands are spread over two files: projects and
// annotations (audit_command.cpp), exchange with other files and annotators
// (audit_exchange_commands.cpp). What both need is here.
#pragma once

#include "app/cli/exit_codes.h"

#include "core/base/diagnostic.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>

namespace sqleq::cli {

/// Prints the diagnostic as the CLI's one-line error and returns the input-error exit code.
inline int inputError(const Diagnostic& diagnostic)
{
    fmt::print(stderr, "error: {}\n", diagnostic.message);
    return kExitInputError;
}

/// `audit export`, `audit import`, `audit agree`.
void registerAuditExchangeCommands(CLI::App& audit, int& exitCode);

} // namespace sqleq::cli
