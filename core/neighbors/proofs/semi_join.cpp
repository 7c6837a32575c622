// Proof rule: where only which rows appear counts (inside IN, under ORDER BY … LIMIT 1),
// a join every row has a partner in (a foreign key to a primary key, a tautology, a
// cross join) changes nothing and is left out.
#include "core/neighbors/proofs/proofs.h"

#include "core/base/ascii_case.h"
#include "core/schema/ddl_writer.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sqleq::neighbors::proofs {
namespace {

/// When `core` is `FROM A AS a JOIN B AS b ON …` (either order) that reads nothing of b
/// outside the ON, and every row of a has a partner in b — the ON compares a's foreign
/// key to b's one-column primary key with =, <= or >= (the key's own parent always
/// qualifies), is a tautology `e = e`, or is missing (a cross join; the profile leaves no
/// table empty) — the join changes how often a row of a appears, never which rows do.
/// Returns the kept term's index and why.
std::optional<std::pair<std::size_t, std::string>> partneredJoin(const sql::SelectCore& core, const ScopeIndex& scopes,
                                                                 const schema::Schema& schema)
{
    if (!core.from || core.from->terms.size() != 2 || !core.groupBy.empty() || core.having || hasAggregate(core))
        return std::nullopt;
    const auto& second = *core.from->terms[1];
    const auto kind = second.op.kind;
    if (core.from->terms[0]->on || second.op.natural || second.hasUsing
        || (kind != sql::JoinKind::Join && kind != sql::JoinKind::Inner && kind != sql::JoinKind::Comma
            && kind != sql::JoinKind::Cross))
        return std::nullopt;
    auto keyOf = [&](const sql::Expr* expr) -> std::optional<ColumnKey> {
        const auto* ref = expr != nullptr ? expr->tryAs<sql::ColumnRef>() : nullptr;
        const ColumnSite* site = ref != nullptr ? scopes.find(*ref) : nullptr;
        if (site == nullptr || !site->resolved || site->core != &core) return std::nullopt;
        return ColumnKey{asciiLower(site->resolved->binding), asciiLower(site->resolved->column)};
    };
    for (std::size_t keptIndex = 0; keptIndex < 2; ++keptIndex) {
        const auto& keptTerm = *core.from->terms[keptIndex];
        const auto& joinedTerm = *core.from->terms[1 - keptIndex];
        const auto* kept = keptTerm.source ? keptTerm.source->tryAs<sql::TableRef>() : nullptr;
        const auto* joined = joinedTerm.source ? joinedTerm.source->tryAs<sql::TableRef>() : nullptr;
        if (kept == nullptr || joined == nullptr || kept->schema || joined->schema) continue;
        const std::string keptName = asciiLower(kept->alias ? kept->alias->name : kept->name.name);
        const std::string joinedName = asciiLower(joined->alias ? joined->alias->name : joined->name.name);
        const schema::Table* keptTable = schema.findTable(kept->name.name);
        const schema::Table* joinedTable = schema.findTable(joined->name.name);
        if (keptTable == nullptr || joinedTable == nullptr || keptName == joinedName) continue;
        // Nothing outside the ON may read the joined table.
        const SourceSpan on = second.on ? second.on->span() : SourceSpan{};
        const bool readsJoined = std::any_of(scopes.sites().begin(), scopes.sites().end(), [&](const ColumnSite& site) {
            if (site.core != &core || !site.resolved || asciiLower(site.resolved->binding) != joinedName) return false;
            const SourceSpan ref = site.ref->span();
            return !(on.valid() && ref.valid() && ref.begin >= on.begin && ref.end <= on.end);
        });
        if (readsJoined) continue;
        if (!second.on) return std::pair{keptIndex, std::string("a cross join pairs every row with some row")};
        const auto* condition = second.on->tryAs<sql::BinaryExpr>();
        if (condition == nullptr) continue;
        const auto left = keyOf(condition->left.get());
        const auto right = keyOf(condition->right.get());
        if (!left || !right) continue;
        if (*left == *right && condition->op == sql::BinaryOp::Eq)
            return std::pair{keptIndex, std::string("the join condition always holds")};
        if (condition->op != sql::BinaryOp::Eq && condition->op != sql::BinaryOp::LessEq
            && condition->op != sql::BinaryOp::GreaterEq)
            continue;
        if (joinedTable->primaryKey.size() != 1) continue;
        const ColumnKey& own = left->first == keptName ? *left : *right;
        const ColumnKey& other = left->first == keptName ? *right : *left;
        const std::string key = asciiLower(joinedTable->primaryKey.front());
        if (own.first != keptName || other.first != joinedName || other.second != key) continue;
        for (const auto& foreign : keptTable->foreignKeys) {
            if (foreign.columns.size() == 1 && asciiLower(foreign.columns.front()) == own.second
                && schema::sameIdentifier(foreign.referencedTable, joinedTable->name)
                && (foreign.referencedColumns.empty() || asciiLower(foreign.referencedColumns.front()) == key))
                return std::pair{keptIndex,
                                 fmt::format("every {} row has its parent in {}", keptTable->name, joinedTable->name)};
        }
    }
    return std::nullopt;
}

} // namespace

/// Where only which rows appear counts — inside `x IN (SELECT …)`, or under `ORDER BY …
/// LIMIT 1`, whose one row is a top row whatever the repeats — a join partneredJoin()
/// clears is left out: the query reads like `SELECT … FROM A AS a`.
std::vector<TextEdit> semiJoinEdits(const sql::SelectStatement& statement, const schema::Schema& schema,
                                    std::vector<std::string>& reasons)
{
    const ScopeIndex scopes(schema, statement);
    std::vector<TextEdit> edits;
    auto clear = [&](const sql::SelectStatement& owner, std::string_view context) {
        const auto* core = owner.body ? owner.body->tryAs<sql::SelectCore>() : nullptr;
        if (core == nullptr || !core->fromSpan.valid()) return;
        const auto cleared = partneredJoin(*core, scopes, schema);
        if (!cleared) return;
        const auto* kept = core->from->terms[cleared->first]->source->tryAs<sql::TableRef>();
        const std::string keptName = asciiLower(kept->alias ? kept->alias->name : kept->name.name);
        edits.push_back({core->fromSpan, fmt::format("FROM {} AS {}",
                                                     schema::quoteIdentifier(asciiLower(kept->name.name)),
                                                     schema::quoteIdentifier(keptName))});
        reasons.push_back(fmt::format("{} and {}", context, cleared->second));
    };
    const auto* limit = statement.limit ? statement.limit->tryAs<sql::Literal>() : nullptr;
    if (limit != nullptr && limit->literalKind == sql::LiteralKind::Integer && limit->text == "1" && !statement.offset
        && !statement.orderBy.empty())
        clear(statement, "LIMIT 1 keeps one top row");
    sql::walk(statement, [&](const sql::Node& node) {
        const auto* in = node.tryAs<sql::InExpr>();
        if (in != nullptr && in->source == sql::InSource::Subquery && in->subquery && !in->subquery->limit)
            clear(*in->subquery, "IN reads a set of values");
        return true;
    });
    return edits;
}

} // namespace sqleq::neighbors::proofs
