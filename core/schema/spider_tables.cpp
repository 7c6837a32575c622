// tables.json → Schema. The file is parsed once with nlohmann::json; every
// index in it is checked before use, so a hand-edited or truncated file yields
// a Diagnostic naming the db_id and the offending entry instead of a crash.
#include "core/schema/spider_tables.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <set>

namespace sqleq::schema {

namespace {

using nlohmann::json;

Diagnostic jsonError(std::string_view source, std::string_view dbId, std::string_view why)
{
    const std::string where = dbId.empty() ? fmt::format("\"{}\"", source)
                                           : fmt::format("db_id \"{}\" in \"{}\"", dbId, source);
    return Diagnostic{"schema.tables_json", fmt::format("{}: {}", where, why), {}, {}};
}

std::string declaredTypeFor(LogicalType type)
{
    switch (type) {
    case LogicalType::Number: return "NUMERIC";
    case LogicalType::Text: return "TEXT";
    case LogicalType::Time: return "DATETIME";
    case LogicalType::Boolean: return "BOOLEAN";
    case LogicalType::Others: return "BLOB";
    }
    return "BLOB";
}

/// Where column index i of column_names_original landed: table and position.
struct ColumnSlot {
    std::size_t table = 0;
    std::size_t position = 0;
};

/// The pieces of one entry while it is being converted.
struct Builder {
    std::string_view source;
    std::string dbId;
    Schema schema;
    std::vector<std::optional<ColumnSlot>> slots;  // by tables.json column index; `*` empty

    Diagnostic error(std::string_view why) const { return jsonError(source, dbId, why); }

    Result<ColumnSlot> slot(const json& index, std::string_view field) const
    {
        const auto i = index.get<int64_t>();
        if (i < 0 || static_cast<std::size_t>(i) >= slots.size() || !slots[static_cast<std::size_t>(i)])
            return error(fmt::format("{} names column index {}, which is not a table column", field, i));
        return *slots[static_cast<std::size_t>(i)];
    }
    Column& column(ColumnSlot s) { return schema.tables[s.table].columns[s.position]; }
};

Status readColumns(Builder& b, const json& entry)
{
    const json& names = entry.at("column_names_original");
    const json& types = entry.at("column_types");
    if (types.size() != names.size())
        return b.error(fmt::format("{} column_types for {} column_names_original", types.size(),
                                   names.size()));
    for (std::size_t i = 0; i < names.size(); ++i) {
        const auto tableIndex = names.at(i).at(0).get<int64_t>();
        if (tableIndex == -1) {
            b.slots.emplace_back();  // the `*` pseudo-column
            continue;
        }
        if (tableIndex < 0 || static_cast<std::size_t>(tableIndex) >= b.schema.tables.size())
            return b.error(fmt::format("column {} names table index {}, but there are {} tables", i,
                                       tableIndex, b.schema.tables.size()));
        const auto typeName = types.at(i).get<std::string>();
        Column column;
        column.name = names.at(i).at(1).get<std::string>();
        column.logicalType = parseLogicalType(typeName).value_or(logicalTypeOf(typeName));
        column.declaredType = declaredTypeFor(column.logicalType);
        column.affinity = affinityOf(column.declaredType);
        Table& table = b.schema.tables[static_cast<std::size_t>(tableIndex)];
        b.slots.push_back(ColumnSlot{static_cast<std::size_t>(tableIndex), table.columns.size()});
        table.columns.push_back(std::move(column));
    }
    return {};
}

Status addKeyColumn(Builder& b, const json& index)
{
    auto s = b.slot(index, "primary_keys");
    if (!s) return s.error();
    Column& column = b.column(*s);
    std::vector<std::string>& key = b.schema.tables[s->table].primaryKey;
    if (!column.primaryKey) key.push_back(column.name);
    column.primaryKey = true;
    return {};
}

/// Entries are column indices, or lists of them (composite keys in some releases).
Status readPrimaryKeys(Builder& b, const json& entry)
{
    for (const json& key : entry.at("primary_keys")) {
        if (key.is_array()) {
            for (const json& part : key)
                if (const Status st = addKeyColumn(b, part); !st) return st;
        } else if (const Status st = addKeyColumn(b, key); !st) {
            return st;
        }
    }
    return {};
}

using KeyPair = std::pair<ColumnSlot, ColumnSlot>;  // child column, parent column

/// True when the parent columns of `group` are exactly the parent's composite key.
bool coversCompositeKey(Builder& b, const std::vector<KeyPair>& pairs, const std::vector<std::size_t>& group)
{
    const Table& parent = b.schema.tables[pairs[group.front()].second.table];
    if (group.size() < 2 || parent.primaryKey.size() != group.size()) return false;
    std::set<std::string> parentColumns;
    for (const std::size_t m : group) parentColumns.insert(b.column(pairs[m].second).name);
    return parentColumns.size() == group.size()
           && std::all_of(parent.primaryKey.begin(), parent.primaryKey.end(),
                          [&](const std::string& k) { return parentColumns.count(k) != 0; });
}

/// Pairs from one child table to one parent that together cover the parent's
/// composite key are one foreign key; all others (flight_2's source and
/// destination airports) stand alone.
void groupForeignKeys(Builder& b, const std::vector<KeyPair>& pairs)
{
    std::vector<bool> used(pairs.size(), false);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        if (used[i]) continue;
        std::vector<std::size_t> group;
        for (std::size_t j = i; j < pairs.size(); ++j)
            if (!used[j] && pairs[j].first.table == pairs[i].first.table
                && pairs[j].second.table == pairs[i].second.table)
                group.push_back(j);
        if (!coversCompositeKey(b, pairs, group)) group = {i};
        ForeignKey key{{}, b.schema.tables[pairs[i].second.table].name, {}};
        for (const std::size_t m : group) {
            used[m] = true;
            key.columns.push_back(b.column(pairs[m].first).name);
            key.referencedColumns.push_back(b.column(pairs[m].second).name);
        }
        b.schema.tables[pairs[i].first.table].foreignKeys.push_back(std::move(key));
    }
}

Status readForeignKeys(Builder& b, const json& entry)
{
    std::vector<KeyPair> pairs;
    std::set<std::pair<int64_t, int64_t>> seen;  // dog_kennels lists one key twice
    for (const json& pair : entry.at("foreign_keys")) {
        if (!pair.is_array() || pair.size() != 2)
            return b.error(fmt::format("foreign_keys entry {} is not a [child, parent] pair", pair.dump()));
        if (!seen.insert({pair.at(0).get<int64_t>(), pair.at(1).get<int64_t>()}).second) continue;
        auto child = b.slot(pair.at(0), "foreign_keys");
        if (!child) return child.error();
        auto parent = b.slot(pair.at(1), "foreign_keys");
        if (!parent) return parent.error();
        pairs.emplace_back(*child, *parent);
    }
    groupForeignKeys(b, pairs);
    return {};
}

/// SQLite refuses CREATE TABLE sqlite_sequence; an AUTOINCREMENT key makes SQLite
/// create it instead. Keys referring to it are dropped with it.
void replaceSqliteSequence(Schema& schema)
{
    const auto it = std::find_if(schema.tables.begin(), schema.tables.end(),
                                 [](const Table& t) { return sameIdentifier(t.name, "sqlite_sequence"); });
    if (it == schema.tables.end()) return;
    schema.tables.erase(it);
    for (Table& table : schema.tables) {
        std::erase_if(table.foreignKeys, [](const ForeignKey& k) {
            return sameIdentifier(k.referencedTable, "sqlite_sequence");
        });
    }
    for (Table& table : schema.tables) {
        if (table.primaryKey.size() != 1) continue;
        Column* key = nullptr;
        for (Column& column : table.columns)
            if (sameIdentifier(column.name, table.primaryKey.front())) key = &column;
        if (key == nullptr || key->logicalType != LogicalType::Number) continue;
        key->declaredType = "INTEGER";
        key->affinity = Affinity::Integer;
        key->autoincrement = true;
        schema.hasSqliteSequence = true;
        return;
    }
}

Result<Schema> convertEntry(const json& entry, std::string_view source)
{
    Builder b{source, {}, {}, {}};
    try {
        b.dbId = entry.at("db_id").get<std::string>();
        b.schema.name = b.dbId;
        for (const json& name : entry.at("table_names_original"))
            b.schema.tables.push_back(Table{name.get<std::string>(), {}, {}, {}, {}, {}, false, false, {}});
        for (auto* step : {&readColumns, &readPrimaryKeys, &readForeignKeys})
            if (const Status st = step(b, entry); !st) return st.error();
    } catch (const json::exception& e) {
        return b.error(fmt::format("malformed entry: {}", e.what()));
    }
    replaceSqliteSequence(b.schema);
    return std::move(b.schema);
}

Result<json> parseDocument(std::string_view jsonText, std::string_view source)
{
    try {
        json document = json::parse(jsonText.begin(), jsonText.end());
        if (!document.is_array()) return jsonError(source, {}, "expected a JSON array of schemas");
        return document;
    } catch (const json::parse_error& e) {
        Diagnostic error = jsonError(source, {}, fmt::format("invalid JSON: {}", e.what()));
        const auto at = static_cast<uint32_t>(e.byte > 0 ? e.byte - 1 : 0);
        error.span = {at, at + 1};
        return error;
    }
}

Result<std::string> readText(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Diagnostic{"schema.tables_json", fmt::format("cannot read \"{}\"", path.string()), {}, {}};
    return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string entryDbId(const json& entry)
{
    const auto it = entry.is_object() ? entry.find("db_id") : entry.end();
    return it != entry.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace

Result<std::vector<std::string>> listSpiderDbIds(std::string_view jsonText, std::string_view source)
{
    auto document = parseDocument(jsonText, source);
    if (!document) return document.error();
    std::vector<std::string> ids;
    for (std::size_t i = 0; i < document->size(); ++i) {
        std::string id = entryDbId((*document)[i]);
        if (id.empty()) return jsonError(source, {}, fmt::format("entry {} has no string db_id", i));
        ids.push_back(std::move(id));
    }
    return ids;
}

Result<Schema> parseSpiderSchema(std::string_view jsonText, std::string_view dbId, std::string_view source)
{
    auto document = parseDocument(jsonText, source);
    if (!document) return document.error();
    for (const json& entry : *document)
        if (entryDbId(entry) == dbId) return convertEntry(entry, source);
    return Diagnostic{"schema.unknown_db_id",
                      fmt::format("\"{}\" has no schema with db_id \"{}\"", source, dbId), {}, {}};
}

Result<std::vector<Schema>> parseSpiderSchemas(std::string_view jsonText, std::string_view source)
{
    auto document = parseDocument(jsonText, source);
    if (!document) return document.error();
    std::vector<Schema> schemas;
    for (const json& entry : *document) {
        auto schema = convertEntry(entry, source);
        if (!schema) return schema.error();
        schemas.push_back(std::move(schema).value());
    }
    return schemas;
}

Result<std::vector<std::string>> listSpiderDbIdsInFile(const std::filesystem::path& path)
{
    auto text = readText(path);
    if (!text) return text.error();
    return listSpiderDbIds(*text, path.string());
}

Result<Schema> loadSpiderSchema(const std::filesystem::path& path, std::string_view dbId)
{
    auto text = readText(path);
    if (!text) return text.error();
    return parseSpiderSchema(*text, dbId, path.string());
}

} // namespace sqleq::schema
