// tables.json → Schema. The file is read under a size cap and parsed once with
// nlohmann::json; every entry's shape and every index in it is checked before use,
// so a hand-edited or truncated file yields a Diagnostic naming the db_id, the
// offending entry and what it should be, never a crash or nlohmann's own text.
// This is the one validation of tables.json: the Spider ESM's schema index
// (core/metrics) runs it too.
#include "core/schema/spider_tables.h"

#include "core/base/capped_file.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <set>

namespace sqleq::schema {

namespace {

using nlohmann::json;

/// Tables, columns or keys of one schema at most (SQLite allows 2,000 columns per table).
constexpr std::size_t kMaxEntriesPerList = 10'000;

std::string foldedName(std::string name)
{
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return name;
}

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
            return error(fmt::format("{} names column index {}, which is not a table column; it should be "
                                     "an index into column_names_original ({}) other than the `*` entry",
                                     field, i, indexRange(slots.size())));
        return *slots[static_cast<std::size_t>(i)];
    }
    static std::string indexRange(std::size_t count)
    {
        return count == 0 ? std::string("which is empty") : fmt::format("0 to {}", count - 1);
    }
    Column& column(ColumnSlot s) { return schema.tables[s.table].columns[s.position]; }
};

Status readColumns(Builder& b, const json& entry)
{
    const json& names = entry.at("column_names_original");
    const json& types = entry.at("column_types");
    if (types.size() != names.size())
        return b.error(fmt::format("column_types has {} entries; it should have one per "
                                   "column_names_original entry ({})", types.size(), names.size()));
    std::set<std::pair<std::size_t, std::string>> seen;  // (table, lower-cased column name)
    for (std::size_t i = 0; i < names.size(); ++i) {
        const auto tableIndex = names.at(i).at(0).get<int64_t>();
        if (tableIndex == -1) {
            b.slots.emplace_back();  // the `*` pseudo-column
            continue;
        }
        if (tableIndex < 0 || static_cast<std::size_t>(tableIndex) >= b.schema.tables.size())
            return b.error(fmt::format("column_names_original[{}] names table index {}; it should be -1 "
                                       "(the `*` entry) or a table index ({} tables: {})",
                                       i, tableIndex, b.schema.tables.size(),
                                       Builder::indexRange(b.schema.tables.size())));
        const auto typeName = types.at(i).get<std::string>();
        Column column;
        column.name = names.at(i).at(1).get<std::string>();
        column.logicalType = parseLogicalType(typeName).value_or(logicalTypeOf(typeName));
        column.declaredType = declaredTypeFor(column.logicalType);
        column.affinity = affinityOf(column.declaredType);
        Table& table = b.schema.tables[static_cast<std::size_t>(tableIndex)];
        if (!seen.insert({static_cast<std::size_t>(tableIndex), foldedName(column.name)}).second)
            return b.error(fmt::format("column_names_original[{}] \"{}\" repeats a column of table \"{}\"; "
                                       "column names must be unique within a table",
                                       i, column.name, table.name));
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

Status checkKeyShapes(const Builder& b, const json& entry, bool foreign);

/// Entries are column indices, or lists of them (composite keys in some releases).
Status readPrimaryKeys(Builder& b, const json& entry)
{
    if (const Status st = checkKeyShapes(b, entry, false); !st) return st;
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
    if (const Status st = checkKeyShapes(b, entry, true); !st) return st;
    std::vector<KeyPair> pairs;
    std::set<std::pair<int64_t, int64_t>> seen;  // dog_kennels lists one key twice
    for (const json& pair : entry.at("foreign_keys")) {
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

bool isIndex(const json& value)
{
    if (!value.is_number_integer()) return false;
    if (value.is_number_unsigned()) return value.get<uint64_t>() <= uint64_t{std::numeric_limits<int32_t>::max()};
    const auto i = value.get<int64_t>();
    return i >= std::numeric_limits<int32_t>::min() && i <= std::numeric_limits<int32_t>::max();
}

bool isIndexPair(const json& value)
{
    return value.is_array() && value.size() == 2 && isIndex(value[0]) && isIndex(value[1]);
}

/// Every field the conversion reads has the type it expects; the first that does not
/// is named with what it should be.
Status checkShape(const Builder& b, const json& entry)
{
    const auto list = [&](const char* field) -> const json* {
        const auto it = entry.find(field);
        return it != entry.end() && it->is_array() ? &*it : nullptr;
    };
    const char* fields[] = {"table_names_original", "column_names_original", "column_types", "primary_keys",
                            "foreign_keys"};
    for (const char* field : fields)
        if (list(field) == nullptr) return b.error(fmt::format("{} is missing or not a list", field));
    // Grouping keys is quadratic in their number; no real schema comes near these.
    for (const char* field : fields)
        if (list(field)->size() > kMaxEntriesPerList)
            return b.error(fmt::format("{} has {} entries, more than the limit of {} per schema", field,
                                       list(field)->size(), kMaxEntriesPerList));
    for (std::size_t i = 0; i < list("table_names_original")->size(); ++i)
        if (!(*list("table_names_original"))[i].is_string())
            return b.error(fmt::format("table_names_original[{}] should be a table name (a string)", i));
    for (std::size_t i = 0; i < list("column_types")->size(); ++i)
        if (!(*list("column_types"))[i].is_string())
            return b.error(fmt::format("column_types[{}] should be a type name (a string)", i));
    for (std::size_t i = 0; i < list("column_names_original")->size(); ++i) {
        const json& c = (*list("column_names_original"))[i];
        if (!c.is_array() || c.size() != 2 || !isIndex(c[0]) || !c[1].is_string())
            return b.error(fmt::format("column_names_original[{}] should be a [table index, column name] pair", i));
    }
    return {};
}

/// Key entries are checked when their step runs, so a bad primary key is reported
/// before a malformed foreign key, in the order of the conversion.
Status checkKeyShapes(const Builder& b, const json& entry, bool foreign)
{
    const json& keys = entry.at(foreign ? "foreign_keys" : "primary_keys");
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const json& k = keys[i];
        if (foreign && !isIndexPair(k))
            return b.error(fmt::format("foreign_keys[{}] should be a [child column index, parent column index] pair", i));
        if (!foreign && !isIndex(k) && !(k.is_array() && std::all_of(k.begin(), k.end(), isIndex)))
            return b.error(fmt::format("primary_keys[{}] should be a column index or a list of them", i));
    }
    return {};
}

Status readTables(Builder& b, const json& entry)
{
    const json& names = entry.at("table_names_original");
    std::map<std::string, std::size_t> seen;  // lower-cased name → first index
    for (std::size_t i = 0; i < names.size(); ++i) {
        std::string name = names[i].get<std::string>();
        if (const auto [it, fresh] = seen.emplace(foldedName(name), i); !fresh)
            return b.error(fmt::format("table_names_original[{}] \"{}\" repeats table_names_original[{}]; "
                                       "table names must be unique", i, name, it->second));
        b.schema.tables.push_back(Table{std::move(name), {}, {}, {}, {}, {}, false, false, {}});
    }
    return {};
}

/// nlohmann's what() without its "[json.exception.type_error.302] " prefix.
std::string_view withoutJsonPrefix(std::string_view what)
{
    if (what.starts_with("[json.exception.")) {
        if (const auto close = what.find("] "); close != std::string_view::npos) what.remove_prefix(close + 2);
    }
    return what;
}

Result<Schema> convertEntry(const json& entry, std::size_t position, std::string_view source)
{
    Builder b{source, {}, {}, {}};
    if (!entry.is_object()) return jsonError(source, {}, fmt::format("entry {} should be an object", position));
    const auto id = entry.find("db_id");
    if (id == entry.end() || !id->is_string() || id->get<std::string>().empty())
        return jsonError(source, {}, fmt::format("entry {} has no db_id (a non-empty string)", position));
    b.dbId = id->get<std::string>();
    b.schema.name = b.dbId;
    try {
        if (const Status st = checkShape(b, entry); !st) return st.error();
        for (auto* step : {&readTables, &readColumns, &readPrimaryKeys, &readForeignKeys})
            if (const Status st = step(b, entry); !st) return st.error();
    } catch (const json::exception& e) {
        // checkShape leaves nothing for nlohmann to throw on; this is a safety net.
        return b.error(fmt::format("malformed entry: {}", withoutJsonPrefix(e.what())));
    }
    replaceSqliteSequence(b.schema);
    return std::move(b.schema);
}

/// "syntax error while parsing value - invalid literal; last read: 'x'": nlohmann's
/// message without its tag and its own position, which the caller restates.
std::string parseErrorReason(std::string_view what)
{
    what = withoutJsonPrefix(what);
    if (what.starts_with("parse error")) {
        if (const auto colon = what.find(": "); colon != std::string_view::npos) what.remove_prefix(colon + 2);
    }
    return std::string(what);
}

/// Nesting of arrays and objects at most: tables.json nests 3 deep; deeper input is
/// refused before nlohmann builds (and later destroys) a tree that deep.
constexpr std::size_t kMaxJsonDepth = 64;

/// The offset of the first bracket nested deeper than kMaxJsonDepth, if any.
std::optional<std::size_t> tooDeepAt(std::string_view text)
{
    std::size_t depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\') ++i;
            else if (c == '"') inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth) return i;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return std::nullopt;
}

Result<json> parseDocument(std::string_view jsonText, std::string_view source)
{
    if (const auto at = tooDeepAt(jsonText)) {
        const LineColumn where = lineColumnAt(jsonText, static_cast<uint32_t>(*at));
        return Diagnostic{"schema.tables_json",
                          fmt::format("{}: line {}, column {}: arrays and objects nest more than {} levels deep",
                                      source, where.line, where.column, kMaxJsonDepth),
                          {}, {}};
    }
    try {
        json document = json::parse(jsonText.begin(), jsonText.end());
        if (!document.is_array()) return jsonError(source, {}, "expected a JSON array of schemas");
        if (document.empty()) return jsonError(source, {}, "the JSON array holds no schemas");
        return document;
    } catch (const json::exception& e) {
        // parse_error carries the byte after the fault; other errors (e.g. a nesting
        // too deep for the parser) have no position.
        const auto* parse = dynamic_cast<const json::parse_error*>(&e);
        const auto at = static_cast<uint32_t>(
            std::min<std::size_t>(parse != nullptr && parse->byte > 0 ? parse->byte - 1 : 0, jsonText.size()));
        const LineColumn where = lineColumnAt(jsonText, at);
        Diagnostic error{"schema.tables_json",
                         fmt::format("{}: line {}, column {}: invalid JSON: {}", source, where.line, where.column,
                                     parseErrorReason(e.what())),
                         {}, {}};
        error.span = {at, at + 1};
        return error;
    } catch (const std::bad_alloc&) {
        return jsonError(source, {}, "out of memory while parsing the JSON");
    }
}

Result<std::string> readText(const std::filesystem::path& path)
{
    auto text = readFileCapped(path, {input_limits::kTablesJson, "tables.json file"});
    if (!text) {
        Diagnostic error = text.error();
        if (error.code != "io.too_large") error.code = "schema.tables_json";
        return error;
    }
    return text;
}

} // namespace

Result<std::vector<std::string>> listSpiderDbIds(std::string_view jsonText, std::string_view source)
{
    auto schemas = parseSpiderSchemas(jsonText, source);
    if (!schemas) return schemas.error();
    std::vector<std::string> ids;
    for (const Schema& schema : *schemas) ids.push_back(schema.name);
    return ids;
}

Result<Schema> parseSpiderSchema(std::string_view jsonText, std::string_view dbId, std::string_view source)
{
    auto schemas = parseSpiderSchemas(jsonText, source);
    if (!schemas) return schemas.error();
    for (Schema& schema : *schemas)
        if (schema.name == dbId) return std::move(schema);
    return Diagnostic{"schema.unknown_db_id",
                      fmt::format("\"{}\" has no schema with db_id \"{}\"", source, dbId), {}, {}};
}

Result<std::vector<Schema>> parseSpiderSchemas(std::string_view jsonText, std::string_view source)
{
    auto document = parseDocument(jsonText, source);
    if (!document) return document.error();
    std::vector<Schema> schemas;
    std::map<std::string, std::size_t, std::less<>> seen;
    for (std::size_t i = 0; i < document->size(); ++i) {
        auto schema = convertEntry((*document)[i], i, source);
        if (!schema) return schema.error();
        if (const auto [it, fresh] = seen.emplace(schema->name, i); !fresh)
            return jsonError(source, schema->name,
                             fmt::format("entry {} repeats the db_id of entry {}; db_ids must be unique", i,
                                         it->second));
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
