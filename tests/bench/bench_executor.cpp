// bench_executor: the executor's fixed cost per query. Runs the concert_singer
// gold queries of Spider dev (and one join + GROUP BY alone) on one kept-open
// connection, through exec::runQuery and, for scale, through the bare SQLite C API
// with and without statement reuse. Prints µs/query medians; the Python
// counterpart (bench_executor.py) measures its sqlite3 module the same way.
// `bench_executor --calibrate` measures VM instructions per ms for the step
// budget's calibration (core/exec/exec_limits.h). A plain program, never run by
// ctest; figures go in docs/benchmarks.md.
#include "core/exec/connection.h"
#include "core/exec/executor.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
namespace exec = sqleq::exec;

constexpr std::string_view kJoinGroupBy =
    "SELECT T2.name , count(*) FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = "
    "T2.stadium_id GROUP BY T1.stadium_id";

std::vector<std::string> goldsOf(const std::filesystem::path& goldFile, std::string_view dbId)
{
    std::vector<std::string> out;
    std::ifstream in(goldFile);
    for (std::string line; std::getline(in, line);) {
        const std::size_t tab = line.rfind('\t');
        if (tab != std::string::npos && line.substr(tab + 1) == dbId) out.push_back(line.substr(0, tab));
    }
    return out;
}

/// Median over `rounds` of the µs per query of one pass over `queries`.
double medianMicros(const std::vector<std::string>& queries, int rounds, int repeat,
                    const std::function<void(const std::string&)>& run)
{
    for (const std::string& sql : queries) run(sql);  // warm caches on both sides
    std::vector<double> perQuery;
    for (int r = 0; r < rounds; ++r) {
        const auto start = Clock::now();
        for (int k = 0; k < repeat; ++k)
            for (const std::string& sql : queries) run(sql);
        const double us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
        perQuery.push_back(us / static_cast<double>(queries.size() * static_cast<std::size_t>(repeat)));
    }
    std::sort(perQuery.begin(), perQuery.end());
    return perQuery[perQuery.size() / 2];
}

/// Prepares, steps to the end and reads every column: what any client must do.
void bareRun(sqlite3* db, sqlite3_stmt* stmt)
{
    const int columns = sqlite3_column_count(stmt);
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        for (int c = 0; c < columns; ++c) {
            if (sqlite3_column_type(stmt, c) == SQLITE_TEXT) (void)sqlite3_column_text(stmt, c);
        }
    }
    (void)db;
}

/// VM instructions per millisecond on heavier queries, to calibrate
/// exec::kStepsPerIdleMs: each query runs without a step budget, the fastest of
/// `rounds` runs counts (the least disturbed by other load).
int calibrate(int rounds)
{
    auto conn = exec::Connection::openMemory();
    if (!conn || !conn->executeScript(
                     "CREATE TABLE big(x INTEGER, s TEXT);"
                     "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 2000) "
                     "INSERT INTO big SELECT x, printf('name %d', x * 7919 % 2000) FROM c;")) {
        fmt::print(stderr, "bench_executor: cannot build the calibration table\n");
        return 1;
    }
    const std::vector<std::pair<std::string, std::string>> queries = {
        {"recursive CTE, 3M rows",
         "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 3000000) "
         "SELECT count(*) FROM c"},
        {"cross join count, 4M pairs", "SELECT count(*) FROM big a, big b"},
        {"cross join filter, 4M pairs", "SELECT count(*) FROM big a, big b WHERE a.x + b.x = 2001"},
        {"cross join GROUP BY", "SELECT a.x % 10, count(*), max(b.s) FROM big a, big b GROUP BY 1"},
        {"cross join ORDER BY LIMIT", "SELECT a.x FROM big a, big b ORDER BY a.x * b.x DESC LIMIT 1"},
        {"LIKE over a cross join", "SELECT count(*) FROM big a, big b WHERE a.s LIKE '%7%' AND b.x < 1000"},
        {"correlated subquery", "SELECT count(*) FROM big a WHERE x > (SELECT avg(x) FROM big b WHERE b.x < a.x)"},
        {"join on text + DISTINCT", "SELECT count(DISTINCT a.x) FROM big a JOIN big b ON a.s = b.s"},
    };
    exec::ExecLimits unlimited;
    unlimited.maxSteps = 0;
    unlimited.wallClockLimitMs = 0;
    std::vector<double> rates;
    fmt::print("{:<32} {:>14} {:>10} {:>14}\n", "calibration query", "VM steps", "ms", "steps/ms");
    for (const auto& [name, sql] : queries) {
        double best = 1e300;
        int64_t steps = 0;
        for (int r = 0; r < rounds; ++r) {
            const exec::QueryOutcome out = exec::runQuery(*conn, sql, unlimited);
            if (!out.ok()) fmt::print(stderr, "{}: {}\n", name, out.error.message);
            best = std::min(best, out.elapsedMs);
            steps = out.vmSteps;
        }
        rates.push_back(static_cast<double>(steps) / best);
        fmt::print("{:<32} {:>14} {:>10.1f} {:>14.0f}\n", name, steps, best, rates.back());
    }
    std::sort(rates.begin(), rates.end());
    fmt::print("median {:.0f} steps/ms (min {:.0f}, max {:.0f}); 2 s ≈ {:.0f} steps\n",
               rates[rates.size() / 2], rates.front(), rates.back(), 2000 * rates[rates.size() / 2]);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc > 1 && std::string_view(argv[1]) == "--calibrate")
        return calibrate(argc > 2 ? std::atoi(argv[2]) : 3);
    const std::filesystem::path corpus = argc > 1 ? argv[1] : "../shared/corpus/spider";
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 21;
    const std::vector<std::string> golds = goldsOf(corpus / "dev_gold.sql", "concert_singer");
    const std::filesystem::path dbFile = corpus / "database/concert_singer/concert_singer.sqlite";
    auto conn = exec::Connection::openReadOnly(dbFile);
    if (!conn || golds.empty()) {
        fmt::print(stderr, "bench_executor: cannot open {} or no golds\n", dbFile.string());
        return 1;
    }
    for (const std::string& sql : golds) {
        if (const auto out = exec::runQuery(*conn, sql); !out.ok())
            fmt::print(stderr, "warning: {}: {}\n", sql, out.error.message);
    }
    const std::vector<std::string> join = {std::string(kJoinGroupBy)};
    const auto viaExecutor = [&](const std::string& sql) { (void)exec::runQuery(*conn, sql); };

    sqlite3* db = conn->handle();
    const auto bareFresh = [&](const std::string& sql) {
        sqlite3_stmt* stmt = nullptr;
        sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &stmt, nullptr);
        bareRun(db, stmt);
        sqlite3_finalize(stmt);
    };
    std::map<std::string, sqlite3_stmt*> cache;
    const auto bareCached = [&](const std::string& sql) {
        sqlite3_stmt*& stmt = cache[sql];
        if (stmt == nullptr) sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &stmt, nullptr);
        bareRun(db, stmt);
        sqlite3_reset(stmt);
    };

    fmt::print("bench_executor: {} concert_singer golds, {} rounds, SQLite {}\n", golds.size(),
               rounds, sqlite3_libversion());
    fmt::print("{:<44} {:>12} {:>14}\n", "", "45 golds", "join+GROUP BY");
    const auto line = [&](std::string_view name, const std::function<void(const std::string&)>& run) {
        fmt::print("{:<44} {:>9.2f} us {:>11.2f} us\n", name, medianMicros(golds, rounds, 20, run),
                   medianMicros(join, rounds, 500, run));
    };
    line("sqleq exec::runQuery (default limits)", viaExecutor);
    line("bare C API, prepare + step + finalize", bareFresh);
    line("bare C API, cached statement + reset", bareCached);
    for (auto& [sql, stmt] : cache) sqlite3_finalize(stmt);
    // What the executor's cache holds: every statement left on the connection is its.
    std::size_t statements = 0;
    int64_t bytes = 0;
    for (sqlite3_stmt* s = sqlite3_next_stmt(db, nullptr); s != nullptr; s = sqlite3_next_stmt(db, s)) {
        ++statements;
        bytes += sqlite3_stmt_status(s, SQLITE_STMTSTATUS_MEMUSED, 0);
    }
    fmt::print("statements kept prepared by the executor: {} ({} KiB, {:.1f} KiB each)\n", statements,
               bytes / 1024, statements > 0 ? static_cast<double>(bytes) / 1024.0 / static_cast<double>(statements) : 0.0);
    return 0;
}
