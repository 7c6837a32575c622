// The checker's expression rules. `spelling` writes function names in lower case and
// drops ASC; `negation` moves NOT inward, spells BETWEEN as two
// comparisons and an IN list as a sorted set; `commute` sorts the operands of AND and
// OR, puts the smaller side of a comparison first when that keeps SQLite's collation,
// and sorts the top-level result's columns. Each rewrites a clause's boolean skeleton
// (NOT, AND, OR, comparisons) first and then, in the tree it left, the operands of
// every other node (function arguments, CASE, IN, LIKE, BETWEEN, subqueries).

#include "core/proof_check/expression_slots.h"
#include "core/proof_check/rule_checks.h"

#include "core/base/ascii_case.h"
#include "core/sql/printer.h"
#include "core/sql/walk.h"

#include <algorithm>
#include <optional>

namespace sqleq::proof_check {
namespace {

sql::ExprPtr makeBinary(sql::BinaryOp op, sql::ExprPtr left, sql::ExprPtr right)
{
    auto out = std::make_unique<sql::BinaryExpr>();
    out->op = op;
    out->left = std::move(left);
    out->right = std::move(right);
    return out;
}

sql::ExprPtr makeNot(sql::ExprPtr operand)
{
    auto out = std::make_unique<sql::UnaryExpr>();
    out->op = sql::UnaryOp::Not;
    out->operand = std::move(operand);
    return out;
}

/// The comparison true exactly where `op` is false, NULL where it is NULL.
std::optional<sql::BinaryOp> oppositeComparison(sql::BinaryOp op)
{
    using Op = sql::BinaryOp;
    switch (op) {
    case Op::Eq: return Op::NotEq;
    case Op::NotEq: return Op::Eq;
    case Op::Less: return Op::GreaterEq;
    case Op::GreaterEq: return Op::Less;
    case Op::Greater: return Op::LessEq;
    case Op::LessEq: return Op::Greater;
    case Op::Is: return Op::IsNot;
    case Op::IsNot: return Op::Is;
    default: return std::nullopt;
    }
}

/// `NOT operand` one level in, or null when nothing applies (NOT NOT x stays: NOT NOT 5 is 1).
sql::ExprPtr notInside(sql::ExprPtr& operand)
{
    if (auto* binary = operand->tryAs<sql::BinaryExpr>()) {
        if (binary->op == sql::BinaryOp::And || binary->op == sql::BinaryOp::Or) {
            const auto dual = binary->op == sql::BinaryOp::And ? sql::BinaryOp::Or : sql::BinaryOp::And;
            return makeBinary(dual, makeNot(std::move(binary->left)), makeNot(std::move(binary->right)));
        }
        const auto opposite = oppositeComparison(binary->op);
        if (!opposite) return nullptr;
        binary->op = *opposite;
        return std::move(operand);
    }
    if (auto* in = operand->tryAs<sql::InExpr>()) in->negated = !in->negated;
    else if (auto* like = operand->tryAs<sql::LikeExpr>()) like->negated = !like->negated;
    else if (auto* between = operand->tryAs<sql::BetweenExpr>()) between->negated = !between->negated;
    else if (auto* test = operand->tryAs<sql::NullTestExpr>()) test->negated = !test->negated;
    else return nullptr;
    return std::move(operand);
}

/// Negation over the skeleton of `slot`, its operands first.
void negateInward(sql::ExprPtr& slot)
{
    if (auto* unary = slot->tryAs<sql::UnaryExpr>()) negateInward(unary->operand);
    if (auto* binary = slot->tryAs<sql::BinaryExpr>()) {
        negateInward(binary->left);
        negateInward(binary->right);
    }
    if (auto* unary = slot->tryAs<sql::UnaryExpr>(); unary && unary->op == sql::UnaryOp::Not) {
        if (auto inward = notInside(unary->operand)) {
            slot = std::move(inward);
            negateInward(slot);  // the NOTs it put one level down
        }
        return;
    }
    if (auto* between = slot->tryAs<sql::BetweenExpr>()) {
        // SQLite defines x BETWEEN a AND b as x >= a AND x <= b (x evaluated once).
        auto operand = std::move(between->operand);
        auto low = std::move(between->low);
        auto high = std::move(between->high);
        auto again = sql::cloneOf(operand);
        slot = between->negated
            ? makeBinary(sql::BinaryOp::Or, makeBinary(sql::BinaryOp::Less, std::move(operand), std::move(low)),
                         makeBinary(sql::BinaryOp::Greater, std::move(again), std::move(high)))
            : makeBinary(sql::BinaryOp::And, makeBinary(sql::BinaryOp::GreaterEq, std::move(operand), std::move(low)),
                         makeBinary(sql::BinaryOp::LessEq, std::move(again), std::move(high)));
        return;
    }
    if (auto* in = slot->tryAs<sql::InExpr>(); in && in->source == sql::InSource::List && in->items.size() > 1) {
        std::vector<std::pair<std::string, sql::ExprPtr>> items;
        for (auto& item : in->items) items.emplace_back(sql::print(*item), std::move(item));
        std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        in->items.clear();
        for (auto& [text, item] : items) {
            if (in->items.empty() || sql::print(*in->items.back()) != text) in->items.push_back(std::move(item));
        }
    }
}

/// The collation SQLite compares an operand with (sqlite3ExprCollSeq): an explicit
/// COLLATE, else a base column's own, through unary + and CAST. `known` is false when
/// the checker cannot tell (a COLLATE deeper inside, a derived table's column, a row value).
struct OperandCollation {
    std::string name;
    bool explicitly = false;
    bool known = true;
};

OperandCollation collationOf(const sql::Expr& expr, const BindingTables& bindings)
{
    const sql::Expr* current = &expr;
    for (;;) {
        if (const auto* collate = current->tryAs<sql::CollateExpr>()) return {asciiUpper(collate->collation.name), true, true};
        const auto* unary = current->tryAs<sql::UnaryExpr>();
        if (unary && unary->op == sql::UnaryOp::Plus) current = unary->operand.get();
        else if (const auto* cast = current->tryAs<sql::CastExpr>()) current = cast->operand.get();
        else break;
    }
    bool inner = current->is<sql::RowValue>();
    sql::walk(*current, [&](const sql::Node& node) {
        inner = inner || node.is<sql::CollateExpr>();
        return !inner;
    });
    if (inner) return {{}, false, false};
    const auto* ref = current->tryAs<sql::ColumnRef>();
    if (!ref) return {};
    const ColumnFacts* column = baseColumn(*ref, bindings);
    if (!column) return {{}, false, false};
    return {asciiUpper(column->collation), false, true};
}

std::optional<sql::BinaryOp> mirrored(sql::BinaryOp op)
{
    using Op = sql::BinaryOp;
    switch (op) {
    case Op::Less: return Op::Greater;
    case Op::Greater: return Op::Less;
    case Op::LessEq: return Op::GreaterEq;
    case Op::GreaterEq: return Op::LessEq;
    case Op::Eq:
    case Op::NotEq:
    case Op::Is:
    case Op::IsNot: return op;
    default: return std::nullopt;
    }
}

void commuteSkeleton(sql::ExprPtr& slot, const BindingTables& bindings)
{
    if (auto* unary = slot->tryAs<sql::UnaryExpr>()) return commuteSkeleton(unary->operand, bindings);
    auto* binary = slot->tryAs<sql::BinaryExpr>();
    if (!binary) return;
    if (binary->op == sql::BinaryOp::And || binary->op == sql::BinaryOp::Or) {
        const auto op = binary->op;
        std::vector<sql::ExprPtr> operands;
        splitChain(std::move(slot), op, operands);
        std::vector<std::pair<std::string, sql::ExprPtr>> keyed;
        for (auto& operand : operands) {
            commuteSkeleton(operand, bindings);
            keyed.emplace_back(sql::print(*operand), std::move(operand));
        }
        std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        operands.clear();
        for (auto& [text, operand] : keyed) operands.push_back(std::move(operand));
        slot = buildChain(std::move(operands), op);
        return;
    }
    commuteSkeleton(binary->left, bindings);
    commuteSkeleton(binary->right, bindings);
    const auto swapped = mirrored(binary->op);
    if (!swapped || !(sql::print(*binary->right) < sql::print(*binary->left))) return;
    // SQLite compares with the left operand's collation when it has one: a swap must not change it.
    const auto left = collationOf(*binary->left, bindings);
    const auto right = collationOf(*binary->right, bindings);
    if (left.explicitly || right.explicitly || !left.known || !right.known || left.name != right.name) return;
    std::swap(binary->left, binary->right);
    binary->op = *swapped;
}

bool readsPositions(const sql::SelectCore& core, const sql::SelectStatement& statement)
{
    const auto ordinal = [](const sql::Expr* expr) {
        const auto* literal = expr ? expr->tryAs<sql::Literal>() : nullptr;
        return literal && literal->literalKind == sql::LiteralKind::Integer;
    };
    for (const auto& column : core.columns) {
        if (column->columnKind != sql::ResultColumnKind::Expr) return true;
    }
    for (const auto& group : core.groupBy) {
        if (ordinal(group.get())) return true;
    }
    for (const auto& term : statement.orderBy) {
        if (ordinal(term->expr.get())) return true;
    }
    return false;
}

} // namespace

Reapplied respell(sql::SelectStatement& statement, const RuleInput&)
{
    sql::walk(statement, [](sql::Node& node) {
        if (auto* call = node.tryAs<sql::FunctionCall>()) {
            call->name.name = asciiLower(call->name.name);  // SQLite finds functions in any case
            call->name.quote = sql::QuoteStyle::None;
        } else if (auto* term = node.tryAs<sql::OrderingTerm>(); term && term->order == sql::SortOrder::Asc) {
            term->order = sql::SortOrder::None;  // ORDER BY's default
        }
        return true;
    });
    return {};
}

Reapplied pushNegations(sql::SelectStatement& statement, const RuleInput&)
{
    rewriteEverySlot(statement, [](sql::ExprPtr& slot) { negateInward(slot); });
    return {};
}

Reapplied commuteOperands(sql::SelectStatement& statement, const RuleInput& input)
{
    const BindingTables bindings = bindingTables(statement, input.schema);
    rewriteEverySlot(statement, [&](sql::ExprPtr& slot) { commuteSkeleton(slot, bindings); });
    // The comparison pairs the result's columns in any order.
    auto* core = statement.body ? statement.body->tryAs<sql::SelectCore>() : nullptr;
    if (!core || readsPositions(*core, statement)) return {};
    std::stable_sort(core->columns.begin(), core->columns.end(),
                     [](const auto& a, const auto& b) { return sql::print(*a) < sql::print(*b); });
    return {};
}

} // namespace sqleq::proof_check
