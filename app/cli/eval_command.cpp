// `sqleq-cli eval`: test-suite accuracy of a predictions file against released or
// distilled suites (DIR/<db_id>/*.sqlite), per item and overall.

#include "app/cli/commands.h"
#include "app/cli/exit_codes.h"
#include "app/cli/parallel_for.h"
#include "app/cli/progress_bar.h"
#include "app/cli/suite_options.h"

#include "core/base/atomic_file.h"
#include "core/dataset/spider_files.h"
#include "core/suite/suite.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <map>
#include <memory>

namespace sqleq::cli {
namespace {

struct EvalOptions {
    std::string goldPath;
    std::string predPath;
    std::string suitesDir;
    std::string outPath;
    unsigned jobs = 0;
    suite::CheckOptions check;
};

struct ItemResult {
    suite::VerdictKind verdict = suite::VerdictKind::Different;
    int separatingDatabase = -1;
    std::string message;
};

std::string tsvField(std::string text)
{
    for (auto& c : text) {
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    }
    return text;
}

std::string itemsTsv(const std::vector<dataset::GoldItem>& gold, const std::vector<ItemResult>& results)
{
    std::string out = "index\tdb_id\ttestsuite\tverdict\tseparating_db\tmessage\n";
    for (std::size_t i = 0; i < results.size(); ++i) {
        const auto& result = results[i];
        out += fmt::format("{}\t{}\t{}\t{}\t{}\t{}\n", i, gold[i].dbId,
                           result.verdict == suite::VerdictKind::Equivalent ? 1 : 0,
                           suite::verdictKindName(result.verdict),
                           result.separatingDatabase >= 0 ? std::to_string(result.separatingDatabase) : "",
                           tsvField(result.message));
    }
    return out;
}

std::string itemsJson(const std::vector<dataset::GoldItem>& gold, const std::vector<ItemResult>& results)
{
    nlohmann::json items = nlohmann::json::array();
    for (std::size_t i = 0; i < results.size(); ++i) {
        const auto& result = results[i];
        items.push_back({{"index", i}, {"db_id", gold[i].dbId},
                         {"testsuite", result.verdict == suite::VerdictKind::Equivalent},
                         {"verdict", suite::verdictKindName(result.verdict)},
                         {"separating_db", result.separatingDatabase >= 0 ? nlohmann::json(result.separatingDatabase) : nlohmann::json()},
                         {"message", result.message}});
    }
    return items.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

Result<std::map<std::string, suite::Suite>> importSuites(const std::string& dir, const std::vector<dataset::GoldItem>& gold)
{
    std::map<std::string, suite::Suite> suites;
    for (const auto& item : gold) {
        if (suites.count(item.dbId)) continue;
        auto imported = suite::importSuite(dir, item.dbId);
        if (!imported) return imported.error();
        suites.emplace(item.dbId, std::move(*imported));
    }
    return suites;
}

int runEval(const EvalOptions& options)
{
    auto gold = dataset::readGoldFile(options.goldPath);
    auto predictions = dataset::readPredictionsFile(options.predPath);
    if (!gold || !predictions) {
        fmt::print(stderr, "error: {}\n", (!gold ? gold.error() : predictions.error()).message);
        return kExitInputError;
    }
    if (gold->size() != predictions->size()) {
        fmt::print(stderr, "error: {} has {} gold items but {} has {} predictions\n", options.goldPath, gold->size(),
                   options.predPath, predictions->size());
        return kExitInputError;
    }
    auto suites = importSuites(options.suitesDir, *gold);
    if (!suites) {
        fmt::print(stderr, "error: {}\n", suites.error().message);
        return kExitInputError;
    }
    std::vector<ItemResult> results(gold->size());
    ProgressBar bar;
    parallelFor(gold->size(), options.jobs, [&](std::size_t i) {
        const auto checked = suite::checkCandidate((*gold)[i].sql, (*predictions)[i].sql, suites->at((*gold)[i].dbId),
                                                   options.check);
        results[i] = {checked.verdict, checked.separatingDatabase, checked.message};
    }, [&](std::size_t done, std::size_t total) {
        suite::Progress progress;
        progress.phase = "checking";
        progress.done = done;
        progress.total = total;
        bar.update(progress);
    });
    bar.finish();

    std::size_t correct = 0;
    std::size_t goldErrors = 0;
    for (const auto& result : results) {
        correct += result.verdict == suite::VerdictKind::Equivalent ? 1 : 0;
        goldErrors += result.verdict == suite::VerdictKind::GoldError ? 1 : 0;
    }
    fmt::print("test-suite accuracy: {} / {} = {:.3f}\n", correct, results.size(),
               results.empty() ? 0.0 : double(correct) / results.size());
    if (goldErrors > 0) fmt::print(stderr, "warning: {} gold queries failed on their suite\n", goldErrors);
    if (!options.outPath.empty()) {
        const bool json = options.outPath.ends_with(".json");
        if (auto written = writeFileAtomically(options.outPath, json ? itemsJson(*gold, results) : itemsTsv(*gold, results));
            !written) {
            fmt::print(stderr, "error: {}\n", written.error().message);
            return kExitInputError;
        }
    }
    return kExitSuccess;
}

} // namespace

void registerEvalCommand(CLI::App& app, int& exitCode)
{
    auto options = std::make_shared<EvalOptions>();
    auto* command = app.add_subcommand("eval", "Test-suite accuracy of a predictions file, per item and overall");
    command->add_option("--gold", options->goldPath, "Gold file: one SQL<TAB>db_id per line")->required()->check(CLI::ExistingFile);
    command->add_option("--pred", options->predPath, "Predictions: one SQL per line, same order")->required()->check(CLI::ExistingFile);
    command->add_option("--suites", options->suitesDir, "Test suites: DIR/<db_id>/*.sqlite")->required()->check(CLI::ExistingDirectory);
    command->add_option("--out", options->outPath, "Per-item results: items.tsv or items.json");
    command->add_option("--jobs", options->jobs, "Worker threads (0: all cores)")->capture_default_str();
    addVerdictOptions(*command, options->check);
    command->callback([options, &exitCode] { exitCode = runEval(*options); });
}

} // namespace sqleq::cli
