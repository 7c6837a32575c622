// bench_executor: the executor's fixed cost per query. Runs the concert_singer
// gold queries of Spider dev (and one join + GROUP BY alone) on one kept-open
// connection, through exec::runQuery and, for scale, through the bare SQLite C API
// with and without statement reuse. Prints µs/query medians; the Python
// counterpart (bench_executor.py) measures its sqlite3 module the same way.
// A plain program, never run by ctest; figures go in the README.
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

} // namespace

int main(int argc, char** argv)
{
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
    return 0;
}
