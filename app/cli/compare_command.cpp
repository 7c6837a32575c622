// `sqleq-cli compare`: gold vs candidate on one database, by the official
// test-suite comparison rule, with the rows that only one side returned.

#include "app/cli/commands.h"
#include "app/cli/database_source.h"
#include "app/cli/error_report.h"
#include "app/cli/exit_codes.h"
#include "app/cli/limit_options.h"
#include "app/cli/result_printer.h"
#include "app/cli/sql_source.h"

#include "core/compare/compare.h"
#include "core/exec/executor.h"
#include "core/exec/spider_compat.h"
#include "core/sql/sql.h"

#include <fmt/format.h>

#include <map>
#include <memory>

namespace sqleq::cli {
namespace {

struct CompareOptions {
    DatabaseSourceOptions database;
    SqlSource gold{"gold", {}, {}};
    SqlSource candidate{"candidate", {}, {}};
    exec::ExecLimits limits;
    compare::OrderRule orderRule = compare::OrderRule::TopLevelOrderBy;
    bool rawText = false;
    bool json = false;
};

// Row order matters when the gold orders its rows. The top-level rule needs a parse;
// when our parser rejects the gold we fall back to the evaluator's substring rule.
bool goldOrderMatters(const std::string& gold, compare::OrderRule rule)
{
    if (rule == compare::OrderRule::OfficialSubstring) return compare::officialOrderMatters(gold);
    const auto parsed = sql::parse(gold);
    if (!parsed.ok()) {
        fmt::print(stderr, "warning: gold does not parse ({}); deciding row order by the official substring rule\n",
                   formatDiagnostic(gold, parsed.diagnostics.front()));
        return compare::officialOrderMatters(gold);
    }
    return sql::hasTopLevelOrderBy(*parsed.statement);
}

void printSection(const char* title, const exec::QueryOutcome& outcome, const std::string& sql)
{
    fmt::print("\n{}:\n", title);
    if (outcome.ok()) {
        printResultTable(stdout, outcome.result);
    } else {
        fmt::print("{}: {}\n", exec::outcomeStatusName(outcome.status), formatDiagnostic(sql, outcome.error));
    }
}

void printRowsOnlyIn(const char* side, const std::vector<exec::Row>& rows, const exec::ResultSet& result)
{
    if (rows.empty()) return;
    fmt::print("\nrows only in the {}:\n", side);
    printResultTable(stdout, exec::ResultSet{result.columnNames, rows});
}

void printText(const compare::Comparison& comparison, const exec::QueryOutcome& gold,
               const exec::QueryOutcome& candidate, const std::string& goldSql, const std::string& candidateSql)
{
    fmt::print("verdict: {}{}\n", compare::verdictName(comparison.verdict),
               comparison.orderMatters ? " (row order matters: the gold has ORDER BY)" : "");
    fmt::print("why: {}\n", comparison.message);
    printSection("gold", gold, goldSql);
    printSection("candidate", candidate, candidateSql);
    printRowsOnlyIn("gold", comparison.onlyInGold, gold.result);
    printRowsOnlyIn("candidate", comparison.onlyInCandidate, candidate.result);
}

nlohmann::json toJsonReport(const compare::Comparison& comparison, const exec::QueryOutcome& gold,
                            const exec::QueryOutcome& candidate)
{
    auto report = compare::toJson(comparison);
    const bool goldFailed = comparison.reason == compare::Reason::GoldFailed;
    if (goldFailed) report["verdict"] = "gold_error";
    report["gold"] = outcomeToJson(gold);
    report["candidate"] = outcomeToJson(candidate);
    const auto& failed = goldFailed ? gold : candidate;
    report["error"] = failed.ok() ? nlohmann::json(nullptr) : nlohmann::json(failed.error.message);
    return report;
}

int runCompare(const CompareOptions& options)
{
    auto goldSql = readSqlSource(options.gold);
    auto candidateSql = readSqlSource(options.candidate);
    for (const auto* text : {&goldSql, &candidateSql}) {
        if (!*text) return reportError(options.json, text->error(), kExitInputError);
    }
    auto connection = openDatabaseSource(options.database);
    if (!connection) return reportError(options.json, connection.error(), kExitInputError);
    // The official evaluator repairs "> =" and friends before running; so do we, unless asked not to.
    const auto gold = options.rawText ? *goldSql : exec::officialPostprocess(*goldSql);
    const auto candidate = options.rawText ? *candidateSql : exec::officialPostprocess(*candidateSql);

    const bool orderMatters = goldOrderMatters(gold, options.orderRule);
    const auto goldOutcome = exec::runQuery(*connection, gold, options.limits);
    const auto candidateOutcome = exec::runQuery(*connection, candidate, options.limits);
    const auto comparison = compare::compareOutcomes(goldOutcome, candidateOutcome, orderMatters);

    if (options.json) {
        fmt::print("{}\n", toJsonReport(comparison, goldOutcome, candidateOutcome)
                               .dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    } else {
        printText(comparison, goldOutcome, candidateOutcome, gold, candidate);
    }
    if (comparison.reason == compare::Reason::GoldFailed) {
        fmt::print(stderr, "error: the gold query fails: {}\n", formatDiagnostic(gold, goldOutcome.error));
        return kExitInputError;
    }
    return comparison.same() ? kExitSuccess : kExitDifferent;
}

} // namespace

void registerCompareCommand(CLI::App& app, int& exitCode)
{
    auto options = std::make_shared<CompareOptions>();
    auto* command = app.add_subcommand(
        "compare", "Compare the denotations of a gold and a candidate query on one database");
    addDatabaseSourceOptions(*command, options->database);
    addSqlSourceOptions(*command, options->gold, "Gold (reference) query");
    addSqlSourceOptions(*command, options->candidate, "Candidate (predicted) query");
    addLimitOptions(*command, options->limits);
    const std::map<std::string, compare::OrderRule> rules{
        {"top-level", compare::OrderRule::TopLevelOrderBy},
        {"official", compare::OrderRule::OfficialSubstring}};
    command->add_option("--order-rule", options->orderRule,
                        "When row order matters: top-level (the gold has a top-level ORDER BY) or "
                        "official ('order by' anywhere in the gold text, as test-suite-sql-eval)")
        ->transform(CLI::CheckedTransformer(rules, CLI::ignore_case))
        ->default_str("top-level");
    command->add_flag("--no-postprocess", options->rawText,
                      "Run the queries as given, without the official evaluator's '> =' -> '>=' repair");
    command->add_flag("--json", options->json,
                      "Print a JSON object: verdict, reason, message, gold, candidate, only_in_gold, "
                      "only_in_candidate, error");
    command->callback([options, &exitCode] { exitCode = runCompare(*options); });
}

} // namespace sqleq::cli
