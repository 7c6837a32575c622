// Renders the counterexample that `check` reports.

#include "app/cli/counterexample_report.h"

#include "app/cli/result_printer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace sqleq::cli {
namespace {

std::vector<std::string> columnNames(const schema::Schema& schema, const std::string& table)
{
    std::vector<std::string> names;
    if (const auto* described = schema.findTable(table)) {
        for (const auto& column : described->columns) names.push_back(column.name);
    }
    return names;
}

} // namespace

nlohmann::json counterexampleJson(const schema::Schema& schema, const std::optional<minimize::Counterexample>& counterexample)
{
    nlohmann::json out;
    if (!counterexample) {
        out["counterexample"] = nullptr;
        out["gold_rows"] = nullptr;
        out["candidate_rows"] = nullptr;
        return out;
    }
    nlohmann::json tables = nlohmann::json::object();
    nlohmann::json columns = nlohmann::json::object();
    nlohmann::json sources = nlohmann::json::object();
    for (std::size_t entry = 0; entry < counterexample->content.tables.size(); ++entry) {
        const auto& table = counterexample->content.tables[entry];
        tables[table.table] = compare::rowsToJson(table.rows);
        columns[table.table] = columnNames(schema, table.table);
        if (entry < counterexample->sourceRows.size()) sources[table.table] = counterexample->sourceRows[entry];
    }
    out["counterexample"] = tables;
    out["counterexample_columns"] = columns;
    out["counterexample_source_rows"] = sources;
    out["counterexample_rows"] = {{"before", counterexample->rowsBefore},
                                  {"after", counterexample->content.rowCount()},
                                  {"minimized", counterexample->minimized}};
    if (!counterexample->note.empty()) out["counterexample_note"] = counterexample->note;
    out["counterexample_tables_read"] = counterexample->tablesRead;
    out["gold_rows"] = compare::rowsToJson(counterexample->goldOutcome.result.rows);
    out["candidate_rows"] = compare::rowsToJson(counterexample->candidateOutcome.result.rows);
    return out;
}

void printCounterexample(const schema::Schema& schema, const std::optional<minimize::Counterexample>& counterexample,
                         const std::string& databaseName)
{
    if (!counterexample) return;
    const auto rows = counterexample->content.rowCount();
    if (counterexample->minimized) {
        fmt::print("\nminimal counterexample: {} row{} (database {} had {})\n", rows, rows == 1 ? "" : "s",
                   databaseName, counterexample->rowsBefore);
    } else {
        fmt::print("\nseparating database {}: {} rows ({})\n", databaseName, rows, counterexample->note);
    }
    std::vector<std::string> unread;
    for (const auto& entry : counterexample->content.tables) {
        if (entry.rows.empty()) continue;
        if (!counterexample->isRead(entry.table)) {
            unread.push_back(fmt::format("{} ({} row{})", entry.table, entry.rows.size(), entry.rows.size() == 1 ? "" : "s"));
            continue;
        }
        fmt::print("\ntable {}:\n", entry.table);
        printResultTable(stdout, exec::ResultSet{columnNames(schema, entry.table), entry.rows});
    }
    // Kept only so that no table is empty (the profile): the JSON has their rows.
    if (!unread.empty()) fmt::print("\nnot read by either query: {}\n", fmt::join(unread, ", "));
    for (const auto& [title, outcome] : {std::pair{"gold", &counterexample->goldOutcome},
                                         std::pair{"candidate", &counterexample->candidateOutcome}}) {
        fmt::print("\n{} result:\n", title);
        if (outcome->ok()) {
            printResultTable(stdout, outcome->result);
        } else {
            fmt::print("{}: {}\n", exec::outcomeStatusName(outcome->status), outcome->error.message);
        }
    }
}

} // namespace sqleq::cli
