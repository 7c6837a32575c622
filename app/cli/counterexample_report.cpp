// Builds and renders the counterexample that `check` reports.

#include "app/cli/counterexample_report.h"

#include "app/cli/result_printer.h"

#include "core/compare/compare.h"
#include "core/exec/executor.h"
#include "core/fuzz/sampler.h"
#include "core/minimize/separating_database.h"

#include <fmt/format.h>

namespace sqleq::cli {
namespace {

// Runs both queries on the content so the report shows what an annotator would see.
void runBoth(CounterexampleReport& report, const suite::CheckResult& result, const exec::ExecLimits& limits)
{
    auto connection = schema::materialize(report.schema, report.content);
    if (!connection) {
        report.goldOutcome = result.goldOutcome;
        report.candidateOutcome = result.candidateOutcome;
        return;
    }
    report.goldOutcome = exec::runQuery(*connection, result.goldUsed, limits);
    report.candidateOutcome = exec::runQuery(*connection, result.candidateUsed, limits);
}

bool separates(const suite::CheckResult& result, const suite::Suite& suite)
{
    return result.verdict == suite::VerdictKind::Different && result.separatingDatabase >= 0
        && static_cast<std::size_t>(result.separatingDatabase) < suite.databases.size();
}

} // namespace

CounterexampleReport fullSeparatingDatabase(const schema::Schema& schema, const suite::Suite& suite,
                                            const suite::CheckResult& result)
{
    CounterexampleReport report;
    report.schema = fuzz::materializableSchema(schema);
    if (!separates(result, suite)) return report;
    report.available = true;
    auto connection = exec::Connection::deserializeCopy(suite.databases[result.separatingDatabase].bytes);
    if (connection) {
        if (auto content = schema::readContent(*connection, report.schema)) report.content = std::move(*content);
    }
    report.rowsBefore = report.rowsAfter = report.content.rowCount();
    report.goldOutcome = result.goldOutcome;
    report.candidateOutcome = result.candidateOutcome;
    return report;
}

CounterexampleReport buildCounterexample(const schema::Schema& schema, const suite::Suite& suite,
                                         const suite::CheckResult& result, fuzz::Profile profile,
                                         const exec::ExecLimits& limits)
{
    auto report = fullSeparatingDatabase(schema, suite, result);
    if (!report.available) return report;
    minimize::SeparationCase separation;
    separation.schema = &report.schema;
    separation.goldSql = result.goldUsed;
    separation.candidateSql = result.candidateUsed;
    separation.orderMatters = result.comparison.orderMatters;
    separation.keepReadTablesNonEmpty = profile == fuzz::Profile::Spider;
    separation.limits = limits;
    auto minimized = minimize::minimizeSeparatingDatabase(suite.databases[result.separatingDatabase].bytes, separation);
    if (!minimized) {
        report.note = fmt::format("shown whole: {}", minimized.error().message);
        return report;
    }
    report.minimized = true;
    report.rowsBefore = minimized->rowsBefore;
    report.rowsAfter = minimized->rowsAfter;
    report.content = std::move(minimized->content);
    runBoth(report, result, limits);
    return report;
}

nlohmann::json counterexampleJson(const CounterexampleReport& report)
{
    nlohmann::json out;
    if (!report.available) {
        out["counterexample"] = nullptr;
        out["gold_rows"] = nullptr;
        out["candidate_rows"] = nullptr;
        return out;
    }
    nlohmann::json tables = nlohmann::json::object();
    nlohmann::json columns = nlohmann::json::object();
    for (const auto& entry : report.content.tables) {
        tables[entry.table] = compare::rowsToJson(entry.rows);
        nlohmann::json names = nlohmann::json::array();
        if (const auto* table = report.schema.findTable(entry.table)) {
            for (const auto& column : table->columns) names.push_back(column.name);
        }
        columns[entry.table] = names;
    }
    out["counterexample"] = tables;
    out["counterexample_columns"] = columns;
    out["counterexample_rows"] = {{"before", report.rowsBefore}, {"after", report.rowsAfter},
                                  {"minimized", report.minimized}};
    out["gold_rows"] = compare::rowsToJson(report.goldOutcome.result.rows);
    out["candidate_rows"] = compare::rowsToJson(report.candidateOutcome.result.rows);
    return out;
}

void printCounterexample(const CounterexampleReport& report)
{
    if (!report.available) return;
    if (report.minimized) {
        fmt::print("\nminimal counterexample: {} row{} (the separating database had {})\n", report.rowsAfter,
                   report.rowsAfter == 1 ? "" : "s", report.rowsBefore);
    } else {
        fmt::print("\nseparating database: {} rows{}\n", report.rowsAfter,
                   report.note.empty() ? "" : fmt::format(" ({})", report.note));
    }
    for (const auto& entry : report.content.tables) {
        if (entry.rows.empty()) continue;
        exec::ResultSet table;
        if (const auto* described = report.schema.findTable(entry.table)) {
            for (const auto& column : described->columns) table.columnNames.push_back(column.name);
        }
        table.rows = entry.rows;
        fmt::print("\ntable {}:\n", entry.table);
        printResultTable(stdout, table);
    }
    for (const auto& [title, outcome] : {std::pair{"gold", &report.goldOutcome}, std::pair{"candidate", &report.candidateOutcome}}) {
        fmt::print("\n{} result:\n", title);
        if (outcome->ok()) {
            printResultTable(stdout, outcome->result);
        } else {
            fmt::print("{}: {}\n", exec::outcomeStatusName(outcome->status), outcome->error.message);
        }
    }
}

} // namespace sqleq::cli
