// Benchmark: core/evaluation on the Spider dev set. Times exact set match of all 21
// submissions (match only, as `eval --etype match` does), and, given suites, every
// metric of one submission. Prints wall times and the exact-match row; asserts
// nothing (not a test).
//
//   bench_evaluation CORPUS_DIR [--suites DIR] [--submission K] [--jobs N] [--plug-value]
//     CORPUS_DIR holds dev_gold.sql, tables.json, predictions/, database/.

#include "core/evaluation/evaluation.h"

#include <fmt/format.h>

#include <chrono>
#include <string>

using namespace sqleq;

namespace {

struct BenchOptions {
    std::string corpus;
    std::string suites;
    int submission = 2;
    unsigned jobs = 0;
    bool plugValue = false;
};

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

Result<evaluation::SubmissionInputs> submission(const BenchOptions& options, int k)
{
    return evaluation::readSubmission(options.corpus + "/dev_gold.sql",
                                      fmt::format("{}/predictions/dev_{}.txt", options.corpus, k));
}

/// The "all" cell of the report row `name`, for a one-line summary.
std::string allCell(const std::string& report, std::string_view name)
{
    for (std::size_t start = 0; start < report.size();) {
        const auto end = report.find('\n', start);
        const std::string_view line(report.data() + start, (end == std::string::npos ? report.size() : end) - start);
        if (line.starts_with(fmt::format("{:<20} ", name))) return std::string(line.substr(21 + 4 * 21, 5));
        start = end == std::string::npos ? report.size() : end + 1;
    }
    return "?";
}

int benchExactMatch(const BenchOptions& options)
{
    evaluation::EvaluationOptions evalOptions;
    evalOptions.metrics = {.esm = true, .exec = false, .testSuite = false, .sqlEval = false, .pcmF1 = false};
    evalOptions.settings.jobs = options.jobs;
    const auto start = std::chrono::steady_clock::now();
    std::size_t items = 0;
    for (int k = 1; k <= 21; ++k) {
        auto inputs = submission(options, k);
        if (!inputs) return fmt::print(stderr, "error: {}\n", inputs.error().message), 3;
        inputs->tables = options.corpus + "/tables.json";
        auto result = evaluation::evaluateSubmission(*inputs, evalOptions);
        if (!result) return fmt::print(stderr, "error: {}\n", result.error().message), 3;
        items += result->items.size();
        fmt::print("dev_{:<2} exact match (all) {}\n", k, allCell(evaluation::formatHardnessReport(*result), "exact match"));
    }
    fmt::print("ESM of 21 submissions ({} items, reading files included): {:.2f} s\n", items, secondsSince(start));
    return 0;
}

int benchAllMetrics(const BenchOptions& options)
{
    auto inputs = submission(options, options.submission);
    if (!inputs) return fmt::print(stderr, "error: {}\n", inputs.error().message), 3;
    inputs->tables = options.corpus + "/tables.json";
    inputs->originalDatabases = options.corpus + "/database";
    inputs->suites = options.suites;
    evaluation::EvaluationOptions evalOptions;
    evalOptions.settings.jobs = options.jobs;
    evalOptions.settings.plugValue = options.plugValue;
    const auto start = std::chrono::steady_clock::now();
    auto result = evaluation::evaluateSubmission(*inputs, evalOptions);
    if (!result) return fmt::print(stderr, "error: {}\n", result.error().message), 3;
    const auto report = evaluation::formatHardnessReport(*result);
    fmt::print("dev_{}: all metrics of {} items in {:.2f} s (suites imported included); test-suite {}, exec {}, "
               "exact match {}\n",
               options.submission, result->items.size(), secondsSince(start), allCell(report, "test-suite"),
               allCell(report, "execution"), allCell(report, "exact match"));
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        fmt::print(stderr, "usage: bench_evaluation CORPUS_DIR [--suites DIR] [--submission K] [--jobs N] [--plug-value]\n");
        return 2;
    }
    BenchOptions options;
    options.corpus = argv[1];
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--suites" && i + 1 < argc) options.suites = argv[++i];
        else if (arg == "--submission" && i + 1 < argc) options.submission = std::stoi(argv[++i]);
        else if (arg == "--jobs" && i + 1 < argc) options.jobs = static_cast<unsigned>(std::stoul(argv[++i]));
        else if (arg == "--plug-value") options.plugValue = true;
        else return fmt::print(stderr, "unknown argument {}\n", arg), 2;
    }
    if (const int failed = benchExactMatch(options); failed != 0) return failed;
    return options.suites.empty() ? 0 : benchAllMetrics(options);
}
