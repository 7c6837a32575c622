// Proof rule: `A INTERSECT B` is empty and `A EXCEPT B` is A's distinct rows when no
// row of A can equal a row of B — a count against a TEXT column, or the same tables
// and columns with one output column fixed to different constants.
#include "core/neighbors/proofs/proofs.h"

#include "core/base/ascii_case.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sqleq::neighbors::proofs {
namespace {

/// `text` of `span` with runs of blanks as one space and ASCII letters lowered: how two
/// branches' FROM clauses and column lists are compared.
std::string squeezed(std::string_view text, SourceSpan span)
{
    if (!span.valid() || span.end > text.size()) return {};
    std::string out;
    for (char c : asciiLower(text.substr(span.begin, span.length()))) {
        const bool blank = c == ' ' || c == '\t' || c == '\n' || c == '\r';
        if (blank && (out.empty() || out.back() == ' ')) continue;
        out += blank ? ' ' : c;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

std::string_view operatorText(sql::BinaryOp op)
{
    switch (op) {
    case sql::BinaryOp::Eq: return "=";
    case sql::BinaryOp::Less: return "<";
    case sql::BinaryOp::LessEq: return "<=";
    case sql::BinaryOp::Greater: return ">";
    case sql::BinaryOp::GreaterEq: return ">=";
    default: return "?";
    }
}

/// `column op literal` (op one of = < <= > >=), the column's side first.
struct Bound {
    sql::BinaryOp op = sql::BinaryOp::Eq;
    const sql::Literal* literal = nullptr;
};

void collectComparisons(const sql::Expr* expr, std::vector<const sql::BinaryExpr*>& out)
{
    const auto* binary = expr != nullptr ? expr->tryAs<sql::BinaryExpr>() : nullptr;
    if (binary == nullptr) return;
    if (binary->op == sql::BinaryOp::And) {
        collectComparisons(binary->left.get(), out);
        collectComparisons(binary->right.get(), out);
        return;
    }
    switch (binary->op) {
    case sql::BinaryOp::Eq:
    case sql::BinaryOp::Less:
    case sql::BinaryOp::LessEq:
    case sql::BinaryOp::Greater:
    case sql::BinaryOp::GreaterEq: out.push_back(binary); break;
    default: break;
    }
}

/// The `column op literal` conjuncts of a WHERE clause, by resolved column (binary
/// collation only: under NOCASE two different literals can match one value).
std::map<ColumnKey, std::vector<Bound>> fixedColumns(const sql::SelectCore& core, const ScopeIndex& scopes,
                                                     const schema::Schema& schema)
{
    std::vector<const sql::BinaryExpr*> comparisons;
    collectComparisons(core.where.get(), comparisons);
    std::map<ColumnKey, std::vector<Bound>> fixed;
    for (const sql::BinaryExpr* comparison : comparisons) {
        const sql::Expr* sides[2] = {comparison->left.get(), comparison->right.get()};
        for (int s = 0; s < 2; ++s) {
            const auto* ref = sides[s] ? sides[s]->tryAs<sql::ColumnRef>() : nullptr;
            const auto* literal = sides[1 - s] ? sides[1 - s]->tryAs<sql::Literal>() : nullptr;
            const ColumnSite* site = ref ? scopes.find(*ref) : nullptr;
            if (literal == nullptr || site == nullptr || !site->resolved || site->core != &core) continue;
            const schema::Table* table = schema.findTable(site->resolved->table);
            const schema::Column* column = table ? table->findColumn(site->resolved->column) : nullptr;
            if (column == nullptr || (!column->collation.empty() && asciiLower(column->collation) != "binary")) continue;
            if (literal->literalKind != sql::LiteralKind::String && literal->literalKind != sql::LiteralKind::Integer)
                continue;
            fixed[ColumnKey{asciiLower(site->resolved->binding), asciiLower(site->resolved->column)}].push_back(
                {s == 0 ? comparison->op : mirrored(comparison->op), literal});
        }
    }
    return fixed;
}

/// Whether `value op bound` holds, both literals of one kind (text compared byte by
/// byte, as the binary collation does; integers as numbers).
bool holds(const sql::Literal& value, sql::BinaryOp op, const sql::Literal& bound)
{
    int order = 0;
    if (value.literalKind == sql::LiteralKind::String) {
        order = value.value().compare(bound.value());
    } else {
        const double a = std::strtod(value.text.c_str(), nullptr);
        const double b = std::strtod(bound.text.c_str(), nullptr);
        order = a < b ? -1 : a > b ? 1 : 0;
    }
    switch (op) {
    case sql::BinaryOp::Eq: return order == 0;
    case sql::BinaryOp::Less: return order < 0;
    case sql::BinaryOp::LessEq: return order <= 0;
    case sql::BinaryOp::Greater: return order > 0;
    case sql::BinaryOp::GreaterEq: return order >= 0;
    default: return true;
    }
}

/// The tables of a FROM clause with their aliases, in order: what `*` expands to
/// (whatever the join conditions); nothing for other FROM items.
std::optional<std::vector<std::string>> fromTables(const sql::SelectCore& core)
{
    if (!core.from) return std::nullopt;
    std::vector<std::string> out;
    for (const auto& term : core.from->terms) {
        const auto* ref = term->source ? term->source->tryAs<sql::TableRef>() : nullptr;
        if (ref == nullptr || ref->schema || term->op.natural || term->hasUsing) return std::nullopt;
        out.push_back(asciiLower(ref->name.name) + " " + asciiLower(ref->alias ? ref->alias->name : ref->name.name));
    }
    return out;
}

/// Why no row of `left` can equal a row of `right`, or nothing: at some output position
/// one side is a count (an INTEGER) and the other a TEXT column (whose values are TEXT:
/// compound operators compare without conversion); or both read the same tables under
/// the same names, output the same columns, and fix one output column to different
/// constants.
std::optional<std::string> whyDisjoint(const sql::SelectCore& left, const sql::SelectCore& right,
                                       std::string_view text, const ScopeIndex& scopes, const schema::Schema& schema)
{
    if (left.columns.size() != right.columns.size()) return std::nullopt;
    auto textColumn = [&](const sql::ResultColumn& column) {
        const auto* ref = column.expr ? column.expr->tryAs<sql::ColumnRef>() : nullptr;
        const ColumnSite* site = ref ? scopes.find(*ref) : nullptr;
        if (site == nullptr || !site->resolved) return false;
        const schema::Table* table = schema.findTable(site->resolved->table);
        const schema::Column* found = table ? table->findColumn(site->resolved->column) : nullptr;
        return found != nullptr && found->affinity == schema::Affinity::Text;
    };
    for (std::size_t c = 0; c < left.columns.size(); ++c) {
        const auto& a = *left.columns[c];
        const auto& b = *right.columns[c];
        if (a.columnKind != sql::ResultColumnKind::Expr || b.columnKind != sql::ResultColumnKind::Expr) continue;
        if ((isCount(a.expr.get()) && textColumn(b)) || (isCount(b.expr.get()) && textColumn(a)))
            return fmt::format("column {} is a count on one side and text on the other", c + 1);
    }
    const auto leftTables = fromTables(left);
    if (!leftTables || leftTables != fromTables(right) || !left.groupBy.empty() || !right.groupBy.empty())
        return std::nullopt;
    std::set<ColumnKey> output;  // empty with a lone `*`: every column is output
    bool star = false;
    for (std::size_t c = 0; c < left.columns.size(); ++c) {
        const auto& a = *left.columns[c];
        const auto& b = *right.columns[c];
        if (a.columnKind != b.columnKind) return std::nullopt;
        if (a.columnKind == sql::ResultColumnKind::Star) {
            star = true;
            continue;
        }
        if (a.columnKind != sql::ResultColumnKind::Expr || squeezed(text, a.span()) != squeezed(text, b.span()))
            return std::nullopt;
        const auto* ref = a.expr ? a.expr->tryAs<sql::ColumnRef>() : nullptr;
        const ColumnSite* site = ref ? scopes.find(*ref) : nullptr;
        if (site != nullptr && site->resolved)
            output.insert({asciiLower(site->resolved->binding), asciiLower(site->resolved->column)});
    }
    const auto leftFixed = fixedColumns(left, scopes, schema);
    const auto rightFixed = fixedColumns(right, scopes, schema);
    // One side fixes the column to a constant the other side's bound excludes.
    for (const auto& [column, leftBounds] : leftFixed) {
        const auto other = rightFixed.find(column);
        if (other == rightFixed.end() || (!star && !output.contains(column))) continue;
        for (const Bound& a : leftBounds) {
            for (const Bound& b : other->second) {
                if (a.literal->literalKind != b.literal->literalKind) continue;
                const bool excluded = (a.op == sql::BinaryOp::Eq && !holds(*a.literal, b.op, *b.literal))
                                      || (b.op == sql::BinaryOp::Eq && !holds(*b.literal, a.op, *a.literal));
                if (excluded)
                    return fmt::format("{}.{} is {} {} on one side, {} {} on the other", column.first, column.second,
                                       operatorText(a.op), a.literal->text, operatorText(b.op), b.literal->text);
            }
        }
    }
    return std::nullopt;
}

} // namespace

/// `A INTERSECT B` is always empty and `A EXCEPT B` is A's distinct rows when no row
/// of A can equal a row of B (whyDisjoint).
std::vector<TextEdit> disjointBranchEdits(const sql::SelectStatement& statement, std::string_view text,
                                          const schema::Schema& schema, std::vector<std::string>& reasons)
{
    const ScopeIndex scopes(schema, statement);
    std::vector<TextEdit> edits;
    sql::walk(statement, [&](const sql::Node& node) {
        const auto* compound = node.tryAs<sql::CompoundSelect>();
        if (compound == nullptr
            || (compound->op != sql::CompoundOp::Intersect && compound->op != sql::CompoundOp::Except))
            return true;
        const auto* left = compound->left ? compound->left->tryAs<sql::SelectCore>() : nullptr;
        const auto* right = compound->right ? compound->right->tryAs<sql::SelectCore>() : nullptr;
        if (left == nullptr || right == nullptr || left->distinct != sql::DistinctMode::None) return true;
        const auto why = whyDisjoint(*left, *right, text, scopes, schema);
        const SourceSpan whole = compound->span();
        const SourceSpan first = left->span();
        if (!why || !whole.valid() || !first.valid() || first.end > text.size() || first.length() < 6) return true;
        std::string replacement = "SELECT 0 WHERE 0";
        if (compound->op == sql::CompoundOp::Except)
            replacement = "SELECT DISTINCT" + std::string(text.substr(first.begin + 6, first.length() - 6));
        edits.push_back({whole, replacement});
        reasons.push_back(fmt::format("the two sides of {} never share a row ({})",
                                      compound->op == sql::CompoundOp::Except ? "EXCEPT" : "INTERSECT", *why));
        return false;
    });
    return edits;
}

} // namespace sqleq::neighbors::proofs
