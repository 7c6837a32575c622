// Benchmark: how many Spider dev gold queries give an order-dependent result on their
// own original database (ties at ORDER BY … LIMIT, bare columns beside aggregates, an
// unordered LIMIT): for those, every metric that compares results is ill-defined — the
// same pair can score differently on another machine. Uses targeted::checkOrderDependence
// (the same rows stored in other orders, and PRAGMA reverse_unordered_selects). Asserts
// nothing (not a test).
//
//   bench_nondeterminism [CORPUS_DIR] [--verbose]

#include "core/exec/spider_compat.h"
#include "core/fuzz/sampler.h"
#include "core/schema/schema_source.h"
#include "core/suite/spider_options.h"
#include "core/targeted/order_dependence.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>

using namespace sqleq;

namespace {

struct Original {
    schema::Schema schema;
    exec::Bytes bytes;
};

std::optional<Original> loadOriginal(const std::filesystem::path& corpus, const std::string& dbId)
{
    const auto path = corpus / "database" / dbId / (dbId + ".sqlite");
    if (!std::filesystem::exists(path)) return std::nullopt;
    auto connection = exec::Connection::openReadOnly(path);
    if (!connection) return std::nullopt;
    auto source = schema::schemaSourceFromDatabase(*connection, dbId);
    if (!source || !source->original) return std::nullopt;
    return Original{fuzz::materializableSchema(source->schema), std::move(*source->original)};
}

} // namespace

int main(int argc, char** argv)
{
    std::filesystem::path corpus = "../shared/corpus/spider";
    bool verbose = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--verbose") verbose = true;
        else corpus = arg;
    }
    std::map<std::string, std::optional<Original>> originals;
    std::ifstream gold(corpus / "dev_gold.sql");
    std::size_t total = 0, checked = 0, dependent = 0;
    for (std::string line; std::getline(gold, line);) {
        const auto tab = line.rfind('\t');
        if (tab == std::string::npos) continue;
        const std::string sql = line.substr(0, tab);
        const std::string dbId = line.substr(tab + 1);
        ++total;
        auto found = originals.find(dbId);
        if (found == originals.end()) found = originals.emplace(dbId, loadOriginal(corpus, dbId)).first;
        if (!found->second) continue;
        ++checked;
        // As the official evaluator runs it: postprocessed, DISTINCT removed.
        const std::string run = suite::textAsRun(sql, false);
        const bool orderMatters = suite::orderMattersFor(run, compare::OrderRule::TopLevelOrderBy);
        const auto order = targeted::checkOrderDependence(found->second->bytes, found->second->schema, run,
                                                          orderMatters, {});
        if (!order.detected) continue;
        ++dependent;
        if (verbose) fmt::print("{}\t{}\n", dbId, sql);
    }
    fmt::print("Spider dev golds whose result on their original database depends on row order: {} of {} checked "
               "({:.1f}%); {} golds have no original database\n",
               dependent, checked, checked ? 100.0 * double(dependent) / double(checked) : 0.0, total - checked);
    return 0;
}
