// Why these rewrites are sound. Group counts: every group of a GROUP BY holds at
// least one row, so count(*) there is an integer n >= 1, never NULL, and
// `n op c` is a predicate on {1, 2, …}. Two comparisons with the same truth
// set on it yield the same 0/1 value for every group, wherever the comparison
// stands (HAVING, select list, ORDER BY). Each truth set is one of: none, all,
// {k}, all but {k}, [1, k], [k, ∞), which we print as one canonical comparison.
// Without GROUP BY an aggregate query has one group that may be empty
// (count 0), so it is left alone. Subquery LIMITs: sqlite3CodeSubselect()
// replaces the LIMIT X of a scalar or EXISTS subquery by LIMIT (X <> 0) (and
// adds LIMIT 1 when there is none), so any nonzero X means LIMIT 1, as does no
// LIMIT at all; only OFFSET would make a difference, and then we keep it all.

#include "core/neighbors/key_rewrites.h"

#include "core/schema/schema.h"
#include "core/sql/walk.h"

#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>

namespace sqleq::neighbors {
namespace {

using sql::BinaryOp;

/// The value of a numeric literal, optionally signed; nothing for anything else
/// or for magnitudes where double arithmetic would stop being exact.
std::optional<double> numericConstant(const sql::Expr& expr)
{
    double sign = 1.0;
    const sql::Expr* current = &expr;
    if (const auto* unary = current->tryAs<sql::UnaryExpr>()) {
        if (!unary->operand || (unary->op != sql::UnaryOp::Negate && unary->op != sql::UnaryOp::Plus)) return {};
        if (unary->op == sql::UnaryOp::Negate) sign = -1.0;
        current = unary->operand.get();
    }
    const auto* literal = current->tryAs<sql::Literal>();
    if (!literal) return {};
    if (literal->literalKind != sql::LiteralKind::Integer && literal->literalKind != sql::LiteralKind::Float) return {};
    char* end = nullptr;
    const double value = std::strtod(literal->text.c_str(), &end);
    if (end == literal->text.c_str() || *end != '\0' || !std::isfinite(value) || std::fabs(value) > 1e15) return {};
    return sign * value;
}

bool isGroupCount(const sql::Expr& expr)
{
    const auto* call = expr.tryAs<sql::FunctionCall>();
    return call && schema::sameIdentifier(call->name.name, "count") && !call->distinct && !call->filter
           && !call->over && !call->overName && (call->star || call->args.empty());
}

BinaryOp flipped(BinaryOp op)
{
    switch (op) {
    case BinaryOp::Less: return BinaryOp::Greater;
    case BinaryOp::LessEq: return BinaryOp::GreaterEq;
    case BinaryOp::Greater: return BinaryOp::Less;
    case BinaryOp::GreaterEq: return BinaryOp::LessEq;
    default: return op;
    }
}

struct Canonical {
    BinaryOp op;
    long long k;
};

constexpr Canonical kAll{BinaryOp::GreaterEq, 1};
constexpr Canonical kNone{BinaryOp::Less, 1};

/// {n >= 1 : n <= upper}
Canonical atMost(double upper)
{
    const auto u = static_cast<long long>(std::floor(upper));
    if (u < 1) return kNone;
    if (u == 1) return {BinaryOp::Eq, 1};
    return {BinaryOp::LessEq, u};
}

/// {n >= 1 : n >= lower}
Canonical atLeast(double lower)
{
    const auto l = static_cast<long long>(std::ceil(lower));
    return l <= 1 ? kAll : Canonical{BinaryOp::GreaterEq, l};
}

/// The canonical form of `n op c` over integers n >= 1.
std::optional<Canonical> canonicalOf(BinaryOp op, double c)
{
    const bool whole = std::floor(c) == c && c >= 1;
    switch (op) {
    case BinaryOp::Eq: return whole ? Canonical{BinaryOp::Eq, static_cast<long long>(c)} : kNone;
    case BinaryOp::NotEq:
        if (!whole) return kAll;
        return c == 1 ? Canonical{BinaryOp::GreaterEq, 2} : Canonical{BinaryOp::NotEq, static_cast<long long>(c)};
    case BinaryOp::Less: return atMost(std::ceil(c) - 1);
    case BinaryOp::LessEq: return atMost(c);
    case BinaryOp::Greater: return atLeast(std::floor(c) + 1);
    case BinaryOp::GreaterEq: return atLeast(c);
    default: return {};
    }
}

void canonicalizeComparison(sql::BinaryExpr& binary)
{
    if (!binary.left || !binary.right) return;
    BinaryOp op = binary.op;
    if (isGroupCount(*binary.right) && !isGroupCount(*binary.left)) {
        std::swap(binary.left, binary.right);
        op = flipped(op);
    }
    if (!isGroupCount(*binary.left)) return;
    const auto constant = numericConstant(*binary.right);
    if (!constant) return;
    const auto canonical = canonicalOf(op, *constant);
    if (!canonical) return;
    auto literal = std::make_unique<sql::Literal>();
    literal->literalKind = sql::LiteralKind::Integer;
    literal->text = std::to_string(canonical->k);
    binary.op = canonical->op;
    binary.right = std::move(literal);
}

/// Rewrites the comparisons in `root` that belong to the grouped core itself
/// (a nested query is a core of its own, visited separately).
void canonicalizeIn(sql::Node& root)
{
    sql::walk(root, [](sql::Node& node) {
        if (node.is<sql::SelectStatement>()) return false;
        if (auto* binary = node.tryAs<sql::BinaryExpr>()) canonicalizeComparison(*binary);
        return true;
    });
}

bool isGrouped(const sql::SelectBody* body)
{
    const auto* core = body ? body->tryAs<sql::SelectCore>() : nullptr;
    return core && !core->groupBy.empty();
}

/// LIMIT X with X a nonzero integer constant and no OFFSET.
bool limitIsAnyNonzero(const sql::SelectStatement& statement)
{
    if (!statement.limit || statement.offset) return false;
    const auto value = numericConstant(*statement.limit);
    const auto* literal = statement.limit->tryAs<sql::Literal>();
    const auto* unary = statement.limit->tryAs<sql::UnaryExpr>();
    if (unary && unary->operand) literal = unary->operand->tryAs<sql::Literal>();
    return value && *value != 0 && literal && literal->literalKind == sql::LiteralKind::Integer;
}

/// Sort keys whose evaluation cannot fail: a function (abs() of the smallest
/// integer, sum() overflowing, malformed JSON) or a subquery could raise an
/// error, and dropping the key would drop the error.
bool cannotFail(const sql::OrderingTerm& term)
{
    bool harmless = true;
    sql::walk(term, [&](const sql::Node& node) {
        if (node.is<sql::FunctionCall>() || node.is<sql::SelectStatement>()) harmless = false;
        return harmless;
    });
    return harmless;
}

void dropOrderIfUnlimited(sql::SelectStatement& statement)
{
    if (statement.limit || statement.offset) return;
    for (const auto& term : statement.orderBy) {
        if (!cannotFail(*term)) return;
    }
    statement.orderBy.clear();
}

} // namespace

void canonicalizeGroupCounts(sql::SelectStatement& statement)
{
    sql::walk(statement, [](sql::Node& node) {
        if (auto* nested = node.tryAs<sql::SelectStatement>()) {
            // ORDER BY of a statement whose body is one grouped core sees its groups.
            if (isGrouped(nested->body.get())) {
                for (auto& term : nested->orderBy) canonicalizeIn(*term);
            }
        } else if (auto* core = node.tryAs<sql::SelectCore>(); core && !core->groupBy.empty()) {
            for (auto& column : core->columns) canonicalizeIn(*column);
            if (core->having) canonicalizeIn(*core->having);
            for (auto& term : core->orderBy) canonicalizeIn(*term);
        }
        return true;
    });
}

void dropIrrelevantSubqueryClauses(sql::SelectStatement& statement)
{
    sql::walk(statement, [](sql::Node& node) {
        if (auto* scalar = node.tryAs<sql::SubqueryExpr>(); scalar && scalar->subquery) {
            if (limitIsAnyNonzero(*scalar->subquery)) scalar->subquery->limit.reset();
        } else if (auto* exists = node.tryAs<sql::ExistsExpr>(); exists && exists->subquery) {
            if (limitIsAnyNonzero(*exists->subquery)) exists->subquery->limit.reset();
            dropOrderIfUnlimited(*exists->subquery);
        } else if (auto* in = node.tryAs<sql::InExpr>(); in && in->subquery && in->source == sql::InSource::Subquery) {
            dropOrderIfUnlimited(*in->subquery);
        }
        return true;
    });
}

} // namespace sqleq::neighbors
