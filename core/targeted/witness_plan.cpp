// Witness plans from the AST: a union-find over (FROM item, column) pairs. `a.x = b.y`
// unites them, `a.x op constant` adds a condition to a.x's class, and an IN or EXISTS
// subquery merges its own FROM items and conditions into the same plan (a correlated
// reference unites with the outer item).

#include "core/targeted/witness_plan.h"

#include "core/exec/spider_compat.h"
#include "core/fuzz/gold_constants.h"
#include "core/schema/column_resolver.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"
#include "core/sql/select.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace sqleq::targeted::detail {
namespace {

using sql::BinaryOp;

/// Bounds on the work a hostile query can cause: plans per query, FROM items per plan.
constexpr std::size_t kMaxPlans = 16;
constexpr std::size_t kMaxSlots = 48;
/// Forks (ORs, NOTs) of one core whose branches get plans of their own (2^3 at most).
constexpr std::size_t kMaxForkedOrs = 3;

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

/// The comparison that holds exactly when `bound` fails (no NULLs); nothing for a set
/// or a pattern, whose complement a plan does not model.
std::optional<Bound> complement(Bound bound)
{
    switch (bound) {
    case Bound::Equal: return Bound::NotEqual;
    case Bound::NotEqual: return Bound::Equal;
    case Bound::Less: return Bound::GreaterOrEqual;
    case Bound::LessOrEqual: return Bound::Greater;
    case Bound::Greater: return Bound::LessOrEqual;
    case Bound::GreaterOrEqual: return Bound::Less;
    case Bound::OneOf:
    case Bound::Like: break;
    }
    return std::nullopt;
}

/// `left op right` for +, - and * of two numbers, as SQLite computes it (an integer
/// result that overflows becomes a REAL); nothing for anything else.
std::optional<exec::Value> arithmetic(BinaryOp op, const exec::Value& left, const exec::Value& right)
{
    const auto isNumber = [](const exec::Value& v) {
        return v.type() == exec::ValueType::Integer || v.type() == exec::ValueType::Real;
    };
    if (!isNumber(left) || !isNumber(right)) return std::nullopt;
    if (op != BinaryOp::Add && op != BinaryOp::Subtract && op != BinaryOp::Multiply) return std::nullopt;
    if (left.type() == exec::ValueType::Integer && right.type() == exec::ValueType::Integer) {
        int64_t out = 0;
        const int64_t a = left.asInteger();
        const int64_t b = right.asInteger();
        const bool overflow = op == BinaryOp::Add        ? __builtin_add_overflow(a, b, &out)
                              : op == BinaryOp::Subtract ? __builtin_sub_overflow(a, b, &out)
                                                         : __builtin_mul_overflow(a, b, &out);
        if (!overflow) return exec::Value::integer(out);
    }
    const auto real = [](const exec::Value& v) {
        return v.type() == exec::ValueType::Integer ? static_cast<double>(v.asInteger()) : v.asReal();
    };
    const double a = real(left);
    const double b = real(right);
    return exec::Value::real(op == BinaryOp::Add ? a + b : op == BinaryOp::Subtract ? a - b : a * b);
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

    /// Plans for rows on which `gold`'s WHERE and `candidate`'s disagree, for two cores
    /// over the same FROM whose WHERE clauses differ in one place (a neighbor's edit):
    /// along the path down to that place, an AND's other side holds and an OR's other
    /// side fails, so the place decides both clauses; there, one side holds and the
    /// other fails, in either direction.
    void addDifference(const sql::SelectCore& gold, const sql::SelectCore& candidate)
    {
        if (!gold.from || !candidate.from || !gold.where || !candidate.where
            || sql::print(*gold.from) != sql::print(*candidate.from) || sql::print(*gold.where) == sql::print(*candidate.where))
            return;
        const std::size_t id = m_cores++;
        m_exactNegation = true;
        m_withNested = false;
        for (const bool goldHolds : {true, false}) {
            for (std::size_t mask = 0; mask < (std::size_t{1} << kMaxForkedOrs) && m_out.size() < kMaxPlans; ++mask) {
                m_or = OrChoice{.mask = mask};
                Draft draft;
                Scope scope;
                mergeCore(gold, draft, scope, /*withWhere=*/false);
                sensitize(*gold.where, *candidate.where, goldHolds, draft, scope);
                if (draft.facts == 0 || draft.slots.empty()) continue;
                WitnessPlan plan = finish(draft);
                plan.core = id;
                keep(std::move(plan));
                if (m_or.seen == 0) break;  // no fork met: one plan is all there is
            }
        }
        m_exactNegation = false;
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
        std::vector<WitnessPlan::Ordering> orderings;  ///< between columns, not classes yet
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

    /// Plans for one core: one per choice of branch of its first ORs (a witness can
    /// satisfy a disjunction through either side), and those of the subqueries it
    /// holds elsewhere.
    void addCore(const sql::SelectCore& core)
    {
        const OrChoice outer = m_or;
        const std::size_t id = m_cores++;
        m_or = OrChoice{};
        addCoreWith(core, id, /*withNested=*/true);
        // A fork taken can reveal more (the OR inside a NOT's operand): the masks run up
        // to the most forks any choice met.
        std::size_t forks = std::min(m_or.seen, kMaxForkedOrs);
        for (std::size_t mask = 1; mask < (std::size_t{1} << forks); ++mask) {
            m_or = OrChoice{.mask = mask};
            addCoreWith(core, id, /*withNested=*/false);
            forks = std::max(forks, std::min(m_or.seen, kMaxForkedOrs));
        }
        m_or = outer;
    }

    void addCoreWith(const sql::SelectCore& core, std::size_t id, bool withNested)
    {
        if (m_out.size() >= kMaxPlans) return;
        m_withNested = withNested;
        Draft draft;
        Scope scope;
        mergeCore(core, draft, scope);
        std::vector<std::size_t> grouped;
        for (const auto& expr : core.groupBy)
            if (const auto column = expr ? columnOf(*expr, draft, scope) : std::nullopt) grouped.push_back(*column);
        if (withNested) {
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
        }
        if (draft.facts == 0 || draft.slots.empty() || m_out.size() >= kMaxPlans) return;
        WitnessPlan plan = finish(draft);
        plan.core = id;
        for (const std::size_t column : grouped) plan.grouped.push_back(draft.columns[column]);
        keep(std::move(plan));
    }

    /// Adds `plan` unless an equal one is there already.
    void keep(WitnessPlan plan)
    {
        const std::string signature = plan.signature();
        if (std::none_of(m_out.begin(), m_out.end(), [&](const WitnessPlan& seen) { return seen.signature() == signature; }))
            m_out.push_back(std::move(plan));
    }

    /// Adds the FROM items of `core` as slots of `draft` and its WHERE/ON conjuncts.
    void mergeCore(const sql::SelectCore& core, Draft& draft, Scope& scope, bool withWhere = true)
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
        if (core.where && withWhere) addConjunct(*core.where, draft, scope);
    }

    /// `negated`: the rows must make `expr` false (De Morgan's laws, comparisons turned
    /// round; no NULLs assumed) — what a difference plan needs of the parts it holds
    /// fixed. Only difference plans negate.
    void addConjunct(const sql::Expr& expr, Draft& draft, const Scope& scope, bool negated = false)
    {
        if (const auto* binary = expr.tryAs<sql::BinaryExpr>(); binary && binary->left && binary->right) {
            const bool both = binary->op == (negated ? BinaryOp::Or : BinaryOp::And);
            if (both) {
                addConjunct(*binary->left, draft, scope, negated);
                addConjunct(*binary->right, draft, scope, negated);
                return;
            }
            if (binary->op == BinaryOp::Or || binary->op == BinaryOp::And) {
                const bool right = nextChoice();
                return addConjunct(right ? *binary->right : *binary->left, draft, scope, negated);
            }
            if (auto bound = boundOf(binary->op)) {
                if (negated) bound = complement(*bound);
                const auto left = columnOf(*binary->left, draft, scope);
                const auto right = columnOf(*binary->right, draft, scope);
                if (left && right && bound) {
                    if (*bound == Bound::Equal) unite(draft, *left, *right);
                    else draft.orderings.push_back({*left, *right, *bound});
                    ++draft.facts;
                    return;
                }
                if (left && bound) {
                    if (auto value = constantOf(*binary->right, scope)) return condition(draft, *left, *bound, {*value});
                } else if (right && bound) {
                    if (auto value = constantOf(*binary->left, scope))
                        return condition(draft, *right, mirrored(*bound), {*value});
                }
            }
        } else if (const auto* between = expr.tryAs<sql::BetweenExpr>();
                   between && between->operand && between->low && between->high) {
            const auto column = columnOf(*between->operand, draft, scope);
            const auto low = constantOf(*between->low, scope);
            const auto high = constantOf(*between->high, scope);
            if (column && low && high && negated == between->negated) {
                condition(draft, *column, Bound::GreaterOrEqual, {*low});
                return condition(draft, *column, Bound::LessOrEqual, {*high});
            }
            if (column && low && high) {  // outside the range: below it or above it
                if (nextChoice()) return condition(draft, *column, Bound::Greater, {*high});
                return condition(draft, *column, Bound::Less, {*low});
            }
        } else if (negated) {
            // NOT p under negation is p; what else a plan cannot negate is left to chance.
            if (const auto* negation = expr.tryAs<sql::UnaryExpr>();
                negation && negation->op == sql::UnaryOp::Not && negation->operand)
                return addConjunct(*negation->operand, draft, scope, false);
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
        } else if (const auto* negation = expr.tryAs<sql::UnaryExpr>();
                   negation && negation->op == sql::UnaryOp::Not && negation->operand) {
            if (m_exactNegation) return addConjunct(*negation->operand, draft, scope, true);
            // NOT p: one plan leaves p to chance; a forked one makes p hold — a row for
            // which the query's condition fails exactly there (with no other rows in its
            // tables, the query then finds nothing, where a neighbor may find something).
            if (nextChoice()) return addConjunct(*negation->operand, draft, scope);
        }
        addNested(expr);
    }

    /// Walks `gold` and `candidate`, which differ, down to where they differ.
    void sensitize(const sql::Expr& gold, const sql::Expr& candidate, bool goldHolds, Draft& draft, const Scope& scope)
    {
        const auto* g = gold.tryAs<sql::BinaryExpr>();
        const auto* c = candidate.tryAs<sql::BinaryExpr>();
        if (g && c && g->op == c->op && (g->op == BinaryOp::And || g->op == BinaryOp::Or) && g->left && g->right
            && c->left && c->right) {
            const bool leftSame = sql::print(*g->left) == sql::print(*c->left);
            const bool rightSame = sql::print(*g->right) == sql::print(*c->right);
            if (leftSame != rightSame) {
                // The shared side: true beside an AND, false beside an OR.
                addConjunct(leftSame ? *g->left : *g->right, draft, scope, g->op == BinaryOp::Or);
                return leftSame ? sensitize(*g->right, *c->right, goldHolds, draft, scope)
                                : sensitize(*g->left, *c->left, goldHolds, draft, scope);
            }
        }
        const auto* gn = gold.tryAs<sql::UnaryExpr>();
        const auto* cn = candidate.tryAs<sql::UnaryExpr>();
        if (gn && cn && gn->op == sql::UnaryOp::Not && cn->op == sql::UnaryOp::Not && gn->operand && cn->operand)
            return sensitize(*gn->operand, *cn->operand, !goldHolds, draft, scope);
        addConjunct(gold, draft, scope, !goldHolds);
        addConjunct(candidate, draft, scope, goldHolds);
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
        if (!m_withNested) return;  // a forked plan of a core whose nested ones exist already
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

    /// A literal, constant arithmetic (`400 + 100`), or SQLite's double-quoted "string"
    /// that names no column in scope.
    std::optional<exec::Value> constantOf(const sql::Expr& expr, const Scope& scope) const
    {
        if (auto value = fuzz::constantValue(expr)) return value;
        if (const auto* binary = expr.tryAs<sql::BinaryExpr>(); binary && binary->left && binary->right) {
            const auto left = constantOf(*binary->left, scope);
            const auto right = constantOf(*binary->right, scope);
            return left && right ? arithmetic(binary->op, *left, *right) : std::nullopt;
        }
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
        const std::size_t none = draft.columns.size();
        std::vector<bool> ordered(draft.columns.size(), false);
        for (const auto& ordering : draft.orderings)
            ordered[root(draft, ordering.left)] = ordered[root(draft, ordering.right)] = true;
        // Classes of one member with nothing to satisfy are left out: the row keeps its value.
        std::vector<std::size_t> size(draft.columns.size(), 0);
        std::vector<bool> conditioned(draft.columns.size(), false);
        for (std::size_t i = 0; i < draft.columns.size(); ++i) {
            ++size[root(draft, i)];
            conditioned[root(draft, i)] = conditioned[root(draft, i)] || !draft.conditions[i].empty();
        }
        WitnessPlan plan;
        plan.slots = draft.slots;
        std::vector<std::size_t> classOf(draft.columns.size(), none);
        for (std::size_t i = 0; i < draft.columns.size(); ++i) {
            const std::size_t r = root(draft, i);
            if (size[r] < 2 && !conditioned[r] && !ordered[r]) continue;
            if (classOf[r] == none) {
                classOf[r] = plan.classes.size();
                plan.classes.emplace_back();
            }
            EqualColumns& equal = plan.classes[classOf[r]];
            equal.members.push_back(draft.columns[i]);
            for (auto& condition : draft.conditions[i]) equal.conditions.push_back(std::move(condition));
        }
        for (const auto& ordering : draft.orderings) {
            const std::size_t left = classOf[root(draft, ordering.left)];
            const std::size_t right = classOf[root(draft, ordering.right)];
            if (left != right) plan.orderings.push_back({left, right, ordering.bound});
        }
        return plan;
    }

    /// The next fork of the core being planned (an OR's right branch, a NOT's operand).
    bool nextChoice()
    {
        const std::size_t index = m_or.seen++;
        return index < kMaxForkedOrs && ((m_or.mask >> index) & 1U) != 0;
    }

    /// Which branch each fork (OR, NOT) of the core being planned takes, in the order met.
    struct OrChoice {
        std::size_t mask = 0;  ///< bit i set: the i-th OR takes its right branch
        std::size_t seen = 0;  ///< ORs met so far
    };

    const schema::Schema& m_schema;
    std::vector<WitnessPlan>& m_out;
    OrChoice m_or;
    bool m_withNested = true;
    bool m_exactNegation = false;  ///< NOT p read as p failing (difference plans)
    std::size_t m_cores = 0;  ///< cores planned so far
};

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
    out += "|order";
    for (const auto& ordering : orderings)
        out += fmt::format(" {}#{}#{}", ordering.left, static_cast<int>(ordering.bound), ordering.right);
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

std::vector<WitnessPlan> planDifference(std::string_view gold, std::string_view candidate, const schema::Schema& schema)
{
    std::vector<WitnessPlan> plans;
    const sql::ParseOutput goldParsed = sql::parse(exec::officialPostprocess(gold));
    const sql::ParseOutput candidateParsed = sql::parse(exec::officialPostprocess(candidate));
    if (!goldParsed.ok() || !candidateParsed.ok() || goldParsed.statement->with || candidateParsed.statement->with)
        return plans;
    const auto* goldCore = goldParsed.statement->body ? goldParsed.statement->body->tryAs<sql::SelectCore>() : nullptr;
    const auto* candidateCore =
        candidateParsed.statement->body ? candidateParsed.statement->body->tryAs<sql::SelectCore>() : nullptr;
    if (goldCore != nullptr && candidateCore != nullptr) PlanBuilder(schema, plans).addDifference(*goldCore, *candidateCore);
    return plans;
}

} // namespace sqleq::targeted::detail
