// Proof rule: a WHERE (or HAVING) whose truth folds to false lets no row (group)
// through, whatever its other conditions say: `format = 'premodern' AND 0` is `0`, and
// under such a WHERE the joins' ON conditions decide nothing either.
// Together with the null-test rule (`side IS NULL` is 0 under the spider profile) it
// proves a gold's constant edits equivalent where the gold itself can return nothing.
#include "core/neighbors/proofs/proofs.h"

#include "core/sql/walk.h"

#include <optional>
#include <string>
#include <vector>

namespace sqleq::neighbors::proofs {
namespace {

/// The truth of `expr` when literals alone decide it: a number is true when not 0;
/// `p AND q` is false when either is (whatever the other, NULL included), `p OR q`
/// true when either is; NOT flips. Nothing when a column, a function or NULL decides.
std::optional<bool> foldedTruth(const sql::Expr* expr)
{
    if (expr == nullptr) return std::nullopt;
    if (numericLiteral(expr)) return literalNumber(*expr) != 0;
    if (const auto* unary = expr->tryAs<sql::UnaryExpr>(); unary && unary->op == sql::UnaryOp::Not) {
        const auto operand = foldedTruth(unary->operand.get());
        return operand ? std::optional<bool>(!*operand) : std::nullopt;
    }
    const auto* binary = expr->tryAs<sql::BinaryExpr>();
    if (binary == nullptr || (binary->op != sql::BinaryOp::And && binary->op != sql::BinaryOp::Or))
        return std::nullopt;
    const auto left = foldedTruth(binary->left.get());
    const auto right = foldedTruth(binary->right.get());
    const bool decider = binary->op == sql::BinaryOp::Or;  // true decides OR, false decides AND
    if ((left && *left == decider) || (right && *right == decider)) return decider;
    if (left && right) return !decider;
    return std::nullopt;
}

bool literallyZero(const sql::Expr* expr) { return numericLiteral(expr) && literalNumber(*expr) == 0; }

} // namespace

std::vector<TextEdit> falseFilterEdits(const sql::SelectStatement& statement, std::vector<std::string>& reasons)
{
    std::vector<TextEdit> edits;
    sql::walk(statement, [&](const sql::Node& node) {
        const auto* core = node.tryAs<sql::SelectCore>();
        if (core == nullptr) return true;
        for (const sql::Expr* filter : {core->where.get(), core->having.get()}) {
            if (filter == nullptr || foldedTruth(filter) != false) continue;
            if (!literallyZero(filter)) edits.push_back({filter->span(), "0"});
            // No row passes the WHERE, however the joins pair them: every ON is moot.
            if (filter != core->where.get() || !core->from) continue;
            for (const auto& term : core->from->terms)
                if (term->on && !(numericLiteral(term->on.get()) && literalNumber(*term->on) == 1))
                    edits.push_back({term->on->span(), "1"});
        }
        return true;
    });
    // A filter inside one replaced goes with it: applyEdits gives the inner edit way.
    if (!edits.empty()) reasons.push_back("a filter that is always false lets nothing through, whatever else it says");
    return edits;
}

} // namespace sqleq::neighbors::proofs
