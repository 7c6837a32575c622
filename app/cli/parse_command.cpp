// `sqleq-cli parse`: the AST of one query (canonical SQL or JSON), or a positioned error.

#include "app/cli/commands.h"
#include "app/cli/error_report.h"
#include "app/cli/exit_codes.h"
#include "app/cli/sql_source.h"

#include "core/sql/sql.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <memory>

namespace sqleq::cli {
namespace {

struct ParseOptions {
    SqlSource query{"sql", {}, {}};
    bool json = false;
};

int runParse(const ParseOptions& options)
{
    auto text = readSqlSource(options.query);
    if (!text) return reportError(options.json, text.error(), kExitInputError);
    const auto parsed = sql::parse(*text);
    if (!parsed.ok()) {
        for (const auto& diagnostic : parsed.diagnostics) {
            fmt::print(stderr, "syntax error: {}\n", formatDiagnostic(*text, diagnostic));
        }
        if (options.json && !parsed.diagnostics.empty()) printErrorJson("query", parsed.diagnostics.front(), *text);
        return kExitInputError;
    }
    if (options.json) {
        fmt::print("{}\n", sql::toJson(*parsed.statement).dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    } else {
        fmt::print("{}\n", sql::print(*parsed.statement));
    }
    return kExitSuccess;
}

} // namespace

void registerParseCommand(CLI::App& app, int& exitCode)
{
    auto options = std::make_shared<ParseOptions>();
    auto* command = app.add_subcommand(
        "parse", "Parse one SQLite SELECT: print it in canonical form (or its AST as JSON), or a positioned error");
    addSqlSourceOptions(*command, options->query, "Query to parse");
    command->add_flag("--json", options->json, "Print the AST as JSON (kinds, byte spans, fields)");
    command->callback([options, &exitCode] { exitCode = runParse(*options); });
}

} // namespace sqleq::cli
