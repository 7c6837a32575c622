// Attribution of query literals to schema columns. Only the shapes that carry a
// constant to a column are recognised (comparisons, IN lists, BETWEEN, LIKE/GLOB,
// and a few wrappers such as min(col) or lower(col)); every other literal stays
// unattributed rather than guessed.

#include "core/fuzz/constant_collector.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace sqleq::fuzz {
namespace {

using sql::BinaryOp;

std::optional<exec::Value> parseNumber(std::string_view text, bool negate)
{
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        uint64_t hex = 0;
        const auto [end, ec] = std::from_chars(text.data() + 2, text.data() + text.size(), hex, 16);
        if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
        const auto value = static_cast<int64_t>(hex);  // SQLite reads 0x8000… as two's complement
        // -INT64_MIN is not an int64; SQLite's unary minus makes it a REAL.
        if (negate && value == std::numeric_limits<int64_t>::min()) return exec::Value::real(9223372036854775808.0);
        return exec::Value::integer(negate ? -value : value);
    }
    // SQLite folds the minus into this one literal: -9223372036854775808 is INT64_MIN.
    if (negate && text == "9223372036854775808") return exec::Value::integer(std::numeric_limits<int64_t>::min());
    int64_t integer = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), integer);
    if (ec == std::errc() && end == text.data() + text.size()) return exec::Value::integer(negate ? -integer : integer);
    double real = 0;
    const auto [realEnd, realEc] = std::from_chars(text.data(), text.data() + text.size(), real);
    if (realEc != std::errc() || realEnd != text.data() + text.size() || !std::isfinite(real)) return std::nullopt;
    return exec::Value::real(negate ? -real : real);
}

std::optional<exec::Value> literalValue(const sql::Literal& literal, bool negate)
{
    switch (literal.literalKind) {
    case sql::LiteralKind::Integer:
    case sql::LiteralKind::Float: return parseNumber(literal.text, negate);
    case sql::LiteralKind::String: return negate ? std::nullopt : std::optional(exec::Value::text(literal.value()));
    case sql::LiteralKind::True: return exec::Value::integer(1);
    case sql::LiteralKind::False: return exec::Value::integer(0);
    default: return std::nullopt;
    }
}

bool isComparison(BinaryOp op)
{
    switch (op) {
    case BinaryOp::Eq: case BinaryOp::NotEq: case BinaryOp::Is: case BinaryOp::IsNot:
    case BinaryOp::IsDistinctFrom: case BinaryOp::IsNotDistinctFrom:
    case BinaryOp::Less: case BinaryOp::LessEq: case BinaryOp::Greater: case BinaryOp::GreaterEq: return true;
    default: return false;
    }
}

/// Functions whose argument column the compared constant really describes.
bool isTransparentFunction(const sql::FunctionCall& call)
{
    static constexpr std::string_view kNames[] = {"min", "max", "avg", "sum", "lower", "upper", "trim", "abs"};
    if (call.star || call.args.size() != 1 || call.over || call.overName) return false;
    for (std::string_view name : kNames)
        if (schema::sameIdentifier(call.name.name, name)) return true;
    return false;
}

/// Aggregates that read their argument as a number.
bool isNumericAggregate(const sql::FunctionCall& call)
{
    static constexpr std::string_view kNames[] = {"avg", "sum", "total", "min", "max"};
    if (call.star || call.args.size() != 1) return false;
    for (std::string_view name : kNames)
        if (schema::sameIdentifier(call.name.name, name)) return true;
    return false;
}

bool isArithmetic(BinaryOp op)
{
    return op == BinaryOp::Add || op == BinaryOp::Subtract || op == BinaryOp::Multiply || op == BinaryOp::Divide
           || op == BinaryOp::Modulo;
}

bool isNumber(const exec::Value& value)
{
    return value.type() == exec::ValueType::Integer || value.type() == exec::ValueType::Real;
}

/// The literal runs of a LIKE or GLOB pattern: "%ab_c%" gives "ab", "c".
std::vector<std::string> patternPieces(std::string_view pattern, sql::LikeOp op)
{
    std::vector<std::string> pieces;
    std::string current;
    bool inClass = false;
    for (const char c : pattern) {
        const bool wild = op == sql::LikeOp::Glob ? (inClass || c == '*' || c == '?' || c == '[') : (c == '%' || c == '_');
        if (op == sql::LikeOp::Glob && c == '[') inClass = true;
        else if (op == sql::LikeOp::Glob && c == ']') inClass = false;
        if (wild || (op == sql::LikeOp::Glob && c == ']')) {
            if (!current.empty()) pieces.push_back(std::move(current));
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.empty()) pieces.push_back(std::move(current));
    return pieces;
}

/// Output column names of a subquery, as far as they can be known without a schema.
void outputNames(const sql::SelectStatement& statement, std::vector<std::string>& names, bool& any)
{
    const sql::SelectBody* body = statement.body.get();
    while (body != nullptr && body->is<sql::CompoundSelect>()) body = body->as<sql::CompoundSelect>().left.get();
    if (body == nullptr || !body->is<sql::SelectCore>()) {
        any = true;
        return;
    }
    for (const auto& column : body->as<sql::SelectCore>().columns) {
        if (column->columnKind != sql::ResultColumnKind::Expr) any = true;
        else if (column->alias) names.push_back(column->alias->name);
        else if (const auto* ref = column->expr->tryAs<sql::ColumnRef>()) names.push_back(ref->column.name);
    }
}

} // namespace

GoldConstants ConstantCollector::run(const sql::SelectStatement& statement)
{
    visitStatement(statement);
    // The statement's attributed constants together: a row holding all of them
    // satisfies its conjunction (alternatives of an OR or IN list are extra members).
    ConstantGroup group;
    for (const GoldConstant& constant : m_out.items)
        if (constant.attributed()) group.items.push_back(constant);
    if (group.items.size() >= 2) m_out.addGroup(std::move(group));
    return std::move(m_out);
}

void ConstantCollector::visit(const sql::Node& node)
{
    if (const auto* statement = node.tryAs<sql::SelectStatement>()) return visitStatement(*statement);
    if (const auto* core = node.tryAs<sql::SelectCore>()) return visitCore(*core);
    if (const auto* compound = node.tryAs<sql::CompoundSelect>()) equateCompoundColumns(*compound);
    if (const auto* like = node.tryAs<sql::LikeExpr>()) attributeLike(*like);
    else if (node.is<sql::Expr>()) attributeComparison(node.as<sql::Expr>());
    if (node.is<sql::Expr>()) noteNumericUse(node.as<sql::Expr>());
    if (node.is<sql::Literal>() || node.is<sql::ColumnRef>()) addUnattributed(node);
    visitChildren(node);
}

void ConstantCollector::visitChildren(const sql::Node& node)
{
    std::vector<sql::ChildRef> slots;
    node.appendChildren(slots);
    for (const sql::ChildRef& slot : slots) {
        // LIMIT/OFFSET values only cut the result; they never select rows.
        if (slot.node == nullptr || slot.role == "limit" || slot.role == "offset") continue;
        visit(*slot.node);
    }
}

void ConstantCollector::visitStatement(const sql::SelectStatement& statement)
{
    const std::size_t visibleCtes = m_ctes.size();
    if (statement.with) {
        for (const auto& cte : statement.with->ctes) {
            OpaqueBinding binding{cte->name.name, {}, false};
            for (const auto& column : cte->columns) binding.outputs.push_back(column.name);
            if (binding.outputs.empty() && cte->select) outputNames(*cte->select, binding.outputs, binding.any);
            m_ctes.push_back(std::move(binding));
        }
    }
    if (statement.with)
        for (const auto& cte : statement.with->ctes) visit(*cte);
    if (statement.body) visit(*statement.body);
    // The statement's ORDER BY sees the (first) core's tables and result aliases.
    const sql::SelectBody* body = statement.body.get();
    while (body != nullptr && body->is<sql::CompoundSelect>()) body = body->as<sql::CompoundSelect>().left.get();
    const bool scoped = body != nullptr && body->is<sql::SelectCore>();
    if (scoped) m_scopes.push_back(scopeOf(body->as<sql::SelectCore>()));
    for (const auto& term : statement.orderBy) visit(*term);
    if (scoped) m_scopes.pop_back();
    m_ctes.resize(visibleCtes);
}

ConstantCollector::Scope ConstantCollector::scopeOf(const sql::SelectCore& core) const
{
    Scope scope;
    if (core.from) bindFrom(*core.from, scope);
    for (const auto& column : core.columns)
        if (column->alias) scope.resultAliases.push_back(column->alias->name);
    return scope;
}

void ConstantCollector::visitCore(const sql::SelectCore& core)
{
    if (core.from) {
        std::vector<std::string> tablesSoFar;
        equateJoinColumns(*core.from, tablesSoFar);
    }
    m_scopes.push_back(scopeOf(core));
    visitChildren(core);
    m_scopes.pop_back();
}

// NATURAL JOIN and USING equate columns without an `=` anywhere in the text: each
// column they join is recorded as equated with its namesake in the tables before, so
// the search pools their values (rows then meet, and a GROUP BY over one of them has
// groups the other splits).
void ConstantCollector::equateJoinColumns(const sql::FromClause& from, std::vector<std::string>& tablesSoFar)
{
    for (const auto& term : from.terms) {
        if (!term->source) continue;
        if (const auto* group = term->source->tryAs<sql::JoinGroup>()) {
            if (group->inner) equateJoinColumns(*group->inner, tablesSoFar);
            continue;
        }
        const auto* ref = term->source->tryAs<sql::TableRef>();
        const schema::Table* table = ref != nullptr ? m_schema.findTable(ref->name.name) : nullptr;
        if (table == nullptr) continue;
        std::vector<std::string> joined;
        if (term->hasUsing) {
            for (const auto& column : term->usingColumns) joined.push_back(column.name);
        } else if (term->op.natural) {
            for (const auto& column : table->columns) joined.push_back(column.name);
        }
        for (const auto& name : joined) {
            const schema::Column* mine = table->findColumn(name);
            if (mine == nullptr) continue;
            for (const auto& earlier : tablesSoFar) {
                const schema::Table* other = m_schema.findTable(earlier);
                const schema::Column* theirs = other != nullptr ? other->findColumn(name) : nullptr;
                if (theirs != nullptr)
                    m_out.addEquatedColumns(ColumnName{other->name, theirs->name}, ColumnName{table->name, mine->name});
            }
        }
        tablesSoFar.push_back(table->name);
    }
}

// UNION, INTERSECT and EXCEPT compare the two branches' rows column by column: a row
// of one matches a row of the other only where the columns at one position share a
// value (`first_name EXCEPT … last_name` removes a name only when a last name equals
// it). Those columns are equated like a join's, so built databases pool their values.
void ConstantCollector::equateCompoundColumns(const sql::CompoundSelect& compound)
{
    const sql::SelectBody* left = compound.left.get();
    while (left != nullptr && left->is<sql::CompoundSelect>()) left = left->as<sql::CompoundSelect>().right.get();
    const sql::SelectBody* right = compound.right.get();
    if (left == nullptr || right == nullptr || !left->is<sql::SelectCore>() || !right->is<sql::SelectCore>()) return;
    const auto& leftCore = left->as<sql::SelectCore>();
    const auto& rightCore = right->as<sql::SelectCore>();
    for (std::size_t position = 0; position < leftCore.columns.size(); ++position) {
        const auto a = resultColumnOf(leftCore, position);
        const auto b = resultColumnOf(rightCore, position);
        if (a && b) m_out.addEquatedColumns(ColumnName{a->table, a->column}, ColumnName{b->table, b->column});
    }
}

std::optional<ConstantCollector::ColumnId> ConstantCollector::resultColumnOf(const sql::SelectCore& core,
                                                                             std::size_t position)
{
    if (position >= core.columns.size()) return std::nullopt;
    const sql::ResultColumn& column = *core.columns[position];
    if (column.columnKind != sql::ResultColumnKind::Expr || !column.expr || !column.expr->is<sql::ColumnRef>())
        return std::nullopt;
    m_scopes.push_back(scopeOf(core));
    auto target = targetOf(*column.expr);
    m_scopes.pop_back();
    return target;
}

void ConstantCollector::bindFrom(const sql::FromClause& from, Scope& scope) const
{
    for (const auto& term : from.terms)
        if (term->source) bindItem(*term->source, scope);
}

void ConstantCollector::bindItem(const sql::FromItem& item, Scope& scope) const
{
    if (const auto* group = item.tryAs<sql::JoinGroup>()) {
        if (group->inner) bindFrom(*group->inner, scope);
        return;
    }
    if (const auto* ref = item.tryAs<sql::TableRef>()) {
        const std::string name = item.alias ? item.alias->name : ref->name.name;
        for (auto it = m_ctes.rbegin(); it != m_ctes.rend(); ++it) {
            if (!schema::sameIdentifier(it->name, ref->name.name)) continue;
            scope.opaque.push_back(OpaqueBinding{name, it->outputs, it->any});
            return;
        }
        if (m_schema.findTable(ref->name.name) != nullptr) {
            scope.tables.push_back(schema::TableBinding{name, ref->name.name});
            return;
        }
        scope.opaque.push_back(OpaqueBinding{name, {}, true});
        return;
    }
    OpaqueBinding binding{item.alias ? item.alias->name : std::string(), {}, false};
    if (const auto* subquery = item.tryAs<sql::SubqueryRef>(); subquery && subquery->subquery)
        outputNames(*subquery->subquery, binding.outputs, binding.any);
    else
        binding.any = true;
    scope.opaque.push_back(std::move(binding));
}

void ConstantCollector::attributeComparison(const sql::Expr& expr)
{
    auto addAll = [&](const sql::Expr* target, std::initializer_list<const sql::Expr*> constants) {
        if (target == nullptr) return;
        const auto column = targetOf(*target);
        if (!column) return;
        for (const sql::Expr* side : constants)
            if (side != nullptr)
                if (const auto constant = constantOf(*side)) {
                    if (isNumber(constant->value)) m_out.addNumericColumn(ColumnName{column->table, column->column});
                    addFor(*column, *constant, ConstantUse::Compare);
                }
    };
    if (const auto* binary = expr.tryAs<sql::BinaryExpr>(); binary && isComparison(binary->op)) {
        addAll(binary->left.get(), {binary->right.get()});
        addAll(binary->right.get(), {binary->left.get()});
        if (binary->op == BinaryOp::Eq && binary->left && binary->right) {
            const auto* left = binary->left->tryAs<sql::ColumnRef>();
            const auto* right = binary->right->tryAs<sql::ColumnRef>();
            const auto a = left != nullptr ? targetOf(*binary->left) : std::nullopt;
            const auto b = right != nullptr ? targetOf(*binary->right) : std::nullopt;
            if (a && b) m_out.addEquatedColumns(ColumnName{a->table, a->column}, ColumnName{b->table, b->column});
        }
    } else if (const auto* between = expr.tryAs<sql::BetweenExpr>()) {
        addAll(between->operand.get(), {between->low.get(), between->high.get()});
    } else if (const auto* in = expr.tryAs<sql::InExpr>(); in && in->source == sql::InSource::List && in->operand) {
        for (const auto& item : in->items) addAll(in->operand.get(), {item.get()});
    }
}

void ConstantCollector::noteNumericUse(const sql::Expr& expr)
{
    auto note = [&](const sql::Expr* operand) {
        if (operand == nullptr) return;
        if (const auto column = targetOf(*operand)) m_out.addNumericColumn(ColumnName{column->table, column->column});
    };
    if (const auto* call = expr.tryAs<sql::FunctionCall>(); call && isNumericAggregate(*call)) {
        note(call->args.front().get());
    } else if (const auto* binary = expr.tryAs<sql::BinaryExpr>(); binary && isArithmetic(binary->op)) {
        note(binary->left.get());
        note(binary->right.get());
    }
}

void ConstantCollector::attributeLike(const sql::LikeExpr& like)
{
    if (!like.operand || !like.pattern) return;
    const auto column = targetOf(*like.operand);
    const auto constant = constantOf(*like.pattern);
    if (!column || !constant || constant->value.type() != exec::ValueType::Text) return;
    const std::string& pattern = constant->value.asText();
    const auto pieces = patternPieces(pattern, like.op);
    const bool plain = pieces.size() == 1 && pieces.front() == pattern;
    if (plain || pieces.empty()) {
        addFor(*column, *constant, ConstantUse::Compare);
        return;
    }
    for (const std::string& piece : pieces)
        addFor(*column, FoundConstant{exec::Value::text(piece), constant->node}, ConstantUse::Pattern);
}

void ConstantCollector::addFor(const ColumnId& column, const FoundConstant& constant, ConstantUse use)
{
    m_handled.insert(constant.node);
    m_out.add(GoldConstant{column.table, column.column, coerce(constant.value, column), use});
}

void ConstantCollector::addUnattributed(const sql::Node& node)
{
    if (m_handled.count(&node) != 0) return;
    if (const auto* ref = node.tryAs<sql::ColumnRef>(); ref && !isStringIdentifier(*ref)) return;
    if (const auto constant = constantOf(node.as<sql::Expr>()))
        m_out.add(GoldConstant{{}, {}, constant->value, ConstantUse::Compare});
}

std::optional<ConstantCollector::ColumnId> ConstantCollector::targetOf(const sql::Expr& expr) const
{
    if (const auto* ref = expr.tryAs<sql::ColumnRef>()) {
        if (isStringIdentifier(*ref)) return std::nullopt;
        return resolveRef(*ref);
    }
    if (const auto* collate = expr.tryAs<sql::CollateExpr>(); collate && collate->operand)
        return targetOf(*collate->operand);
    if (const auto* cast = expr.tryAs<sql::CastExpr>(); cast && cast->operand) return targetOf(*cast->operand);
    if (const auto* call = expr.tryAs<sql::FunctionCall>(); call && isTransparentFunction(*call))
        return targetOf(*call->args.front());
    return std::nullopt;
}

std::optional<ConstantCollector::ColumnId> ConstantCollector::resolveRef(const sql::ColumnRef& ref) const
{
    const std::string qualifier = ref.table ? ref.table->name : std::string();
    for (auto scope = m_scopes.rbegin(); scope != m_scopes.rend(); ++scope) {
        auto resolved = schema::resolveColumn(m_schema, scope->tables, qualifier, ref.column.name);
        if (resolved) return ColumnId{resolved->table, resolved->column};
        if (resolved.error().code == "schema.ambiguous_column") return std::nullopt;
        for (const OpaqueBinding& opaque : scope->opaque) {
            if (!qualifier.empty() && schema::sameIdentifier(opaque.name, qualifier)) return std::nullopt;
            if (qualifier.empty() && opaque.any) return std::nullopt;
            for (const std::string& output : opaque.outputs)
                if (qualifier.empty() && schema::sameIdentifier(output, ref.column.name)) return std::nullopt;
        }
        if (!qualifier.empty() && resolved.error().code == "schema.unknown_column") {
            for (const auto& binding : scope->tables)
                if (schema::sameIdentifier(binding.name, qualifier)) return std::nullopt;
        }
    }
    return std::nullopt;
}

std::optional<ConstantCollector::FoundConstant> ConstantCollector::constantOf(const sql::Expr& expr) const
{
    if (const auto* literal = expr.tryAs<sql::Literal>()) {
        if (auto value = literalValue(*literal, false)) return FoundConstant{std::move(*value), literal};
        return std::nullopt;
    }
    if (const auto* unary = expr.tryAs<sql::UnaryExpr>();
        unary && unary->operand && (unary->op == sql::UnaryOp::Negate || unary->op == sql::UnaryOp::Plus)) {
        const auto* literal = unary->operand->tryAs<sql::Literal>();
        if (literal == nullptr || literal->literalKind == sql::LiteralKind::String) return std::nullopt;
        if (auto value = literalValue(*literal, unary->op == sql::UnaryOp::Negate))
            return FoundConstant{std::move(*value), literal};
        return std::nullopt;
    }
    if (const auto* ref = expr.tryAs<sql::ColumnRef>(); ref && isStringIdentifier(*ref))
        return FoundConstant{exec::Value::text(ref->column.name), ref};
    return std::nullopt;
}

bool ConstantCollector::isStringIdentifier(const sql::ColumnRef& ref) const
{
    // SQLite's quirk: a bare "name" that resolves to nothing is the string 'name'.
    return !ref.table && !ref.schema && ref.column.quote == sql::QuoteStyle::Double
           && !namesColumnInScope(ref.column.name);
}

bool ConstantCollector::namesColumnInScope(const std::string& name) const
{
    for (const Scope& scope : m_scopes) {
        auto resolved = schema::resolveColumn(m_schema, scope.tables, "", name);
        if (resolved || resolved.error().code == "schema.ambiguous_column") return true;
        for (const OpaqueBinding& opaque : scope.opaque) {
            if (opaque.any) return true;
            for (const std::string& output : opaque.outputs)
                if (schema::sameIdentifier(output, name)) return true;
        }
        for (const std::string& alias : scope.resultAliases)
            if (schema::sameIdentifier(alias, name)) return true;
    }
    return false;
}

exec::Value ConstantCollector::coerce(const exec::Value& value, const ColumnId& column) const
{
    const schema::Table* table = m_schema.findTable(column.table);
    const schema::Column* target = table != nullptr ? table->findColumn(column.column) : nullptr;
    return target != nullptr ? coerceToColumn(value, *target) : value;
}

exec::Value coerceToColumn(const exec::Value& value, const schema::Column& column)
{
    const schema::Affinity affinity = column.affinity;
    const bool numeric = affinity == schema::Affinity::Integer || affinity == schema::Affinity::Real
                         || affinity == schema::Affinity::Numeric;
    if (numeric && value.type() == exec::ValueType::Text) {
        if (auto number = parseNumber(value.asText(), false)) return *number;
    }
    if (affinity == schema::Affinity::Text && value.type() == exec::ValueType::Integer)
        return exec::Value::text(std::to_string(value.asInteger()));
    return value;
}

std::optional<exec::Value> constantValue(const sql::Expr& expr)
{
    if (const auto* literal = expr.tryAs<sql::Literal>()) return literalValue(*literal, false);
    if (const auto* unary = expr.tryAs<sql::UnaryExpr>();
        unary && unary->operand && (unary->op == sql::UnaryOp::Negate || unary->op == sql::UnaryOp::Plus)) {
        const auto* literal = unary->operand->tryAs<sql::Literal>();
        if (literal == nullptr || literal->literalKind == sql::LiteralKind::String) return std::nullopt;
        return literalValue(*literal, unary->op == sql::UnaryOp::Negate);
    }
    return std::nullopt;
}

GoldConstants collectConstants(const sql::SelectStatement& statement, const schema::Schema& schema)
{
    return ConstantCollector(schema).run(statement);
}

} // namespace sqleq::fuzz
