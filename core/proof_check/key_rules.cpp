// The checker's rules that rest on the schema facts: `count_star` (count(x) counts
// every row when x can hold no NULL) and `distinct_key` (DISTINCT removes nothing when
// every row carries a whole non-NULL key of every table it reads).

#include "core/proof_check/rule_checks.h"

#include "core/base/ascii_case.h"
#include "core/sql/printer.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace sqleq::proof_check {
namespace {

std::string_view profileWord(Profile profile)
{
    return profile == Profile::Spider ? "spider" : "strict";
}

/// The bindings a LEFT JOIN anywhere in the statement pads with a row of NULLs.
std::set<std::string> paddedBindings(const sql::SelectStatement& statement)
{
    std::set<std::string> padded;
    sql::walk(statement, [&](const sql::Node& node) {
        const auto* term = node.tryAs<sql::JoinTerm>();
        if (term && term->op.kind == sql::JoinKind::Left) padded.insert(bindingNameOf(*term->source));
        return true;
    });
    return padded;
}

/// Why `count(ref)` may skip a row; empty when it counts every one.
std::string mayBeNull(const sql::ColumnRef& ref, const BindingTables& bindings, const std::set<std::string>& padded,
                      Profile profile)
{
    const TableFacts* table = nullptr;
    const ColumnFacts* column = baseColumn(ref, bindings, &table);
    const std::string printed = sql::print(ref);
    if (!column) return fmt::format("{} is not a column of a table the schema facts declare", printed);
    if (padded.count(qualifierOf(ref))) return fmt::format("a LEFT JOIN may pad {} with NULL", printed);
    if (!holdsNoNull(*table, *column, profile))
        return fmt::format("{}.{} may hold NULL under {}: not NOT NULL, not an INTEGER PRIMARY KEY", table->name,
                           column->name, profileWord(profile));
    return {};
}

bool aggregates(const sql::SelectCore& core)
{
    bool found = false;
    const auto scan = [&](const sql::Node& root) {
        sql::walk(root, [&](const sql::Node& node) {
            if (node.is<sql::SelectStatement>()) return false;
            if (const auto* call = node.tryAs<sql::FunctionCall>(); call && isAggregate(*call)) found = true;
            return !found;
        });
    };
    for (const auto& column : core.columns) scan(*column);
    if (core.having) scan(*core.having);
    return found;
}

/// Why no declared key of `table` keeps the selected rows apart; empty when one does.
std::string keyMissing(const TableFacts& table, const std::set<std::string>& selected, Profile profile)
{
    std::string nullable;
    for (const auto& key : table.keys()) {
        bool covered = true, nonNull = true;
        for (const auto& name : key) {
            const ColumnFacts* column = table.column(name);
            covered = covered && column && selected.count(asciiLower(column->name));
            nonNull = nonNull && column && holdsNoNull(table, *column, profile);
        }
        if (covered && nonNull) return {};
        if (covered && nullable.empty()) nullable = fmt::format("the key ({}) of {} may hold NULL under {}",
                                                                fmt::join(key, ", "), table.name, profileWord(profile));
    }
    if (!nullable.empty()) return nullable;
    return fmt::format("the schema declares no key of {} among the selected columns", table.name);
}

/// Why DISTINCT stays on `core`; empty when it can go.
std::string distinctNeeded(const sql::SelectCore& core, const RuleInput& input)
{
    if (!core.groupBy.empty() || aggregates(core)) return "a grouped or aggregating SELECT keeps its DISTINCT";
    std::map<std::string, std::set<std::string>> selected;
    for (const auto& column : core.columns) {
        const auto* ref = column->expr ? column->expr->tryAs<sql::ColumnRef>() : nullptr;
        if (ref && ref->table) selected[qualifierOf(*ref)].insert(asciiLower(ref->column.name));
    }
    for (const auto& term : core.from->terms) {
        const auto kind = term->op.kind;
        const auto* table = term->source->tryAs<sql::TableRef>();
        const bool inner = kind == sql::JoinKind::None || kind == sql::JoinKind::Comma || kind == sql::JoinKind::Join
            || kind == sql::JoinKind::Inner || kind == sql::JoinKind::Cross;
        if (!table || !inner) return "DISTINCT stays unless the FROM is inner joins of tables only";
        const TableFacts* facts = input.schema.table(table->name.name);
        if (!facts) return fmt::format("the schema facts have no table {}", table->name.name);
        std::string missing = keyMissing(*facts, selected[bindingNameOf(*table)], input.profile);
        if (!missing.empty()) return missing;
    }
    return {};
}

} // namespace

Reapplied countRowsByStar(sql::SelectStatement& statement, const RuleInput& input)
{
    Reapplied out;
    const BindingTables bindings = bindingTables(statement, input.schema);
    const std::set<std::string> padded = paddedBindings(statement);
    sql::walk(statement, [&](sql::Node& node) {
        auto* call = node.tryAs<sql::FunctionCall>();
        if (!call || asciiLower(call->name.name) != "count" || call->distinct || call->star || call->args.size() != 1
            || call->filter || call->over || call->overName)
            return true;
        const auto* ref = call->args.front()->tryAs<sql::ColumnRef>();
        if (!ref) return true;
        std::string why = mayBeNull(*ref, bindings, padded, input.profile);
        if (!why.empty()) {
            out.notes.push_back(fmt::format("count({}) stays: {}", sql::print(*ref), why));
            return true;
        }
        call->args.clear();
        call->star = true;
        return false;
    });
    return out;
}

Reapplied dropKeyedDistinct(sql::SelectStatement& statement, const RuleInput& input)
{
    Reapplied out;
    for (const auto& place : coresOf(statement)) {
        auto& core = *place.core;
        if (core.distinct != sql::DistinctMode::Distinct || !core.from) continue;
        std::string why = distinctNeeded(core, input);
        if (why.empty()) core.distinct = sql::DistinctMode::None;
        else out.notes.push_back(std::move(why));
    }
    return out;
}

} // namespace sqleq::proof_check
