// Statement-level nodes: SELECT statements with WITH, compound operators,
// SELECT cores, VALUES, result columns, ORDER BY terms, windows and FROM
// clauses with their items. Like expr.h, fields are public for later mutation;
// clause spans (keyword included) let a stage drop a clause and show where.
// As in expr.h, every field is also listed in node_table.cpp.
#pragma once

#include "core/sql/expr.h"

#include <optional>

namespace sqleq::sql {

class SelectBody : public Node {
public:
    static bool classof(NodeKind kind)
    {
        return kind == NodeKind::CompoundSelect || kind == NodeKind::SelectCore || kind == NodeKind::ValuesSelect;
    }

protected:
    explicit SelectBody(NodeKind kind) : Node(kind) {}
};

/// A table-like item of a FROM clause; every kind may carry an alias.
class FromItem : public Node {
public:
    static bool classof(NodeKind kind) { return kind >= NodeKind::TableRef && kind <= NodeKind::JoinGroup; }

    std::optional<Identifier> alias;

protected:
    explicit FromItem(NodeKind kind) : Node(kind) {}
};

struct FromClause;
struct OrderingTerm;
using OrderingTermPtr = std::unique_ptr<OrderingTerm>;

enum class SortOrder : uint8_t { None, Asc, Desc };
enum class NullsOrder : uint8_t { None, First, Last };
enum class Materialization : uint8_t { Default, Materialized, NotMaterialized };
enum class CompoundOp : uint8_t { Union, UnionAll, Intersect, Except };
enum class DistinctMode : uint8_t { None, Distinct, All };
enum class ResultColumnKind : uint8_t { Expr, Star, TableStar };
enum class FrameUnit : uint8_t { Rows, Range, Groups };
enum class FrameBoundKind : uint8_t { UnboundedPreceding, Preceding, CurrentRow, Following, UnboundedFollowing };
enum class FrameExclude : uint8_t { None, NoOthers, CurrentRow, Group, Ties };
/// Join spelled before the item; None for the first item of a FROM clause.
enum class JoinKind : uint8_t { None, Comma, Join, Inner, Cross, Left, Right, Full };
enum class IndexHint : uint8_t { None, IndexedBy, NotIndexed };

std::string_view compoundOpSpelling(CompoundOp op);

/// expr [ASC|DESC] [NULLS FIRST|LAST]
struct OrderingTerm : NodeOf<NodeKind::OrderingTerm, Node> {
    ExprPtr expr;
    SortOrder order = SortOrder::None;
    NullsOrder nulls = NullsOrder::None;
};

struct SelectStatement;

/// name [(columns)] AS [[NOT] MATERIALIZED] (select)
struct CommonTableExpr : NodeOf<NodeKind::CommonTableExpr, Node> {
    Identifier name;
    std::vector<Identifier> columns;
    Materialization materialization = Materialization::Default;
    std::unique_ptr<SelectStatement> select;

    CommonTableExpr();
    ~CommonTableExpr() override;
};

struct WithClause {
    bool recursive = false;
    std::vector<std::unique_ptr<CommonTableExpr>> ctes;
    SourceSpan span; ///< from WITH to the last CTE's ')'
};

/// A whole query (also every subquery): [WITH …] body [ORDER BY …] [LIMIT …].
/// ORDER BY and LIMIT here apply to the whole compound body.
struct SelectStatement : NodeOf<NodeKind::SelectStatement, Node> {
    std::optional<WithClause> with;
    std::unique_ptr<SelectBody> body;
    std::vector<OrderingTermPtr> orderBy;
    ExprPtr limit;  ///< may be null
    ExprPtr offset; ///< may be null; LIMIT m, n is stored as LIMIT n OFFSET m
    SourceSpan orderBySpan;
    SourceSpan limitSpan;
};

/// left op right, left-associative: a UNION b EXCEPT c = (a UNION b) EXCEPT c.
struct CompoundSelect : NodeOf<NodeKind::CompoundSelect, SelectBody> {
    CompoundOp op = CompoundOp::Union;
    std::unique_ptr<SelectBody> left;
    std::unique_ptr<SelectBody> right; ///< a SelectCore or ValuesSelect
    SourceSpan opSpan;
};

/// * | t.* | expr [AS alias]
struct ResultColumn : NodeOf<NodeKind::ResultColumn, Node> {
    ResultColumnKind columnKind = ResultColumnKind::Expr;
    ExprPtr expr;                   ///< Expr kind only
    std::optional<Identifier> alias; ///< Expr kind only
    Identifier table;               ///< TableStar kind only
};

struct FrameBound {
    FrameBoundKind kind = FrameBoundKind::CurrentRow;
    ExprPtr offset; ///< Preceding / Following only
};

struct FrameSpec {
    FrameUnit unit = FrameUnit::Rows;
    bool between = false; ///< BETWEEN start AND end; otherwise only start
    FrameBound start;
    FrameBound end;
    FrameExclude exclude = FrameExclude::None;
};

/// The parenthesized part of OVER (…) or WINDOW w AS (…).
struct WindowDef : NodeOf<NodeKind::WindowDef, Node> {
    std::optional<Identifier> baseName;
    std::vector<ExprPtr> partitionBy;
    std::vector<OrderingTermPtr> orderBy;
    std::optional<FrameSpec> frame;
};

/// WINDOW name AS (…)
struct NamedWindow : NodeOf<NodeKind::NamedWindow, Node> {
    Identifier name;
    std::unique_ptr<WindowDef> def;
};

/// SELECT [DISTINCT|ALL] columns [FROM] [WHERE] [GROUP BY] [HAVING] [WINDOW].
/// `orderBy`/`limit`/`offset` are set only on a core that is not the last
/// operand of a compound ("SELECT … LIMIT 1 UNION SELECT …"): SQLite's grammar
/// accepts that and prepare then fails with "ORDER BY clause should come after
/// UNION not before". Otherwise they live on the SelectStatement.
struct SelectCore : NodeOf<NodeKind::SelectCore, SelectBody> {
    SelectCore();
    ~SelectCore() override;

    DistinctMode distinct = DistinctMode::None;
    std::vector<std::unique_ptr<ResultColumn>> columns;
    std::unique_ptr<FromClause> from;
    ExprPtr where;
    std::vector<ExprPtr> groupBy;
    ExprPtr having;
    std::vector<std::unique_ptr<NamedWindow>> windows;
    std::vector<OrderingTermPtr> orderBy;
    ExprPtr limit;
    ExprPtr offset;
    /// Clause spans, each from its keyword to its last token.
    SourceSpan fromSpan, whereSpan, groupBySpan, havingSpan, windowSpan, orderBySpan, limitSpan;
};

struct ValuesRow {
    std::vector<ExprPtr> values;
    SourceSpan span;
};

/// VALUES (…), (…)
struct ValuesSelect : NodeOf<NodeKind::ValuesSelect, SelectBody> {
    std::vector<ValuesRow> rows;
};

struct JoinOperator {
    JoinKind kind = JoinKind::None;
    bool natural = false;
    bool outer = false; ///< spelled OUTER (LEFT/RIGHT/FULL only)
};

/// One item of a FROM clause with the join operator before it and its ON/USING.
/// SQLite accepts ON/USING on the first item syntactically (and rejects it at
/// prepare time), so the first term may carry a constraint too.
struct JoinTerm : NodeOf<NodeKind::JoinTerm, Node> {
    JoinOperator op;
    std::unique_ptr<FromItem> source;
    ExprPtr on; ///< may be null
    bool hasUsing = false;
    std::vector<Identifier> usingColumns;
    SourceSpan opSpan;         ///< the join operator tokens; invalid for the first term
    SourceSpan constraintSpan; ///< ON … / USING (…); invalid when absent
};

/// The items after FROM (or inside a parenthesized join group), flat and in order.
struct FromClause : NodeOf<NodeKind::FromClause, Node> {
    std::vector<std::unique_ptr<JoinTerm>> terms;
};

/// [schema.]name [[AS] alias] [INDEXED BY index | NOT INDEXED]
struct TableRef : NodeOf<NodeKind::TableRef, FromItem> {
    std::optional<Identifier> schema;
    Identifier name;
    IndexHint indexHint = IndexHint::None;
    Identifier indexName;
};

/// [schema.]name(args) [[AS] alias]
struct TableFunctionRef : NodeOf<NodeKind::TableFunctionRef, FromItem> {
    std::optional<Identifier> schema;
    Identifier name;
    std::vector<ExprPtr> args;
};

/// (select) [[AS] alias]
struct SubqueryRef : NodeOf<NodeKind::SubqueryRef, FromItem> {
    std::unique_ptr<SelectStatement> subquery;
};

/// (a JOIN b …) [[AS] alias] — a parenthesized FROM list.
struct JoinGroup : NodeOf<NodeKind::JoinGroup, FromItem> {
    std::unique_ptr<FromClause> inner;
};

/// Whether the outermost select (or compound) has an ORDER BY — the Spider rule
/// for comparing results as lists rather than bags. Subqueries do not count.
bool hasTopLevelOrderBy(const SelectStatement& statement);

} // namespace sqleq::sql
