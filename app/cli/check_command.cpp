// `sqleq-cli check`: the whole method for one pair — neighbors, a distilled test
// suite, the verdict, and the separating database shrunk to a minimal counterexample.

#include "app/cli/commands.h"
#include "app/cli/counterexample_report.h"
#include "app/cli/database_source.h"
#include "app/cli/exit_codes.h"
#include "app/cli/limit_options.h"
#include "app/cli/progress_bar.h"
#include "app/cli/sql_source.h"
#include "app/cli/suite_options.h"

#include "core/suite/suite.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <memory>

namespace sqleq::cli {
namespace {

struct CheckCommandOptions {
    DatabaseSourceOptions database;
    SqlSource gold{"gold", {}, {}};
    SqlSource candidate{"candidate", {}, {}};
    suite::DistillOptions distill;
    suite::CheckOptions check;
    std::size_t deep = 0;
    bool minimize = true;
    bool json = false;
};

struct NeighborCounts {
    std::size_t total = 0;
    std::size_t distinguished = 0;
};

NeighborCounts countNeighbors(const suite::DistillResult& distilled)
{
    NeighborCounts counts;
    for (const auto& gold : distilled.golds) {
        for (const auto& status : gold.neighbors) {
            if (status.sameAsGoldWhenRun) continue;  // reads like the gold once DISTINCT is removed
            ++counts.total;
            counts.distinguished += status.distinguishedBy >= 0 ? 1 : 0;
        }
    }
    return counts;
}

nlohmann::json toJson(const CheckCommandOptions& options, const schema::Schema& schema,
                      const suite::DistillResult& distilled, const suite::CheckResult& result,
                      const std::optional<minimize::Counterexample>& counterexample, double seconds)
{
    const auto counts = countNeighbors(distilled);
    nlohmann::json out = counterexampleJson(schema, counterexample);
    out["verdict"] = suite::verdictKindName(result.verdict);
    out["message"] = result.message;
    out["separating_db"] = result.separatingDatabase >= 0 ? nlohmann::json(result.separatingDatabase) : nlohmann::json();
    out["separating_db_label"] = result.separatingDatabase >= 0
        ? nlohmann::json(distilled.suite.databases[result.separatingDatabase].label) : nlohmann::json();
    out["suite_size"] = distilled.suite.databases.size();
    out["databases_checked"] = result.databasesChecked;
    out["sampled"] = distilled.sampled;
    out["neighbors"] = {{"total", counts.total}, {"distinguished", counts.distinguished}};
    out["comparison"] = compare::toJson(result.comparison);
    out["gold_used"] = result.goldUsed;
    out["candidate_used"] = result.candidateUsed;
    out["profile"] = fuzz::profileName(options.distill.profile);
    out["seed"] = options.distill.seed;
    out["seconds"] = seconds;
    return out;
}

void printText(const CheckCommandOptions& options, const schema::Schema& schema, const suite::DistillResult& distilled,
               const suite::CheckResult& result, const std::optional<minimize::Counterexample>& counterexample,
               double seconds)
{
    const auto counts = countNeighbors(distilled);
    const auto suiteSize = distilled.suite.databases.size();
    switch (result.verdict) {
    case suite::VerdictKind::Equivalent:
        fmt::print("verdict: equivalent on all {} databases", suiteSize);
        break;
    case suite::VerdictKind::Different:
        fmt::print("verdict: different: database #{} ({}) of {} separates them", result.separatingDatabase,
                   distilled.suite.databases[result.separatingDatabase].label, suiteSize);
        break;
    case suite::VerdictKind::CandidateError: fmt::print("verdict: candidate does not run"); break;
    case suite::VerdictKind::GoldError: fmt::print("verdict: gold does not run"); break;
    }
    fmt::print(" (profile {}, seed {}, {:.2f} s)\n", fuzz::profileName(options.distill.profile), options.distill.seed,
               seconds);
    fmt::print("why: {}\n", result.message);
    fmt::print("neighbors: {} generated, {} distinguished; {} databases sampled\n", counts.total, counts.distinguished,
               distilled.sampled);
    if (result.candidateUsed != result.goldUsed && options.check.plugValue) {
        fmt::print("candidate as run: {}\n", result.candidateUsed);
    }
    printCounterexample(schema, counterexample);
}

int exitCodeFor(suite::VerdictKind verdict)
{
    switch (verdict) {
    case suite::VerdictKind::Equivalent: return kExitSuccess;
    case suite::VerdictKind::GoldError: return kExitInputError;
    default: return kExitDifferent;
    }
}

int runCheck(CheckCommandOptions options)
{
    auto gold = readSqlSource(options.gold);
    auto candidate = readSqlSource(options.candidate);
    for (const auto* text : {&gold, &candidate}) {
        if (!*text) {
            fmt::print(stderr, "error: {}\n", text->error().message);
            return kExitInputError;
        }
    }
    auto source = openSchemaSource(options.database);
    if (!source) {
        fmt::print(stderr, "error: {}\n", source.error().message);
        return kExitInputError;
    }
    const auto start = std::chrono::steady_clock::now();
    options.distill.original = source->original;
    options.distill.keepDistinct = options.check.keepDistinct;
    ProgressBar bar;
    auto distilled = suite::distill(source->schema, {*gold}, options.distill, bar.callback());
    bar.finish();
    if (!distilled) {
        fmt::print(stderr, "error: gold: {}\n", formatDiagnostic(*gold, distilled.error()));
        return kExitInputError;
    }
    if (const auto& error = distilled->golds.front().error) {
        fmt::print(stderr, "error: gold: {}\n", formatDiagnostic(*gold, *error));
        return kExitInputError;
    }
    const auto result = options.deep > 0
        ? suite::checkCandidateDeep(source->schema, *gold, *candidate, distilled->suite, options.check,
                                    {options.deep, options.distill.profile, options.distill.seed})
        : suite::checkCandidate(*gold, *candidate, distilled->suite, options.check);
    const auto counterexample = options.minimize
        ? minimize::buildCounterexample(source->schema, distilled->suite, result,
                                        options.distill.profile == fuzz::Profile::Spider, options.check.limits)
        : std::nullopt;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (options.json) {
        fmt::print("{}\n", toJson(options, source->schema, *distilled, result, counterexample, seconds)
                               .dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    } else {
        printText(options, source->schema, *distilled, result, counterexample, seconds);
    }
    return exitCodeFor(result.verdict);
}

} // namespace

void registerCheckCommand(CLI::App& app, int& exitCode)
{
    auto options = std::make_shared<CheckCommandOptions>();
    auto* command = app.add_subcommand(
        "check", "Decide gold vs candidate with a distilled test suite; show the minimal separating database");
    addDatabaseSourceOptions(*command, options->database);
    addSqlSourceOptions(*command, options->gold, "Gold (reference) query");
    addSqlSourceOptions(*command, options->candidate, "Candidate (predicted) query");
    addDistillOptions(*command, options->distill);
    addVerdictOptions(*command, options->check);
    addLimitOptions(*command, options->check.limits);
    command->add_option("--deep", options->deep,
                        "When the suite finds no difference, sample this many more databases (with the candidate's "
                        "constants too) to look for one")
        ->capture_default_str();
    command->add_flag("!--no-minimize", options->minimize, "Skip the minimal counterexample (faster)");
    command->add_flag("--json", options->json,
                      "Print a JSON object: verdict, separating_db, suite_size, neighbors, counterexample, gold_rows, "
                      "candidate_rows, seconds, ...");
    command->callback([options, &exitCode] { exitCode = runCheck(*options); });
}

} // namespace sqleq::cli
