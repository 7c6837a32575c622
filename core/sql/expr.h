// Expression nodes of the SQLite dialect: literals, names, operators, CASE,
// CAST, function calls with FILTER/OVER, subqueries and row values. Fields are
// public so later stages can mutate them in place (swap an operator, plug a
// constant); spans describe the original text and are not updated by edits.
// A new field is also listed in the node's description (node_table.cpp), or
// clone, walk, JSON and structural equality will not see it.
#pragma once

#include "core/sql/ast_node.h"

#include <optional>

namespace sqleq::sql {

struct SelectStatement;
struct WindowDef;

class Expr : public Node {
public:
    static bool classof(NodeKind kind) { return kind <= NodeKind::RowValue; }

protected:
    explicit Expr(NodeKind kind) : Node(kind) {}
};

using ExprPtr = std::unique_ptr<Expr>;

enum class LiteralKind : uint8_t {
    Integer, Float, String, Blob, Null, True, False, CurrentDate, CurrentTime, CurrentTimestamp,
};
enum class UnaryOp : uint8_t { Negate, Plus, BitNot, Not };
enum class BinaryOp : uint8_t {
    Or, And,
    Eq, NotEq, Is, IsNot, IsDistinctFrom, IsNotDistinctFrom,
    Less, LessEq, Greater, GreaterEq,
    BitAnd, BitOr, ShiftLeft, ShiftRight,
    Add, Subtract, Multiply, Divide, Modulo,
    Concat, JsonExtract, JsonExtractText,
};
enum class LikeOp : uint8_t { Like, Glob, Regexp, Match };
enum class InSource : uint8_t { List, Subquery, Table, TableFunction };

std::string_view literalKindName(LiteralKind kind);
/// Canonical spelling: "=", "!=", "IS NOT DISTINCT FROM", "AND", "->>", …
std::string_view binaryOpSpelling(BinaryOp op);
std::string_view unaryOpSpelling(UnaryOp op);
std::string_view likeOpSpelling(LikeOp op);

/// A constant. `text` is the original spelling for numbers, strings and blobs
/// ("'it''s'", "1e5", "x'0A'") and the upper-case keyword otherwise.
struct Literal : NodeOf<NodeKind::Literal, Expr> {
    LiteralKind literalKind = LiteralKind::Null;
    std::string text;

    /// A string literal's value with quotes removed and '' unescaped; `text` otherwise.
    [[nodiscard]] std::string value() const;
};

/// ?, ?1, :name, @name, $name — spelled as written.
struct Parameter : NodeOf<NodeKind::Parameter, Expr> {
    std::string text;
};

/// col, t.col, schema.t.col. A double-quoted `column` may really be a string.
struct ColumnRef : NodeOf<NodeKind::ColumnRef, Expr> {
    std::optional<Identifier> schema;
    std::optional<Identifier> table;
    Identifier column;
};

struct UnaryExpr : NodeOf<NodeKind::Unary, Expr> {
    UnaryOp op = UnaryOp::Not;
    ExprPtr operand;
    SourceSpan opSpan; ///< the operator token
};

/// Infix operators, including AND/OR, comparisons and IS [NOT] [DISTINCT FROM].
struct BinaryExpr : NodeOf<NodeKind::Binary, Expr> {
    BinaryOp op = BinaryOp::Eq;
    ExprPtr left;
    ExprPtr right;
    SourceSpan opSpan; ///< all tokens of the operator ("IS NOT", "<>")
};

/// x [NOT] LIKE|GLOB|REGEXP|MATCH pattern [ESCAPE e]
struct LikeExpr : NodeOf<NodeKind::Like, Expr> {
    LikeOp op = LikeOp::Like;
    bool negated = false;
    ExprPtr operand;
    ExprPtr pattern;
    ExprPtr escape; ///< may be null
    SourceSpan opSpan;
};

/// x [NOT] BETWEEN low AND high
struct BetweenExpr : NodeOf<NodeKind::Between, Expr> {
    bool negated = false;
    ExprPtr operand;
    ExprPtr low;
    ExprPtr high;
};

/// x [NOT] IN (list) | (subquery) | [schema.]table | [schema.]fn(args).
/// `items` holds the list or the function's arguments.
struct InExpr : NodeOf<NodeKind::In, Expr> {
    InExpr();
    ~InExpr() override;

    bool negated = false;
    InSource source = InSource::List;
    ExprPtr operand;
    std::vector<ExprPtr> items;
    std::unique_ptr<SelectStatement> subquery;
    std::optional<Identifier> schema; ///< Table / TableFunction only
    Identifier table;                 ///< Table / TableFunction only
};

/// x ISNULL, x NOTNULL, x NOT NULL (negated = the NOT forms). `x IS NULL` is a
/// BinaryExpr, as in SQLite's grammar.
struct NullTestExpr : NodeOf<NodeKind::NullTest, Expr> {
    bool negated = false;
    ExprPtr operand;
};

/// EXISTS (subquery); NOT EXISTS is a UnaryExpr(Not) around it, as in SQLite.
struct ExistsExpr : NodeOf<NodeKind::Exists, Expr> {
    ExistsExpr();
    ~ExistsExpr() override;

    std::unique_ptr<SelectStatement> subquery;
};

/// A scalar subquery: (SELECT …).
struct SubqueryExpr : NodeOf<NodeKind::Subquery, Expr> {
    SubqueryExpr();
    ~SubqueryExpr() override;

    std::unique_ptr<SelectStatement> subquery;
};

struct CaseWhen {
    ExprPtr when;
    ExprPtr then;
};

/// CASE [operand] WHEN … THEN … [ELSE …] END
struct CaseExpr : NodeOf<NodeKind::Case, Expr> {
    ExprPtr operand; ///< may be null
    std::vector<CaseWhen> whens;
    ExprPtr elseExpr; ///< may be null
};

/// CAST(x AS type). `typeName` is the words as written, single-spaced, with any
/// "(n)" or "(n, m)" suffix; SQLite allows it to be empty.
struct CastExpr : NodeOf<NodeKind::Cast, Expr> {
    ExprPtr operand;
    std::string typeName;
};

/// x COLLATE name
struct CollateExpr : NodeOf<NodeKind::Collate, Expr> {
    ExprPtr operand;
    Identifier collation;
};

/// name([DISTINCT] args | *) [FILTER (WHERE …)] [OVER name | OVER (…)]
struct FunctionCall : NodeOf<NodeKind::FunctionCall, Expr> {
    FunctionCall();
    ~FunctionCall() override;

    Identifier name;
    bool distinct = false;
    bool star = false; ///< count(*)
    std::vector<ExprPtr> args;
    ExprPtr filter;                     ///< may be null
    std::optional<Identifier> overName; ///< OVER name
    std::unique_ptr<WindowDef> over;    ///< OVER (…); may be null
};

/// (a, b, …) with at least two items.
struct RowValue : NodeOf<NodeKind::RowValue, Expr> {
    std::vector<ExprPtr> items;
};

} // namespace sqleq::sql
