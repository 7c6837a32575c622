// Witness plans from the AST and witness rows from a plan. The plan is a union-find
// over (FROM item, column) pairs: `a.x = b.y` unites them, `a.x op constant` adds a
// condition to a.x's class, and an IN or EXISTS subquery merges its own FROM items and
// conditions into the same plan (a correlated reference unites with the outer item).
// Values are then chosen per class, one per copy, so that every condition holds.

#include "core/search/witness_rows.h"

#include "core/exec/spider_compat.h"
#include "core/fuzz/gold_constants.h"
#include "core/schema/column_resolver.h"
#include "core/search/content_shaping.h"
#include "core/sql/parser.h"
#include "core/sql/select.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace sqleq::search::detail {
namespace {

using sql::BinaryOp;

/// Bounds on the work a hostile query can cause: plans per query, FROM items per plan.
constexpr std::size_t kMaxPlans = 16;
constexpr std::size_t kMaxSlots = 48;

std::optional<Bound> boundOf(BinaryOp op)
{
    switch (op) {
    case BinaryOp::Eq:
    case BinaryOp::Is:
    case BinaryOp::IsNotDistinctFrom: return Bound::Equal;
    case BinaryOp::NotEq:
    case BinaryOp::IsNot:
    case BinaryOp::IsDistinctFrom: return Bound::NotEqual;
    case BinaryOp::Less: return Bound::Less;
    case BinaryOp::LessEq: return Bound::LessOrEqual;
    case BinaryOp::Greater: return Bound::Greater;
    case BinaryOp::GreaterEq: return Bound::GreaterOrEqual;
    default: return std::nullopt;
    }
}

/// `constant op column` read as `column op' constant`.
Bound mirrored(Bound bound)
{
    switch (bound) {
    case Bound::Less: return Bound::Greater;
    case Bound::LessOrEqual: return Bound::GreaterOrEqual;
    case Bound::Greater: return Bound::Less;
    case Bound::GreaterOrEqual: return Bound::LessOrEqual;
    default: return bound;
    }
}

std::string valueText(const exec::Value& value)
{
    switch (value.type()) {
    case exec::ValueType::Integer: return fmt::format("i{}", value.asInteger());
    case exec::ValueType::Real: return fmt::format("r{}", value.asReal());
    case exec::ValueType::Text: return fmt::format("t{}:{}", value.asText().size(), value.asText());
    case exec::ValueType::Blob: return fmt::format("b{}", value.asBlob().size());
    case exec::ValueType::Null: break;
    }
    return "n";
}

/// Builds the plans of one query: one draft per SELECT core, merged subqueries included.
class PlanBuilder {
public:
    PlanBuilder(const schema::Schema& schema, std::vector<WitnessPlan>& out) : m_schema(schema), m_out(out) {}

    void addStatement(const sql::SelectStatement& statement)
    {
        if (statement.with) return;  // CTE names are not schema tables; not modelled
        if (statement.body) addBody(*statement.body);
    }

private:
    struct Scope {
        std::vector<schema::TableBinding> bindings;
        std::vector<std::size_t> slots;  ///< the draft slot of each binding
        const Scope* outer = nullptr;    ///< the query a merged subquery sits in
    };
    struct Draft {
        std::vector<std::string> slots;
        std::vector<SlotColumn> columns;
        std::vector<std::size_t> parent;
        std::vector<std::vector<ValueCondition>> conditions;
        std::size_t facts = 0;  ///< joins and conditions seen
    };

    void addBody(const sql::SelectBody& body)
    {
        if (const auto* compound = body.tryAs<sql::CompoundSelect>()) {
            if (compound->left) addBody(*compound->left);
            if (compound->right) addBody(*compound->right);
        } else if (const auto* core = body.tryAs<sql::SelectCore>()) {
            addCore(*core);
        }
    }

    void addCore(const sql::SelectCore& core)
    {
        if (m_out.size() >= kMaxPlans) return;
        Draft draft;
        Scope scope;
        mergeCore(core, draft, scope);
        std::vector<std::size_t> grouped;
        for (const auto& expr : core.groupBy)
            if (const auto column = expr ? columnOf(*expr, draft, scope) : std::nullopt) grouped.push_back(*column);
        if (core.having) addNested(*core.having);
        // A derived table (SELECT count(*) FROM (SELECT … GROUP BY … HAVING …)) is a
        // query of its own: its rows are what the outer one counts.
        if (core.from)
            for (const auto& term : core.from->terms)
                if (const auto* derived = term && term->source ? term->source->tryAs<sql::SubqueryRef>() : nullptr;
                    derived && derived->subquery)
                    addStatement(*derived->subquery);
        for (const auto& column : core.columns)
            if (column && column->expr) addNested(*column->expr);
        if (draft.facts > 0 && !draft.slots.empty()) {
            WitnessPlan plan = finish(draft);
            for (const std::size_t column : grouped) plan.grouped.push_back(draft.columns[column]);
            m_out.push_back(std::move(plan));
        }
    }

    /// Adds the FROM items of `core` as slots of `draft` and its WHERE/ON conjuncts.
    void mergeCore(const sql::SelectCore& core, Draft& draft, Scope& scope)
    {
        if (!core.from) return;
        for (const auto& term : core.from->terms) {
            const auto* table = term && term->source ? term->source->tryAs<sql::TableRef>() : nullptr;
            const schema::Table* definition = table != nullptr && !table->schema ? m_schema.findTable(table->name.name)
                                                                                  : nullptr;
            if (definition == nullptr || draft.slots.size() >= kMaxSlots) continue;
            scope.bindings.push_back({table->alias ? table->alias->name : table->name.name, definition->name});
            scope.slots.push_back(draft.slots.size());
            draft.slots.push_back(definition->name);
            // An outer join's ON is read like an inner join's: a row satisfying it is
            // a witness for either.
            if (term->hasUsing) {
                for (const auto& name : term->usingColumns) {
                    const auto here = columnAt(draft, scope.slots.back(), definition->name, name.name);
                    for (std::size_t b = 0; b + 1 < scope.bindings.size() && here; ++b) {
                        const auto* earlier = m_schema.findTable(scope.bindings[b].table);
                        if (earlier == nullptr || earlier->findColumn(name.name) == nullptr) continue;
                        if (const auto there = columnAt(draft, scope.slots[b], earlier->name, name.name)) {
                            unite(draft, *here, *there);
                            break;
                        }
                    }
                }
            }
        }
        for (const auto& term : core.from->terms)
            if (term && term->on) addConjunct(*term->on, draft, scope);
        if (core.where) addConjunct(*core.where, draft, scope);
    }

    void addConjunct(const sql::Expr& expr, Draft& draft, const Scope& scope)
    {
        if (const auto* binary = expr.tryAs<sql::BinaryExpr>(); binary && binary->left && binary->right) {
            if (binary->op == BinaryOp::And) {
                addConjunct(*binary->left, draft, scope);
                addConjunct(*binary->right, draft, scope);
                return;
            }
            if (const auto bound = boundOf(binary->op)) {
                const auto left = columnOf(*binary->left, draft, scope);
                const auto right = columnOf(*binary->right, draft, scope);
                if (left && right) {
                    if (*bound == Bound::Equal) {
                        unite(draft, *left, *right);
                        ++draft.facts;
                    }
                    return;
                }
                if (left) {
                    if (auto value = constantOf(*binary->right, scope)) return condition(draft, *left, *bound, {*value});
                } else if (right) {
                    if (auto value = constantOf(*binary->left, scope))
                        return condition(draft, *right, mirrored(*bound), {*value});
                }
            }
        } else if (const auto* between = expr.tryAs<sql::BetweenExpr>();
                   between && !between->negated && between->operand && between->low && between->high) {
            const auto column = columnOf(*between->operand, draft, scope);
            const auto low = constantOf(*between->low, scope);
            const auto high = constantOf(*between->high, scope);
            if (column && low && high) {
                condition(draft, *column, Bound::GreaterOrEqual, {*low});
                return condition(draft, *column, Bound::LessOrEqual, {*high});
            }
        } else if (const auto* in = expr.tryAs<sql::InExpr>(); in && !in->negated && in->operand) {
            if (const auto column = columnOf(*in->operand, draft, scope)) {
                if (in->source == sql::InSource::List && !in->items.empty()) {
                    std::vector<exec::Value> values;
                    for (const auto& item : in->items)
                        if (auto value = item ? constantOf(*item, scope) : std::nullopt) values.push_back(*value);
                    if (values.size() == in->items.size()) return condition(draft, *column, Bound::OneOf, values);
                }
                if (in->source == sql::InSource::Subquery && in->subquery && mergeSubquery(*in->subquery, draft, scope, column))
                    return;
            }
        } else if (const auto* like = expr.tryAs<sql::LikeExpr>();
                   like && !like->negated && like->op == sql::LikeOp::Like && !like->escape && like->operand
                   && like->pattern) {
            const auto column = columnOf(*like->operand, draft, scope);
            const auto pattern = constantOf(*like->pattern, scope);
            if (column && pattern && pattern->type() == exec::ValueType::Text)
                return condition(draft, *column, Bound::Like, {*pattern});
        } else if (const auto* exists = expr.tryAs<sql::ExistsExpr>(); exists && exists->subquery) {
            if (mergeSubquery(*exists->subquery, draft, scope, std::nullopt)) return;
        }
        addNested(expr);
    }

    /// Merges `subquery` (a single SELECT core) into `draft`; with `joined`, its one
    /// result column is united with that column. False when it has another shape.
    bool mergeSubquery(const sql::SelectStatement& subquery, Draft& draft, const Scope& scope,
                       std::optional<std::size_t> joined)
    {
        const auto* core = subquery.body ? subquery.body->tryAs<sql::SelectCore>() : nullptr;
        if (core == nullptr || subquery.with || !core->from) return false;
        Scope inner;
        inner.outer = &scope;
        const std::size_t before = draft.facts;
        mergeCore(*core, draft, inner);
        if (joined) {
            if (core->columns.size() != 1 || !core->columns[0]->expr) return draft.facts > before;
            const auto result = columnOf(*core->columns[0]->expr, draft, inner);
            if (!result) return draft.facts > before;
            unite(draft, *joined, *result);
        }
        ++draft.facts;
        return true;
    }

    /// Plans for the subqueries inside an expression this plan does not model.
    void addNested(const sql::Expr& expr)
    {
        sql::walk(expr, [&](const sql::Node& node) {
            if (const auto* statement = node.tryAs<sql::SelectStatement>()) {
                addStatement(*statement);
                return false;
            }
            return true;
        });
    }

    std::optional<std::size_t> columnOf(const sql::Expr& expr, Draft& draft, const Scope& scope)
    {
        const auto* ref = expr.tryAs<sql::ColumnRef>();
        if (ref == nullptr || ref->schema) return std::nullopt;
        const std::string qualifier = ref->table ? ref->table->name : std::string();
        for (const Scope* at = &scope; at != nullptr; at = at->outer) {
            auto resolved = schema::resolveColumn(m_schema, at->bindings, qualifier, ref->column.name);
            if (!resolved) {
                if (resolved.error().code == "schema.ambiguous_column") return std::nullopt;
                continue;
            }
            for (std::size_t b = 0; b < at->bindings.size(); ++b)
                if (at->bindings[b].name == resolved->binding)
                    return columnAt(draft, at->slots[b], resolved->table, resolved->column);
            return std::nullopt;
        }
        return std::nullopt;
    }

    /// A literal, or SQLite's double-quoted "string" that names no column in scope.
    std::optional<exec::Value> constantOf(const sql::Expr& expr, const Scope& scope) const
    {
        if (auto value = fuzz::constantValue(expr)) return value;
        const auto* ref = expr.tryAs<sql::ColumnRef>();
        if (ref == nullptr || ref->table || ref->schema || ref->column.quote != sql::QuoteStyle::Double)
            return std::nullopt;
        for (const Scope* at = &scope; at != nullptr; at = at->outer) {
            auto resolved = schema::resolveColumn(m_schema, at->bindings, "", ref->column.name);
            if (resolved || resolved.error().code == "schema.ambiguous_column") return std::nullopt;
        }
        return exec::Value::text(ref->column.name);
    }

    std::optional<std::size_t> columnAt(Draft& draft, std::size_t slot, const std::string& table,
                                        const std::string& column)
    {
        const schema::Table* definition = m_schema.findTable(table);
        const schema::Column* found = definition != nullptr ? definition->findColumn(column) : nullptr;
        if (found == nullptr) return std::nullopt;
        for (std::size_t i = 0; i < draft.columns.size(); ++i)
            if (draft.columns[i].slot == slot && draft.columns[i].column == found->name) return i;
        draft.columns.push_back({slot, found->name});
        draft.parent.push_back(draft.parent.size());
        draft.conditions.emplace_back();
        return draft.columns.size() - 1;
    }

    void condition(Draft& draft, std::size_t column, Bound bound, std::vector<exec::Value> values)
    {
        const schema::Table* table = m_schema.findTable(draft.slots[draft.columns[column].slot]);
        const schema::Column* definition = table->findColumn(draft.columns[column].column);
        for (auto& value : values) value = fuzz::coerceToColumn(value, *definition);
        draft.conditions[column].push_back({bound, std::move(values)});
        ++draft.facts;
    }

    static std::size_t root(Draft& draft, std::size_t i)
    {
        while (draft.parent[i] != i) i = draft.parent[i] = draft.parent[draft.parent[i]];
        return i;
    }

    static void unite(Draft& draft, std::size_t a, std::size_t b)
    {
        a = root(draft, a);
        b = root(draft, b);
        if (a != b) draft.parent[std::max(a, b)] = std::min(a, b);
    }

    static WitnessPlan finish(Draft& draft)
    {
        WitnessPlan plan;
        plan.slots = draft.slots;
        std::vector<std::size_t> classOf(draft.columns.size(), draft.columns.size());
        for (std::size_t i = 0; i < draft.columns.size(); ++i) {
            const std::size_t r = root(draft, i);
            if (classOf[r] == draft.columns.size()) {
                classOf[r] = plan.classes.size();
                plan.classes.emplace_back();
            }
            EqualColumns& equal = plan.classes[classOf[r]];
            equal.members.push_back(draft.columns[i]);
            for (auto& condition : draft.conditions[i]) equal.conditions.push_back(std::move(condition));
        }
        std::erase_if(plan.classes, [](const EqualColumns& equal) {
            return equal.members.size() < 2 && equal.conditions.empty();
        });
        return plan;
    }

    const schema::Schema& m_schema;
    std::vector<WitnessPlan>& m_out;
};

// ---- choosing values ----------------------------------------------------------------

bool isNumber(const exec::Value& value)
{
    return value.type() == exec::ValueType::Integer || value.type() == exec::ValueType::Real;
}

double numberOf(const exec::Value& value)
{
    return value.type() == exec::ValueType::Integer ? static_cast<double>(value.asInteger()) : value.asReal();
}

/// A text just below `text` in SQLite's BINARY order (nothing is below "").
std::string textBelow(std::string text)
{
    if (text.empty()) return text;
    const auto last = static_cast<unsigned char>(text.back());
    if (last <= 0x21) {
        text.pop_back();
        return text;
    }
    text.back() = static_cast<char>(last - 1);
    return text + "~";
}

std::string textOfPattern(const std::string& pattern, std::size_t copy)
{
    std::string out;
    for (const char c : pattern) {
        if (c == '%') out += copy == 0 ? "" : std::string(copy, 'x');
        else if (c == '_') out += 'a';
        else out += c;
    }
    return out;
}

struct Range {
    std::optional<exec::Value> low, high;
    bool lowStrict = false, highStrict = false;
};

bool passes(const exec::Value& value, const Range& range)
{
    const auto compare = [](const exec::Value& a, const exec::Value& b) {
        if (isNumber(a) && isNumber(b)) return numberOf(a) < numberOf(b) ? -1 : numberOf(a) > numberOf(b) ? 1 : 0;
        if (a.type() == exec::ValueType::Text && b.type() == exec::ValueType::Text) return a.asText().compare(b.asText());
        return 0;
    };
    if (range.low) {
        const int c = compare(value, *range.low);
        if (c < 0 || (c == 0 && range.lowStrict)) return false;
    }
    if (range.high) {
        const int c = compare(value, *range.high);
        if (c > 0 || (c == 0 && range.highStrict)) return false;
    }
    return true;
}

exec::Value numberInRange(const Range& range, std::size_t copy)
{
    const bool integral = (!range.low || range.low->type() == exec::ValueType::Integer)
                          && (!range.high || range.high->type() == exec::ValueType::Integer);
    const auto make = [&](double v) {
        return integral ? exec::Value::integer(static_cast<int64_t>(std::llround(v))) : exec::Value::real(v);
    };
    const auto step = [&](double at) { return integral ? 1.0 : std::max(1e-6, std::fabs(at) * 1e-12); };
    std::vector<double> candidates;
    if (range.low) {
        const double low = numberOf(*range.low);
        const double first = range.lowStrict ? low + step(low) : low;
        candidates = {first, first + (integral ? 2 : 1), first + 10};
        if (range.high) {
            const double high = numberOf(*range.high);
            candidates[1] = integral ? std::floor((low + high) / 2) : (low + high) / 2;
            candidates[2] = range.highStrict ? high - step(high) : high;
        }
    } else {
        const double high = numberOf(*range.high);
        const double first = range.highStrict ? high - step(high) : high;
        candidates = {first, first - (integral ? 2 : 1), first - 10};
    }
    for (const std::size_t pick : {copy % candidates.size(), std::size_t{0}})
        if (auto value = make(candidates[pick]); passes(value, range)) return value;
    return make(candidates[0]);
}

exec::Value textInRange(const Range& range, std::size_t copy)
{
    std::vector<std::string> candidates;
    if (range.low) {
        const std::string& low = range.low->asText();
        candidates = {range.lowStrict ? low + "a" : low, low + "b", low + "zz"};
        if (range.high) candidates[2] = range.highStrict ? textBelow(range.high->asText()) : range.high->asText();
    } else {
        const std::string& high = range.high->asText();
        const std::string below = textBelow(high);
        candidates = {range.highStrict ? below : high, below, textBelow(below)};
    }
    for (const std::size_t pick : {copy % candidates.size(), std::size_t{0}})
        if (auto value = exec::Value::text(candidates[pick]); passes(value, range)) return value;
    return exec::Value::text(candidates[0]);
}

exec::Value freshValue(const schema::Column& column, int64_t& nextKey)
{
    const bool numeric = column.affinity != schema::Affinity::Text && column.affinity != schema::Affinity::Blob;
    const int64_t key = nextKey++;
    return numeric ? exec::Value::integer(key) : exec::Value::text(fmt::format("w{}", key));
}

/// The value copy `copy` gives a class; nothing keeps each row's own value.
std::optional<exec::Value> chooseValue(const EqualColumns& equal, const schema::Column& column, bool keyed,
                                       std::size_t copy, int64_t& nextKey)
{
    Range range;
    const ValueCondition* like = nullptr;
    const ValueCondition* notEqual = nullptr;
    for (const auto& condition : equal.conditions) {
        const exec::Value& value = condition.values.front();
        switch (condition.bound) {
        case Bound::Equal: return value;
        case Bound::OneOf: return condition.values[copy % condition.values.size()];
        case Bound::Like: like = &condition; break;
        case Bound::NotEqual: notEqual = &condition; break;
        case Bound::Greater:
        case Bound::GreaterOrEqual: {
            const bool strict = condition.bound == Bound::Greater;
            // The tighter of two low bounds is the one the other lets pass.
            if (!range.low || passes(value, Range{range.low, {}, range.lowStrict, false})) {
                range.low = value;
                range.lowStrict = strict;
            }
            break;
        }
        case Bound::Less:
        case Bound::LessOrEqual: {
            const bool strict = condition.bound == Bound::Less;
            if (!range.high || passes(value, Range{{}, range.high, false, range.highStrict})) {
                range.high = value;
                range.highStrict = strict;
            }
            break;
        }
        }
    }
    if (like != nullptr) return exec::Value::text(textOfPattern(like->values.front().asText(), copy));
    if (range.low && range.high && isNumber(*range.low) != isNumber(*range.high)) range.high.reset();
    const exec::Value* bound = range.low ? &*range.low : range.high ? &*range.high : nullptr;
    if (bound != nullptr && isNumber(*bound)) return numberInRange(range, copy);
    if (bound != nullptr && bound->type() == exec::ValueType::Text) return textInRange(range, copy);
    if (notEqual != nullptr) {
        const exec::Value& value = notEqual->values.front();
        if (value.type() == exec::ValueType::Integer) return exec::Value::integer(value.asInteger() + 1 + int64_t(copy));
        if (value.type() == exec::ValueType::Real) return exec::Value::real(value.asReal() + 1 + double(copy));
        if (value.type() == exec::ValueType::Text) return exec::Value::text(value.asText() + std::string(copy + 1, 'x'));
    }
    if (equal.members.size() > 1 || keyed) return freshValue(column, nextKey);
    return std::nullopt;
}

/// Another value near `value`, distinct for every copy, above or below it at random, so
/// later copies differ from the first in every column they do not share with it, and in
/// no fixed direction (ordered by one column, the copies are not ordered by any other too).
exec::Value perturbed(const exec::Value& value, std::size_t copy, fuzz::Prng& rng)
{
    const auto offset = 7 * static_cast<int64_t>(copy) + static_cast<int64_t>(rng.below(7));
    const bool below = rng.chance(0.5);
    switch (value.type()) {
    case exec::ValueType::Integer: {
        int64_t out = 0;
        const bool overflow = below ? __builtin_sub_overflow(value.asInteger(), offset, &out)
                                    : __builtin_add_overflow(value.asInteger(), offset, &out);
        return exec::Value::integer(overflow ? value.asInteger() : out);
    }
    case exec::ValueType::Real: {
        const double delta = static_cast<double>(offset) + 0.25;
        return exec::Value::real(below ? value.asReal() - delta : value.asReal() + delta);
    }
    case exec::ValueType::Text:
        // An upper-case letter in front sorts below most texts; a letter appended, above.
        return exec::Value::text(below ? fmt::format("A{}{}", copy, value.asText())
                                       : fmt::format("{}z{}", value.asText(), copy));
    default: return value;
    }
}

// ---- placing rows --------------------------------------------------------------------

/// The column sets whose values must stay unique: the primary key as a whole, each
/// UNIQUE constraint, and each other keyed column (one a foreign key references).
std::vector<std::vector<std::size_t>> uniqueSets(const schema::Schema& schema, const schema::Table& table)
{
    std::vector<std::vector<std::size_t>> sets;
    std::vector<bool> covered(table.columns.size(), false);
    const auto add = [&](const std::vector<std::string>& names) {
        std::vector<std::size_t> set;
        for (const auto& name : names)
            if (const auto c = columnIndex(table, name); c < table.columns.size()) set.push_back(c);
        if (set.empty()) return;
        for (const std::size_t c : set) covered[c] = true;
        sets.push_back(std::move(set));
    };
    std::vector<std::string> primary = table.primaryKey;
    if (primary.empty())
        for (const auto& column : table.columns)
            if (column.primaryKey) primary.push_back(column.name);
    add(primary);
    for (const auto& unique : table.uniques) add(unique.columns);
    const std::vector<bool> keyed = keyedColumns(schema, table);
    for (std::size_t c = 0; c < keyed.size(); ++c)
        if (keyed[c] && !covered[c]) sets.push_back({c});
    return sets;
}

/// Appends `row` to `table`, first removing the rows any of its unique sets collides with.
void insertReplacing(const schema::Schema& schema, schema::DatabaseContent& content, const schema::Table& table,
                     exec::Row row)
{
    schema::TableRows* rows = rowsOf(content, table.name);
    if (rows == nullptr) {
        content.tables.push_back({table.name, {}});
        rows = &content.tables.back();
    }
    const auto sets = uniqueSets(schema, table);
    std::erase_if(rows->rows, [&](const exec::Row& existing) {
        return std::any_of(sets.begin(), sets.end(), [&](const std::vector<std::size_t>& set) {
            return std::all_of(set.begin(), set.end(), [&](std::size_t c) {
                return !row[c].isNull() && existing[c] == row[c];
            });
        });
    });
    rows->rows.push_back(std::move(row));
}

/// Adds a parent row for each foreign key of `row` that no row of the parent resolves.
void ensureParents(const schema::Schema& schema, schema::DatabaseContent& content, const schema::Table& table,
                   const exec::Row& row, fuzz::Prng& rng, int64_t& nextKey)
{
    for (const auto& key : table.foreignKeys) {
        const schema::Table* parent = schema.findTable(key.referencedTable);
        if (parent == nullptr || schema::sameIdentifier(parent->name, table.name)) continue;
        const auto& parentColumns = key.referencedColumns.empty() ? parent->primaryKey : key.referencedColumns;
        std::vector<std::pair<std::size_t, std::size_t>> pairs;  // (child column, parent column)
        for (std::size_t i = 0; i < key.columns.size() && i < parentColumns.size(); ++i) {
            const auto c = columnIndex(table, key.columns[i]);
            const auto p = columnIndex(*parent, parentColumns[i]);
            if (c >= table.columns.size() || p >= parent->columns.size()) {
                pairs.clear();
                break;
            }
            pairs.emplace_back(c, p);
        }
        if (pairs.empty() || std::any_of(pairs.begin(), pairs.end(), [&](auto pair) { return row[pair.first].isNull(); }))
            continue;
        const schema::TableRows* parentRows = rowsOf(content, parent->name);
        if (parentRows == nullptr || parentRows->rows.empty()) continue;
        const bool resolved = std::any_of(parentRows->rows.begin(), parentRows->rows.end(), [&](const exec::Row& candidate) {
            return std::all_of(pairs.begin(), pairs.end(), [&](auto pair) { return candidate[pair.second] == row[pair.first]; });
        });
        if (resolved) continue;
        exec::Row added = parentRows->rows[rng.index(parentRows->rows.size())];
        const std::vector<bool> keyed = keyedColumns(schema, *parent);
        for (std::size_t c = 0; c < keyed.size(); ++c)
            if (keyed[c]) added[c] = freshValue(parent->columns[c], nextKey);
        for (const auto& [c, p] : pairs) added[p] = row[c];
        insertReplacing(schema, content, *parent, std::move(added));
    }
}

} // namespace

std::string WitnessPlan::signature() const
{
    std::string out;
    for (const auto& slot : slots) out += slot + ",";
    for (const auto& equal : classes) {
        out += "|";
        for (const auto& member : equal.members) out += fmt::format("{}.{} ", member.slot, member.column);
        for (const auto& condition : equal.conditions) {
            out += fmt::format("#{}", static_cast<int>(condition.bound));
            for (const auto& value : condition.values) out += valueText(value) + ";";
        }
    }
    out += "|group";
    for (const auto& column : grouped) out += fmt::format(" {}.{}", column.slot, column.column);
    return out;
}

std::vector<WitnessPlan> planWitnesses(std::string_view query, const schema::Schema& schema)
{
    std::vector<WitnessPlan> plans;
    const sql::ParseOutput parsed = sql::parse(exec::officialPostprocess(query));
    if (!parsed.ok()) return plans;
    PlanBuilder(schema, plans).addStatement(*parsed.statement);
    return plans;
}

bool plantWitnesses(const schema::Schema& schema, schema::DatabaseContent& content, const WitnessPlan& plan,
                    const WitnessCopies& copies, fuzz::Prng& rng, int64_t& nextKey)
{
    std::vector<const schema::Table*> tables;
    for (const auto& name : plan.slots) {
        const schema::Table* table = schema.findTable(name);
        const schema::TableRows* rows = table != nullptr ? rowsOf(content, table->name) : nullptr;
        if (rows == nullptr || rows->rows.empty()) return false;
        tables.push_back(table);
    }
    const auto isGrouped = [&](std::size_t slot, const std::string& column) {
        return copies.oneGroup && std::any_of(plan.grouped.begin(), plan.grouped.end(), [&](const SlotColumn& at) {
                   return at.slot == slot && at.column == column;
               });
    };
    std::vector<std::vector<exec::Row>> witnesses(copies.count);
    std::vector<std::optional<exec::Value>> firstValues;
    for (std::size_t copy = 0; copy < copies.count; ++copy) {
        std::vector<std::optional<exec::Value>> values;
        for (const auto& equal : plan.classes) {
            // A grouped class keeps the first copy's value: all copies in one group.
            if (copy > 0 && std::any_of(equal.members.begin(), equal.members.end(), [&](const SlotColumn& member) {
                    return isGrouped(member.slot, member.column);
                })) {
                values.push_back(firstValues[values.size()]);
                continue;
            }
            const SlotColumn& first = equal.members.front();
            const schema::Table& table = *tables[first.slot];
            const std::size_t c = columnIndex(table, first.column);
            const bool keyed = std::any_of(equal.members.begin(), equal.members.end(), [&](const SlotColumn& member) {
                const schema::Table& at = *tables[member.slot];
                return keyedColumns(schema, at)[columnIndex(at, member.column)];
            });
            values.push_back(chooseValue(equal, table.columns[c], keyed, copy, nextKey));
        }
        if (copy == 0) firstValues = values;
        for (std::size_t slot = 0; slot < plan.slots.size(); ++slot) {
            const schema::Table& table = *tables[slot];
            const schema::TableRows* rows = rowsOf(content, table.name);
            exec::Row row = rows->rows[rng.index(rows->rows.size())];
            const std::vector<bool> keyed = keyedColumns(schema, table);
            for (std::size_t c = 0; c < row.size() && c < keyed.size(); ++c) {
                if (copy > 0 && isGrouped(slot, table.columns[c].name)) row[c] = witnesses[0][slot][c];
                else if (keyed[c]) row[c] = freshValue(table.columns[c], nextKey);
                else if (copy > 0) row[c] = rng.chance(copies.share) ? witnesses[0][slot][c] : perturbed(row[c], copy, rng);
            }
            for (std::size_t k = 0; k < plan.classes.size(); ++k) {
                if (!values[k]) continue;
                for (const auto& member : plan.classes[k].members)
                    if (member.slot == slot) row[columnIndex(table, member.column)] = *values[k];
            }
            witnesses[copy].push_back(std::move(row));
        }
    }
    for (const auto& witness : witnesses)
        for (std::size_t slot = 0; slot < witness.size(); ++slot) insertReplacing(schema, content, *tables[slot], witness[slot]);
    for (const auto& witness : witnesses)
        for (std::size_t slot = 0; slot < witness.size(); ++slot)
            ensureParents(schema, content, *tables[slot], witness[slot], rng, nextKey);
    return true;
}

} // namespace sqleq::search::detail
