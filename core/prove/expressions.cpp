// The expression rules. `negation` moves NOT inward and spells BETWEEN and IN lists
// one way; `commute` puts the operands of symmetric operators in a canonical order.
// Both hold in SQLite's three-valued logic as values, not only as filters: NOT of
// NULL is NULL, so `NOT (a < b)` and `a >= b` agree on NULL too, and SQLite orders any
// two non-NULL values totally.

#include "core/prove/rules.h"
#include "core/prove/slot_visitor.h"

#include "core/base/ascii_case.h"
#include "core/sql/printer.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <algorithm>

namespace sqleq::prove {
namespace {

sql::ExprPtr binary(sql::BinaryOp op, sql::ExprPtr left, sql::ExprPtr right)
{
    auto out = std::make_unique<sql::BinaryExpr>();
    out->op = op;
    out->left = std::move(left);
    out->right = std::move(right);
    return out;
}

sql::ExprPtr negated(sql::ExprPtr operand)
{
    auto out = std::make_unique<sql::UnaryExpr>();
    out->op = sql::UnaryOp::Not;
    out->operand = std::move(operand);
    return out;
}

/// The comparison that is true exactly where `op` is false (and NULL where it is NULL).
std::optional<sql::BinaryOp> complement(sql::BinaryOp op)
{
    switch (op) {
    case sql::BinaryOp::Eq: return sql::BinaryOp::NotEq;
    case sql::BinaryOp::NotEq: return sql::BinaryOp::Eq;
    case sql::BinaryOp::Less: return sql::BinaryOp::GreaterEq;
    case sql::BinaryOp::GreaterEq: return sql::BinaryOp::Less;
    case sql::BinaryOp::Greater: return sql::BinaryOp::LessEq;
    case sql::BinaryOp::LessEq: return sql::BinaryOp::Greater;
    case sql::BinaryOp::Is: return sql::BinaryOp::IsNot;
    case sql::BinaryOp::IsNot: return sql::BinaryOp::Is;
    default: return std::nullopt;
    }
}

/// NOT pushed one level into `operand`, or null when no rule applies there.
sql::ExprPtr pushNot(sql::ExprPtr& operand)
{
    if (auto* inner = operand->tryAs<sql::BinaryExpr>()) {
        if (inner->op == sql::BinaryOp::And || inner->op == sql::BinaryOp::Or) {
            const auto dual = inner->op == sql::BinaryOp::And ? sql::BinaryOp::Or : sql::BinaryOp::And;
            return binary(dual, negated(std::move(inner->left)), negated(std::move(inner->right)));
        }
        if (const auto op = complement(inner->op)) {
            inner->op = *op;
            return std::move(operand);
        }
        return nullptr;
    }
    if (auto* in = operand->tryAs<sql::InExpr>()) {
        in->negated = !in->negated;
        return std::move(operand);
    }
    if (auto* like = operand->tryAs<sql::LikeExpr>()) {
        like->negated = !like->negated;
        return std::move(operand);
    }
    if (auto* between = operand->tryAs<sql::BetweenExpr>()) {
        between->negated = !between->negated;
        return std::move(operand);
    }
    if (auto* test = operand->tryAs<sql::NullTestExpr>()) {
        test->negated = !test->negated;
        return std::move(operand);
    }
    return nullptr;
}

/// One bottom-up pass over an expression slot.
void rewriteNegations(sql::ExprPtr& slot, std::vector<std::string>& done);

void rewriteChildren(sql::Node& node, std::vector<std::string>& done)
{
    // Only expression slots are rewritten here; subqueries are reached by the walk in applyNegation.
    if (auto* unary = node.tryAs<sql::UnaryExpr>()) rewriteNegations(unary->operand, done);
    if (auto* bin = node.tryAs<sql::BinaryExpr>()) {
        rewriteNegations(bin->left, done);
        rewriteNegations(bin->right, done);
    }
}

void rewriteNegations(sql::ExprPtr& slot, std::vector<std::string>& done)
{
    if (!slot) return;
    rewriteChildren(*slot, done);
    if (auto* unary = slot->tryAs<sql::UnaryExpr>(); unary && unary->op == sql::UnaryOp::Not) {
        if (auto pushed = pushNot(unary->operand)) {
            slot = std::move(pushed);
            done.emplace_back("NOT moved inward (de Morgan; NOT of a comparison is the opposite comparison)");
            rewriteNegations(slot, done);  // the new NOTs one level down
            return;
        }
    }
    if (auto* between = slot->tryAs<sql::BetweenExpr>()) {
        // x BETWEEN a AND b is x >= a AND x <= b (SQLite evaluates x once: the same value).
        auto operand = std::move(between->operand);
        auto low = std::move(between->low);
        auto high = std::move(between->high);
        auto copy = sql::cloneOf(operand);
        slot = between->negated
            ? binary(sql::BinaryOp::Or, binary(sql::BinaryOp::Less, std::move(operand), std::move(low)),
                     binary(sql::BinaryOp::Greater, std::move(copy), std::move(high)))
            : binary(sql::BinaryOp::And, binary(sql::BinaryOp::GreaterEq, std::move(operand), std::move(low)),
                     binary(sql::BinaryOp::LessEq, std::move(copy), std::move(high)));
        done.emplace_back("x BETWEEN a AND b is x >= a AND x <= b");
        return;
    }
    if (auto* in = slot->tryAs<sql::InExpr>(); in && in->source == sql::InSource::List && in->items.size() > 1) {
        std::vector<std::pair<std::string, sql::ExprPtr>> items;
        for (auto& item : in->items) items.emplace_back(sql::print(*item), std::move(item));
        std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        items.erase(std::unique(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first == b.first; }),
                    items.end());
        in->items.clear();
        for (auto& item : items) in->items.push_back(std::move(item.second));
        done.emplace_back("an IN list is a set: its order and repeats do not matter");
    }
}

/// The collation a comparison operand brings, SQLite's rule: an explicit COLLATE, else
/// a column's own (through unary + and CAST). `explicitly` when written out.
std::string operandCollation(const sql::Expr& expr, const std::map<std::string, const schema::Table*>& tables,
                             bool& explicitly, bool& unknown)
{
    const sql::Expr* current = &expr;
    while (true) {
        if (const auto* collate = current->tryAs<sql::CollateExpr>()) {
            explicitly = true;
            return asciiUpper(collate->collation.name);
        }
        if (const auto* unary = current->tryAs<sql::UnaryExpr>(); unary && unary->op == sql::UnaryOp::Plus) {
            current = unary->operand.get();
            continue;
        }
        if (const auto* cast = current->tryAs<sql::CastExpr>()) {
            current = cast->operand.get();
            continue;
        }
        break;
    }
    // A row value compares element by element, each with its own collation: not
    // followed. (A scalar subquery brings none: `(SELECT nocase_col …) = x` compares
    // with x's, SQLite 3.40; test_prove holds it to that.)
    if (current->is<sql::RowValue>()) {
        unknown = true;
        return {};
    }
    bool nested = false;
    sql::walk(*current, [&](const sql::Node& node) {
        nested = nested || node.kind() == sql::NodeKind::Collate;
        return !nested;
    });
    if (nested) unknown = true;  // a COLLATE deeper inside: not followed
    const auto* ref = current->tryAs<sql::ColumnRef>();
    if (!ref) return {};
    const auto table = tables.find(bindingOf(*ref));
    if (table == tables.end() || !table->second) {
        unknown = true;  // a derived table's column carries its source's collation
        return {};
    }
    const schema::Column* column = table->second->findColumn(ref->column.name);
    return column ? asciiUpper(column->collation) : std::string();
}

bool symmetric(sql::BinaryOp op)
{
    return op == sql::BinaryOp::Eq || op == sql::BinaryOp::NotEq || op == sql::BinaryOp::Is
        || op == sql::BinaryOp::IsNot;
}

std::optional<sql::BinaryOp> mirror(sql::BinaryOp op)
{
    switch (op) {
    case sql::BinaryOp::Less: return sql::BinaryOp::Greater;
    case sql::BinaryOp::Greater: return sql::BinaryOp::Less;
    case sql::BinaryOp::LessEq: return sql::BinaryOp::GreaterEq;
    case sql::BinaryOp::GreaterEq: return sql::BinaryOp::LessEq;
    default: return std::nullopt;
    }
}

class Commuter {
public:
    Commuter(const std::map<std::string, const schema::Table*>& tables, Uses& uses) : m_tables(tables), m_uses(uses) {}

    void rewrite(sql::ExprPtr& slot)
    {
        if (!slot) return;
        if (auto* bin = slot->tryAs<sql::BinaryExpr>()) {
            if (bin->op == sql::BinaryOp::And || bin->op == sql::BinaryOp::Or) {
                const auto op = bin->op;
                std::vector<sql::ExprPtr> operands;
                flattenChain(std::move(slot), op, operands);
                std::vector<std::pair<std::string, sql::ExprPtr>> keyed;
                for (auto& operand : operands) {
                    rewrite(operand);
                    keyed.emplace_back(sql::print(*operand), std::move(operand));
                }
                std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
                operands.clear();
                for (auto& [text, operand] : keyed) operands.push_back(std::move(operand));
                slot = joinChain(std::move(operands), op);
                m_uses.add("AND and OR take their operands in any order");
                return;
            }
            rewrite(bin->left);
            rewrite(bin->right);
            const bool symmetricOp = symmetric(bin->op);
            const auto mirrored = mirror(bin->op);
            if ((symmetricOp || mirrored) && sql::print(*bin->right) < sql::print(*bin->left) && sameCollation(*bin)) {
                std::swap(bin->left, bin->right);
                if (mirrored) bin->op = *mirrored;
                m_uses.add(symmetricOp ? "=, !=, IS and IS NOT take their sides in either order (same collation)"
                                       : "a < b is b > a (same collation)");
            }
            return;
        }
        if (auto* unary = slot->tryAs<sql::UnaryExpr>()) rewrite(unary->operand);
    }

private:
    /// Swapping the sides keeps the collation SQLite compares with: no COLLATE written
    /// and not two columns of different collations (the left one's would win).
    bool sameCollation(const sql::BinaryExpr& bin) const
    {
        bool leftExplicit = false, rightExplicit = false, unknown = false;
        const std::string left = operandCollation(*bin.left, m_tables, leftExplicit, unknown);
        const std::string right = operandCollation(*bin.right, m_tables, rightExplicit, unknown);
        return !leftExplicit && !rightExplicit && !unknown && left == right;
    }

    const std::map<std::string, const schema::Table*>& m_tables;
    Uses& m_uses;
};

} // namespace

std::string applyNegation(sql::SelectStatement& statement, const RuleContext&, Uses& uses)
{
    std::vector<std::string> done;
    forEveryExpressionSlot(statement, [&](sql::ExprPtr& slot) { rewriteNegations(slot, done); });
    for (auto& fact : done) uses.add(std::move(fact));
    return {};
}

std::string applyCommute(sql::SelectStatement& statement, const RuleContext& context, Uses& uses)
{
    const auto tables = tableBindings(statement, context.schema);
    Commuter commuter(tables, uses);
    forEveryExpressionSlot(statement, [&](sql::ExprPtr& slot) { commuter.rewrite(slot); });
    // The comparison pairs the result's columns in any order: the top-level SELECT's
    // columns may come sorted, unless a `*`, a compound or an ordinal reads positions.
    auto* core = statement.body ? statement.body->tryAs<sql::SelectCore>() : nullptr;
    if (!core || core->columns.size() < 2) return {};
    bool positional = false;
    auto ordinal = [&](const sql::Expr* expr) {
        const auto* literal = expr ? expr->tryAs<sql::Literal>() : nullptr;
        positional = positional || (literal && literal->literalKind == sql::LiteralKind::Integer);
    };
    for (const auto& column : core->columns) positional = positional || column->columnKind != sql::ResultColumnKind::Expr;
    for (const auto& group : core->groupBy) ordinal(group.get());
    for (const auto& term : statement.orderBy) ordinal(term->expr.get());
    if (positional) return {};
    std::vector<std::string> before;
    for (const auto& column : core->columns) before.push_back(sql::print(*column));
    std::stable_sort(core->columns.begin(), core->columns.end(),
                     [](const auto& a, const auto& b) { return sql::print(*a) < sql::print(*b); });
    std::vector<std::string> after;
    for (const auto& column : core->columns) after.push_back(sql::print(*column));
    if (before != after) uses.add("the comparison pairs the result's columns in any order");
    return {};
}

} // namespace sqleq::prove
