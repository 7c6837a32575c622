// `sqleq-cli run`: one untrusted query on one database, safely, rows printed.

#include "app/cli/commands.h"
#include "app/cli/database_source.h"
#include "app/cli/error_report.h"
#include "app/cli/exit_codes.h"
#include "app/cli/limit_options.h"
#include "app/cli/result_printer.h"
#include "app/cli/sql_source.h"

#include "core/exec/executor.h"

#include <fmt/format.h>

#include <memory>

namespace sqleq::cli {
namespace {

struct RunOptions {
    DatabaseSourceOptions database;
    SqlSource query{"sql", {}, {}};
    exec::ExecLimits limits;
    bool json = false;
};

int runCommand(const RunOptions& options)
{
    auto sql = readSqlSource(options.query);
    if (!sql) return reportError(options.json, sql.error(), kExitInputError);
    auto connection = openDatabaseSource(options.database);
    if (!connection) return reportError(options.json, connection.error(), kExitInputError);
    const auto outcome = exec::runQuery(*connection, *sql, options.limits);
    if (options.json) {
        fmt::print("{}\n", outcomeToJson(outcome).dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    } else if (outcome.ok()) {
        printResultTable(stdout, outcome.result);
    }
    if (!outcome.ok()) {
        fmt::print(stderr, "{}: {}\n", exec::outcomeStatusName(outcome.status),
                   formatDiagnostic(*sql, outcome.error));
        return kExitInputError;
    }
    return kExitSuccess;
}

} // namespace

void registerRunCommand(CLI::App& app, int& exitCode)
{
    auto options = std::make_shared<RunOptions>();
    auto* command = app.add_subcommand("run", "Run one query safely (read-only, time-boxed, size-capped) and print its rows");
    addDatabaseSourceOptions(*command, options->database);
    addSqlSourceOptions(*command, options->query, "Query to run");
    addLimitOptions(*command, options->limits);
    command->add_flag("--json", options->json, "Print the outcome as JSON");
    command->callback([options, &exitCode] { exitCode = runCommand(*options); });
}

} // namespace sqleq::cli
