// bench_fuzz: databases per second of the sampler over the Spider corpus — per
// schema and profile, sampling alone and sampling + materialize (+ serialize,
// as the distiller stores suites). A plain program, never run by ctest; figures
// go in docs/benchmarks.md with the command that produced them.
//   usage: bench_fuzz [corpus-dir [databases-per-schema]]   (default: ../shared/corpus/spider, 1000)
#include "core/fuzz/fuzz.h"
#include "core/schema/spider_tables.h"
#include "core/sql/parser.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>

using namespace sqleq;

namespace {

using Clock = std::chrono::steady_clock;

std::map<std::string, fuzz::GoldConstants> goldConstants(const std::string& path,
                                                         const std::map<std::string, schema::Schema>& schemas)
{
    std::map<std::string, fuzz::GoldConstants> out;
    std::ifstream file(path);
    std::string line;
    while (std::getline(file, line)) {
        const auto tab = line.rfind('\t');
        if (tab == std::string::npos) continue;
        const auto schema = schemas.find(line.substr(tab + 1));
        auto parsed = sql::parse(line.substr(0, tab));
        if (schema == schemas.end() || !parsed.ok()) continue;
        fuzz::merge(out[schema->first], fuzz::collectConstants(*parsed.statement, schema->second));
    }
    return out;
}

double seconds(Clock::time_point since) { return std::chrono::duration<double>(Clock::now() - since).count(); }

} // namespace

int main(int argc, char** argv)
{
    const std::string corpus = argc > 1 ? argv[1] : "../shared/corpus/spider";
    const std::string tablesPath = corpus + "/tables.json";
    const std::string goldPath = corpus + "/dev_gold.sql";
    const uint64_t count = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1000;
    auto ids = schema::listSpiderDbIdsInFile(tablesPath);
    if (!ids) {
        fmt::print(stderr, "{}\n", ids.error().message);
        return 3;
    }
    std::map<std::string, schema::Schema> schemas;
    for (const std::string& id : *ids) {
        auto loaded = schema::loadSpiderSchema(tablesPath, id);
        if (loaded) schemas.emplace(id, std::move(*loaded));
    }
    auto constants = goldConstants(goldPath, schemas);
    fmt::print("{:<40} {:>7} {:>6} {:>11} {:>14} {:>9}\n", "db_id (profile)", "tables", "rows", "sample/s",
               "sample+mat/s", "ms/db");
    double totalTime = 0;
    uint64_t totalDatabases = 0;
    for (const fuzz::Profile profile : {fuzz::Profile::Spider, fuzz::Profile::Strict}) {
        for (const auto& [id, schema] : schemas) {
            std::size_t rows = 0;
            const auto sampleStart = Clock::now();
            for (uint64_t i = 0; i < count; ++i)
                rows += fuzz::sampleDatabase(schema, constants[id], {profile, 1, i})->rowCount();
            const double sampleTime = seconds(sampleStart);
            const auto fullStart = Clock::now();
            for (uint64_t i = 0; i < count; ++i) {
                auto connection = fuzz::sampleConnection(schema, constants[id], {profile, 1, i});
                if (!connection || !connection->serialize()) {
                    fmt::print(stderr, "{} #{}: sampling failed\n", id, i);
                    return 1;
                }
            }
            const double fullTime = seconds(fullStart);
            totalTime += fullTime;
            totalDatabases += count;
            fmt::print("{:<40} {:>7} {:>6.0f} {:>11.0f} {:>14.0f} {:>9.3f}\n",
                       fmt::format("{} ({})", id, fuzz::profileName(profile)), schema.tables.size(),
                       static_cast<double>(rows) / static_cast<double>(count), static_cast<double>(count) / sampleTime,
                       static_cast<double>(count) / fullTime, 1000.0 * fullTime / static_cast<double>(count));
        }
    }
    fmt::print("overall: {} databases sampled + materialized + serialized in {:.2f} s = {:.0f} databases/s\n",
               totalDatabases, totalTime, static_cast<double>(totalDatabases) / totalTime);
    return 0;
}
