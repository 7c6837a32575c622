// What the checker's rules share: the SELECT cores of a statement, AND/OR chains, and
// which function calls aggregate.

#include "core/proof_check/rule_checks.h"

#include "core/base/ascii_case.h"
#include "core/sql/walk.h"

#include <algorithm>
#include <array>

namespace sqleq::proof_check {

bool isAggregate(const sql::FunctionCall& call)
{
    if (call.over || call.overName) return false;
    const std::string name = asciiLower(call.name.name);
    // min and max of two or more arguments are the scalar functions.
    if (name == "min" || name == "max") return call.args.size() == 1;
    static constexpr std::array<std::string_view, 8> kAggregates{
        "count", "sum", "avg", "total", "group_concat", "string_agg", "json_group_array", "json_group_object"};
    return std::find(kAggregates.begin(), kAggregates.end(), name) != kAggregates.end();
}

std::vector<CoreInStatement> coresOf(sql::SelectStatement& statement)
{
    std::vector<CoreInStatement> cores;
    sql::walk(statement, [&](sql::Node& node) {
        if (auto* owner = node.tryAs<sql::SelectStatement>()) {
            if (auto* core = owner->body ? owner->body->tryAs<sql::SelectCore>() : nullptr) cores.push_back({core, owner});
        } else if (auto* core = node.tryAs<sql::SelectCore>()) {
            const bool known = std::any_of(cores.begin(), cores.end(), [&](const auto& seen) { return seen.core == core; });
            if (!known) cores.push_back({core, nullptr});
        }
        return true;
    });
    return cores;
}

void splitChain(sql::ExprPtr expr, sql::BinaryOp op, std::vector<sql::ExprPtr>& out)
{
    if (!expr) return;
    if (auto* binary = expr->tryAs<sql::BinaryExpr>(); binary && binary->op == op) {
        splitChain(std::move(binary->left), op, out);
        splitChain(std::move(binary->right), op, out);
        return;
    }
    out.push_back(std::move(expr));
}

sql::ExprPtr buildChain(std::vector<sql::ExprPtr> operands, sql::BinaryOp op)
{
    sql::ExprPtr chain;
    for (auto& operand : operands) {
        if (!chain) {
            chain = std::move(operand);
            continue;
        }
        auto joined = std::make_unique<sql::BinaryExpr>();
        joined->op = op;
        joined->left = std::move(chain);
        joined->right = std::move(operand);
        chain = std::move(joined);
    }
    return chain;
}

} // namespace sqleq::proof_check
