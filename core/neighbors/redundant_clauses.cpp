// Both rewrites keep the clause's other parts exactly as written, in their order, so two
// queries that differ only in a redundant part are left with the same text.

#include "core/neighbors/redundant_clauses.h"

#include "core/base/ascii_case.h"
#include "core/neighbors/scope_index.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <utility>

namespace sqleq::neighbors {
namespace {

const sql::SelectCore* topCore(const sql::SelectStatement& statement)
{
    return statement.body ? statement.body->tryAs<sql::SelectCore>() : nullptr;
}

std::string_view spelled(std::string_view text, SourceSpan span)
{
    return span.valid() && span.end <= text.size() ? text.substr(span.begin, span.length()) : std::string_view();
}

/// The text of `span` with runs of blanks as one space; literals keep their case.
std::string blanksSqueezed(std::string_view text, SourceSpan span)
{
    std::string out;
    for (const char c : spelled(text, span)) {
        const bool blank = c == ' ' || c == '\t' || c == '\n' || c == '\r';
        if (blank && (out.empty() || out.back() == ' ')) continue;
        out += blank ? ' ' : c;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

void splitAnd(const sql::Expr* expr, std::vector<const sql::Expr*>& out)
{
    if (expr == nullptr) return;
    if (const auto* binary = expr->tryAs<sql::BinaryExpr>(); binary && binary->op == sql::BinaryOp::And) {
        splitAnd(binary->left.get(), out);
        splitAnd(binary->right.get(), out);
        return;
    }
    out.push_back(expr);
}

/// `x op y` between two column references: op and the two names (lower case), sorted.
struct ColumnComparison {
    sql::BinaryOp op = sql::BinaryOp::Eq;
    std::pair<std::string, std::string> columns;
};

std::optional<ColumnComparison> columnComparison(const sql::Expr& expr, std::string_view text)
{
    const auto* binary = expr.tryAs<sql::BinaryExpr>();
    if (binary == nullptr || !binary->left || !binary->right) return std::nullopt;
    if (binary->op != sql::BinaryOp::Eq && binary->op != sql::BinaryOp::LessEq && binary->op != sql::BinaryOp::GreaterEq)
        return std::nullopt;
    if (!binary->left->is<sql::ColumnRef>() || !binary->right->is<sql::ColumnRef>()) return std::nullopt;
    std::string a = asciiLower(blanksSqueezed(text, binary->left->span()));
    std::string b = asciiLower(blanksSqueezed(text, binary->right->span()));
    if (b < a) std::swap(a, b);
    return ColumnComparison{binary->op, {std::move(a), std::move(b)}};
}

using ColumnKey = std::pair<std::string, std::string>;  // (binding, column), lower case

/// The column `ref` names in `core`'s own FROM, or nothing (another scope, a string).
std::optional<ColumnKey> ownColumn(const ScopeIndex& scopes, const sql::Expr* expr, const sql::SelectCore* core)
{
    const auto* ref = expr != nullptr ? expr->tryAs<sql::ColumnRef>() : nullptr;
    const ColumnSite* site = ref != nullptr ? scopes.find(*ref) : nullptr;
    if (site == nullptr || !site->resolved || site->isString || site->core != core) return std::nullopt;
    return ColumnKey{asciiLower(site->resolved->binding), asciiLower(site->resolved->column)};
}

/// A constant as the comparison sees it: a number or string literal, or a double-quoted
/// name that names no column (SQLite reads it as a string).
bool isConstant(const ScopeIndex& scopes, const sql::Expr* expr)
{
    if (expr == nullptr) return false;
    if (const auto* literal = expr->tryAs<sql::Literal>())
        return literal->literalKind == sql::LiteralKind::Integer || literal->literalKind == sql::LiteralKind::Float
               || literal->literalKind == sql::LiteralKind::String;
    const auto* ref = expr->tryAs<sql::ColumnRef>();
    const ColumnSite* site = ref != nullptr ? scopes.find(*ref) : nullptr;
    return site != nullptr && site->isString;
}

/// Plain tables joined by commas or inner joins without ON: (binding, table), lower case;
/// nothing for any other FROM.
std::optional<std::vector<ColumnKey>> plainTables(const sql::FromClause* from)
{
    if (from == nullptr) return std::nullopt;
    std::vector<ColumnKey> out;
    for (const auto& term : from->terms) {
        const auto* ref = term && term->source ? term->source->tryAs<sql::TableRef>() : nullptr;
        if (ref == nullptr || ref->schema || term->on || term->hasUsing || term->op.natural) return std::nullopt;
        const auto kind = term->op.kind;
        if (kind != sql::JoinKind::None && kind != sql::JoinKind::Comma && kind != sql::JoinKind::Join
            && kind != sql::JoinKind::Inner && kind != sql::JoinKind::Cross)
            return std::nullopt;
        out.emplace_back(asciiLower(term->source->alias ? term->source->alias->name : ref->name.name),
                         asciiLower(ref->name.name));
    }
    return out;
}

/// `expr` as text with each column of `core`'s FROM written `binding.column` through
/// `rename` (bindings absent from it stay), blanks squeezed: two conditions that read
/// the same columns the same way get the same text.
std::string renamedText(const sql::Expr& expr, std::string_view text, const ScopeIndex& scopes,
                        const sql::SelectCore* core, const std::map<std::string, std::string>& rename)
{
    // `a.x = b.y` and `b.y = a.x` are one condition.
    if (const auto* binary = expr.tryAs<sql::BinaryExpr>();
        binary != nullptr && binary->op == sql::BinaryOp::Eq && binary->left && binary->right
        && binary->left->is<sql::ColumnRef>() && binary->right->is<sql::ColumnRef>()) {
        std::string left = renamedText(*binary->left, text, scopes, core, rename);
        std::string right = renamedText(*binary->right, text, scopes, core, rename);
        if (right < left) std::swap(left, right);
        return left + " = " + right;
    }
    std::string out;
    uint32_t at = expr.span().begin;
    sql::walk(expr, [&](const sql::Node& node) {
        const auto* ref = node.tryAs<sql::ColumnRef>();
        if (ref == nullptr) return true;
        const auto column = ownColumn(scopes, ref, core);
        if (!column || ref->span().begin < at) return false;
        out += blanksSqueezed(text, SourceSpan{at, ref->span().begin});
        const auto renamed = rename.find(column->first);
        out += " " + (renamed != rename.end() ? renamed->second : column->first) + "." + column->second + " ";
        at = ref->span().end;
        return false;
    });
    out += blanksSqueezed(text, SourceSpan{at, expr.span().end});
    return blanksSqueezed(out, SourceSpan{0, static_cast<uint32_t>(out.size())});
}

} // namespace

std::vector<ClauseRewrite> impliedConjunctRewrites(const sql::SelectStatement& statement, std::string_view text)
{
    const sql::SelectCore* core = topCore(statement);
    if (core == nullptr || !core->where) return {};
    std::vector<const sql::Expr*> conjuncts;
    splitAnd(core->where.get(), conjuncts);
    if (conjuncts.size() < 2) return {};
    std::vector<std::string> written;
    std::vector<std::optional<ColumnComparison>> comparisons;
    for (const sql::Expr* conjunct : conjuncts) {
        written.push_back(blanksSqueezed(text, conjunct->span()));
        comparisons.push_back(columnComparison(*conjunct, text));
    }
    // A row passing `x = y` passes `x <= y`, `x >= y` and `y = x`; a duplicate adds
    // nothing. Of equal ones the last stays.
    std::vector<bool> drop(conjuncts.size(), false);
    for (std::size_t i = 0; i < conjuncts.size(); ++i) {
        for (std::size_t j = 0; j < conjuncts.size() && !drop[i]; ++j) {
            if (j == i || drop[j]) continue;
            if (j > i && written[i] == written[j]) drop[i] = true;
            const auto& mine = comparisons[i];
            const auto& other = comparisons[j];
            if (mine && other && other->op == sql::BinaryOp::Eq && mine->columns == other->columns
                && (mine->op != sql::BinaryOp::Eq || j > i))
                drop[i] = true;
        }
    }
    const bool dropped = std::any_of(drop.begin(), drop.end(), [](bool d) { return d; });
    const bool equalities = std::any_of(comparisons.begin(), comparisons.end(), [](const auto& comparison) {
        return comparison && comparison->op == sql::BinaryOp::Eq;
    });
    if (!dropped && !equalities) return {};
    // A column equality is written with its sides in one order, so that `x = y AND y = x`
    // and `y = x AND x = y` keep the same text — and so does a query that never had the
    // duplicate, which is rewritten the same way with nothing dropped.
    std::string kept;
    for (std::size_t i = 0; i < conjuncts.size(); ++i) {
        if (drop[i]) continue;
        const auto& comparison = comparisons[i];
        const std::string conjunct = comparison && comparison->op == sql::BinaryOp::Eq
                                         ? comparison->columns.first + " = " + comparison->columns.second
                                         : std::string(spelled(text, conjuncts[i]->span()));
        kept += (kept.empty() ? "(" : " AND (") + conjunct + ")";
    }
    return {ClauseRewrite{core->where->span(), kept, dropped ? "a condition another one implies" : ""}};
}

std::vector<ClauseRewrite> dependentGroupRewrites(const sql::SelectStatement& statement, std::string_view text,
                                                  const schema::Schema& schema)
{
    const sql::SelectCore* core = topCore(statement);
    if (core == nullptr || core->groupBy.size() < 2 || !core->from || !core->groupBySpan.valid()) return {};
    const ScopeIndex scopes(schema, statement);
    using Key = ColumnKey;
    std::vector<std::optional<Key>> keys;
    for (const auto& expr : core->groupBy) keys.push_back(ownColumn(scopes, expr.get(), core));
    std::set<Key> grouped;
    for (const auto& key : keys)
        if (key) grouped.insert(*key);
    // Bindings whose whole primary key is grouped: one row of their table per group.
    std::set<std::string> determined;
    for (const auto& term : core->from->terms) {
        const auto* ref = term && term->source ? term->source->tryAs<sql::TableRef>() : nullptr;
        const schema::Table* table = ref != nullptr && !ref->schema ? schema.findTable(ref->name.name) : nullptr;
        if (table == nullptr || table->primaryKey.empty()) continue;
        const std::string binding = asciiLower(ref->alias ? ref->alias->name : ref->name.name);
        if (std::all_of(table->primaryKey.begin(), table->primaryKey.end(), [&](const std::string& column) {
                return grouped.contains({binding, asciiLower(column)});
            }))
            determined.insert(binding);
    }
    std::vector<bool> drop(keys.size(), false);
    std::set<Key> seen;
    std::string reason = "a GROUP BY column named twice";
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (!keys[i]) continue;
        if (!seen.insert(*keys[i]).second) {
            drop[i] = true;
            continue;
        }
        if (!determined.contains(keys[i]->first)) continue;
        const schema::Table* table = nullptr;
        for (const auto& site : scopes.sites())
            if (site.core == core && site.resolved && asciiLower(site.resolved->binding) == keys[i]->first)
                table = schema.findTable(site.resolved->table);
        const bool inKey = table != nullptr && std::any_of(table->primaryKey.begin(), table->primaryKey.end(),
                                                           [&](const std::string& c) { return asciiLower(c) == keys[i]->second; });
        if (table != nullptr && !inKey) {
            drop[i] = true;
            reason = "grouped by the primary key of " + table->name + ": its other columns add nothing";
        }
    }
    if (std::none_of(drop.begin(), drop.end(), [](bool d) { return d; })) return {};
    std::string kept;
    for (std::size_t i = 0; i < core->groupBy.size(); ++i)
        if (!drop[i]) kept += (kept.empty() ? "" : " , ") + std::string(spelled(text, core->groupBy[i]->span()));
    return {ClauseRewrite{core->groupBySpan, "GROUP BY " + kept, reason}};
}

std::vector<ClauseRewrite> fixedOutputOrderRewrites(const sql::SelectStatement& statement, const schema::Schema& schema)
{
    const sql::SelectCore* core = topCore(statement);
    if (core == nullptr || statement.orderBy.empty() || !statement.orderBySpan.valid() || !core->where
        || !core->groupBy.empty() || core->having || !core->windows.empty())
        return {};
    // An aggregate in the ORDER BY would make the query an aggregate one: plain terms only.
    for (const auto& term : statement.orderBy)
        if (!term || !term->expr || !(term->expr->is<sql::ColumnRef>() || term->expr->is<sql::Literal>())) return {};
    const ScopeIndex scopes(schema, statement);
    std::vector<const sql::Expr*> conjuncts;
    splitAnd(core->where.get(), conjuncts);
    // Columns a conjunct `column = constant` fixes, then those equal to a fixed one.
    std::set<ColumnKey> fixed;
    std::vector<std::pair<ColumnKey, ColumnKey>> equalities;
    for (const sql::Expr* conjunct : conjuncts) {
        const auto* binary = conjunct->tryAs<sql::BinaryExpr>();
        if (binary == nullptr || binary->op != sql::BinaryOp::Eq) continue;
        const auto left = ownColumn(scopes, binary->left.get(), core);
        const auto right = ownColumn(scopes, binary->right.get(), core);
        if (left && right) equalities.emplace_back(*left, *right);
        else if (left && isConstant(scopes, binary->right.get())) fixed.insert(*left);
        else if (right && isConstant(scopes, binary->left.get())) fixed.insert(*right);
    }
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& [a, b] : equalities) {
            if (fixed.contains(a) != fixed.contains(b)) {
                fixed.insert(a);
                fixed.insert(b);
                grew = true;
            }
        }
    }
    for (const auto& column : core->columns) {
        if (!column || column->columnKind != sql::ResultColumnKind::Expr) return {};
        const auto key = ownColumn(scopes, column->expr.get(), core);
        if (!key || !fixed.contains(*key)) return {};
    }
    return {ClauseRewrite{statement.orderBySpan, "",
                          "the WHERE fixes every selected column to a constant: the order of the rows changes nothing"}};
}

std::vector<ClauseRewrite> ownExtremeRewrites(const sql::SelectStatement& statement, std::string_view text,
                                              const schema::Schema& schema)
{
    const sql::SelectCore* core = topCore(statement);
    if (core == nullptr || !core->where) return {};
    const auto outerTables = plainTables(core->from.get());
    if (!outerTables) return {};
    const ScopeIndex scopes(schema, statement);
    std::vector<const sql::Expr*> conjuncts;
    splitAnd(core->where.get(), conjuncts);
    std::multiset<std::string> outerConditions;
    for (const sql::Expr* conjunct : conjuncts) outerConditions.insert(renamedText(*conjunct, text, scopes, core, {}));
    std::vector<ClauseRewrite> out;
    for (const sql::Expr* conjunct : conjuncts) {
        const auto* binary = conjunct->tryAs<sql::BinaryExpr>();
        if (binary == nullptr || (binary->op != sql::BinaryOp::GreaterEq && binary->op != sql::BinaryOp::LessEq)) continue;
        const bool subqueryRight = binary->right && binary->right->is<sql::SubqueryExpr>();
        const sql::Expr* outerSide = subqueryRight ? binary->left.get() : binary->right.get();
        const sql::Expr* subquerySide = subqueryRight ? binary->right.get() : binary->left.get();
        const auto outerColumn = ownColumn(scopes, outerSide, core);
        const auto* subquery = subquerySide != nullptr ? subquerySide->tryAs<sql::SubqueryExpr>() : nullptr;
        if (!outerColumn || subquery == nullptr || !subquery->subquery) continue;
        const sql::SelectStatement& inner = *subquery->subquery;
        const sql::SelectCore* innerCore = topCore(inner);
        if (innerCore == nullptr || inner.with || !inner.orderBy.empty() || inner.limit || innerCore->columns.size() != 1
            || !innerCore->groupBy.empty() || innerCore->having || innerCore->distinct == sql::DistinctMode::Distinct)
            continue;
        const auto* call = innerCore->columns.front() && innerCore->columns.front()->expr
                               ? innerCore->columns.front()->expr->tryAs<sql::FunctionCall>()
                               : nullptr;
        if (call == nullptr || call->distinct || call->filter || call->args.size() != 1) continue;
        // `x >= max` (or `max <= x`) and `x <= min` (or `min >= x`) are the ones that mean `=`.
        const std::string function = asciiLower(call->name.name);
        const bool outerAtLeast = (binary->op == sql::BinaryOp::GreaterEq) == subqueryRight;
        if (!((function == "max" && outerAtLeast) || (function == "min" && !outerAtLeast))) continue;
        const auto innerColumn = ownColumn(scopes, call->args.front().get(), innerCore);
        const auto innerTables = plainTables(innerCore->from.get());
        if (!innerColumn || !innerTables || innerTables->empty() || innerTables->size() > outerTables->size()) continue;
        // Every column the subquery reads is its own: a correlated one is not mapped.
        bool uncorrelated = true;
        for (const auto& site : scopes.sites()) {
            const bool inside = site.ref->span().begin >= subquery->span().begin && site.ref->span().end <= subquery->span().end;
            if (inside && !site.isString && site.core != innerCore && site.resolved) uncorrelated = false;
        }
        if (!uncorrelated) continue;
        std::vector<const sql::Expr*> innerConjuncts;
        splitAnd(innerCore->where.get(), innerConjuncts);
        // Each inner binding onto a distinct outer binding of the same table, until the
        // extreme's column lands on x and every inner condition is an outer one.
        std::map<std::string, std::string> rename;
        std::set<std::string> used;
        const auto matches = [&] {
            const auto target = rename.find(innerColumn->first);
            if (target == rename.end() || ColumnKey{target->second, innerColumn->second} != *outerColumn) return false;
            return std::all_of(innerConjuncts.begin(), innerConjuncts.end(), [&](const sql::Expr* condition) {
                return outerConditions.contains(renamedText(*condition, text, scopes, innerCore, rename));
            });
        };
        const std::function<bool(std::size_t)> assign = [&](std::size_t i) {
            if (i == innerTables->size()) return matches();
            for (const auto& [binding, table] : *outerTables) {
                if (table != (*innerTables)[i].second || used.contains(binding)) continue;
                rename[(*innerTables)[i].first] = binding;
                used.insert(binding);
                if (assign(i + 1)) return true;
                used.erase(binding);
                rename.erase((*innerTables)[i].first);
            }
            return false;
        };
        if (!assign(0)) continue;
        out.push_back(ClauseRewrite{conjunct->span(),
                                    std::string(spelled(text, outerSide->span())) + " = " + std::string(spelled(text, subquery->span())),
                                    fmt::format("the subquery's {} is over the query's own rows: `{}` can only be equal to it",
                                                function, std::string(spelled(text, outerSide->span())))});
    }
    return out;
}

} // namespace sqleq::neighbors
