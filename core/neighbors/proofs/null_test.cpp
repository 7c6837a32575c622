// Proof rule: under the `spider` profile no stored column holds NULL, so IS NOT NULL
// on one holds and IS NULL never does (unless an outer join supplies the NULL).
#include "core/neighbors/proofs/proofs.h"

#include "core/base/ascii_case.h"
#include "core/sql/walk.h"

#include <algorithm>
#include <string>
#include <vector>

namespace sqleq::neighbors::proofs {

/// No column holds NULL (the spider profile, which is the only one proofs run under):
/// `x IS NOT NULL` holds for every row and `x IS NULL` for none — unless x comes from
/// the NULL side of an outer join.
std::vector<TextEdit> nullTestEdits(const sql::SelectStatement& statement, const schema::Schema& schema,
                                    std::vector<std::string>& reasons)
{
    const ScopeIndex scopes(schema, statement);
    const auto storedColumn = [&](const sql::Expr* expr) {
        const auto* ref = expr != nullptr ? expr->tryAs<sql::ColumnRef>() : nullptr;
        const ColumnSite* site = ref != nullptr ? scopes.find(*ref) : nullptr;
        if (site == nullptr || !site->resolved || site->isString || site->core == nullptr || !site->core->from) return false;
        return std::none_of(site->core->from->terms.begin(), site->core->from->terms.end(), [](const auto& term) {
            const auto kind = term->op.kind;
            return kind == sql::JoinKind::Left || kind == sql::JoinKind::Right || kind == sql::JoinKind::Full;
        });
    };
    std::vector<TextEdit> edits;
    sql::walk(statement, [&](const sql::Node& node) {
        if (const auto* binary = node.tryAs<sql::BinaryExpr>()) {
            const auto* literal = binary->right ? binary->right->tryAs<sql::Literal>() : nullptr;
            if ((binary->op == sql::BinaryOp::Is || binary->op == sql::BinaryOp::IsNot) && literal != nullptr
                && literal->literalKind == sql::LiteralKind::Null && storedColumn(binary->left.get())) {
                edits.push_back({binary->span(), binary->op == sql::BinaryOp::IsNot ? "1" : "0"});
                return false;
            }
        } else if (const auto* test = node.tryAs<sql::NullTestExpr>()) {
            if (storedColumn(test->operand.get())) {
                edits.push_back({test->span(), test->negated ? "1" : "0"});
                return false;
            }
        }
        return true;
    });
    if (!edits.empty()) reasons.push_back("no column holds NULL: IS NOT NULL always holds, IS NULL never");
    return edits;
}

} // namespace sqleq::neighbors::proofs
