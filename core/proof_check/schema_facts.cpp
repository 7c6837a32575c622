// The schema facts of a proof file (schema_facts.h), read field by field.

#include "core/proof_check/schema_facts.h"

#include "core/base/ascii_case.h"
#include "core/proof_check/json_fields.h"
#include "core/sql/walk.h"

#include <fmt/format.h>

namespace sqleq::proof_check {
namespace {

bool sameName(std::string_view a, std::string_view b)
{
    return asciiLower(a) == asciiLower(b);
}

std::optional<ColumnFacts> readColumn(const nlohmann::json& value, const std::string& where, std::string& error)
{
    if (!value.is_object()) {
        error = fmt::format("{}: expected an object, found {}", where, jsonTypeWords(value));
        return std::nullopt;
    }
    ColumnFacts column;
    auto name = jsonString(value, where, "name", error);
    auto type = jsonString(value, where, "type", error);
    auto notNull = jsonBool(value, where, "not_null", error);
    auto collation = jsonString(value, where, "collation", error);
    if (!name || !type || !notNull || !collation) return std::nullopt;
    column.name = std::move(*name);
    column.type = std::move(*type);
    column.notNull = *notNull;
    column.collation = std::move(*collation);
    return column;
}

/// A key's columns must be columns of the table: a key naming nothing would be a fact
/// about nothing.
bool keyNamesColumns(const TableFacts& table, const std::vector<std::string>& key, const std::string& where,
                     std::string& error)
{
    for (const auto& name : key) {
        if (!table.column(name)) {
            error = fmt::format("{}: `{}` is not a column of {}", where, name, table.name);
            return false;
        }
    }
    return true;
}

std::optional<TableFacts> readTable(const nlohmann::json& value, const std::string& where, std::string& error)
{
    if (!value.is_object()) {
        error = fmt::format("{}: expected an object, found {}", where, jsonTypeWords(value));
        return std::nullopt;
    }
    TableFacts table;
    auto name = jsonString(value, where, "name", error);
    const auto* columns = name ? jsonArray(value, where, "columns", error) : nullptr;
    if (!columns) return std::nullopt;
    table.name = std::move(*name);
    for (std::size_t i = 0; i < columns->size(); ++i) {
        auto column = readColumn((*columns)[i], fmt::format("{}.columns[{}]", where, i), error);
        if (!column) return std::nullopt;
        table.columns.push_back(std::move(*column));
    }
    auto primaryKey = jsonStrings(value, where, "primary_key", error);
    const auto* uniques = primaryKey ? jsonArray(value, where, "unique", error) : nullptr;
    auto withoutRowid = uniques ? jsonBool(value, where, "without_rowid", error) : std::nullopt;
    if (!withoutRowid) return std::nullopt;
    table.primaryKey = std::move(*primaryKey);
    table.withoutRowid = *withoutRowid;
    if (!keyNamesColumns(table, table.primaryKey, where + ".primary_key", error)) return std::nullopt;
    for (std::size_t i = 0; i < uniques->size(); ++i) {
        const std::string path = fmt::format("{}.unique[{}]", where, i);
        const nlohmann::json holder = {{"key", (*uniques)[i]}};
        auto key = jsonStrings(holder, path, "key", error);
        if (!key) {
            error = fmt::format("{}: expected an array of column names", path);
            return std::nullopt;
        }
        if (key->empty()) {
            error = fmt::format("{}: a key of no column", path);
            return std::nullopt;
        }
        if (!keyNamesColumns(table, *key, path, error)) return std::nullopt;
        table.uniques.push_back(std::move(*key));
    }
    return table;
}

} // namespace

const ColumnFacts* TableFacts::column(std::string_view wanted) const
{
    for (const auto& candidate : columns) {
        if (sameName(candidate.name, wanted)) return &candidate;
    }
    return nullptr;
}

bool TableFacts::isRowidAlias(const ColumnFacts& candidate) const
{
    return !withoutRowid && primaryKey.size() == 1 && sameName(primaryKey.front(), candidate.name)
        && asciiUpper(candidate.type) == "INTEGER";
}

std::vector<std::vector<std::string>> TableFacts::keys() const
{
    std::vector<std::vector<std::string>> all;
    if (!primaryKey.empty()) all.push_back(primaryKey);
    all.insert(all.end(), uniques.begin(), uniques.end());
    return all;
}

const TableFacts* SchemaFacts::table(std::string_view wanted) const
{
    for (const auto& candidate : tables) {
        if (sameName(candidate.name, wanted)) return &candidate;
    }
    return nullptr;
}

std::optional<SchemaFacts> readSchemaFacts(const nlohmann::json& schema, std::string& error)
{
    if (!schema.is_object()) {
        error = fmt::format("schema: expected an object, found {}", jsonTypeWords(schema));
        return std::nullopt;
    }
    SchemaFacts facts;
    // The schema's name only labels it (front ends name one schema differently); the
    // tables are what a proof may cite.
    if (schema.contains("name")) {
        auto name = jsonString(schema, "schema", "name", error);
        if (!name) return std::nullopt;
        facts.name = std::move(*name);
    }
    const auto* tables = jsonArray(schema, "schema", "tables", error);
    if (!tables) return std::nullopt;
    for (std::size_t i = 0; i < tables->size(); ++i) {
        auto table = readTable((*tables)[i], fmt::format("schema.tables[{}]", i), error);
        if (!table) return std::nullopt;
        if (facts.table(table->name)) {
            error = fmt::format("schema.tables[{}]: a second table called `{}`", i, table->name);
            return std::nullopt;
        }
        facts.tables.push_back(std::move(*table));
    }
    return facts;
}

bool holdsNoNull(const TableFacts& table, const ColumnFacts& column, Profile profile)
{
    return profile == Profile::Spider || column.notNull || table.isRowidAlias(column);
}

Affinity affinityOf(std::string_view declaredType)
{
    const std::string type = asciiUpper(declaredType);
    const auto has = [&](std::string_view part) { return type.find(part) != std::string::npos; };
    if (has("INT")) return Affinity::Integer;
    if (has("CHAR") || has("CLOB") || has("TEXT")) return Affinity::Text;
    if (has("BLOB") || type.empty()) return Affinity::Blob;
    if (has("REAL") || has("FLOA") || has("DOUB")) return Affinity::Real;
    return Affinity::Numeric;
}

std::string bindingNameOf(const sql::FromItem& item)
{
    if (item.alias) return asciiLower(item.alias->name);
    if (const auto* table = item.tryAs<sql::TableRef>()) return asciiLower(table->name.name);
    return {};
}

std::string qualifierOf(const sql::ColumnRef& ref)
{
    return ref.table ? asciiLower(ref.table->name) : std::string();
}

BindingTables bindingTables(const sql::SelectStatement& statement, const SchemaFacts& schema)
{
    BindingTables bindings;
    sql::walk(statement, [&](const sql::Node& node) {
        const auto* item = node.tryAs<sql::FromItem>();
        if (!item) return true;
        const std::string name = bindingNameOf(*item);
        if (name.empty()) return true;
        const auto* table = item->tryAs<sql::TableRef>();
        const TableFacts* facts = table && !table->schema ? schema.table(table->name.name) : nullptr;
        // A name bound twice could mean either item: nothing is concluded from it.
        const auto [slot, fresh] = bindings.emplace(name, facts);
        if (!fresh) slot->second = nullptr;
        return true;
    });
    return bindings;
}

const ColumnFacts* baseColumn(const sql::ColumnRef& ref, const BindingTables& bindings, const TableFacts** table)
{
    if (!ref.table || ref.schema) return nullptr;
    const auto found = bindings.find(qualifierOf(ref));
    if (found == bindings.end() || !found->second) return nullptr;
    if (table) *table = found->second;
    return found->second->column(ref.column.name);
}

} // namespace sqleq::proof_check
