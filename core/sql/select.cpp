// Statement-level nodes: deep copies, child slots and field reports, plus the
// small queries over a statement that later stages need (hasTopLevelOrderBy).

#include "core/sql/select.h"

namespace sqleq::sql {
namespace {

template <typename T> std::unique_ptr<T> withSpanOf(const Node& original)
{
    auto copy = std::make_unique<T>();
    copy->setSpan(original.span());
    return copy;
}

template <typename T> void copyAlias(const FromItem& from, T& to) { to.alias = from.alias; }

void describeAlias(FieldVisitor& visitor, const FromItem& item)
{
    if (item.alias) visitor.field("alias", *item.alias);
}

std::string_view sortOrderName(SortOrder order)
{
    switch (order) {
    case SortOrder::None: return "";
    case SortOrder::Asc: return "ASC";
    case SortOrder::Desc: return "DESC";
    }
    return "";
}

std::string_view nullsOrderName(NullsOrder nulls)
{
    switch (nulls) {
    case NullsOrder::None: return "";
    case NullsOrder::First: return "NULLS FIRST";
    case NullsOrder::Last: return "NULLS LAST";
    }
    return "";
}

void appendOrderAndLimit(std::vector<ChildRef>& out, const std::vector<OrderingTermPtr>& orderBy,
                         const ExprPtr& limit, const ExprPtr& offset)
{
    appendAll(out, "orderBy", orderBy);
    out.push_back({"limit", limit.get()});
    out.push_back({"offset", offset.get()});
}

FrameBound cloneBound(const FrameBound& bound) { return FrameBound{bound.kind, cloneOf(bound.offset)}; }

} // namespace

std::string_view compoundOpSpelling(CompoundOp op)
{
    switch (op) {
    case CompoundOp::Union: return "UNION";
    case CompoundOp::UnionAll: return "UNION ALL";
    case CompoundOp::Intersect: return "INTERSECT";
    case CompoundOp::Except: return "EXCEPT";
    }
    return "?";
}

bool hasTopLevelOrderBy(const SelectStatement& statement) { return !statement.orderBy.empty(); }

std::unique_ptr<Node> OrderingTerm::cloneNode() const
{
    auto copy = withSpanOf<OrderingTerm>(*this);
    copy->expr = cloneOf(expr);
    copy->order = order;
    copy->nulls = nulls;
    return copy;
}
void OrderingTerm::appendChildren(std::vector<ChildRef>& out) const { out.push_back({"expr", expr.get()}); }
void OrderingTerm::describeFields(FieldVisitor& visitor) const
{
    visitor.field("order", sortOrderName(order));
    visitor.field("nulls", nullsOrderName(nulls));
}

CommonTableExpr::CommonTableExpr() = default;
CommonTableExpr::~CommonTableExpr() = default;
std::unique_ptr<Node> CommonTableExpr::cloneNode() const
{
    auto copy = withSpanOf<CommonTableExpr>(*this);
    copy->name = name;
    copy->columns = columns;
    copy->materialization = materialization;
    copy->select = cloneOf(select);
    return copy;
}
void CommonTableExpr::appendChildren(std::vector<ChildRef>& out) const { out.push_back({"select", select.get()}); }
void CommonTableExpr::describeFields(FieldVisitor& visitor) const
{
    static constexpr std::string_view kNames[] = {"", "MATERIALIZED", "NOT MATERIALIZED"};
    visitor.field("name", name);
    visitor.field("columns", columns);
    visitor.field("materialization", kNames[static_cast<size_t>(materialization)]);
}

std::unique_ptr<Node> SelectStatement::cloneNode() const
{
    auto copy = withSpanOf<SelectStatement>(*this);
    if (with) copy->with = WithClause{with->recursive, cloneAll(with->ctes), with->span};
    copy->body = cloneOf(body);
    copy->orderBy = cloneAll(orderBy);
    copy->limit = cloneOf(limit);
    copy->offset = cloneOf(offset);
    copy->orderBySpan = orderBySpan;
    copy->limitSpan = limitSpan;
    return copy;
}
void SelectStatement::appendChildren(std::vector<ChildRef>& out) const
{
    if (with) appendAll(out, "cte", with->ctes);
    out.push_back({"body", body.get()});
    appendOrderAndLimit(out, orderBy, limit, offset);
}
void SelectStatement::describeFields(FieldVisitor& visitor) const
{
    visitor.field("with", with.has_value());
    if (with) {
        visitor.field("recursive", with->recursive);
        visitor.field("cteCount", static_cast<int64_t>(with->ctes.size()));
    }
    visitor.field("orderByCount", static_cast<int64_t>(orderBy.size()));
}

std::unique_ptr<Node> CompoundSelect::cloneNode() const
{
    auto copy = withSpanOf<CompoundSelect>(*this);
    copy->op = op;
    copy->left = cloneOf(left);
    copy->right = cloneOf(right);
    copy->opSpan = opSpan;
    return copy;
}
void CompoundSelect::appendChildren(std::vector<ChildRef>& out) const
{
    out.push_back({"left", left.get()});
    out.push_back({"right", right.get()});
}
void CompoundSelect::describeFields(FieldVisitor& visitor) const { visitor.field("op", compoundOpSpelling(op)); }

std::unique_ptr<Node> ResultColumn::cloneNode() const
{
    auto copy = withSpanOf<ResultColumn>(*this);
    copy->columnKind = columnKind;
    copy->expr = cloneOf(expr);
    copy->alias = alias;
    copy->table = table;
    return copy;
}
void ResultColumn::appendChildren(std::vector<ChildRef>& out) const { out.push_back({"expr", expr.get()}); }
void ResultColumn::describeFields(FieldVisitor& visitor) const
{
    static constexpr std::string_view kNames[] = {"expr", "star", "tableStar"};
    visitor.field("columnKind", kNames[static_cast<size_t>(columnKind)]);
    if (alias) visitor.field("alias", *alias);
    if (columnKind == ResultColumnKind::TableStar) visitor.field("table", table);
}

std::unique_ptr<Node> WindowDef::cloneNode() const
{
    auto copy = withSpanOf<WindowDef>(*this);
    copy->baseName = baseName;
    copy->partitionBy = cloneAll(partitionBy);
    copy->orderBy = cloneAll(orderBy);
    if (frame) {
        copy->frame = FrameSpec{frame->unit, frame->between, cloneBound(frame->start), cloneBound(frame->end),
                                frame->exclude};
    }
    return copy;
}
void WindowDef::appendChildren(std::vector<ChildRef>& out) const
{
    appendAll(out, "partitionBy", partitionBy);
    appendAll(out, "orderBy", orderBy);
    if (frame) {
        out.push_back({"frameStart", frame->start.offset.get()});
        out.push_back({"frameEnd", frame->end.offset.get()});
    }
}
void WindowDef::describeFields(FieldVisitor& visitor) const
{
    static constexpr std::string_view kUnits[] = {"ROWS", "RANGE", "GROUPS"};
    static constexpr std::string_view kBounds[] = {"UNBOUNDED PRECEDING", "PRECEDING", "CURRENT ROW", "FOLLOWING",
                                                   "UNBOUNDED FOLLOWING"};
    static constexpr std::string_view kExcludes[] = {"", "NO OTHERS", "CURRENT ROW", "GROUP", "TIES"};
    if (baseName) visitor.field("baseName", *baseName);
    visitor.field("partitionByCount", static_cast<int64_t>(partitionBy.size()));
    visitor.field("orderByCount", static_cast<int64_t>(orderBy.size()));
    visitor.field("frame", frame.has_value());
    if (!frame) return;
    visitor.field("frameUnit", kUnits[static_cast<size_t>(frame->unit)]);
    visitor.field("frameBetween", frame->between);
    visitor.field("frameStart", kBounds[static_cast<size_t>(frame->start.kind)]);
    if (frame->between) visitor.field("frameEnd", kBounds[static_cast<size_t>(frame->end.kind)]);
    visitor.field("frameExclude", kExcludes[static_cast<size_t>(frame->exclude)]);
}

std::unique_ptr<Node> NamedWindow::cloneNode() const
{
    auto copy = withSpanOf<NamedWindow>(*this);
    copy->name = name;
    copy->def = cloneOf(def);
    return copy;
}
void NamedWindow::appendChildren(std::vector<ChildRef>& out) const { out.push_back({"def", def.get()}); }
void NamedWindow::describeFields(FieldVisitor& visitor) const { visitor.field("name", name); }

SelectCore::SelectCore() = default;
SelectCore::~SelectCore() = default;
std::unique_ptr<Node> SelectCore::cloneNode() const
{
    auto copy = withSpanOf<SelectCore>(*this);
    copy->distinct = distinct;
    copy->columns = cloneAll(columns);
    copy->from = cloneOf(from);
    copy->where = cloneOf(where);
    copy->groupBy = cloneAll(groupBy);
    copy->having = cloneOf(having);
    copy->windows = cloneAll(windows);
    copy->orderBy = cloneAll(orderBy);
    copy->limit = cloneOf(limit);
    copy->offset = cloneOf(offset);
    copy->fromSpan = fromSpan;
    copy->whereSpan = whereSpan;
    copy->groupBySpan = groupBySpan;
    copy->havingSpan = havingSpan;
    copy->windowSpan = windowSpan;
    copy->orderBySpan = orderBySpan;
    copy->limitSpan = limitSpan;
    return copy;
}
void SelectCore::appendChildren(std::vector<ChildRef>& out) const
{
    appendAll(out, "column", columns);
    out.push_back({"from", from.get()});
    out.push_back({"where", where.get()});
    appendAll(out, "groupBy", groupBy);
    out.push_back({"having", having.get()});
    appendAll(out, "window", windows);
    appendOrderAndLimit(out, orderBy, limit, offset);
}
void SelectCore::describeFields(FieldVisitor& visitor) const
{
    static constexpr std::string_view kNames[] = {"", "DISTINCT", "ALL"};
    visitor.field("distinct", kNames[static_cast<size_t>(distinct)]);
    visitor.field("columnCount", static_cast<int64_t>(columns.size()));
    visitor.field("groupByCount", static_cast<int64_t>(groupBy.size()));
    visitor.field("windowCount", static_cast<int64_t>(windows.size()));
    visitor.field("orderByCount", static_cast<int64_t>(orderBy.size()));
}

std::unique_ptr<Node> ValuesSelect::cloneNode() const
{
    auto copy = withSpanOf<ValuesSelect>(*this);
    for (const auto& row : rows) copy->rows.push_back(ValuesRow{cloneAll(row.values), row.span});
    return copy;
}
void ValuesSelect::appendChildren(std::vector<ChildRef>& out) const
{
    for (const auto& row : rows) appendAll(out, "value", row.values);
}
void ValuesSelect::describeFields(FieldVisitor& visitor) const
{
    visitor.field("rowCount", static_cast<int64_t>(rows.size()));
    visitor.field("columnCount", static_cast<int64_t>(rows.empty() ? 0 : rows.front().values.size()));
}

std::unique_ptr<Node> JoinTerm::cloneNode() const
{
    auto copy = withSpanOf<JoinTerm>(*this);
    copy->op = op;
    copy->source = cloneOf(source);
    copy->on = cloneOf(on);
    copy->hasUsing = hasUsing;
    copy->usingColumns = usingColumns;
    copy->opSpan = opSpan;
    copy->constraintSpan = constraintSpan;
    return copy;
}
void JoinTerm::appendChildren(std::vector<ChildRef>& out) const
{
    out.push_back({"source", source.get()});
    out.push_back({"on", on.get()});
}
void JoinTerm::describeFields(FieldVisitor& visitor) const
{
    static constexpr std::string_view kKinds[] = {"", ",", "JOIN", "INNER", "CROSS", "LEFT", "RIGHT", "FULL"};
    visitor.field("join", kKinds[static_cast<size_t>(op.kind)]);
    visitor.field("natural", op.natural);
    visitor.field("outer", op.outer);
    visitor.field("hasUsing", hasUsing);
    if (hasUsing) visitor.field("using", usingColumns);
}

std::unique_ptr<Node> FromClause::cloneNode() const
{
    auto copy = withSpanOf<FromClause>(*this);
    copy->terms = cloneAll(terms);
    return copy;
}
void FromClause::appendChildren(std::vector<ChildRef>& out) const { appendAll(out, "term", terms); }
void FromClause::describeFields(FieldVisitor& visitor) const
{
    visitor.field("termCount", static_cast<int64_t>(terms.size()));
}

std::unique_ptr<Node> TableRef::cloneNode() const
{
    auto copy = withSpanOf<TableRef>(*this);
    copyAlias(*this, *copy);
    copy->schema = schema;
    copy->name = name;
    copy->indexHint = indexHint;
    copy->indexName = indexName;
    return copy;
}
void TableRef::appendChildren(std::vector<ChildRef>&) const {}
void TableRef::describeFields(FieldVisitor& visitor) const
{
    if (schema) visitor.field("schema", *schema);
    visitor.field("name", name);
    describeAlias(visitor, *this);
    if (indexHint == IndexHint::IndexedBy) visitor.field("indexedBy", indexName);
    if (indexHint == IndexHint::NotIndexed) visitor.field("notIndexed", true);
}

std::unique_ptr<Node> TableFunctionRef::cloneNode() const
{
    auto copy = withSpanOf<TableFunctionRef>(*this);
    copyAlias(*this, *copy);
    copy->schema = schema;
    copy->name = name;
    copy->args = cloneAll(args);
    return copy;
}
void TableFunctionRef::appendChildren(std::vector<ChildRef>& out) const { appendAll(out, "arg", args); }
void TableFunctionRef::describeFields(FieldVisitor& visitor) const
{
    if (schema) visitor.field("schema", *schema);
    visitor.field("name", name);
    describeAlias(visitor, *this);
}

std::unique_ptr<Node> SubqueryRef::cloneNode() const
{
    auto copy = withSpanOf<SubqueryRef>(*this);
    copyAlias(*this, *copy);
    copy->subquery = cloneOf(subquery);
    return copy;
}
void SubqueryRef::appendChildren(std::vector<ChildRef>& out) const { out.push_back({"subquery", subquery.get()}); }
void SubqueryRef::describeFields(FieldVisitor& visitor) const { describeAlias(visitor, *this); }

std::unique_ptr<Node> JoinGroup::cloneNode() const
{
    auto copy = withSpanOf<JoinGroup>(*this);
    copyAlias(*this, *copy);
    copy->inner = cloneOf(inner);
    return copy;
}
void JoinGroup::appendChildren(std::vector<ChildRef>& out) const { out.push_back({"inner", inner.get()}); }
void JoinGroup::describeFields(FieldVisitor& visitor) const { describeAlias(visitor, *this); }

} // namespace sqleq::sql
