// The rules that read the schema's keys and NOT NULL promises: `count(x)` over a
// column that holds no NULL counts every row, and DISTINCT over rows that carry a key
// of every table removes nothing.

#include "core/prove/rules.h"

#include "core/base/ascii_case.h"
#include "core/sql/printer.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace sqleq::prove {
namespace {

bool coreAggregates(const sql::SelectCore& core)
{
    bool found = false;
    auto scan = [&](const sql::Node& root) {
        sql::walk(root, [&](const sql::Node& node) {
            if (node.kind() == sql::NodeKind::SelectStatement) return false;
            if (const auto* call = node.tryAs<sql::FunctionCall>(); call && isAggregateCall(*call)) found = true;
            return !found;
        });
    };
    for (const auto& column : core.columns) scan(*column);
    if (core.having) scan(*core.having);
    return found;
}

/// The key `table` declares whose every column `selected` holds (lower-case column
/// names), with the promise that keeps them non-NULL; nullopt when none qualifies.
std::optional<std::string> selectedKey(const schema::Table& table, const std::set<std::string>& selected,
                                       const RuleContext& context)
{
    std::vector<std::pair<std::vector<std::string>, std::string>> keys;
    if (!table.primaryKey.empty()) keys.emplace_back(table.primaryKey, "PRIMARY KEY");
    for (const auto& unique : table.uniques) keys.emplace_back(unique.columns, "UNIQUE");
    for (const auto& [columns, kind] : keys) {
        bool covered = true;
        std::vector<std::string> promises;
        for (const auto& name : columns) {
            const schema::Column* column = table.findColumn(name);
            if (!column || !selected.count(asciiLower(column->name))) {
                covered = false;
                break;
            }
            // Two rows whose key is NULL are not kept apart by the key.
            if (!keyColumnNeverNull(table, *column, context.profile)) {
                covered = false;
                break;
            }
        }
        if (!covered) continue;
        std::string list;
        for (const auto& name : columns) list += (list.empty() ? "" : ", ") + name;
        const std::string nulls = context.profile == fuzz::Profile::Spider ? "no column holds NULL (spider profile)"
                                                                            : "its columns are NOT NULL";
        return fmt::format("({}) is a key of {} ({}); {}", list, table.name, kind, nulls);
    }
    return std::nullopt;
}

} // namespace

std::string applyCountStar(sql::SelectStatement& statement, const RuleContext& context, Uses& uses)
{
    const auto tables = tableBindings(statement, context.schema);
    const auto padded = nullPaddedBindings(statement);
    sql::walk(statement, [&](sql::Node& node) {
        auto* call = node.tryAs<sql::FunctionCall>();
        if (!call || call->distinct || call->star || call->args.size() != 1 || call->filter || call->over
            || call->overName || asciiLower(call->name.name) != "count")
            return true;
        const auto* ref = call->args.front()->tryAs<sql::ColumnRef>();
        std::string fact;
        if (!ref || !columnHoldsNoNull(*ref, context, tables, padded, fact)) return true;
        uses.add(fmt::format("count({}) counts every row: {}", sql::print(*ref), fact));
        call->args.clear();
        call->star = true;
        return false;
    });
    return {};
}

std::string applyDistinctKey(sql::SelectStatement& statement, const RuleContext& context, Uses& uses)
{
    forEachCore(statement, [&](sql::SelectCore& core) {
        if (core.distinct != sql::DistinctMode::Distinct || !core.from || !core.groupBy.empty() || coreAggregates(core))
            return;
        std::map<std::string, std::set<std::string>> selectedByBinding;
        for (const auto& column : core.columns) {
            const auto* ref = column->expr ? column->expr->tryAs<sql::ColumnRef>() : nullptr;
            if (ref) selectedByBinding[bindingOf(*ref)].insert(asciiLower(ref->column.name));
        }
        std::vector<std::string> facts;
        for (const auto& term : core.from->terms) {
            const auto kind = term->op.kind;
            const auto* table = term->source->tryAs<sql::TableRef>();
            if (!table || (kind != sql::JoinKind::None && kind != sql::JoinKind::Comma && kind != sql::JoinKind::Join
                           && kind != sql::JoinKind::Inner && kind != sql::JoinKind::Cross))
                return;
            const schema::Table* schemaTable = context.schema.findTable(table->name.name);
            const std::string binding = asciiLower(table->alias ? table->alias->name : table->name.name);
            if (!schemaTable) return;
            auto key = selectedKey(*schemaTable, selectedByBinding[binding], context);
            if (!key) return;
            facts.push_back(std::move(*key));
        }
        core.distinct = sql::DistinctMode::None;
        for (auto& fact : facts) uses.add(fmt::format("no two rows repeat: {}", fact));
    });
    return {};
}

} // namespace sqleq::prove
