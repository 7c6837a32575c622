// bench_compare: wall time of compareResults on wide and long results (equal after a
// column permutation and row shuffle, or differing in one cell, which also exercises
// the explanation). A plain program, never run by ctest; figures go in docs/benchmarks.md.
#include "core/compare/compare.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

namespace {

using sqleq::exec::ResultSet;
using sqleq::exec::Row;
using sqleq::exec::Value;

ResultSet makeTable(std::size_t rows, std::size_t columns)
{
    ResultSet out;
    for (std::size_t r = 0; r < rows; ++r) {
        Row row;
        for (std::size_t c = 0; c < columns; ++c) {
            const auto v = static_cast<int64_t>((r * (c + 3) * 7919 + c * 31) % 100003);
            if (c % 3 == 0) row.push_back(Value::integer(v));
            else if (c % 3 == 1) row.push_back(Value::real(static_cast<double>(v) + 0.5));
            else row.push_back(Value::text(fmt::format("value {}", v)));
        }
        out.rows.push_back(std::move(row));
    }
    return out;
}

/// Every INTEGER turned into the equal REAL: quick_rej's sort keys then differ
/// ("2" vs "2.0"), so the comparison has to run it.
ResultSet asReals(const ResultSet& source)
{
    ResultSet out = source;
    for (Row& row : out.rows) {
        for (Value& value : row) {
            if (value.type() == sqleq::exec::ValueType::Integer)
                value = Value::real(static_cast<double>(value.asInteger()));
        }
    }
    return out;
}

/// Columns reversed, rows visited with stride 7 (coprime to the row counts used).
ResultSet shuffled(const ResultSet& source)
{
    ResultSet out;
    const std::size_t n = source.rows.size();
    for (std::size_t k = 0; k < n; ++k) {
        Row row = source.rows[(k * 7) % n];
        std::reverse(row.begin(), row.end());
        out.rows.push_back(std::move(row));
    }
    return out;
}

void measure(const char* label, const ResultSet& gold, const ResultSet& candidate, bool ordered)
{
    constexpr int kRuns = 15;
    std::vector<double> times;
    sqleq::compare::Comparison last;
    for (int run = 0; run < kRuns; ++run) {
        const auto start = std::chrono::steady_clock::now();
        last = sqleq::compare::compareResults(gold, candidate, ordered);
        const auto stop = std::chrono::steady_clock::now();
        times.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
    }
    std::sort(times.begin(), times.end());
    fmt::print("{:<44} {:>9.2f} ms median  {:>9.2f} ms min  -> {}\n", label, times[kRuns / 2],
               times.front(), sqleq::compare::reasonName(last.reason));
}

} // namespace

int main()
{
    const ResultSet long5 = makeTable(10000, 5);
    ResultSet long5Changed = shuffled(long5);
    long5Changed.rows[1234][1] = Value::real(-1.0);
    const ResultSet wide12 = makeTable(1000, 12);
    const ResultSet long12 = makeTable(10000, 12);
    ResultSet long12Changed = shuffled(long12);
    long12Changed.rows[42][0] = Value::integer(-7);

    measure("10000 x 5, equal (permuted, shuffled)", long5, shuffled(long5), false);
    measure("10000 x 5, equal, ordered (identity)", long5, long5, true);
    measure("10000 x 5, equal, INTEGER vs REAL", long5, asReals(shuffled(long5)), false);
    measure("10000 x 5, one cell differs", long5, long5Changed, false);
    measure("1000 x 12, equal (permuted, shuffled)", wide12, shuffled(wide12), false);
    measure("10000 x 12, equal (permuted, shuffled)", long12, shuffled(long12), false);
    measure("10000 x 12, one cell differs (heuristic)", long12, long12Changed, false);
    return 0;
}
