// Precedence: SQLite's operator binding levels (parse.y's %left/%right lines),
// shared by the parser, which climbs them, and the printer, which uses them to
// place the fewest parentheses that still re-parse to the same tree.
#pragma once

#include "core/sql/expr.h"

namespace sqleq::sql {

/// Lowest to highest. Equality also covers IS, IN, LIKE, BETWEEN and ISNULL;
/// prefix NOT sits between AND and Equality, so `NOT a = b` is NOT (a = b).
enum class Precedence : uint8_t {
    Lowest = 0, Or, And, Not, Equality, Comparison, Escape, Bitwise, Additive, Multiplicative,
    Concat, Collate, Unary, Primary,
};

inline Precedence nextHigher(Precedence p) { return static_cast<Precedence>(static_cast<uint8_t>(p) + 1); }

inline Precedence binaryPrecedence(BinaryOp op)
{
    switch (op) {
    case BinaryOp::Or: return Precedence::Or;
    case BinaryOp::And: return Precedence::And;
    case BinaryOp::Eq: case BinaryOp::NotEq: case BinaryOp::Is: case BinaryOp::IsNot:
    case BinaryOp::IsDistinctFrom: case BinaryOp::IsNotDistinctFrom:
        return Precedence::Equality;
    case BinaryOp::Less: case BinaryOp::LessEq: case BinaryOp::Greater: case BinaryOp::GreaterEq:
        return Precedence::Comparison;
    case BinaryOp::BitAnd: case BinaryOp::BitOr: case BinaryOp::ShiftLeft: case BinaryOp::ShiftRight:
        return Precedence::Bitwise;
    case BinaryOp::Add: case BinaryOp::Subtract: return Precedence::Additive;
    case BinaryOp::Multiply: case BinaryOp::Divide: case BinaryOp::Modulo: return Precedence::Multiplicative;
    case BinaryOp::Concat: case BinaryOp::JsonExtract: case BinaryOp::JsonExtractText: return Precedence::Concat;
    }
    return Precedence::Primary;
}

/// The level at which an expression node binds, i.e. how loosely it holds together.
inline Precedence precedenceOf(const Expr& expr)
{
    switch (expr.kind()) {
    case NodeKind::Binary: return binaryPrecedence(expr.as<BinaryExpr>().op);
    case NodeKind::Unary:
        return expr.as<UnaryExpr>().op == UnaryOp::Not ? Precedence::Not : Precedence::Unary;
    case NodeKind::Like: case NodeKind::Between: case NodeKind::In: case NodeKind::NullTest:
        return Precedence::Equality;
    case NodeKind::Collate: return Precedence::Collate;
    default: return Precedence::Primary;
    }
}

} // namespace sqleq::sql
