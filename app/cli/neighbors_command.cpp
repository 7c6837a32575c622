// `sqleq-cli neighbors`: the gold's neighbor queries, grouped by mutation family.

#include "app/cli/commands.h"
#include "app/cli/database_source.h"
#include "app/cli/error_report.h"
#include "app/cli/exit_codes.h"
#include "app/cli/sql_source.h"

#include "core/neighbors/neighbors.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <map>
#include <memory>

namespace sqleq::cli {
namespace {

struct NeighborsOptions {
    DatabaseSourceOptions database;
    SqlSource gold{"gold", {}, {}};
    neighbors::NeighborOptions generation;
    bool json = false;
};

/// Empty unless the cap on work per gold left proposals out.
std::string capNote(const neighbors::NeighborStats& stats)
{
    if (stats.capped == 0) return {};
    return fmt::format("capped: {} of {} proposed edits were left out by the cap on work per gold (at most 1,000 "
                       "per mutation family, 2,000 in all and 1 MiB of edited text, spread evenly over the "
                       "query); the neighbors are a representative sample",
                       stats.capped, stats.capped + stats.proposed);
}

nlohmann::json neighborsToJson(const std::string& gold, const std::vector<neighbors::Neighbor>& found,
                               const neighbors::NeighborStats& stats)
{
    nlohmann::json list = nlohmann::json::array();
    std::map<std::string, int> byFamily;
    for (const auto& neighbor : found) {
        const auto family = std::string(neighbors::familyName(neighbor.family));
        ++byFamily[family];
        list.push_back({{"family", family},
                        {"sql", neighbor.sql},
                        {"gold_span", {{"begin", neighbor.goldSpan.begin}, {"end", neighbor.goldSpan.end}}},
                        {"replacement", neighbor.replacement}});
    }
    return {{"gold", gold}, {"total", found.size()}, {"by_family", byFamily},
            {"capped", {{"applied", stats.capped > 0}, {"left_out", stats.capped}, {"proposed", stats.proposed + stats.capped}}},
            {"neighbors", list}};
}

void printNeighbors(const std::string& gold, const std::vector<neighbors::Neighbor>& found,
                    const neighbors::NeighborStats& stats)
{
    fmt::print("{} neighbors of: {}\n", found.size(), gold);
    if (const auto note = capNote(stats); !note.empty()) fmt::print("{}\n", note);
    std::map<std::string, std::vector<const neighbors::Neighbor*>> byFamily;
    for (const auto& neighbor : found) byFamily[std::string(neighbors::familyName(neighbor.family))].push_back(&neighbor);
    for (const auto& [family, members] : byFamily) {
        fmt::print("\n{} ({})\n", family, members.size());
        for (const auto* neighbor : members) {
            const auto span = neighbor->goldSpan;
            const auto was = span.valid() ? gold.substr(span.begin, span.length()) : std::string();
            fmt::print("  {:<48}  [{} -> {}]\n", neighbor->sql, was.empty() ? "∅" : was,
                       neighbor->replacement.empty() ? "∅" : neighbor->replacement);
        }
    }
}

int runNeighbors(const NeighborsOptions& options)
{
    auto gold = readSqlSource(options.gold);
    if (!gold) return reportError(options.json, gold.error(), kExitInputError);
    auto source = openSchemaSource(options.database);
    if (!source) return reportError(options.json, source.error(), kExitInputError);
    neighbors::NeighborStats stats;
    auto found = neighbors::generateNeighbors(*gold, source->schema, options.generation, &stats);
    if (!found) return reportError(options.json, "gold", found.error(), *gold, kExitInputError);
    if (options.json) {
        fmt::print("{}\n", neighborsToJson(*gold, *found, stats).dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    } else {
        printNeighbors(*gold, *found, stats);
    }
    return kExitSuccess;
}

} // namespace

void registerNeighborsCommand(CLI::App& app, int& exitCode)
{
    auto options = std::make_shared<NeighborsOptions>();
    auto* command = app.add_subcommand("neighbors", "List the gold query's neighbor queries, grouped by mutation family");
    addDatabaseSourceOptions(*command, options->database);
    addSqlSourceOptions(*command, options->gold, "Gold (reference) query");
    command->add_option("--seed", options->generation.seed, "Seed of the random constants")->capture_default_str();
    command->add_flag("--json", options->json, "Print the neighbors as JSON");
    command->callback([options, &exitCode] { exitCode = runNeighbors(*options); });
}

} // namespace sqleq::cli
