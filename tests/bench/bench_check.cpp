// Benchmark: `check` from scratch (neighbors, distillation, verdict, minimal
// counterexample) on the pairs of esm_false_negatives.tsv. Reports latency
// percentiles and counterexample sizes; asserts nothing (not a test).
//
//   bench_check [CORPUS_DIR] [--all] [--budget N] [--verbose]
//     default: the 99 annotated pairs with --plug-value (what an auditor checks);
//     --all:   all 558 pairs, without plug-value and keeping DISTINCT, so that
//              many are separated and counterexamples can be measured.

#include "core/minimize/separating_database.h"
#include "core/fuzz/sampler.h"
#include "core/schema/spider_tables.h"
#include "core/suite/suite.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace sqleq;

namespace {

struct Pair {
    std::string dbId, gold, pred, reason;
};

std::vector<Pair> readPairs(const std::string& path)
{
    std::vector<Pair> pairs;
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        std::vector<std::string> fields;
        std::stringstream stream(line);
        for (std::string field; std::getline(stream, field, '\t');) fields.push_back(field);
        fields.resize(5);
        pairs.push_back({fields[0], fields[1], fields[2], fields[3]});
    }
    return pairs;
}

double percentile(std::vector<double> values, double p)
{
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, static_cast<size_t>(p * (values.size() - 1) + 0.5))];
}

} // namespace

int main(int argc, char** argv)
{
    std::string corpus = "../shared/corpus/spider";
    bool all = false;
    bool verbose = false;
    size_t budget = 1000;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--all") all = true;
        else if (arg == "--verbose") verbose = true;
        else if (arg == "--budget" && i + 1 < argc) budget = std::stoul(argv[++i]);
        else corpus = arg;
    }
    std::map<std::string, schema::Schema> schemas;
    std::vector<double> latencies;
    std::vector<double> sizes;
    std::map<std::string, int> verdicts;
    std::map<std::string, int> minimizeErrors;
    for (const auto& pair : readPairs(corpus + "/esm_false_negatives.tsv")) {
        if (!all && pair.reason.empty()) continue;
        if (!schemas.count(pair.dbId)) {
            auto loaded = schema::loadSpiderSchema(corpus + "/tables.json", pair.dbId);
            if (!loaded) {
                fmt::print(stderr, "{}\n", loaded.error().message);
                return 1;
            }
            schemas.emplace(pair.dbId, std::move(*loaded));
        }
        const auto& schema = schemas.at(pair.dbId);
        const auto start = std::chrono::steady_clock::now();
        suite::DistillOptions distillOptions;
        distillOptions.budget = budget;
        distillOptions.keepDistinct = all;
        suite::CheckOptions checkOptions;
        checkOptions.plugValue = !all;
        checkOptions.keepDistinct = all;
        auto distilled = suite::distill(schema, {pair.gold}, distillOptions);
        if (!distilled) continue;
        const auto result = suite::checkCandidate(pair.gold, pair.pred, distilled->suite, checkOptions);
        if (result.verdict == suite::VerdictKind::Different) {
            const auto materializable = fuzz::materializableSchema(schema);
            minimize::SeparationCase separation{&materializable, result.goldUsed, result.candidateUsed,
                                                result.comparison.orderMatters, true, checkOptions.limits, nullptr};
            auto minimized = minimize::minimizeSeparatingDatabase(
                distilled->suite.databases[result.separatingDatabase].bytes, separation);
            if (minimized) {
                sizes.push_back(static_cast<double>(minimized->rowsAfter));
            } else {
                ++minimizeErrors[minimized.error().code];
                if (verbose) fmt::print(stderr, "{}\n  {}\n  {}\n", minimized.error().message, pair.gold, pair.pred);
            }
        }
        latencies.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        ++verdicts[std::string(suite::verdictKindName(result.verdict))];
    }
    fmt::print("pairs: {} ({})\n", latencies.size(), all ? "all, no plug-value, DISTINCT kept" : "annotated, plug-value");
    for (const auto& [verdict, count] : verdicts) fmt::print("  {:<16} {}\n", verdict, count);
    fmt::print("check latency from scratch: median {:.3f} s, p95 {:.3f} s, max {:.3f} s (budget {})\n",
               percentile(latencies, 0.5), percentile(latencies, 0.95), percentile(latencies, 1.0), budget);
    if (!sizes.empty()) {
        fmt::print("minimal counterexample rows over {} separated pairs: median {:.0f}, max {:.0f}\n", sizes.size(),
                   percentile(sizes, 0.5), percentile(sizes, 1.0));
    }
    for (const auto& [code, count] : minimizeErrors) fmt::print("  not minimized ({}): {}\n", code, count);
    return 0;
}
