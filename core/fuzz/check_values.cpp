// The values are read with the query front end: a CHECK body is parsed as the
// WHERE clause of `SELECT 1 FROM <table>`, so the constant collector attributes
// its comparisons, IN lists and BETWEEN bounds to columns exactly as it does a
// gold query's; LIKE and GLOB patterns are kept whole, because a CHECK wants the
// whole text to match, not a piece of it.

#include "core/fuzz/check_values.h"

#include "core/fuzz/column_kind.h"
#include "core/fuzz/gold_constants.h"
#include "core/fuzz/constant_variants.h"
#include "core/schema/ddl_writer.h"
#include "core/sql/parser.h"
#include "core/sql/walk.h"

#include <limits>

namespace sqleq::fuzz {
namespace {

/// CHECK text past this many bytes per table is not read for values (the CheckFilter
/// still runs it): real checks are short, and a hostile schema must not make every
/// sampled table parse megabytes.
constexpr std::size_t kMaxCheckBytes = 4096;


char randomSymbol(Prng& rng)
{
    static constexpr std::string_view kSymbols = "abcdefghijklmnopqrstuvwxyz0123456789";
    return kSymbols[rng.index(kSymbols.size())];
}

} // namespace

std::string patternInstance(std::string_view pattern, sql::LikeOp op, Prng& rng)
{
    std::string out;
    const bool glob = op == sql::LikeOp::Glob;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (c == (glob ? '?' : '_')) {
            out += randomSymbol(rng);
        } else if (c == (glob ? '*' : '%')) {
            if (rng.chance(0.7)) out += randomWord(rng, 1, 3);
        } else if (glob && c == '[') {
            // A class: its first member (a range's low end); a negated class
            // ("[^…]") gets a character outside the usual ones.
            std::size_t j = i + 1;
            const bool negated = j < pattern.size() && pattern[j] == '^';
            if (negated) ++j;
            const std::size_t close = pattern.find(']', j + 1);
            if (close == std::string_view::npos) {
                out += c;
                continue;
            }
            out += negated ? '~' : pattern[j];
            i = close;
        } else {
            out += c;
        }
    }
    return out;
}

CheckValues::CheckValues(const schema::Table& table, const schema::Schema& schema)
    : m_values(table.columns.size()), m_patterns(table.columns.size()), m_fractional(table.columns.size(), false)
{
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        const ValueKind kind = classifyColumn(table, table.columns[c]).kind;
        m_fractional[c] = kind == ValueKind::Real || kind == ValueKind::Decimal || kind == ValueKind::Number;
    }
    std::size_t read = 0;
    for (const std::string& body : table.checks) {
        read += body.size();
        if (read > kMaxCheckBytes) break;
        addCheck(body, table, schema);
    }
    for (std::size_t c = 0; c < table.columns.size(); ++c)
        if (has(c)) m_empty = false;
}

void CheckValues::addCheck(const std::string& body, const schema::Table& table, const schema::Schema& schema)
{
    const sql::ParseOutput parsed =
        sql::parse("SELECT 1 FROM " + schema::quoteIdentifier(table.name) + " WHERE (" + body + "\n)");
    if (!parsed.ok()) return;
    const GoldConstants constants = collectConstants(*parsed.statement, schema);
    for (const GoldConstant& constant : constants.items) {
        if (!constant.attributed() || constant.use != ConstantUse::Compare
            || !schema::sameIdentifier(constant.table, table.name))
            continue;
        const std::size_t c = table.columnIndex(constant.column);
        if (c < table.columns.size()) m_values[c].push_back(constant.value);
    }
    sql::walk(*parsed.statement, [&](const sql::Node& node) {
        if (const auto* comparison = node.tryAs<sql::BinaryExpr>()) {
            addInsideBound(*comparison, table);
            return true;
        }
        const auto* like = node.tryAs<sql::LikeExpr>();
        if (like == nullptr || like->negated || like->escape || !like->operand || !like->pattern
            || (like->op != sql::LikeOp::Like && like->op != sql::LikeOp::Glob))
            return true;
        const auto* column = like->operand->tryAs<sql::ColumnRef>();
        const auto* pattern = like->pattern->tryAs<sql::Literal>();
        if (column == nullptr || pattern == nullptr || pattern->literalKind != sql::LiteralKind::String) return true;
        const std::size_t c = table.columnIndex(column->column.name);
        if (c < table.columns.size()) m_patterns[c].push_back({pattern->value(), like->op});
        return true;
    });
}

void CheckValues::addInsideBound(const sql::BinaryExpr& comparison, const schema::Table& table)
{
    using sql::BinaryOp;
    BinaryOp op = comparison.op;
    if (op != BinaryOp::Less && op != BinaryOp::LessEq && op != BinaryOp::Greater && op != BinaryOp::GreaterEq) return;
    if (!comparison.left || !comparison.right) return;
    const auto* column = comparison.left->tryAs<sql::ColumnRef>();
    const sql::Expr* bound = comparison.right.get();
    if (column == nullptr) {
        // `1000 < budget` reads as `budget > 1000`.
        column = comparison.right->tryAs<sql::ColumnRef>();
        bound = comparison.left.get();
        op = op == BinaryOp::Less ? BinaryOp::Greater
             : op == BinaryOp::LessEq ? BinaryOp::GreaterEq
             : op == BinaryOp::Greater ? BinaryOp::Less
                                       : BinaryOp::LessEq;
    }
    const std::size_t c = column ? table.columnIndex(column->column.name) : table.columns.size();
    if (c >= table.columns.size()) return;
    const auto value = constantValue(*bound);
    if (!value || (value->type() != exec::ValueType::Integer && value->type() != exec::ValueType::Real)) return;
    // One step inside a strict bound: integers by one, reals by a half.
    const bool strict = op == BinaryOp::Less || op == BinaryOp::Greater;
    const double sign = op == BinaryOp::Greater || op == BinaryOp::GreaterEq ? 1.0 : -1.0;
    if (!strict) return;  // the bound itself passes, and the collector has it already
    if (value->type() == exec::ValueType::Integer) {
        const int64_t n = value->asInteger();
        if ((sign > 0 && n == std::numeric_limits<int64_t>::max()) || (sign < 0 && n == std::numeric_limits<int64_t>::min()))
            return;
        m_values[c].push_back(exec::Value::integer(sign > 0 ? n + 1 : n - 1));
    } else {
        m_values[c].push_back(exec::Value::real(value->asReal() + sign * 0.5));
    }
}

bool CheckValues::has(std::size_t column) const
{
    return column < m_values.size() && (!m_values[column].empty() || !m_patterns[column].empty());
}

exec::Value CheckValues::draw(std::size_t column, Prng& rng) const
{
    const auto& values = m_values[column];
    const auto& patterns = m_patterns[column];
    const std::size_t pick = rng.index(values.size() + patterns.size());
    if (pick >= values.size()) {
        const Pattern& pattern = patterns[pick - values.size()];
        return exec::Value::text(patternInstance(pattern.text, pattern.op, rng));
    }
    const exec::Value& value = values[pick];
    const bool numeric = value.type() == exec::ValueType::Integer || value.type() == exec::ValueType::Real;
    // Mostly the value as the check names it (a bound, one step inside a strict
    // one, a member of a list); now and then a neighbour, for variety between rows.
    return numeric && rng.chance(0.25) ? numericVariant(value, m_fractional[column], rng) : value;
}

} // namespace sqleq::fuzz
