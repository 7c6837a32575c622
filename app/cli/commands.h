// The subcommands of sqleq-cli. Each registers its options and a callback that
// stores the process exit code (see exit_codes.h) in `exitCode`.
#pragma once

#include <CLI/CLI.hpp>

namespace sqleq::cli {

void registerParseCommand(CLI::App& app, int& exitCode);
void registerRunCommand(CLI::App& app, int& exitCode);
void registerCompareCommand(CLI::App& app, int& exitCode);
void registerNeighborsCommand(CLI::App& app, int& exitCode);
void registerCheckCommand(CLI::App& app, int& exitCode);
void registerCheckProofCommand(CLI::App& app, int& exitCode);
void registerDistillCommand(CLI::App& app, int& exitCode);
void registerEvalCommand(CLI::App& app, int& exitCode);
void registerAuditCommand(CLI::App& app, int& exitCode);
void registerReportCommand(CLI::App& app, int& exitCode);
/// Keeps the command line for the outputs that record how they were made (the report).
void rememberCommandLine(int argc, char** argv);
void registerBenchParseCommand(CLI::App& app, int& exitCode);

} // namespace sqleq::cli
