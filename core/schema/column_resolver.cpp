// Name lookup with SQLite's rules for plain (non-USING) joins: a qualifier
// must name a binding exactly; a bare column must occur in exactly one binding.
#include "core/schema/column_resolver.h"

#include <fmt/format.h>

namespace sqleq::schema {

namespace {

Diagnostic resolveError(std::string code, std::string message)
{
    return Diagnostic{std::move(code), std::move(message), {}, {}};
}

std::string scopeNames(std::span<const TableBinding> scope)
{
    if (scope.empty()) return "nothing is in scope";
    std::string out = "in scope: ";
    for (std::size_t i = 0; i < scope.size(); ++i) out += (i > 0 ? ", " : "") + scope[i].name;
    return out;
}

Result<const Table*> boundTable(const Schema& schema, const TableBinding& binding)
{
    const Table* table = schema.findTable(binding.table);
    if (table == nullptr)
        return resolveError("schema.unknown_table",
                            fmt::format("no table \"{}\" in schema \"{}\"", binding.table, schema.name));
    return table;
}

Result<ResolvedColumn> resolveQualified(const Schema& schema, std::span<const TableBinding> scope,
                                        std::string_view qualifier, std::string_view column)
{
    for (const TableBinding& binding : scope) {
        if (!sameIdentifier(binding.name, qualifier)) continue;
        auto table = boundTable(schema, binding);
        if (!table) return table.error();
        const Column* found = (*table)->findColumn(column);
        if (found == nullptr) {
            const std::string alias = sameIdentifier(binding.name, (*table)->name)
                                          ? std::string()
                                          : fmt::format(" (alias {})", binding.name);
            return resolveError("schema.unknown_column",
                                fmt::format("no column \"{}\" in table \"{}\"{}", column,
                                            (*table)->name, alias));
        }
        return ResolvedColumn{binding.name, (*table)->name, found->name};
    }
    return resolveError("schema.unknown_table",
                        fmt::format("no table or alias \"{}\" ({})", qualifier, scopeNames(scope)));
}

} // namespace

Result<ResolvedColumn> resolveColumn(const Schema& schema, std::span<const TableBinding> scope,
                                     std::string_view qualifier, std::string_view column)
{
    if (!qualifier.empty()) return resolveQualified(schema, scope, qualifier, column);
    std::vector<ResolvedColumn> candidates;
    for (const TableBinding& binding : scope) {
        auto table = boundTable(schema, binding);
        if (!table) return table.error();
        if (const Column* found = (*table)->findColumn(column))
            candidates.push_back(ResolvedColumn{binding.name, (*table)->name, found->name});
    }
    if (candidates.size() == 1) return std::move(candidates.front());
    if (candidates.empty())
        return resolveError("schema.unknown_column",
                            fmt::format("no column \"{}\" in any table ({})", column, scopeNames(scope)));
    std::string names;
    for (const ResolvedColumn& c : candidates)
        names += fmt::format("{}{}.{}", names.empty() ? "" : ", ", c.binding, c.column);
    return resolveError("schema.ambiguous_column",
                        fmt::format("column \"{}\" is ambiguous: {}", column, names));
}

} // namespace sqleq::schema
