// Expression nodes: deep copies, child slots and field reports. Kept mechanical
// on purpose — every generic algorithm (walk, JSON, equality) reads nodes only
// through these three functions.

#include "core/sql/expr.h"

#include "core/sql/select.h"

namespace sqleq::sql {
namespace {

template <typename T> std::unique_ptr<T> withSpanOf(const Node& original)
{
    auto copy = std::make_unique<T>();
    copy->setSpan(original.span());
    return copy;
}

void describeOptional(FieldVisitor& visitor, std::string_view name, const std::optional<Identifier>& id)
{
    if (id) visitor.field(name, *id);
}

} // namespace

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

// --- Literal, Parameter, ColumnRef -------------------------------------------

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

std::unique_ptr<Node> Literal::cloneNode() const
{
    auto copy = withSpanOf<Literal>(*this);
    copy->literalKind = literalKind;
    copy->text = text;
    return copy;
}
void Literal::appendChildren(std::vector<ChildRef>&) const {}
void Literal::describeFields(FieldVisitor& visitor) const
{
    visitor.field("literalKind", literalKindName(literalKind));
    visitor.field("text", std::string_view(text));
}

std::unique_ptr<Node> Parameter::cloneNode() const
{
    auto copy = withSpanOf<Parameter>(*this);
    copy->text = text;
    return copy;
}
void Parameter::appendChildren(std::vector<ChildRef>&) const {}
void Parameter::describeFields(FieldVisitor& visitor) const { visitor.field("text", std::string_view(text)); }

std::unique_ptr<Node> ColumnRef::cloneNode() const
{
    auto copy = withSpanOf<ColumnRef>(*this);
    copy->schema = schema;
    copy->table = table;
    copy->column = column;
    return copy;
}
void ColumnRef::appendChildren(std::vector<ChildRef>&) const {}
void ColumnRef::describeFields(FieldVisitor& visitor) const
{
    describeOptional(visitor, "schema", schema);
    describeOptional(visitor, "table", table);
    visitor.field("column", column);
}

// --- operators ---------------------------------------------------------------

std::unique_ptr<Node> UnaryExpr::cloneNode() const
{
    auto copy = withSpanOf<UnaryExpr>(*this);
    copy->op = op;
    copy->operand = cloneOf(operand);
    copy->opSpan = opSpan;
    return copy;
}
void UnaryExpr::appendChildren(std::vector<ChildRef>& out) const { out.push_back({"operand", operand.get()}); }
void UnaryExpr::describeFields(FieldVisitor& visitor) const { visitor.field("op", unaryOpSpelling(op)); }

std::unique_ptr<Node> BinaryExpr::cloneNode() const
{
    auto copy = withSpanOf<BinaryExpr>(*this);
    copy->op = op;
    copy->left = cloneOf(left);
    copy->right = cloneOf(right);
    copy->opSpan = opSpan;
    return copy;
}
void BinaryExpr::appendChildren(std::vector<ChildRef>& out) const
{
    out.push_back({"left", left.get()});
    out.push_back({"right", right.get()});
}
void BinaryExpr::describeFields(FieldVisitor& visitor) const { visitor.field("op", binaryOpSpelling(op)); }

std::unique_ptr<Node> LikeExpr::cloneNode() const
{
    auto copy = withSpanOf<LikeExpr>(*this);
    copy->op = op;
    copy->negated = negated;
    copy->operand = cloneOf(operand);
    copy->pattern = cloneOf(pattern);
    copy->escape = cloneOf(escape);
    copy->opSpan = opSpan;
    return copy;
}
void LikeExpr::appendChildren(std::vector<ChildRef>& out) const
{
    out.push_back({"operand", operand.get()});
    out.push_back({"pattern", pattern.get()});
    out.push_back({"escape", escape.get()});
}
void LikeExpr::describeFields(FieldVisitor& visitor) const
{
    visitor.field("op", likeOpSpelling(op));
    visitor.field("negated", negated);
}

std::unique_ptr<Node> BetweenExpr::cloneNode() const
{
    auto copy = withSpanOf<BetweenExpr>(*this);
    copy->negated = negated;
    copy->operand = cloneOf(operand);
    copy->low = cloneOf(low);
    copy->high = cloneOf(high);
    return copy;
}
void BetweenExpr::appendChildren(std::vector<ChildRef>& out) const
{
    out.push_back({"operand", operand.get()});
    out.push_back({"low", low.get()});
    out.push_back({"high", high.get()});
}
void BetweenExpr::describeFields(FieldVisitor& visitor) const { visitor.field("negated", negated); }

InExpr::InExpr() = default;
InExpr::~InExpr() = default;
std::unique_ptr<Node> InExpr::cloneNode() const
{
    auto copy = withSpanOf<InExpr>(*this);
    copy->negated = negated;
    copy->source = source;
    copy->operand = cloneOf(operand);
    copy->items = cloneAll(items);
    copy->subquery = cloneOf(subquery);
    copy->schema = schema;
    copy->table = table;
    return copy;
}
void InExpr::appendChildren(std::vector<ChildRef>& out) const
{
    out.push_back({"operand", operand.get()});
    appendAll(out, "item", items);
    if (source == InSource::Subquery) out.push_back({"subquery", subquery.get()});
}
void InExpr::describeFields(FieldVisitor& visitor) const
{
    static constexpr std::string_view kSources[] = {"list", "subquery", "table", "tableFunction"};
    visitor.field("negated", negated);
    visitor.field("source", kSources[static_cast<size_t>(source)]);
    visitor.field("itemCount", static_cast<int64_t>(items.size()));
    if (source == InSource::Table || source == InSource::TableFunction) {
        describeOptional(visitor, "schema", schema);
        visitor.field("table", table);
    }
}

std::unique_ptr<Node> NullTestExpr::cloneNode() const
{
    auto copy = withSpanOf<NullTestExpr>(*this);
    copy->negated = negated;
    copy->operand = cloneOf(operand);
    return copy;
}
void NullTestExpr::appendChildren(std::vector<ChildRef>& out) const { out.push_back({"operand", operand.get()}); }
void NullTestExpr::describeFields(FieldVisitor& visitor) const { visitor.field("negated", negated); }

// --- subqueries ----------------------------------------------------------------

ExistsExpr::ExistsExpr() = default;
ExistsExpr::~ExistsExpr() = default;
std::unique_ptr<Node> ExistsExpr::cloneNode() const
{
    auto copy = withSpanOf<ExistsExpr>(*this);
    copy->subquery = cloneOf(subquery);
    return copy;
}
void ExistsExpr::appendChildren(std::vector<ChildRef>& out) const { out.push_back({"subquery", subquery.get()}); }
void ExistsExpr::describeFields(FieldVisitor&) const {}

SubqueryExpr::SubqueryExpr() = default;
SubqueryExpr::~SubqueryExpr() = default;
std::unique_ptr<Node> SubqueryExpr::cloneNode() const
{
    auto copy = withSpanOf<SubqueryExpr>(*this);
    copy->subquery = cloneOf(subquery);
    return copy;
}
void SubqueryExpr::appendChildren(std::vector<ChildRef>& out) const { out.push_back({"subquery", subquery.get()}); }
void SubqueryExpr::describeFields(FieldVisitor&) const {}

// --- CASE, CAST, COLLATE, calls, row values ------------------------------------------

std::unique_ptr<Node> CaseExpr::cloneNode() const
{
    auto copy = withSpanOf<CaseExpr>(*this);
    copy->operand = cloneOf(operand);
    for (const auto& w : whens) copy->whens.push_back({cloneOf(w.when), cloneOf(w.then)});
    copy->elseExpr = cloneOf(elseExpr);
    return copy;
}
void CaseExpr::appendChildren(std::vector<ChildRef>& out) const
{
    out.push_back({"operand", operand.get()});
    for (const auto& w : whens) {
        out.push_back({"when", w.when.get()});
        out.push_back({"then", w.then.get()});
    }
    out.push_back({"else", elseExpr.get()});
}
void CaseExpr::describeFields(FieldVisitor& visitor) const
{
    visitor.field("whenCount", static_cast<int64_t>(whens.size()));
}

std::unique_ptr<Node> CastExpr::cloneNode() const
{
    auto copy = withSpanOf<CastExpr>(*this);
    copy->operand = cloneOf(operand);
    copy->typeName = typeName;
    return copy;
}
void CastExpr::appendChildren(std::vector<ChildRef>& out) const { out.push_back({"operand", operand.get()}); }
void CastExpr::describeFields(FieldVisitor& visitor) const { visitor.field("typeName", std::string_view(typeName)); }

std::unique_ptr<Node> CollateExpr::cloneNode() const
{
    auto copy = withSpanOf<CollateExpr>(*this);
    copy->operand = cloneOf(operand);
    copy->collation = collation;
    return copy;
}
void CollateExpr::appendChildren(std::vector<ChildRef>& out) const { out.push_back({"operand", operand.get()}); }
void CollateExpr::describeFields(FieldVisitor& visitor) const { visitor.field("collation", collation); }

FunctionCall::FunctionCall() = default;
FunctionCall::~FunctionCall() = default;
std::unique_ptr<Node> FunctionCall::cloneNode() const
{
    auto copy = withSpanOf<FunctionCall>(*this);
    copy->name = name;
    copy->distinct = distinct;
    copy->star = star;
    copy->args = cloneAll(args);
    copy->filter = cloneOf(filter);
    copy->overName = overName;
    copy->over = cloneOf(over);
    return copy;
}
void FunctionCall::appendChildren(std::vector<ChildRef>& out) const
{
    appendAll(out, "arg", args);
    out.push_back({"filter", filter.get()});
    out.push_back({"over", over.get()});
}
void FunctionCall::describeFields(FieldVisitor& visitor) const
{
    visitor.field("name", name);
    visitor.field("distinct", distinct);
    visitor.field("star", star);
    visitor.field("argCount", static_cast<int64_t>(args.size()));
    describeOptional(visitor, "overName", overName);
}

std::unique_ptr<Node> RowValue::cloneNode() const
{
    auto copy = withSpanOf<RowValue>(*this);
    copy->items = cloneAll(items);
    return copy;
}
void RowValue::appendChildren(std::vector<ChildRef>& out) const { appendAll(out, "item", items); }
void RowValue::describeFields(FieldVisitor& visitor) const
{
    visitor.field("itemCount", static_cast<int64_t>(items.size()));
}

} // namespace sqleq::sql
