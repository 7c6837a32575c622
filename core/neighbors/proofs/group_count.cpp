// Proof rule: every group of a GROUP BY has at least one row, so a HAVING on the
// count alone that holds for every size goes, and a count comparison true or false
// for every size is that truth.
#include "core/neighbors/proofs/proofs.h"

#include "core/base/ascii_case.h"
#include "core/sql/walk.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sqleq::neighbors::proofs {
namespace {

/// The truth of `n op k` when it is the same for every group size n >= 1.
std::optional<bool> constantOverGroupSizes(sql::BinaryOp op, double k)
{
    const bool whole = k >= 1 && k == static_cast<double>(static_cast<int64_t>(k));
    auto at = [&](double n) {
        switch (op) {
        case sql::BinaryOp::Less: return n < k;
        case sql::BinaryOp::LessEq: return n <= k;
        case sql::BinaryOp::Greater: return n > k;
        case sql::BinaryOp::GreaterEq: return n >= k;
        default: return false;
        }
    };
    switch (op) {
    case sql::BinaryOp::Eq: return whole ? std::nullopt : std::optional(false);
    case sql::BinaryOp::NotEq: return whole ? std::nullopt : std::optional(true);
    case sql::BinaryOp::Less:
    case sql::BinaryOp::LessEq:
    case sql::BinaryOp::Greater:
    case sql::BinaryOp::GreaterEq:
        // Monotone in n: constant when the smallest and a huge group agree.
        return at(1) == at(1e18) ? std::optional(at(1)) : std::nullopt;
    default: return std::nullopt;
    }
}

} // namespace

/// Every group has at least one row: a HAVING that holds for every count (or a bare
/// count, always true) goes; a count comparison true or false for every size is its
/// truth; `count BETWEEN a AND b` with a <= 1 is `count <= b`.
std::vector<TextEdit> groupCountEdits(const sql::SelectStatement& statement, std::string_view text,
                                      std::vector<std::string>& reasons)
{
    std::vector<TextEdit> edits;
    sql::walk(statement, [&](const sql::Node& node) {
        const auto* core = node.tryAs<sql::SelectCore>();
        if (core == nullptr || core->groupBy.empty() || !core->having) return true;
        const std::size_t before = edits.size();
        const sql::Expr* having = core->having.get();
        const bool alwaysTrue = isCount(having) || (numericLiteral(having) && literalNumber(*having) != 0);
        if (alwaysTrue && core->havingSpan.valid()) {
            edits.push_back({core->havingSpan, ""});
        } else {
            sql::walk(*having, [&](const sql::Node& inner) {
                if (inner.kind() == sql::NodeKind::SelectStatement) return false;
                if (const auto* binary = inner.tryAs<sql::BinaryExpr>()) {
                    const bool countLeft = isCount(binary->left.get()) && numericLiteral(binary->right.get());
                    const bool countRight = isCount(binary->right.get()) && numericLiteral(binary->left.get());
                    if (!countLeft && !countRight) return true;
                    const auto op = countLeft ? binary->op : mirrored(binary->op);
                    const auto truth = constantOverGroupSizes(op, literalNumber(countLeft ? *binary->right : *binary->left));
                    if (truth) edits.push_back({binary->span(), *truth ? "1" : "0"});
                    return false;
                }
                if (const auto* between = inner.tryAs<sql::BetweenExpr>()) {
                    if (between->negated || !isCount(between->operand.get()) || !numericLiteral(between->low.get())
                        || literalNumber(*between->low) > 1)
                        return true;
                    const SourceSpan count = between->operand->span();
                    const SourceSpan high = between->high ? between->high->span() : SourceSpan{};
                    if (!count.valid() || !high.valid() || high.end > text.size()) return true;
                    edits.push_back({between->span(), std::string(text.substr(count.begin, count.length())) + " <= "
                                                          + std::string(text.substr(high.begin, high.length()))});
                    return false;
                }
                return true;
            });
        }
        if (edits.size() > before) reasons.push_back("every group has at least one row");
        return true;
    });
    return edits;
}

} // namespace sqleq::neighbors::proofs
