// `sqleq-cli distill`: one test suite per schema for a whole gold file, written in
// the layout test-suite-sql-eval reads (DIR/<db_id>/<db_id>_<n>.sqlite), plus a
// summary of the neighbors each gold query left undistinguished (each gold named by
// its index and line, and in a multi-turn file by its interaction and turn). A
// classical dataset (JSON-lines items with `-schema.csv` schemas) is distilled over
// its distinct golds through a tables.json written next to the suites.

#include "app/cli/commands.h"
#include "app/cli/exit_codes.h"
#include "app/cli/progress_bar.h"
#include "app/cli/suite_options.h"

#include "core/base/atomic_file.h"
#include "core/dataset/classical_dataset.h"
#include "core/dataset/spider_files.h"
#include "core/schema/schema_source.h"
#include "core/suite/suite.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <algorithm>
#include <memory>

namespace sqleq::cli {
namespace {

struct DistillCommandOptions {
    std::string goldPath;
    std::string tablesPath;
    std::string outDir;
    std::string originalDir;   ///< optional: DIR/<db_id>/<db_id>.sqlite, the dataset's own databases
    std::vector<std::string> onlyDbIds;
    /// The settings the suites are distilled under: the suite of each gold is the one
    /// `check` distills for the same settings (inspect::distillOptions).
    inspect::CheckSettings settings;
    /// What only a distillation chooses (--time-budget, --no-targeted, --targeted-first);
    /// inspect::distillOptions fills in every field the settings decide.
    suite::DistillOptions distillOnly;
};

nlohmann::json groupSummary(const suite::DatasetSchemaDone& group, const dataset::GoldFile& goldFile,
                            suite::ConstructShares& constructs)
{
    const auto& gold = goldFile.items;
    const suite::DistillResult& result = group.result;
    std::size_t total = 0;
    std::size_t undistinguished = 0;
    std::size_t proven = 0;
    std::size_t reliable = 0;
    std::size_t answered = 0;
    nlohmann::json items = nlohmann::json::array();
    for (std::size_t k = 0; k < result.golds.size(); ++k) {
        const auto& report = result.golds[k];
        // Neighbors that read like the gold once DISTINCT is removed are no targets.
        // Those proven equivalent by the schema's keys are neighbors, but not
        // undistinguished: no database the profile allows tells them apart.
        nlohmann::json left = nlohmann::json::array();
        nlohmann::json equivalent = nlohmann::json::array();
        std::size_t targets = 0;
        for (const auto& status : report.neighbors) {
            if (status.sameAsGoldWhenRun) continue;
            ++targets;
            if (!status.equivalenceProof.empty())
                equivalent.push_back({{"sql", status.neighbor.sql}, {"reason", status.equivalenceProof}});
            else if (status.distinguishedBy < 0) left.push_back(status.neighbor.sql);
        }
        total += targets;
        undistinguished += left.size();
        if (!report.error) constructs.add(gold[group.items[k]].sql, targets, left.size());
        proven += equivalent.size();
        if (!report.error) {
            ++answered;
            if (left.empty()) ++reliable;
        }
        // A line refused for its size says so, not "the query is empty".
        const std::string& refused = gold[group.items[k]].error;
        const std::string error = !refused.empty() ? refused : report.error ? report.error->message : std::string();
        const dataset::GoldItem& item = gold[group.items[k]];
        nlohmann::json entry = {{"index", group.items[k]}, {"line", item.line}, {"neighbors", targets},
                                {"undistinguished", left}, {"proven_equivalent", equivalent}, {"error", error},
                                {"work_budget_spent", report.workBudgetSpent}};
        if (goldFile.layout.multiTurn()) {
            entry["interaction"] = item.interaction + 1;
            entry["turn"] = item.turn + 1;
        }
        items.push_back(std::move(entry));
    }
    return {{"db_id", group.dbId}, {"gold_queries", group.items.size()}, {"suite_size", result.suite.databases.size()},
            {"sampled", result.sampled}, {"targeted", result.targetedBuilt}, {"gold_failures", result.goldFailures},
            {"seconds", result.seconds}, {"neighbors", total}, {"undistinguished", undistinguished},
            {"proven_equivalent", proven}, {"golds_run", answered}, {"reliable_golds", reliable},
            {"cancelled", result.cancelled}, {"items", items}};
}

/// [{"construct", "golds", "neighbors", "undistinguished", "undistinguished_percent"}].
nlohmann::json constructsJson(const suite::ConstructShares& constructs)
{
    nlohmann::json out = nlohmann::json::array();
    for (const auto& share : constructs.shares()) {
        out.push_back({{"construct", share.construct}, {"golds", share.golds}, {"neighbors", share.neighbors},
                       {"undistinguished", share.undistinguished},
                       {"undistinguished_percent",
                        share.neighbors ? 100.0 * static_cast<double>(share.undistinguished)
                                              / static_cast<double>(share.neighbors)
                                        : 0.0}});
    }
    return out;
}

/// The same, one line per construct, after the totals.
void printConstructShares(const suite::ConstructShares& constructs)
{
    fmt::print("undistinguished by the constructs the golds use (a gold counts for each it uses):\n");
    for (const auto& share : constructs.shares()) {
        const double percent = share.neighbors ? 100.0 * static_cast<double>(share.undistinguished)
                                                     / static_cast<double>(share.neighbors)
                                               : 0.0;
        fmt::print("  {:<28} {:>5} golds  {:>7} neighbors  {:>6} undistinguished ({:.2f}%)\n", share.construct,
                   share.golds, share.neighbors, share.undistinguished, percent);
    }
}

struct DistillInputs {
    dataset::GoldFile gold;  ///< the items, with the interactions of a multi-turn file
    std::string tablesJson;  ///< the file distill reads the schemas from
};

/// The classical dataset as distill reads it: its distinct golds, and its schemas as
/// OUT/tables.json (kept: the official evaluator reads the suites with it).
Result<DistillInputs> classicalInputs(const DistillCommandOptions& options)
{
    auto input = dataset::classicalDistillInput(options.goldPath, {options.tablesPath});
    if (!input) return input.error();
    std::error_code ec;
    std::filesystem::create_directories(options.outDir, ec);
    const auto tablesPath = std::filesystem::path(options.outDir) / "tables.json";
    if (auto written = writeFileAtomically(tablesPath, input->tablesJson); !written) return written.error();
    std::size_t foreignKeys = 0;
    for (const auto& schema : input->schemas)
        for (const auto& table : schema.tables) foreignKeys += table.foreignKeys.size();
    fmt::print("{} items, {} distinct gold queries over {} schema(s) ({} foreign keys inferred); schemas in {}\n",
               input->itemCount, input->golds.size(), input->schemas.size(), foreignKeys, tablesPath.string());
    return DistillInputs{dataset::GoldFile{std::move(input->golds), {}}, tablesPath.string()};
}

Result<DistillInputs> readInputs(const DistillCommandOptions& options)
{
    const bool classicalGold = dataset::isJsonLinesPath(options.goldPath);
    std::error_code ec;
    const bool csvTables = schema::isCsvSchemaPath(options.tablesPath)
                           || std::filesystem::is_directory(options.tablesPath, ec);
    if (classicalGold != csvTables)
        return Diagnostic{"cli.usage",
                          "a .jsonl gold file goes with -schema.csv schemas (a file or a directory of them), "
                          "a SQL<TAB>db_id gold file with a tables.json",
                          {}, {}};
    if (classicalGold) return classicalInputs(options);
    auto gold = dataset::readGoldInteractions(options.goldPath);
    if (!gold) return gold.error();
    return DistillInputs{std::move(*gold), options.tablesPath};
}

int runDistill(const DistillCommandOptions& options)
{
    auto inputs = readInputs(options);
    if (!inputs) {
        fmt::print(stderr, "error: {}\n", inputs.error().message);
        return kExitInputError;
    }
    const auto* gold = &inputs->gold.items;
    for (const auto& item : *gold)
        if (!item.error.empty()) fmt::print(stderr, "warning: {}; reported as that item's error\n", item.error);
    suite::DatasetDistillRequest request;
    for (const auto& item : *gold) request.items.push_back({item.sql, item.dbId});
    request.tablesJson = inputs->tablesJson;
    request.originalDatabases = options.originalDir;
    request.outDir = options.outDir;
    request.onlyDbIds = options.onlyDbIds;
    request.options = inspect::distillOptions(options.settings, options.distillOnly);
    nlohmann::json summary = {{"schemas", nlohmann::json::array()}};
    std::size_t neighborsTotal = 0;
    std::size_t undistinguishedTotal = 0;
    std::size_t provenTotal = 0;
    std::size_t goldsRun = 0;
    std::size_t reliableGolds = 0;
    suite::ConstructShares constructs;
    // Suites are written schema by schema as they complete; on a pipe, progress lines
    // show that a long run is alive.
    ProgressBar bar(ProgressBar::Piped::Lines);
    const auto printSchema = [&](const suite::DatasetSchemaDone& group) {
        bar.finish();
        const suite::DistillResult& result = group.result;
        auto entry = groupSummary(group, inputs->gold, constructs);
        if (!group.constraintNotes.empty()) entry["constraint_notes"] = group.constraintNotes;
        neighborsTotal += entry["neighbors"].get<std::size_t>();
        undistinguishedTotal += entry["undistinguished"].get<std::size_t>();
        provenTotal += entry["proven_equivalent"].get<std::size_t>();
        goldsRun += entry["golds_run"].get<std::size_t>();
        reliableGolds += entry["reliable_golds"].get<std::size_t>();
        const auto overBudget = std::count_if(result.golds.begin(), result.golds.end(),
                                              [](const suite::GoldReport& r) { return r.workBudgetSpent; });
        fmt::print("{:<28} {:>4} queries  suite {:>3}  sampled {:>4}  neighbors {:>6}  undistinguished {:>4}  {:>7.1f} s{}\n",
                   group.dbId, group.items.size(), result.suite.databases.size(), result.sampled,
                   entry["neighbors"].get<std::size_t>(), entry["undistinguished"].get<std::size_t>(),
                   result.seconds,
                   overBudget > 0 ? fmt::format("  ({} gold(s) gave up at their work budget)", overBudget) : "");
        for (const std::string& note : group.constraintNotes) fmt::print("  {}: {}\n", group.dbId, note);
        std::fflush(stdout);
        summary["schemas"].push_back(std::move(entry));
    };
    const auto progress = [&bar](const suite::Progress& step) { bar.update(step, step.dbId); };
    auto outcome = suite::distillDataset(request, printSchema, progress);
    bar.finish();
    if (!outcome) {
        fmt::print(stderr, "error: {}\n", outcome.error().message);
        return kExitInputError;
    }
    const double fraction = neighborsTotal ? 100.0 * undistinguishedTotal / neighborsTotal : 0.0;
    const double reliable = goldsRun ? 100.0 * reliableGolds / goldsRun : 0.0;
    summary["totals"] = {{"neighbors", neighborsTotal}, {"undistinguished", undistinguishedTotal},
                         {"undistinguished_percent", fraction}, {"proven_equivalent", provenTotal},
                         {"golds_run", goldsRun}, {"reliable_golds", reliableGolds}, {"reliable_percent", reliable},
                         {"suite_databases", outcome->suiteDatabases}, {"seconds", outcome->seconds}};
    summary["by_construct"] = constructsJson(constructs);
    const auto summaryPath = std::filesystem::path(options.outDir) / "distill_summary.json";
    if (auto written = writeFileAtomically(summaryPath, summary.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n"); !written) {
        fmt::print(stderr, "error: {}\n", written.error().message);
        return kExitInputError;
    }
    fmt::print("total: {} suite databases, {} neighbors, {} undistinguished ({:.2f}%), {} proven equivalent, "
               "reliable {:.1f}% of {} golds, {:.1f} s\n",
               outcome->suiteDatabases, neighborsTotal, undistinguishedTotal, fraction, provenTotal, reliable, goldsRun,
               outcome->seconds);
    printConstructShares(constructs);
    return kExitSuccess;
}

} // namespace

void registerDistillCommand(CLI::App& app, int& exitCode)
{
    auto options = std::make_shared<DistillCommandOptions>();
    auto* command = app.add_subcommand(
        "distill", "Distill one test suite per schema for a gold file, in test-suite-sql-eval's layout");
    command->add_option("--gold", options->goldPath, "Gold file: one SQL<TAB>db_id per line, or a classical dataset's .jsonl items "
                        "(distinct golds are distilled)")->required()->check(CLI::ExistingFile);
    command->add_option("--tables", options->tablesPath,
                        "Spider tables.json; with .jsonl items, a NAME-schema.csv file or a directory of them")
        ->required()->check(CLI::ExistingPath);
    command->add_option("--out", options->outDir, "Output directory: OUT/<db_id>/<db_id>_<n>.sqlite")->required();
    command->add_option("--db", options->originalDir,
                        "Directory of the dataset's own databases (DIR/<db_id>/<db_id>.sqlite), tried first")
        ->check(CLI::ExistingDirectory);
    command->add_option("--db-id", options->onlyDbIds, "Only these schemas");
    addDistillSettingsOptions(*command, options->settings);
    command->add_option("--time-budget", options->distillOnly.timeBudgetSeconds, "Seconds per schema at most (0: none)");
    command->add_flag("--no-targeted{false}", options->distillOnly.targeted,
                      "Sampling alone (the paper's Algorithm 1): no proofs from the schema's keys and no databases "
                      "built for the neighbors sampling leaves undistinguished");
    command->add_flag("--targeted-first", options->distillOnly.targetedFirst,
                      "Proofs and databases built for each gold before sampling as well (for golds no random "
                      "database satisfies, such as ATIS's)");
    command->callback([options, &exitCode] { exitCode = runDistill(*options); });
}

} // namespace sqleq::cli
