// Both rewrites keep the clause's other parts exactly as written, in their order, so two
// queries that differ only in a redundant part are left with the same text.

#include "core/neighbors/redundant_clauses.h"

#include "core/base/ascii_case.h"
#include "core/neighbors/scope_index.h"

#include <algorithm>
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
    if (std::none_of(drop.begin(), drop.end(), [](bool d) { return d; })) return {};
    // A column equality is written with its sides in one order, so that `x = y AND y = x`
    // and `y = x AND x = y` keep the same text.
    std::string kept;
    for (std::size_t i = 0; i < conjuncts.size(); ++i) {
        if (drop[i]) continue;
        const auto& comparison = comparisons[i];
        const std::string conjunct = comparison && comparison->op == sql::BinaryOp::Eq
                                         ? comparison->columns.first + " = " + comparison->columns.second
                                         : std::string(spelled(text, conjuncts[i]->span()));
        kept += (kept.empty() ? "(" : " AND (") + conjunct + ")";
    }
    return {ClauseRewrite{core->where->span(), kept, "a condition another one implies"}};
}

std::vector<ClauseRewrite> dependentGroupRewrites(const sql::SelectStatement& statement, std::string_view text,
                                                  const schema::Schema& schema)
{
    const sql::SelectCore* core = topCore(statement);
    if (core == nullptr || core->groupBy.size() < 2 || !core->from || !core->groupBySpan.valid()) return {};
    const ScopeIndex scopes(schema, statement);
    using Key = std::pair<std::string, std::string>;  // (binding, column), lower case
    std::vector<std::optional<Key>> keys;
    for (const auto& expr : core->groupBy) {
        const auto* ref = expr ? expr->tryAs<sql::ColumnRef>() : nullptr;
        const ColumnSite* site = ref != nullptr ? scopes.find(*ref) : nullptr;
        if (site == nullptr || !site->resolved || site->core != core) {
            keys.emplace_back();
            continue;
        }
        keys.push_back(Key{asciiLower(site->resolved->binding), asciiLower(site->resolved->column)});
    }
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

} // namespace sqleq::neighbors
