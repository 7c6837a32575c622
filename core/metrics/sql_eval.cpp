// SQL-Eval result comparison (compare_df, subset_df, normalize_table) and the
// runner that plays compare_query_results over one connection. Tables are plain
// exec::ResultSet values; cells compare like Python values through
// compare::pythonEqual. The reference's semantics are documented in sql_eval.h.
#include "core/metrics/sql_eval.h"

#include "core/compare/compare.h"
#include "core/exec/executor.h"
#include "core/sql/sql.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace sqleq::metrics {
namespace {

using exec::ResultSet;
using exec::Row;
using exec::Value;
using exec::ValueType;

/// pandas' na_position="last": numbers, then text, then blobs, then NULL/NaN.
int rank(const Value& v)
{
    switch (v.type()) {
    case ValueType::Integer: return 0;
    case ValueType::Real: return std::isnan(v.asReal()) ? 3 : 0;
    case ValueType::Text: return 1;
    case ValueType::Blob: return 2;
    case ValueType::Null: return 3;
    }
    return 3;
}

/// A total order consistent with pythonEqual: 2 and 2.0 compare equal.
int compareValues(const Value& a, const Value& b)
{
    const int ra = rank(a), rb = rank(b);
    if (ra != rb) return ra < rb ? -1 : 1;
    if (ra == 0) {
        if (a.type() == ValueType::Integer && b.type() == ValueType::Integer)
            return a.asInteger() < b.asInteger() ? -1 : (a.asInteger() > b.asInteger() ? 1 : 0);
        const auto num = [](const Value& v) {
            return v.type() == ValueType::Integer ? static_cast<long double>(v.asInteger())
                                                  : static_cast<long double>(v.asReal());
        };
        const long double x = num(a), y = num(b);
        return x < y ? -1 : (x > y ? 1 : 0);
    }
    if (ra == 1) return a.asText().compare(b.asText()) < 0 ? -1 : (a.asText() == b.asText() ? 0 : 1);
    if (ra == 2) return a.asBlob().compare(b.asBlob()) < 0 ? -1 : (a.asBlob() == b.asBlob() ? 0 : 1);
    return 0;
}

int compareRows(const Row& a, const Row& b)
{
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
        if (const int c = compareValues(a[i], b[i]); c != 0) return c;
    return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

bool isNumeric(const Value& v) { return v.type() == ValueType::Integer || v.type() == ValueType::Real; }
double asDouble(const Value& v)
{
    return v.type() == ValueType::Integer ? static_cast<double>(v.asInteger()) : v.asReal();
}

/// Cell equality: Python == (NULL == NULL), or pandas' assert_*_equal tolerance.
bool cellEqual(const Value& a, const Value& b, bool tolerant)
{
    if (rank(a) == 3 && rank(b) == 3) return true;
    if (compare::pythonEqual(a, b)) return true;
    if (!tolerant || !isNumeric(a) || !isNumeric(b)) return false;
    const double x = asDouble(a), y = asDouble(b);
    return std::fabs(x - y) <= 1e-8 + 1e-5 * std::fabs(y);
}

bool tablesEqual(const std::vector<Row>& a, const std::vector<Row>& b, bool tolerant)
{
    if (a.size() != b.size()) return false;
    for (std::size_t r = 0; r < a.size(); ++r) {
        if (a[r].size() != b[r].size()) return false;
        for (std::size_t c = 0; c < a[r].size(); ++c)
            if (!cellEqual(a[r][c], b[r][c], tolerant)) return false;
    }
    return true;
}

/// normalize_table over the columns `order` (already chosen by the caller):
/// duplicates dropped (first occurrence kept), rows sorted unless order matters.
std::vector<Row> normalize(const std::vector<Row>& rows, const std::vector<std::size_t>& order,
                           bool orderMatters)
{
    std::vector<Row> projected;
    projected.reserve(rows.size());
    for (const Row& row : rows) {
        Row out;
        out.reserve(order.size());
        for (std::size_t c : order) out.push_back(c < row.size() ? row[c] : Value::null());
        projected.push_back(std::move(out));
    }
    std::vector<std::size_t> idx(projected.size());
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(),
                     [&](std::size_t x, std::size_t y) { return compareRows(projected[x], projected[y]) < 0; });
    std::vector<bool> keep(projected.size(), true);
    for (std::size_t k = 1; k < idx.size(); ++k)
        if (compareRows(projected[idx[k - 1]], projected[idx[k]]) == 0) keep[idx[k]] = false;
    std::vector<Row> out;
    if (orderMatters) {
        for (std::size_t r = 0; r < projected.size(); ++r)
            if (keep[r]) out.push_back(std::move(projected[r]));
    } else {
        for (std::size_t r : idx)
            if (keep[r]) out.push_back(std::move(projected[r]));
    }
    return out;
}

/// Column indices sorted by name (Python's sorted(df.columns)), stable for ties.
std::vector<std::size_t> columnsByName(const ResultSet& table, std::size_t width)
{
    std::vector<std::size_t> order(width);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const std::string empty;
        const std::string& x = a < table.columnNames.size() ? table.columnNames[a] : empty;
        const std::string& y = b < table.columnNames.size() ? table.columnNames[b] : empty;
        return x < y;
    });
    return order;
}

std::size_t widthOf(const ResultSet& table)
{
    return table.rows.empty() ? table.columnNames.size() : table.rows.front().size();
}

bool compareDf(const ResultSet& gold, const ResultSet& pred, bool orderMatters)
{
    const std::size_t goldWidth = widthOf(gold), predWidth = widthOf(pred);
    if (goldWidth != predWidth) return false;
    if (tablesEqual(gold.rows, pred.rows, false)) return true;
    const auto goldRows = normalize(gold.rows, columnsByName(gold, goldWidth), orderMatters);
    const auto predRows = normalize(pred.rows, columnsByName(pred, predWidth), orderMatters);
    return tablesEqual(goldRows, predRows, false);
}

std::vector<Value> sortedColumn(const ResultSet& table, std::size_t column)
{
    std::vector<Value> values;
    values.reserve(table.rows.size());
    for (const Row& row : table.rows) values.push_back(column < row.size() ? row[column] : Value::null());
    std::stable_sort(values.begin(), values.end(),
                     [](const Value& a, const Value& b) { return compareValues(a, b) < 0; });
    return values;
}

bool columnsMatch(const std::vector<Value>& a, const std::vector<Value>& b)
{
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!cellEqual(a[i], b[i], true)) return false;
    return true;
}

/// subset_df(gold, pred); on success `mapping` holds gold column → pred column.
bool subsetDf(const ResultSet& gold, const ResultSet& pred, bool orderMatters, std::vector<int>& mapping)
{
    const std::size_t goldWidth = widthOf(gold), predWidth = widthOf(pred);
    if (gold.rows.empty() || goldWidth == 0) return false;
    std::vector<bool> used(predWidth, false);
    mapping.assign(goldWidth, -1);
    for (std::size_t g = 0; g < goldWidth; ++g) {
        const auto goldValues = sortedColumn(gold, g);
        for (std::size_t p = 0; p < predWidth && mapping[g] < 0; ++p) {
            if (used[p] || !columnsMatch(goldValues, sortedColumn(pred, p))) continue;
            used[p] = true;
            mapping[g] = static_cast<int>(p);
        }
        if (mapping[g] < 0) return false;
    }
    // The matched prediction columns take the gold's names, so both sides get the
    // same column order from the name sort.
    const std::vector<std::size_t> goldOrder = columnsByName(gold, goldWidth);
    std::vector<std::size_t> predOrder;
    for (std::size_t g : goldOrder) predOrder.push_back(static_cast<std::size_t>(mapping[g]));
    return tablesEqual(normalize(gold.rows, goldOrder, orderMatters),
                       normalize(pred.rows, predOrder, orderMatters), true);
}

bool goldOrders(std::string_view goldSql)
{
    const sql::ParseOutput parsed = sql::parse(goldSql);
    if (parsed.ok()) return sql::hasTopLevelOrderBy(*parsed.statement);
    return compare::officialOrderMatters(goldSql);
}

} // namespace

SqlEvalResult sqlEvalCompare(const ResultSet& gold, const ResultSet& pred, bool orderMatters, bool subset)
{
    SqlEvalResult result;
    if (compareDf(gold, pred, orderMatters)) {
        result.passed = true;
        result.match = SqlEvalMatch::Exact;
        result.message = "the prediction's result equals the gold's";
        return result;
    }
    if (subset && subsetDf(gold, pred, orderMatters, result.columnMapping)) {
        result.passed = true;
        result.match = SqlEvalMatch::Subset;
        result.message = "every gold column appears, with the same rows, among the prediction's columns";
        return result;
    }
    result.columnMapping.clear();
    result.message = subset ? "the prediction's result neither equals nor contains the gold's"
                            : "the prediction's result differs from the gold's";
    return result;
}

Result<SqlEvalRun> runSqlEval(exec::Connection& conn, std::string_view goldSql, std::string_view predSql,
                              const SqlEvalOptions& options, exec::RememberedRuns* remembered, const void* database)
{
    const auto outcomeOf = [&](std::string_view sql) {
        if (remembered) {
            if (auto known = remembered->find(database, sql, options.limits)) return std::move(*known);
        }
        exec::QueryOutcome outcome = exec::runQuery(conn, sql, options.limits);
        if (remembered) remembered->remember(database, sql, options.limits, outcome);
        return outcome;
    };
    auto alternatives = expandBraces(goldSql);
    if (!alternatives) return alternatives.error();
    SqlEvalRun run;
    run.alternatives = std::move(alternatives.value());
    const bool orderMatters = options.orderMatters.value_or(goldOrders(run.alternatives.front()));
    run.prediction = outcomeOf(predSql);
    bool anyGoldRan = false;
    for (std::size_t i = 0; i < run.alternatives.size(); ++i) {
        const exec::QueryOutcome gold = outcomeOf(run.alternatives[i]);
        if (!gold.ok()) {
            run.goldErrors.push_back(gold.error);
            continue;
        }
        anyGoldRan = true;
        if (!run.prediction.ok()) break;
        const SqlEvalResult one = sqlEvalCompare(gold.result, run.prediction.result, orderMatters, options.subset);
        if (one.match == SqlEvalMatch::Exact || (one.match == SqlEvalMatch::Subset && run.matchedAlternative < 0)) {
            run.match = one.match;
            run.matchedAlternative = static_cast<int>(i);
        }
        if (run.match == SqlEvalMatch::Exact) break;
    }
    if (!anyGoldRan && run.match == SqlEvalMatch::None)
        return Diagnostic{"sql_eval.gold_failed",
                          fmt::format("none of the {} gold alternatives ran: {}", run.alternatives.size(),
                                      run.goldErrors.empty() ? std::string() : run.goldErrors.front().message),
                          {}, {}};
    run.passed = run.match != SqlEvalMatch::None;
    if (!run.prediction.ok()) run.message = "the prediction failed: " + run.prediction.error.message;
    else if (run.passed)
        run.message = fmt::format("{} match with gold alternative {} of {}", sqlEvalMatchName(run.match),
                                  run.matchedAlternative + 1, run.alternatives.size());
    else run.message = fmt::format("no match with any of {} gold alternatives", run.alternatives.size());
    return run;
}

} // namespace sqleq::metrics
