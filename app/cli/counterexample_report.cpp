// Renders the counterexample that `check` reports.

#include "app/cli/counterexample_report.h"

#include "app/cli/result_printer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace sqleq::cli {

void printCounterexample(const schema::Schema& schema, const std::optional<minimize::Counterexample>& counterexample,
                         const std::string& databaseName, std::string_view profile, std::string_view origin)
{
    if (!counterexample) return;
    const auto rows = counterexample->content.rowCount();
    if (counterexample->minimized) {
        fmt::print("\nminimal counterexample: {} row{}, shrunk from the {} of database {}\n", rows, rows == 1 ? "" : "s",
                   counterexample->rowsBefore, databaseName);
    } else {
        fmt::print("\nseparating database {}, {} row{}, not minimized: {}\n", databaseName, rows, rows == 1 ? "" : "s",
                   counterexample->note);
    }
    if (!origin.empty()) fmt::print("from another database: {}\n", origin);
    // Core sets it only for a database sqleq did not sample or build.
    if (!counterexample->outsideProfile.empty())
        fmt::print("outside the {} profile: {}; database {} is not one sqleq sampled\n", profile,
                   counterexample->outsideProfile, databaseName);
    std::vector<std::string> unread;
    for (const auto& entry : counterexample->content.tables) {
        if (entry.rows.empty()) continue;
        if (!counterexample->isRead(entry.table)) {
            unread.push_back(fmt::format("{} ({} row{})", entry.table, entry.rows.size(), entry.rows.size() == 1 ? "" : "s"));
            continue;
        }
        fmt::print("\ntable {}:\n", entry.table);
        printResultTable(stdout, exec::ResultSet{schema.columnNames(entry.table), entry.rows});
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
