// Helpers every proof rule reads queries with: counts, aggregates, numeric literals,
// mirrored comparisons.
#include "core/neighbors/proofs/proofs.h"

#include "core/base/ascii_case.h"
#include "core/sql/walk.h"

#include <cstdlib>
#include <string>

namespace sqleq::neighbors::proofs {

bool isCount(const sql::Expr* expr)
{
    const auto* call = expr != nullptr ? expr->tryAs<sql::FunctionCall>() : nullptr;
    return call != nullptr && !call->filter && !call->over && !call->overName
           && (call->star || call->args.size() == 1) && asciiLower(call->name.name) == "count";
}

sql::BinaryOp mirrored(sql::BinaryOp op)
{
    switch (op) {
    case sql::BinaryOp::Less: return sql::BinaryOp::Greater;
    case sql::BinaryOp::LessEq: return sql::BinaryOp::GreaterEq;
    case sql::BinaryOp::Greater: return sql::BinaryOp::Less;
    case sql::BinaryOp::GreaterEq: return sql::BinaryOp::LessEq;
    default: return op;
    }
}

bool numericLiteral(const sql::Expr* expr)
{
    const auto* literal = expr != nullptr ? expr->tryAs<sql::Literal>() : nullptr;
    return literal != nullptr
           && (literal->literalKind == sql::LiteralKind::Integer || literal->literalKind == sql::LiteralKind::Float);
}

double literalNumber(const sql::Expr& expr)
{
    return std::strtod(expr.as<sql::Literal>().text.c_str(), nullptr);
}

bool hasAggregate(const sql::SelectCore& core)
{
    bool found = false;
    for (const auto& column : core.columns) {
        sql::walk(*column, [&](const sql::Node& node) {
            if (node.kind() == sql::NodeKind::SelectStatement) return false;
            if (const auto* call = node.tryAs<sql::FunctionCall>(); call && !call->over && !call->overName) {
                const std::string name = asciiLower(call->name.name);
                found = found || name == "count" || name == "sum" || name == "avg" || name == "min" || name == "max"
                        || name == "total" || name == "group_concat";
            }
            return !found;
        });
    }
    return found;
}

} // namespace sqleq::neighbors::proofs
