// The one description of every AST node: its kind name and its fields in source
// order (node_fields.h explains the vocabulary). Node's cloneNode(),
// appendChildren() and describeFields() — and so walk, JSON and structural
// equality — are all derived from this table; no node type writes them by hand.
// To add a node: declare it (expr.h or select.h) and its NodeKind, give it a
// descriptionOf() here and list it in AllNodeTypes; the static_asserts below
// reject a list that misses a kind or is out of order.

#include "core/sql/node_fields.h"
#include "core/sql/select.h"

#include <array>

namespace sqleq::sql::fields {

// Spellings of enums that only these reports use; the printer spells SQL itself.
constexpr std::string_view kInSourceNames[] = {"list", "subquery", "table", "tableFunction"};
constexpr std::string_view kSortOrderNames[] = {"", "ASC", "DESC"};
constexpr std::string_view kNullsOrderNames[] = {"", "NULLS FIRST", "NULLS LAST"};
constexpr std::string_view kMaterializationNames[] = {"", "MATERIALIZED", "NOT MATERIALIZED"};
constexpr std::string_view kResultColumnKindNames[] = {"expr", "star", "tableStar"};
constexpr std::string_view kFrameUnitNames[] = {"ROWS", "RANGE", "GROUPS"};
constexpr std::string_view kFrameBoundNames[] = {"UNBOUNDED PRECEDING", "PRECEDING", "CURRENT ROW", "FOLLOWING",
                                                 "UNBOUNDED FOLLOWING"};
constexpr std::string_view kFrameExcludeNames[] = {"", "NO OTHERS", "CURRENT ROW", "GROUP", "TIES"};
constexpr std::string_view kDistinctModeNames[] = {"", "DISTINCT", "ALL"};
constexpr std::string_view kJoinKindNames[] = {"", ",", "JOIN", "INNER", "CROSS", "LEFT", "RIGHT", "FULL"};

// --- expressions -----------------------------------------------------------------

constexpr auto descriptionOf(Of<Literal>)
{
    return node("Literal", spelled("literalKind", &Literal::literalKind, literalKindName),
                plain("text", &Literal::text));
}

constexpr auto descriptionOf(Of<Parameter>) { return node("Parameter", plain("text", &Parameter::text)); }

constexpr auto descriptionOf(Of<ColumnRef>)
{
    return node("ColumnRef", plain("schema", &ColumnRef::schema), plain("table", &ColumnRef::table),
                plain("column", &ColumnRef::column));
}

constexpr auto descriptionOf(Of<UnaryExpr>)
{
    return node("Unary", spelled("op", &UnaryExpr::op, unaryOpSpelling), child("operand", &UnaryExpr::operand),
                copied(&UnaryExpr::opSpan));
}

constexpr auto descriptionOf(Of<BinaryExpr>)
{
    return node("Binary", spelled("op", &BinaryExpr::op, binaryOpSpelling), child("left", &BinaryExpr::left),
                child("right", &BinaryExpr::right), copied(&BinaryExpr::opSpan));
}

constexpr auto descriptionOf(Of<LikeExpr>)
{
    return node("Like", spelled("op", &LikeExpr::op, likeOpSpelling), plain("negated", &LikeExpr::negated),
                child("operand", &LikeExpr::operand), child("pattern", &LikeExpr::pattern),
                child("escape", &LikeExpr::escape), copied(&LikeExpr::opSpan));
}

constexpr auto descriptionOf(Of<BetweenExpr>)
{
    return node("Between", plain("negated", &BetweenExpr::negated), child("operand", &BetweenExpr::operand),
                child("low", &BetweenExpr::low), child("high", &BetweenExpr::high));
}

constexpr auto descriptionOf(Of<InExpr>)
{
    const auto fromSubquery = [](const InExpr& in) { return in.source == InSource::Subquery; };
    const auto fromTable = [](const InExpr& in) {
        return in.source == InSource::Table || in.source == InSource::TableFunction;
    };
    return node("In", plain("negated", &InExpr::negated), spelled("source", &InExpr::source, kInSourceNames),
                child("operand", &InExpr::operand), children("item", &InExpr::items, "itemCount"),
                when(fromSubquery, child("subquery", &InExpr::subquery)),
                when(fromTable, plain("schema", &InExpr::schema), plain("table", &InExpr::table)));
}

constexpr auto descriptionOf(Of<NullTestExpr>)
{
    return node("NullTest", plain("negated", &NullTestExpr::negated), child("operand", &NullTestExpr::operand));
}

constexpr auto descriptionOf(Of<ExistsExpr>) { return node("Exists", child("subquery", &ExistsExpr::subquery)); }

constexpr auto descriptionOf(Of<SubqueryExpr>)
{
    return node("Subquery", child("subquery", &SubqueryExpr::subquery));
}

constexpr auto descriptionOf(Of<CaseExpr>)
{
    return node("Case", child("operand", &CaseExpr::operand),
                each(&CaseExpr::whens, "whenCount", child("when", &CaseWhen::when), child("then", &CaseWhen::then)),
                child("else", &CaseExpr::elseExpr));
}

constexpr auto descriptionOf(Of<CastExpr>)
{
    return node("Cast", child("operand", &CastExpr::operand), plain("typeName", &CastExpr::typeName));
}

constexpr auto descriptionOf(Of<CollateExpr>)
{
    return node("Collate", child("operand", &CollateExpr::operand), plain("collation", &CollateExpr::collation));
}

constexpr auto descriptionOf(Of<FunctionCall>)
{
    return node("FunctionCall", plain("name", &FunctionCall::name), plain("distinct", &FunctionCall::distinct),
                plain("star", &FunctionCall::star), children("arg", &FunctionCall::args, "argCount"),
                child("filter", &FunctionCall::filter), plain("overName", &FunctionCall::overName),
                child("over", &FunctionCall::over));
}

constexpr auto descriptionOf(Of<RowValue>) { return node("RowValue", children("item", &RowValue::items, "itemCount")); }

// --- statement structure ---------------------------------------------------------

constexpr auto descriptionOf(Of<SelectStatement>)
{
    return node("SelectStatement",
                optionalGroup("with", &SelectStatement::with, plain("recursive", &WithClause::recursive),
                              children("cte", &WithClause::ctes, "cteCount"), copied(&WithClause::span)),
                child("body", &SelectStatement::body), children("orderBy", &SelectStatement::orderBy, "orderByCount"),
                child("limit", &SelectStatement::limit), child("offset", &SelectStatement::offset),
                copied(&SelectStatement::orderBySpan), copied(&SelectStatement::limitSpan));
}

constexpr auto descriptionOf(Of<CommonTableExpr>)
{
    return node("CommonTableExpr", plain("name", &CommonTableExpr::name), plain("columns", &CommonTableExpr::columns),
                spelled("materialization", &CommonTableExpr::materialization, kMaterializationNames),
                child("select", &CommonTableExpr::select));
}

constexpr auto descriptionOf(Of<CompoundSelect>)
{
    return node("CompoundSelect", spelled("op", &CompoundSelect::op, compoundOpSpelling),
                child("left", &CompoundSelect::left), child("right", &CompoundSelect::right),
                copied(&CompoundSelect::opSpan));
}

constexpr auto descriptionOf(Of<SelectCore>)
{
    return node("SelectCore", spelled("distinct", &SelectCore::distinct, kDistinctModeNames),
                children("column", &SelectCore::columns, "columnCount"), child("from", &SelectCore::from),
                child("where", &SelectCore::where), children("groupBy", &SelectCore::groupBy, "groupByCount"),
                child("having", &SelectCore::having), children("window", &SelectCore::windows, "windowCount"),
                children("orderBy", &SelectCore::orderBy, "orderByCount"), child("limit", &SelectCore::limit),
                child("offset", &SelectCore::offset), copied(&SelectCore::fromSpan), copied(&SelectCore::whereSpan),
                copied(&SelectCore::groupBySpan), copied(&SelectCore::havingSpan), copied(&SelectCore::windowSpan),
                copied(&SelectCore::orderBySpan), copied(&SelectCore::limitSpan));
}

constexpr auto descriptionOf(Of<ValuesSelect>)
{
    const auto columnCount = [](const ValuesSelect& values) {
        return countOf(values.rows.empty() ? 0 : values.rows.front().values.size());
    };
    return node("ValuesSelect",
                each(&ValuesSelect::rows, "rowCount", children("value", &ValuesRow::values), copied(&ValuesRow::span)),
                derived("columnCount", columnCount));
}

constexpr auto descriptionOf(Of<ResultColumn>)
{
    const auto isTableStar = [](const ResultColumn& column) {
        return column.columnKind == ResultColumnKind::TableStar;
    };
    return node("ResultColumn", spelled("columnKind", &ResultColumn::columnKind, kResultColumnKindNames),
                child("expr", &ResultColumn::expr), plain("alias", &ResultColumn::alias),
                when(isTableStar, plain("table", &ResultColumn::table)));
}

constexpr auto descriptionOf(Of<OrderingTerm>)
{
    return node("OrderingTerm", child("expr", &OrderingTerm::expr),
                spelled("order", &OrderingTerm::order, kSortOrderNames),
                spelled("nulls", &OrderingTerm::nulls, kNullsOrderNames));
}

constexpr auto descriptionOf(Of<WindowDef>)
{
    // The end bound's kind means something only in BETWEEN … AND …; its slot is walked regardless.
    const auto hasEndBound = [](const WindowDef& window) { return window.frame->between; };
    return node("WindowDef", plain("baseName", &WindowDef::baseName),
                children("partitionBy", &WindowDef::partitionBy, "partitionByCount"),
                children("orderBy", &WindowDef::orderBy, "orderByCount"),
                optionalGroup("frame", &WindowDef::frame, spelled("frameUnit", &FrameSpec::unit, kFrameUnitNames),
                              plain("frameBetween", &FrameSpec::between),
                              nested(&FrameSpec::start, spelled("frameStart", &FrameBound::kind, kFrameBoundNames),
                                     child("frameStart", &FrameBound::offset)),
                              nested(&FrameSpec::end,
                                     when(hasEndBound, spelled("frameEnd", &FrameBound::kind, kFrameBoundNames)),
                                     child("frameEnd", &FrameBound::offset)),
                              spelled("frameExclude", &FrameSpec::exclude, kFrameExcludeNames)));
}

constexpr auto descriptionOf(Of<NamedWindow>)
{
    return node("NamedWindow", plain("name", &NamedWindow::name), child("def", &NamedWindow::def));
}

constexpr auto descriptionOf(Of<FromClause>)
{
    return node("FromClause", children("term", &FromClause::terms, "termCount"));
}

constexpr auto descriptionOf(Of<JoinTerm>)
{
    const auto hasUsing = [](const JoinTerm& term) { return term.hasUsing; };
    return node("JoinTerm",
                nested(&JoinTerm::op, spelled("join", &JoinOperator::kind, kJoinKindNames),
                       plain("natural", &JoinOperator::natural), plain("outer", &JoinOperator::outer)),
                child("source", &JoinTerm::source), child("on", &JoinTerm::on), plain("hasUsing", &JoinTerm::hasUsing),
                when(hasUsing, plain("using", &JoinTerm::usingColumns)), copied(&JoinTerm::opSpan),
                copied(&JoinTerm::constraintSpan));
}

// --- FROM items --------------------------------------------------------------------

constexpr auto kAlias = plain("alias", &FromItem::alias);

constexpr auto descriptionOf(Of<TableRef>)
{
    const auto indexedBy = [](const TableRef& table) { return table.indexHint == IndexHint::IndexedBy; };
    const auto notIndexed = [](const TableRef& table) { return table.indexHint == IndexHint::NotIndexed; };
    const auto yes = [](const TableRef&) { return true; };
    return node("TableRef", plain("schema", &TableRef::schema), plain("name", &TableRef::name), kAlias,
                copied(&TableRef::indexHint), when(indexedBy, plain("indexedBy", &TableRef::indexName)),
                when(notIndexed, derived("notIndexed", yes)));
}

constexpr auto descriptionOf(Of<TableFunctionRef>)
{
    return node("TableFunctionRef", plain("schema", &TableFunctionRef::schema), plain("name", &TableFunctionRef::name),
                kAlias, children("arg", &TableFunctionRef::args));
}

constexpr auto descriptionOf(Of<SubqueryRef>)
{
    return node("SubqueryRef", kAlias, child("subquery", &SubqueryRef::subquery));
}

constexpr auto descriptionOf(Of<JoinGroup>) { return node("JoinGroup", kAlias, child("inner", &JoinGroup::inner)); }

// --- dispatch by kind --------------------------------------------------------------

template <typename... T> struct NodeTypes {};

/// Every concrete node type, in NodeKind order.
using AllNodeTypes =
    NodeTypes<Literal, Parameter, ColumnRef, UnaryExpr, BinaryExpr, LikeExpr, BetweenExpr, InExpr, NullTestExpr,
              ExistsExpr, SubqueryExpr, CaseExpr, CastExpr, CollateExpr, FunctionCall, RowValue, SelectStatement,
              CommonTableExpr, CompoundSelect, SelectCore, ValuesSelect, ResultColumn, OrderingTerm, WindowDef,
              NamedWindow, FromClause, JoinTerm, TableRef, TableFunctionRef, SubqueryRef, JoinGroup>;

/// What Node's generic members do for one kind: a table indexed by kind, built
/// from AllNodeTypes, stands in for three virtual functions per node type.
struct KindOps {
    std::string_view name;
    std::unique_ptr<Node> (*clone)(const Node&);
    void (*appendChildren)(const Node&, std::vector<ChildRef>&);
    void (*describeFields)(const Node&, FieldVisitor&);
};

template <typename T> constexpr KindOps kindOpsOf()
{
    return {descriptionOf(Of<T>{}).kindName,
            [](const Node& node) { return clone(static_cast<const T&>(node)); },
            [](const Node& node, std::vector<ChildRef>& out) { appendChildren(static_cast<const T&>(node), out); },
            [](const Node& node, FieldVisitor& visitor) { describeFields(static_cast<const T&>(node), visitor); }};
}

constexpr size_t kKindCount = static_cast<size_t>(NodeKind::JoinGroup) + 1;

template <typename... T> constexpr bool listsEveryKindInOrder(NodeTypes<T...>)
{
    constexpr NodeKind kinds[] = {T::kKind...};
    if (sizeof...(T) != kKindCount) return false;
    for (size_t i = 0; i < sizeof...(T); ++i) {
        if (kinds[i] != static_cast<NodeKind>(i)) return false;
    }
    return true;
}
static_assert(listsEveryKindInOrder(AllNodeTypes{}), "AllNodeTypes must list every NodeKind once, in order");

template <typename... T> constexpr std::array<KindOps, sizeof...(T)> kindOpsTable(NodeTypes<T...>)
{
    return {kindOpsOf<T>()...};
}

constexpr auto kKindOps = kindOpsTable(AllNodeTypes{});

const KindOps& opsOf(NodeKind kind) { return kKindOps[static_cast<size_t>(kind)]; }

} // namespace sqleq::sql::fields

namespace sqleq::sql {

std::string_view nodeKindName(NodeKind kind) { return fields::opsOf(kind).name; }

std::unique_ptr<Node> Node::cloneNode() const { return fields::opsOf(m_kind).clone(*this); }

void Node::appendChildren(std::vector<ChildRef>& out) const { fields::opsOf(m_kind).appendChildren(*this, out); }

void Node::describeFields(FieldVisitor& visitor) const { fields::opsOf(m_kind).describeFields(*this, visitor); }

} // namespace sqleq::sql
