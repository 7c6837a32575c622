// sqleq-cli: the headless front door of sqleq, for scripts and batch evaluation.
// Only wiring lives here: each subcommand is registered from its own file, and no
// exception or stack trace ever reaches the user.

#include "app/cli/commands.h"
#include "app/cli/error_report.h"
#include "app/cli/exit_codes.h"
#include "core/base/version.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <exception>
#include <string>

int main(int argc, char** argv)
{
    using namespace sqleq::cli;
    CLI::App app{"sqleq-cli: inspect SQL query equivalence from the command line"};
    app.set_version_flag("--version", "sqleq-cli " + std::string(sqleq::kVersion));
    app.footer(kExitCodeHelp);
    app.require_subcommand(1);

    int exitCode = kExitSuccess;
    registerParseCommand(app, exitCode);
    registerRunCommand(app, exitCode);
    registerCompareCommand(app, exitCode);
    registerNeighborsCommand(app, exitCode);
    registerCheckCommand(app, exitCode);
    registerCheckProofCommand(app, exitCode);
    registerDistillCommand(app, exitCode);
    registerEvalCommand(app, exitCode);
    registerAuditCommand(app, exitCode);
    registerReportCommand(app, exitCode);
    registerBenchParseCommand(app, exitCode);

    rememberCommandLine(argc, argv);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        const int code = app.exit(error);
        if (code != 0 && commandLineAsksForJson(argc, argv))
            printErrorJson({}, sqleq::Diagnostic{.code = "cli.usage", .message = error.what(), .span = {}, .expected = {}}, {});
        return code == 0 ? kExitSuccess : kExitUsage;
    } catch (const std::exception& error) {
        const std::string message = fmt::format("internal error (a bug in sqleq: please report it): {}", error.what());
        if (commandLineAsksForJson(argc, argv))
            return reportError(true, sqleq::Diagnostic{.code = "internal", .message = message, .span = {}, .expected = {}}, kExitInternal);
        fmt::print(stderr, "sqleq-cli: {}\n", message);
        return kExitInternal;
    }
    return exitCode;
}
