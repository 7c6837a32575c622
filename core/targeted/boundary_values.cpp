// The expression is taken from the query text by its span, with the column
// reference replaced by ?1 (over several columns: the i-th by ?i, all but the one
// solved for bound to sample values), and judged as `CASE WHEN e < c THEN -1 WHEN e > c
// THEN 1 WHEN e = c THEN 0 END`, so SQLite's own comparison rules (affinity,
// text against numbers) decide, not a re-implementation of them.

#include "core/targeted/boundary_values.h"

#include "core/base/ascii_case.h"
#include "core/exec/connection.h"
#include "core/exec/executor.h"
#include "core/exec/spider_compat.h"
#include "core/sql/parser.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace sqleq::targeted::detail {
namespace {

/// Comparisons looked at per query, and probes per parametrization of one of them:
/// a hostile query with thousands of comparisons costs at most this much.
constexpr std::size_t kMaxComparisons = 16;
constexpr int kMaxProbes = 120;
/// Steps one probe may take (the expression alone, on one value), and all the
/// probes of one query together, with their number: a hostile candidate with
/// costly expressions gets a few milliseconds of probing, then none.
constexpr int64_t kProbeSteps = 200'000;
constexpr int64_t kQuerySteps = 4'000'000;
constexpr int kQueryProbes = 600;
/// Longer expressions are not probed: each probe prepares the text again.
constexpr std::size_t kLongestExpression = 2048;
/// Longest text probed by length.
constexpr int64_t kLongestText = 300;
/// Comparisons over more columns than this are not solved column by column; each
/// column is solved with the others held at each of kFixedSamples sample values.
constexpr std::size_t kMostColumnsSolved = 4;
constexpr std::size_t kFixedSamples = 2;

bool isComparison(sql::BinaryOp op)
{
    using sql::BinaryOp;
    return op == BinaryOp::Less || op == BinaryOp::LessEq || op == BinaryOp::Greater || op == BinaryOp::GreaterEq
           || op == BinaryOp::Eq || op == BinaryOp::NotEq;
}

/// The columns `expr` reads, one per name, appended to `columns`; false when it reads
/// anything that varies between runs or needs other rows (aggregates, windows,
/// subqueries).
bool readColumns(const sql::Expr& expr, std::vector<const sql::ColumnRef*>& columns)
{
    bool usable = true;
    sql::walk(expr, [&](const sql::Node& node) {
        if (!usable) return false;
        if (const auto* ref = node.tryAs<sql::ColumnRef>()) {
            if (std::none_of(columns.begin(), columns.end(), [&](const sql::ColumnRef* seen) {
                    return schema::sameIdentifier(seen->column.name, ref->column.name);
                }))
                columns.push_back(ref);
        } else if (const auto* call = node.tryAs<sql::FunctionCall>()) {
            static constexpr std::string_view kUnusable[] = {
                "random", "randomblob", "changes", "total_changes", "last_insert_rowid", "count", "sum",
                "avg", "min", "max", "total", "group_concat", "string_agg"};
            const std::string name = asciiLower(call->name.name);
            if (call->star || call->over || call->overName
                || std::find(std::begin(kUnusable), std::end(kUnusable), name) != std::end(kUnusable))
                usable = false;
        } else if (const auto* literal = node.tryAs<sql::Literal>()) {
            const std::string value = asciiLower(literal->value());
            if (literal->literalKind == sql::LiteralKind::CurrentDate || literal->literalKind == sql::LiteralKind::CurrentTime
                || literal->literalKind == sql::LiteralKind::CurrentTimestamp
                || (literal->literalKind == sql::LiteralKind::String && value.find("now") != std::string::npos))
                usable = false;
        } else if (node.kind() == sql::NodeKind::Subquery || node.kind() == sql::NodeKind::Exists
                   || node.kind() == sql::NodeKind::In || node.kind() == sql::NodeKind::Parameter) {
            usable = false;
        }
        return true;
    });
    return usable;
}

/// The single column `expr` reads, when it reads exactly one and nothing readColumns refuses.
const sql::ColumnRef* soleColumn(const sql::Expr& expr)
{
    std::vector<const sql::ColumnRef*> columns;
    return readColumns(expr, columns) && columns.size() == 1 ? columns.front() : nullptr;
}

/// The day `days` after 1970-01-01 as 'YYYY-MM-DD' (proleptic Gregorian).
std::string dateOf(int64_t days)
{
    days += 719468;
    const int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    const int64_t doe = days - era * 146097;
    const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const int64_t mp = (5 * doy + 2) / 153;
    const int64_t day = doy - (153 * mp + 2) / 5 + 1;
    const int64_t month = mp < 10 ? mp + 3 : mp - 9;
    const int64_t year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    return fmt::format("{:04}-{:02}-{:02}", year, month, day);
}

enum class Domain { Integer, Date, Length };

exec::Value valueAt(Domain domain, int64_t at)
{
    switch (domain) {
    case Domain::Integer: return exec::Value::integer(at);
    case Domain::Date: return exec::Value::text(dateOf(at));
    case Domain::Length: return exec::Value::text(std::string(static_cast<std::size_t>(at), 'a'));
    }
    return exec::Value::null();
}

/// The probe points of a domain, in increasing order.
std::vector<int64_t> grid(Domain domain)
{
    std::vector<int64_t> points;
    switch (domain) {
    case Domain::Integer:
        for (int64_t magnitude = 1; magnitude <= 1'000'000'000; magnitude *= 10)
            for (const int64_t step : std::initializer_list<int64_t>{1, 2, 5}) {
                points.push_back(step * magnitude);
                points.push_back(-step * magnitude);
            }
        points.push_back(0);
        break;
    case Domain::Date:  // 1900 to 2100, about every two years
        for (int64_t days = -25567; days <= 47482; days += 730) points.push_back(days);
        break;
    case Domain::Length:
        for (const int64_t n : std::initializer_list<int64_t>{0, 1, 2, 4, 8, 16, 32, 64, 128, 256, kLongestText}) points.push_back(n);
        break;
    }
    std::sort(points.begin(), points.end());
    return points;
}

/// What all the probes of one query may still spend.
struct ProbeBudget {
    int64_t steps = kQuerySteps;
    int probes = kQueryProbes;
};

/// Runs the judged expression with parameter `varied` at probe values, every other
/// parameter at its fixed value.
class Prober {
public:
    Prober(exec::Connection& connection, std::string sql, const schema::Column& column, exec::Row fixed,
           std::size_t varied, ProbeBudget& budget)
        : m_connection(connection), m_sql(std::move(sql)), m_column(column), m_parameters(std::move(fixed)),
          m_varied(varied), m_budget(budget)
    {
    }

    /// -1, 0 or 1: the expression against the constant at `at`; nothing when it
    /// cannot tell (NULL, an error, the budget).
    std::optional<int64_t> sign(Domain domain, int64_t at)
    {
        if (m_probes >= kMaxProbes || m_budget.probes <= 0 || m_budget.steps <= 0) return std::nullopt;
        ++m_probes;
        --m_budget.probes;
        exec::ExecLimits limits;
        limits.maxSteps = std::min(kProbeSteps, m_budget.steps);
        limits.wallClockLimitMs = 10'000;  // a safety net only: the step budget ends any real probe first
        limits.maxRows = 1;
        m_parameters[m_varied] = fuzz::coerceToColumn(valueAt(domain, at), m_column);
        const exec::QueryOutcome out = exec::runQuery(m_connection, m_sql, limits, m_parameters);
        const int64_t spent = std::max<int64_t>(out.vmSteps, 0) + std::max<int64_t>(out.functionSteps, 0);
        m_budget.steps -= out.status == exec::OutcomeStatus::Timeout ? std::max(spent, limits.maxSteps) : spent;
        if (!out.ok() || out.result.rows.empty() || out.result.rows.front().empty()) return std::nullopt;
        const exec::Value& value = out.result.rows.front().front();
        if (value.type() != exec::ValueType::Integer) return std::nullopt;
        return value.asInteger();
    }

    void startDomain() { m_probes = 0; }

private:
    exec::Connection& m_connection;
    std::string m_sql;
    const schema::Column& m_column;
    exec::Row m_parameters;
    std::size_t m_varied;
    ProbeBudget& m_budget;
    int m_probes = 0;
};

/// Where the answer changes between grid points, the last point before and the
/// first after the change (bisected to adjacent values), and every point where
/// the expression equals the constant.
std::vector<int64_t> crossings(Prober& prober, Domain domain)
{
    prober.startDomain();
    std::vector<int64_t> out;
    std::optional<std::pair<int64_t, int64_t>> previous;  // (point, sign)
    for (const int64_t point : grid(domain)) {
        const auto sign = prober.sign(domain, point);
        if (!sign) continue;
        if (*sign == 0) out.push_back(point);
        if (previous && previous->second != *sign) {
            int64_t low = previous->first;
            int64_t high = point;
            const int64_t lowSign = previous->second;
            while (high - low > 1) {
                const int64_t middle = low + (high - low) / 2;
                const auto middleSign = prober.sign(domain, middle);
                if (!middleSign) break;
                (*middleSign == lowSign ? low : high) = middle;
            }
            out.push_back(low);
            out.push_back(high);
            if (high - low == 1 && (domain != Domain::Length || high < kLongestText)) out.push_back(high + 1);
        }
        previous = {point, *sign};
        if (out.size() > 12) break;
    }
    return out;
}

bool isText(const schema::Column& column)
{
    return column.affinity == schema::Affinity::Text || column.affinity == schema::Affinity::Blob;
}

std::vector<Domain> domainsOf(const schema::Column& column)
{
    return isText(column) ? std::vector{Domain::Date, Domain::Length} : std::vector{Domain::Integer};
}

/// The value a column not being solved for is held at: a short word or a date for
/// texts (lengths 5 and 10), a small number otherwise.
exec::Value fixedSample(const schema::Column& column, std::size_t sample)
{
    const exec::Value value = isText(column) ? (sample == 0 ? valueAt(Domain::Length, 5) : exec::Value::text("2015-06-15"))
                                             : exec::Value::integer(sample == 0 ? 1 : 12);
    return fuzz::coerceToColumn(value, column);
}

class Finder {
public:
    Finder(std::string text, const schema::Schema& schema) : m_text(std::move(text)), m_schema(schema) {}

    void run(const sql::SelectStatement& statement, fuzz::GoldConstants& out)
    {
        sql::walk(statement, [&](const sql::Node& node) {
            if (const auto* table = node.tryAs<sql::TableRef>()) {
                m_tables.push_back(table->name.name);
                if (table->alias) m_aliases.emplace_back(asciiLower(table->alias->name), table->name.name);
            }
            return true;
        });
        std::size_t comparisons = 0;
        sql::walk(statement, [&](const sql::Node& node) {
            const auto* binary = node.tryAs<sql::BinaryExpr>();
            if (binary == nullptr || !isComparison(binary->op) || !binary->left || !binary->right) return true;
            if (comparisons >= kMaxComparisons) return false;
            bool probed = false;
            for (const bool leftSide : {true, false}) {
                const sql::Expr& computed = leftSide ? *binary->left : *binary->right;
                const sql::Expr& constant = leftSide ? *binary->right : *binary->left;
                if (!fuzz::constantValue(constant) || computed.is<sql::ColumnRef>()) continue;
                const sql::ColumnRef* column = soleColumn(computed);
                if (column == nullptr) continue;
                ++comparisons;
                probed = true;
                probe(computed, *column, constant, out);
            }
            std::vector<const sql::ColumnRef*> columns;
            if (!probed && readColumns(*binary->left, columns) && readColumns(*binary->right, columns)
                && columns.size() >= 2 && columns.size() <= kMostColumnsSolved) {
                ++comparisons;
                probeSeveral(*binary, columns, out);
            }
            return true;
        });
    }

private:
    std::string spanText(const sql::Node& node) const
    {
        const SourceSpan span = node.span();
        return span.valid() && span.end <= m_text.size() ? m_text.substr(span.begin, span.length()) : std::string();
    }

    /// The expression's text with every reference to the column replaced by ?1.
    std::string parameterized(const sql::Expr& computed, const sql::ColumnRef& column) const
    {
        return parameterized(computed, std::vector{&column});
    }

    /// The expression's text with every reference to `columns[i]` (by name) replaced by ?i+1.
    std::string parameterized(const sql::Expr& computed, const std::vector<const sql::ColumnRef*>& columns) const
    {
        std::vector<std::pair<SourceSpan, std::size_t>> references;
        sql::walk(computed, [&](const sql::Node& node) {
            const auto* ref = node.tryAs<sql::ColumnRef>();
            if (ref == nullptr) return true;
            for (std::size_t i = 0; i < columns.size(); ++i)
                if (schema::sameIdentifier(ref->column.name, columns[i]->column.name)) references.emplace_back(ref->span(), i);
            return true;
        });
        const SourceSpan whole = computed.span();
        if (!whole.valid() || whole.end > m_text.size()) return {};
        std::string out;
        uint32_t at = whole.begin;
        for (const auto& [span, index] : references) {
            if (!span.valid() || span.begin < at || span.end > whole.end) return {};
            out += m_text.substr(at, span.begin - at) + fmt::format("?{}", index + 1);
            at = span.end;
        }
        return out + m_text.substr(at, whole.end - at);
    }

    /// `a + b > c`, `length(name) + length(city) > 30`: each column in turn solved for
    /// with the others fixed at sample values, and each solution recorded as a row (a
    /// group of constants) holding the solved value and the fixed ones together — apart,
    /// random companions would move the boundary away. Columns of one table only.
    void probeSeveral(const sql::BinaryExpr& comparison, const std::vector<const sql::ColumnRef*>& refs,
                      fuzz::GoldConstants& out)
    {
        const std::string left = parameterized(*comparison.left, refs);
        const std::string right = parameterized(*comparison.right, refs);
        if (left.empty() || right.empty() || left.size() + right.size() > kLongestExpression) return;
        const schema::Table* table = nullptr;
        std::vector<const schema::Column*> columns;
        for (const sql::ColumnRef* ref : refs) {
            const auto named = columnsNamed(*ref);
            if (named.empty() || (table != nullptr && named.front().first != table)) return;
            table = named.front().first;
            columns.push_back(named.front().second);
        }
        const std::string sql = fmt::format("SELECT CASE WHEN ({0}) < ({1}) THEN -1 WHEN ({0}) > ({1}) THEN 1 "
                                            "WHEN ({0}) = ({1}) THEN 0 END",
                                            left, right);
        auto connection = exec::Connection::openMemory();
        if (!connection) return;
        for (std::size_t varied = 0; varied < columns.size(); ++varied) {
            for (std::size_t sample = 0; sample < kFixedSamples; ++sample) {
                exec::Row fixed;
                for (const schema::Column* column : columns) fixed.push_back(fixedSample(*column, sample));
                Prober prober(*connection, sql, *columns[varied], fixed, varied, m_budget);
                for (const Domain domain : domainsOf(*columns[varied]))
                    for (const int64_t at : crossings(prober, domain)) {
                        fixed[varied] = fuzz::coerceToColumn(valueAt(domain, at), *columns[varied]);
                        fuzz::ConstantGroup row;
                        for (std::size_t c = 0; c < columns.size(); ++c)
                            row.items.push_back(fuzz::GoldConstant{table->name, columns[c]->name, fixed[c],
                                                                   fuzz::ConstantUse::Compare});
                        out.addGroup(std::move(row));
                    }
            }
        }
    }

    void probe(const sql::Expr& computed, const sql::ColumnRef& column, const sql::Expr& constant,
               fuzz::GoldConstants& out)
    {
        const std::string expression = parameterized(computed, column);
        const std::string bound = spanText(constant);
        if (expression.empty() || bound.empty() || expression.size() + bound.size() > kLongestExpression) return;
        const std::string sql = fmt::format("SELECT CASE WHEN ({0}) < ({1}) THEN -1 WHEN ({0}) > ({1}) THEN 1 "
                                            "WHEN ({0}) = ({1}) THEN 0 END",
                                            expression, bound);
        for (const auto& [table, schemaColumn] : columnsNamed(column)) {
            auto connection = exec::Connection::openMemory();
            if (!connection) return;
            Prober prober(*connection, sql, *schemaColumn, exec::Row(1), 0, m_budget);
            for (const Domain domain : domainsOf(*schemaColumn))
                for (const int64_t at : crossings(prober, domain))
                    out.add(fuzz::GoldConstant{table->name, schemaColumn->name,
                                               fuzz::coerceToColumn(valueAt(domain, at), *schemaColumn),
                                               fuzz::ConstantUse::Compare});
        }
    }

    /// The schema columns `column` may name: through its table or alias, else in
    /// any table the query reads.
    std::vector<std::pair<const schema::Table*, const schema::Column*>> columnsNamed(const sql::ColumnRef& column) const
    {
        std::vector<std::string> tables;
        if (column.table) {
            const std::string qualifier = asciiLower(column.table->name);
            tables.push_back(column.table->name);
            for (const auto& [alias, table] : m_aliases)
                if (alias == qualifier) tables.push_back(table);
        } else {
            tables = m_tables;
        }
        std::vector<std::pair<const schema::Table*, const schema::Column*>> out;
        for (const std::string& name : tables) {
            const schema::Table* table = m_schema.findTable(name);
            const schema::Column* found = table ? table->findColumn(column.column.name) : nullptr;
            if (found != nullptr
                && std::none_of(out.begin(), out.end(), [&](const auto& seen) { return seen.second == found; }))
                out.emplace_back(table, found);
        }
        return out;
    }

    std::string m_text;
    const schema::Schema& m_schema;
    std::vector<std::string> m_tables;
    std::vector<std::pair<std::string, std::string>> m_aliases;  ///< (lower-case alias, table)
    ProbeBudget m_budget;
};

} // namespace

fuzz::GoldConstants boundaryValues(std::string_view query, const schema::Schema& schema)
{
    fuzz::GoldConstants out;
    std::string text = exec::officialPostprocess(query);
    const sql::ParseOutput parsed = sql::parse(text);
    if (!parsed.ok()) return out;
    Finder(std::move(text), schema).run(*parsed.statement, out);
    return out;
}

} // namespace sqleq::targeted::detail
