// `sqleq-cli bench-parse`: parsing speed over the Spider corpus (gold + 21 prediction
// files), single-threaded. A benchmark, not a test: it reports, it asserts nothing.

#include "app/cli/commands.h"
#include "app/cli/exit_codes.h"

#include "core/dataset/spider_files.h"
#include "core/sql/sql.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>

namespace sqleq::cli {
namespace {

struct BenchParseOptions {
    std::string corpusDir = "../shared/corpus/spider";
    int repeat = 5;
};

Result<std::vector<std::string>> loadCorpusQueries(const std::filesystem::path& dir)
{
    std::vector<std::string> queries;
    auto gold = dataset::readGoldFile((dir / "dev_gold.sql").string());
    if (!gold) return gold.error();
    for (auto& item : *gold) queries.push_back(std::move(item.sql));
    for (int k = 1; k <= 21; ++k) {
        auto predictions = dataset::readPredictionsFile((dir / "predictions" / fmt::format("dev_{}.txt", k)).string());
        if (!predictions) return predictions.error();
        for (auto& prediction : *predictions) queries.push_back(std::move(prediction.sql));
    }
    return queries;
}

int runBenchParse(const BenchParseOptions& options)
{
    auto queries = loadCorpusQueries(options.corpusDir);
    if (!queries) {
        fmt::print(stderr, "error: {}\n", queries.error().message);
        return kExitInputError;
    }
    size_t bytes = 0;
    for (const auto& query : *queries) bytes += query.size();

    std::vector<double> seconds;
    size_t accepted = 0;
    for (int round = 0; round < options.repeat; ++round) {
        accepted = 0;
        const auto start = std::chrono::steady_clock::now();
        for (const auto& query : *queries) accepted += sql::parse(query).ok() ? 1 : 0;
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(seconds.begin(), seconds.end());
    const double median = seconds[seconds.size() / 2];
    fmt::print("parsed {} queries ({:.1f} KiB, {} accepted) x {} rounds, one thread\n", queries->size(),
               bytes / 1024.0, accepted, options.repeat);
    fmt::print("best {:.1f} ms, median {:.1f} ms: {:.0f} queries/s, {:.1f} MiB/s (median)\n", seconds.front() * 1e3,
               median * 1e3, queries->size() / median, bytes / median / (1 << 20));
    return kExitSuccess;
}

} // namespace

void registerBenchParseCommand(CLI::App& app, int& exitCode)
{
    auto options = std::make_shared<BenchParseOptions>();
    auto* command = app.add_subcommand("bench-parse", "Benchmark: parse every query of the Spider corpus");
    command->add_option("--corpus", options->corpusDir, "Spider corpus directory")
        ->capture_default_str()
        ->check(CLI::ExistingDirectory);
    command->add_option("--repeat", options->repeat, "Rounds to time")->capture_default_str()->check(CLI::PositiveNumber);
    command->callback([options, &exitCode] { exitCode = runBenchParse(*options); });
}

} // namespace sqleq::cli
