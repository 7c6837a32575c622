// Expression nodes: the spellings of their operators and kinds, and the few
// members that need SelectStatement or WindowDef complete. Copying, walking and
// reporting them is derived from node_table.cpp.

#include "core/sql/expr.h"

#include "core/sql/select.h"

namespace sqleq::sql {

std::string_view literalKindName(LiteralKind kind)
{
    switch (kind) {
    case LiteralKind::Integer: return "integer";
    case LiteralKind::Float: return "float";
    case LiteralKind::String: return "string";
    case LiteralKind::Blob: return "blob";
    case LiteralKind::Null: return "null";
    case LiteralKind::True: return "true";
    case LiteralKind::False: return "false";
    case LiteralKind::CurrentDate: return "current_date";
    case LiteralKind::CurrentTime: return "current_time";
    case LiteralKind::CurrentTimestamp: return "current_timestamp";
    }
    return "literal";
}

std::string_view binaryOpSpelling(BinaryOp op)
{
    switch (op) {
    case BinaryOp::Or: return "OR";
    case BinaryOp::And: return "AND";
    case BinaryOp::Eq: return "=";
    case BinaryOp::NotEq: return "!=";
    case BinaryOp::Is: return "IS";
    case BinaryOp::IsNot: return "IS NOT";
    case BinaryOp::IsDistinctFrom: return "IS DISTINCT FROM";
    case BinaryOp::IsNotDistinctFrom: return "IS NOT DISTINCT FROM";
    case BinaryOp::Less: return "<";
    case BinaryOp::LessEq: return "<=";
    case BinaryOp::Greater: return ">";
    case BinaryOp::GreaterEq: return ">=";
    case BinaryOp::BitAnd: return "&";
    case BinaryOp::BitOr: return "|";
    case BinaryOp::ShiftLeft: return "<<";
    case BinaryOp::ShiftRight: return ">>";
    case BinaryOp::Add: return "+";
    case BinaryOp::Subtract: return "-";
    case BinaryOp::Multiply: return "*";
    case BinaryOp::Divide: return "/";
    case BinaryOp::Modulo: return "%";
    case BinaryOp::Concat: return "||";
    case BinaryOp::JsonExtract: return "->";
    case BinaryOp::JsonExtractText: return "->>";
    }
    return "?";
}

std::string_view unaryOpSpelling(UnaryOp op)
{
    switch (op) {
    case UnaryOp::Negate: return "-";
    case UnaryOp::Plus: return "+";
    case UnaryOp::BitNot: return "~";
    case UnaryOp::Not: return "NOT";
    }
    return "?";
}

std::string_view likeOpSpelling(LikeOp op)
{
    switch (op) {
    case LikeOp::Like: return "LIKE";
    case LikeOp::Glob: return "GLOB";
    case LikeOp::Regexp: return "REGEXP";
    case LikeOp::Match: return "MATCH";
    }
    return "?";
}

std::string Literal::value() const
{
    if (literalKind != LiteralKind::String || text.size() < 2) return text;
    std::string out;
    out.reserve(text.size() - 2);
    for (size_t i = 1; i + 1 < text.size(); ++i) {
        out += text[i];
        if (text[i] == '\'' && text[i + 1] == '\'') ++i;
    }
    return out;
}

// Defined here, where SelectStatement and WindowDef are complete.
InExpr::InExpr() = default;
InExpr::~InExpr() = default;
ExistsExpr::ExistsExpr() = default;
ExistsExpr::~ExistsExpr() = default;
SubqueryExpr::SubqueryExpr() = default;
SubqueryExpr::~SubqueryExpr() = default;
FunctionCall::FunctionCall() = default;
FunctionCall::~FunctionCall() = default;

} // namespace sqleq::sql
