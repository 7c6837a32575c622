// The prover: each query parsed as the evaluator runs it, printed, then rewritten by
// the rules in a fixed order; each rule that changes the printed query is a step. Rules
// that can change SQLite's plan (the order tables are read, which index serves a
// filter) run only when the result cannot depend on that order: not when the
// comparison reads the rows as a list, and not for a query whose rows depend on ties
// (LIMIT, group_concat, a column neither grouped nor fixed by a grouped key, a scalar
// subquery that may have several rows).

#include "core/prove/prove.h"

#include "core/base/ascii_case.h"
#include "core/exec/spider_compat.h"
#include "core/prove/rules.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <set>

namespace sqleq::prove {
namespace {

using RuleFunction = std::string (*)(sql::SelectStatement&, const RuleContext&, Uses&);

struct Rule {
    std::string_view name;
    RuleFunction apply;
    bool keepsPlan;  ///< leaves SQLite's plan (and so the order of tied rows) alone
};

const std::vector<Rule>& rules()
{
    static const std::vector<Rule> kRules{
        {"names", &applyNames, true},
        {"spelling", &applySpelling, true},
        {"unordered_result", &applyUnorderedResult, false},
        {"outer_to_inner", &applyOuterToInner, false},
        {"inner_joins", &applyInnerJoins, false},
        {"negation", &applyNegation, false},
        {"count_star", &applyCountStar, false},
        {"distinct_key", &applyDistinctKey, false},
        {"commute", &applyCommute, false},
    };
    return kRules;
}

using ColumnKey = std::pair<std::string, std::string>;  ///< (binding, column), lower case

ColumnKey keyOf(const sql::ColumnRef& ref)
{
    return {bindingOf(ref), asciiLower(ref.column.name)};
}

/// A base column's affinity, when it has no collation of its own.
std::optional<schema::Affinity> plainAffinity(const sql::Expr* expr,
                                              const std::map<std::string, const schema::Table*>& tables)
{
    const auto* ref = expr ? expr->tryAs<sql::ColumnRef>() : nullptr;
    if (!ref) return std::nullopt;
    const auto table = tables.find(bindingOf(*ref));
    if (table == tables.end() || !table->second) return std::nullopt;
    const schema::Column* column = table->second->findColumn(ref->column.name);
    if (!column || !column->collation.empty()) return std::nullopt;
    return column->affinity;
}

/// `target = source` with `source` fixed leaves values of `target` that all compare equal
/// among themselves: same affinity, or a numeric target (SQLite converts the other side to
/// a number; two distinct numbers cannot both equal it). A TEXT target beside a numeric
/// source would not be: '1' and '01' both equal 1.
bool fixesTarget(schema::Affinity target, schema::Affinity source)
{
    const bool numeric = target == schema::Affinity::Integer || target == schema::Affinity::Real
        || target == schema::Affinity::Numeric;
    return target == source || numeric;
}

/// The columns a grouped core fixes per group: those it groups by, and those a top-level
/// `a = b` of WHERE or ON equates with one of them.
std::set<ColumnKey> columnsFixedPerGroup(const sql::SelectCore& core,
                                         const std::map<std::string, const schema::Table*>& tables)
{
    std::set<ColumnKey> fixed;
    for (const auto& group : core.groupBy) {
        if (const auto* ref = group->tryAs<sql::ColumnRef>()) fixed.insert(keyOf(*ref));
    }
    std::vector<std::pair<ColumnKey, ColumnKey>> fixes;  ///< (source, target): a fixed source fixes the target
    std::vector<sql::ExprPtr> conjuncts;
    flattenChain(sql::cloneOf(core.where), sql::BinaryOp::And, conjuncts);
    if (core.from) {
        for (const auto& term : core.from->terms) {
            if (term->op.kind != sql::JoinKind::Left) flattenChain(sql::cloneOf(term->on), sql::BinaryOp::And, conjuncts);
        }
    }
    for (const auto& conjunct : conjuncts) {
        const auto* equal = conjunct->tryAs<sql::BinaryExpr>();
        if (!equal || equal->op != sql::BinaryOp::Eq) continue;
        const auto left = plainAffinity(equal->left.get(), tables);
        const auto right = plainAffinity(equal->right.get(), tables);
        if (!left || !right) continue;
        const ColumnKey leftKey = keyOf(equal->left->as<sql::ColumnRef>());
        const ColumnKey rightKey = keyOf(equal->right->as<sql::ColumnRef>());
        if (fixesTarget(*right, *left)) fixes.emplace_back(leftKey, rightKey);
        if (fixesTarget(*left, *right)) fixes.emplace_back(rightKey, leftKey);
    }
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& [source, target] : fixes) {
            if (fixed.count(source) && fixed.insert(target).second) grew = true;
        }
    }
    return fixed;
}

/// Whether a grouped core's bare column `ref` has one value per group: it is grouped
/// itself (or equated with a grouped column), or those fix a whole key of its table.
bool fixedPerGroup(const sql::ColumnRef& ref, const sql::SelectCore& core, const std::set<ColumnKey>& fixed,
                   const std::map<std::string, const schema::Table*>& tables, const RuleContext& context)
{
    const std::string printed = sql::print(ref);
    for (const auto& group : core.groupBy) {
        if (sql::print(*group) == printed) return true;
    }
    if (fixed.count(keyOf(ref))) return true;
    const auto table = tables.find(bindingOf(ref));
    if (table == tables.end() || !table->second) return false;
    std::vector<std::vector<std::string>> keys;
    if (!table->second->primaryKey.empty()) keys.push_back(table->second->primaryKey);
    for (const auto& unique : table->second->uniques) keys.push_back(unique.columns);
    for (const auto& key : keys) {
        bool covered = true;
        for (const auto& name : key) {
            const schema::Column* column = table->second->findColumn(name);
            covered = covered && column && fixed.count({bindingOf(ref), asciiLower(column->name)})
                && keyColumnNeverNull(*table->second, *column, context.profile);
        }
        if (covered) return true;
    }
    return false;
}

/// The rows of `statement` may depend on the order SQLite reads them in (see the top).
bool dependsOnReadOrder(sql::SelectStatement& statement, const RuleContext& context)
{
    const auto tables = tableBindings(statement, context.schema);
    bool depends = false;
    sql::walk(statement, [&](sql::Node& node) {
        if (const auto* select = node.tryAs<sql::SelectStatement>(); select && (select->limit || select->offset))
            depends = true;
        if (const auto* core = node.tryAs<sql::SelectCore>(); core && (core->limit || core->offset)) depends = true;
        if (const auto* call = node.tryAs<sql::FunctionCall>()) {
            const std::string name = asciiLower(call->name.name);
            depends = depends || name == "group_concat" || name == "string_agg" || name == "json_group_array"
                || name == "json_group_object" || name == "random" || name == "randomblob";
        }
        if (const auto* scalar = node.tryAs<sql::SubqueryExpr>()) {
            const auto* core = scalar->subquery->body ? scalar->subquery->body->tryAs<sql::SelectCore>() : nullptr;
            bool oneRow = false;
            if (core && core->groupBy.empty()) {
                for (const auto& column : core->columns) {
                    if (!column->expr) continue;
                    sql::walk(*column->expr, [&](const sql::Node& inner) {
                        if (inner.kind() == sql::NodeKind::SelectStatement) return false;
                        if (const auto* call = inner.tryAs<sql::FunctionCall>(); call && isAggregateCall(*call)) oneRow = true;
                        return !oneRow;
                    });
                }
            }
            depends = depends || !oneRow;
        }
        return !depends;
    });
    if (depends) return true;
    // A grouped or aggregating core's bare columns: SQLite takes them from some row of the group.
    const auto cores = coresWithOwners(statement);
    forEachCore(statement, [&](sql::SelectCore& core) {
        if (depends) return;
        std::set<std::string> own;
        if (core.from) {
            for (const auto& term : core.from->terms) {
                const auto& source = *term->source;
                if (source.alias) own.insert(asciiLower(source.alias->name));
                else if (const auto* table = source.tryAs<sql::TableRef>()) own.insert(asciiLower(table->name.name));
            }
        }
        bool aggregates = !core.groupBy.empty();
        std::vector<const sql::Node*> roots;
        for (const auto& column : core.columns) roots.push_back(column.get());
        if (core.having) roots.push_back(core.having.get());
        for (const auto& term : core.orderBy) roots.push_back(term.get());
        for (const auto& [owned, owner] : cores) {
            if (owned != &core || !owner) continue;
            for (const auto& term : owner->orderBy) roots.push_back(term.get());
        }
        std::vector<const sql::ColumnRef*> bare;
        for (const sql::Node* root : roots) {
            sql::walk(*root, [&](const sql::Node& inner) {
                if (inner.kind() == sql::NodeKind::SelectStatement) return false;
                if (const auto* call = inner.tryAs<sql::FunctionCall>(); call && isAggregateCall(*call)) {
                    aggregates = true;
                    return false;
                }
                if (const auto* ref = inner.tryAs<sql::ColumnRef>(); ref && own.count(bindingOf(*ref))) bare.push_back(ref);
                return true;
            });
        }
        if (!aggregates) return;
        const auto fixed = columnsFixedPerGroup(core, tables);
        for (const auto* ref : bare) {
            if (!fixedPerGroup(*ref, core, fixed, tables, context)) depends = true;
        }
    });
    return depends;
}

struct SideResult {
    bool ok = false;
    std::string form;
    std::string why;
    std::string printed;  ///< the query as printed (the `syntax` step's result), when it parsed
};

SideResult normalizeSide(const schema::Schema& schema, std::string_view text, fuzz::Profile profile,
                         bool orderCompared, Side side, std::vector<ProofStep>& steps)
{
    const std::string asRun = exec::officialPostprocess(text);
    sql::ParseOutput parsed = sql::parse(asRun);
    if (!parsed.ok()) return {false, {}, "it does not parse", {}};
    sql::SelectStatement& statement = *parsed.statement;
    std::string current = sql::print(statement);
    if (current.empty()) return {false, {}, "it cannot be printed", {}};
    if (current != asRun) steps.push_back({side, "syntax", asRun, current, {}});
    const std::string printed = current;
    RuleContext context{schema, profile, orderCompared};
    bool planFixed = orderCompared;
    for (const Rule& rule : rules()) {
        if (!rule.keepsPlan && planFixed) continue;
        Uses uses;
        std::string error = rule.apply(statement, context, uses);
        if (!error.empty()) return {false, {}, std::move(error), printed};
        std::string next = sql::print(statement);
        if (next != current) {
            steps.push_back({side, std::string(rule.name), current, next, uses.facts()});
            current = std::move(next);
        }
        // Decided once names are resolved: the plan-changing rules need the bindings.
        if (rule.name == "names") planFixed = planFixed || dependsOnReadOrder(statement, context);
    }
    return {true, current, {}, printed};
}

/// A query is the same as itself: when a rule cannot follow one side but both print the
/// same, the `syntax` steps alone prove them.
bool sameWhenPrinted(const SideResult& gold, const SideResult& candidate, std::vector<ProofStep>& steps,
                     Proof& proof)
{
    if (gold.printed.empty() || gold.printed != candidate.printed) return false;
    std::erase_if(steps, [](const ProofStep& step) { return step.rule != "syntax"; });
    proof.goldForm = gold.printed;
    proof.candidateForm = candidate.printed;
    proof.proved = true;
    proof.reason.clear();
    return true;
}

bool goldOrderCompared(std::string_view gold, compare::OrderRule orderRule)
{
    const std::string asRun = exec::officialPostprocess(gold);
    if (orderRule == compare::OrderRule::OfficialSubstring) return compare::officialOrderMatters(asRun);
    const sql::ParseOutput parsed = sql::parse(asRun);
    return parsed.ok() && sql::hasTopLevelOrderBy(*parsed.statement);
}

} // namespace

std::size_t Proof::rewrites() const
{
    std::size_t count = 0;
    for (const auto& step : steps) count += step.rule == "syntax" ? 0 : 1;
    return count;
}

std::string_view sideName(Side side)
{
    return side == Side::Gold ? "gold" : "candidate";
}

const std::vector<std::string_view>& ruleNames()
{
    static const std::vector<std::string_view> kNames = [] {
        std::vector<std::string_view> names{"syntax"};
        for (const Rule& rule : rules()) names.push_back(rule.name);
        return names;
    }();
    return kNames;
}

Proof prove(const schema::Schema& schema, std::string_view gold, std::string_view candidate, fuzz::Profile profile,
            compare::OrderRule orderRule)
{
    Proof proof;
    proof.profile = profile;
    proof.gold = gold;
    proof.candidate = candidate;
    try {
        const bool orderCompared = goldOrderCompared(gold, orderRule);
        const SideResult goldSide = normalizeSide(schema, gold, profile, orderCompared, Side::Gold, proof.steps);
        const SideResult candidateSide
            = normalizeSide(schema, candidate, profile, orderCompared, Side::Candidate, proof.steps);
        if (!goldSide.ok || !candidateSide.ok) {
            if (sameWhenPrinted(goldSide, candidateSide, proof.steps, proof)) return proof;
            proof.reason = !goldSide.ok ? fmt::format("the gold: {}", goldSide.why)
                                        : fmt::format("the candidate: {}", candidateSide.why);
            proof.steps.clear();
            return proof;
        }
        proof.goldForm = goldSide.form;
        proof.candidateForm = candidateSide.form;
        proof.proved = proof.goldForm == proof.candidateForm;
        if (!proof.proved) proof.reason = "the normal forms differ";
    } catch (const std::bad_alloc&) {
        proof = Proof{};
        proof.profile = profile;
        proof.reason = "out of memory";
    }
    return proof;
}

Proof normalize(const schema::Schema& schema, std::string_view query, fuzz::Profile profile)
{
    Proof proof;
    proof.profile = profile;
    try {
        const SideResult side = normalizeSide(schema, query, profile, goldOrderCompared(query, compare::OrderRule::TopLevelOrderBy),
                                              Side::Gold, proof.steps);
        proof.proved = side.ok;
        proof.goldForm = side.form;
        proof.reason = side.why;
    } catch (const std::bad_alloc&) {
        proof = Proof{};
        proof.reason = "out of memory";
    }
    return proof;
}

} // namespace sqleq::prove
