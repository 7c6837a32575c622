// Reading `<name>-schema.csv` files and naming the foreign keys they only flag.
// The files come in a few hand-made variants (column order, quoting, DESCRIBE
// output, types with NOT NULL appended); every variant seen is read here and
// anything else is an error naming the line.

#include "core/schema/csv_schema_loader.h"

#include "core/base/ascii_case.h"
#include "core/base/capped_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <optional>

namespace sqleq::schema {
namespace {

std::string_view trim(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\r')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
    return text;
}

Diagnostic csvError(std::string_view source, std::size_t line, std::string message)
{
    return Diagnostic{"schema.csv", fmt::format("{}: line {}: {}", source, line, message), {}, {}};
}

/// Splits one line at commas outside double quotes; quotes are removed ("" is a quote).
Result<std::vector<std::string>> splitCells(std::string_view line, std::string_view source, std::size_t lineNumber)
{
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            cells.emplace_back(trim(cell));
            cell.clear();
        } else {
            cell += c;
        }
    }
    if (quoted) return csvError(source, lineNumber, "unterminated double quote");
    cells.emplace_back(trim(cell));
    return cells;
}

/// Header names without spaces, upper case: "Is Primary Key" → "ISPRIMARYKEY".
std::string headerKey(std::string_view cell)
{
    std::string out;
    for (char c : asciiUpper(cell))
        if (c != ' ' && c != '_') out += c;
    return out;
}

enum Field { kTable, kField, kPrimary, kForeign, kType, kFieldCount };
constexpr std::array<std::string_view, kFieldCount> kHeaderNames = {"TABLENAME", "FIELDNAME", "ISPRIMARYKEY",
                                                                   "ISFOREIGNKEY", "TYPE"};
constexpr std::array<std::string_view, kFieldCount> kReadableNames = {"Table Name", "Field Name", "Is Primary Key",
                                                                     "Is Foreign Key", "Type"};

std::optional<bool> readFlag(std::string_view cell)
{
    const std::string value = asciiUpper(cell);
    if (value == "Y" || value == "YES" || value == "TRUE" || value == "1") return true;
    if (value == "N" || value == "NO" || value == "FALSE" || value == "0" || value == "-" || value.empty()) return false;
    return std::nullopt;
}

bool isDescribeKey(std::string_view cell)
{
    const std::string value = asciiUpper(cell);
    return value == "PRI" || value == "MUL" || value == "UNI";
}

bool isSeparator(const std::vector<std::string>& cells)
{
    return std::all_of(cells.begin(), cells.end(), [](const std::string& c) { return c.empty() || c == "-"; });
}

/// "INT(11) NOT NULL" → "INT(11)" with notNull; "VARCHAR(50) DEFAULT NULL" → "VARCHAR(50)".
std::string declaredTypeOf(std::string_view cell, bool& notNull)
{
    std::string type(cell);
    for (std::string_view suffix : {std::string_view(" NOT NULL"), std::string_view(" DEFAULT NULL")}) {
        const auto at = asciiUpper(type).find(suffix);
        if (at == std::string::npos) continue;
        if (suffix == " NOT NULL") notNull = true;
        type = std::string(trim(std::string_view(type).substr(0, at))) + type.substr(at + suffix.size());
    }
    return std::string(trim(type));
}

struct ParsedRow {
    std::size_t line = 0;
    std::vector<std::string> cells;
};

struct HeaderLayout {
    std::array<std::size_t, kFieldCount> index{};
};

Result<HeaderLayout> readHeader(const std::vector<std::string>& cells, std::string_view source)
{
    HeaderLayout layout;
    for (std::size_t f = 0; f < kFieldCount; ++f) {
        const auto at = std::find_if(cells.begin(), cells.end(),
                                     [&](const std::string& c) { return headerKey(c) == kHeaderNames[f]; });
        if (at == cells.end())
            return csvError(source, 1, fmt::format("the header has no \"{}\" column (expected Table Name, Field Name, "
                                                   "Is Primary Key, Is Foreign Key, Type)", kReadableNames[f]));
        layout.index[f] = static_cast<std::size_t>(at - cells.begin());
    }
    return layout;
}

/// The file is DESCRIBE output when some key cell holds PRI/MUL/UNI; its header then
/// labels DESCRIBE's Null and Key columns as the two flags (Advising's file).
bool looksLikeDescribe(const std::vector<ParsedRow>& rows, const HeaderLayout& layout)
{
    return std::any_of(rows.begin(), rows.end(), [&](const ParsedRow& row) {
        return layout.index[kPrimary] < row.cells.size() && isDescribeKey(row.cells[layout.index[kPrimary]]);
    });
}

Table& tableNamed(Schema& schema, std::vector<std::vector<std::string>>& flagged, const std::string& name)
{
    for (std::size_t t = 0; t < schema.tables.size(); ++t)
        if (sameIdentifier(schema.tables[t].name, name)) return schema.tables[t];
    schema.tables.push_back(Table{});
    schema.tables.back().name = name;
    flagged.emplace_back();
    return schema.tables.back();
}

std::size_t indexOfTable(const Schema& schema, std::string_view name)
{
    for (std::size_t t = 0; t < schema.tables.size(); ++t)
        if (sameIdentifier(schema.tables[t].name, name)) return t;
    return schema.tables.size();
}

/// The column is its table's whole primary key.
bool isSoleKey(const Table& table, std::string_view column)
{
    return table.primaryKey.size() == 1 && sameIdentifier(table.primaryKey.front(), column);
}

bool hasForeignKey(const Table& table, std::string_view column)
{
    return std::any_of(table.foreignKeys.begin(), table.foreignKeys.end(), [&](const ForeignKey& key) {
        return key.columns.size() == 1 && sameIdentifier(key.columns.front(), column);
    });
}

/// `from` reaches `to` over foreign keys (child → parent), self-references ignored.
bool reaches(const Schema& schema, std::size_t from, std::size_t to)
{
    std::vector<bool> seen(schema.tables.size(), false);
    std::vector<std::size_t> stack{from};
    while (!stack.empty()) {
        const std::size_t t = stack.back();
        stack.pop_back();
        if (t == to) return true;
        if (seen[t]) continue;
        seen[t] = true;
        for (const ForeignKey& key : schema.tables[t].foreignKeys) {
            const std::size_t parent = indexOfTable(schema, key.referencedTable);
            if (parent < schema.tables.size() && parent != t) stack.push_back(parent);
        }
    }
    return false;
}

/// The column is named after its own table (CITY.CITY_CODE, business.business_id).
bool namedAfterTable(const Table& table, std::string_view column)
{
    return asciiUpper(column).starts_with(asciiUpper(table.name) + "_");
}

/// How strongly `table.column` looks like the referenced side of a join: 2 for the
/// table's whole key, 1 for a column named after its table, 0 otherwise.
int parentStrength(const Table& table, std::string_view column)
{
    if (isSoleKey(table, column)) return 2;
    return namedAfterTable(table, column) ? 1 : 0;
}

/// A referenced column that itself references a key (HIGHLOW.STATE_NAME →
/// STATE.STATE_NAME) is followed to that key, so children share one root.
void followToRoot(const Schema& schema, std::size_t& parent, std::string& column)
{
    for (std::size_t hop = 0; hop < schema.tables.size(); ++hop) {
        const Table& table = schema.tables[parent];
        const auto key = std::find_if(table.foreignKeys.begin(), table.foreignKeys.end(), [&](const ForeignKey& k) {
            return k.columns.size() == 1 && sameIdentifier(k.columns.front(), column);
        });
        if (key == table.foreignKeys.end()) return;
        const std::size_t next = indexOfTable(schema, key->referencedTable);
        if (next >= schema.tables.size() || next == parent) return;
        parent = next;
        column = key->referencedColumns.front();
    }
}

bool addKey(Schema& schema, std::size_t child, std::string_view column, std::size_t parent, std::string parentColumn)
{
    followToRoot(schema, parent, parentColumn);
    Table& table = schema.tables[child];
    if (child == parent || hasForeignKey(table, column) || reaches(schema, parent, child)) return false;
    const Column* own = table.findColumn(column);
    const Column* target = schema.tables[parent].findColumn(parentColumn);
    if (own == nullptr || target == nullptr) return false;
    table.foreignKeys.push_back(ForeignKey{{own->name}, schema.tables[parent].name, {target->name}});
    return true;
}

Result<Schema> buildSchema(const std::vector<ParsedRow>& rows, const HeaderLayout& layout, std::string name,
                           std::string_view source)
{
    const bool describe = looksLikeDescribe(rows, layout);
    const std::size_t needed = *std::max_element(layout.index.begin(), layout.index.end()) + 1;
    Schema schema;
    schema.name = std::move(name);
    std::vector<std::vector<std::string>> flagged;
    for (const ParsedRow& row : rows) {
        const auto& cells = row.cells;
        if (cells.size() < needed)
            return csvError(source, row.line, fmt::format("{} cells, the header needs {}", cells.size(), needed));
        const std::string& tableName = cells[layout.index[kTable]];
        const std::string& fieldName = cells[layout.index[kField]];
        if (tableName.empty() || tableName == "-" || fieldName.empty() || fieldName == "-")
            return csvError(source, row.line, "a table or field name is missing");
        bool notNull = false;
        bool primary = false;
        bool foreign = false;
        if (describe) {
            const std::string key = asciiUpper(cells[layout.index[kPrimary]]);
            primary = key == "PRI";
            foreign = key == "MUL";
            notNull = asciiUpper(cells[layout.index[kForeign]]) == "NO";
        } else {
            const auto p = readFlag(cells[layout.index[kPrimary]]);
            const auto f = readFlag(cells[layout.index[kForeign]]);
            if (!p || !f)
                return csvError(source, row.line, fmt::format("key flags \"{}\" and \"{}\": expected y or n",
                                                              cells[layout.index[kPrimary]],
                                                              cells[layout.index[kForeign]]));
            primary = *p;
            foreign = *f;
        }
        for (std::size_t c = 0; c < cells.size(); ++c)
            if (c != layout.index[kType] && asciiUpper(cells[c]).find("NOT NULL") != std::string::npos) notNull = true;
        Column column;
        column.name = fieldName;
        column.declaredType = declaredTypeOf(cells[layout.index[kType]], notNull);
        if (column.declaredType.empty() || column.declaredType == "-")
            return csvError(source, row.line, fmt::format("column \"{}\" has no type", fieldName));
        column.affinity = affinityOf(column.declaredType);
        column.logicalType = logicalTypeOf(column.declaredType);
        column.notNull = notNull;
        column.primaryKey = primary;
        Table& table = tableNamed(schema, flagged, tableName);
        if (table.findColumn(fieldName) != nullptr)
            return csvError(source, row.line, fmt::format("column \"{}\" of table \"{}\" appears twice", fieldName,
                                                          tableName));
        table.columns.push_back(std::move(column));
        if (primary) table.primaryKey.push_back(fieldName);
        if (foreign) flagged[indexOfTable(schema, tableName)].push_back(fieldName);
    }
    if (schema.tables.empty()) return csvError(source, 1, "no columns after the header");
    inferForeignKeysByName(schema, flagged);
    return schema;
}

} // namespace

bool isCsvSchemaPath(const std::filesystem::path& path)
{
    const std::string name = asciiUpper(path.filename().string());
    const std::string suffix = asciiUpper(kCsvSchemaSuffix);
    return name.size() > suffix.size() && name.ends_with(suffix);
}

std::string csvSchemaName(const std::filesystem::path& path)
{
    const std::string name = path.filename().string();
    if (isCsvSchemaPath(path)) return name.substr(0, name.size() - kCsvSchemaSuffix.size());
    return path.stem().string();
}

Result<Schema> parseCsvSchema(std::string_view text, std::string name, std::string_view source)
{
    std::optional<HeaderLayout> layout;
    std::vector<ParsedRow> rows;
    std::size_t lineNumber = 0;
    while (!text.empty()) {
        const auto end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        ++lineNumber;
        if (trim(line).empty()) continue;
        auto cells = splitCells(line, source, lineNumber);
        if (!cells) return cells.error();
        if (!layout) {
            auto header = readHeader(*cells, source);
            if (!header) return header.error();
            layout = *header;
            continue;
        }
        if (isSeparator(*cells)) continue;
        rows.push_back(ParsedRow{lineNumber, std::move(*cells)});
    }
    if (!layout) return csvError(source, 1, "empty file: expected a header line");
    return buildSchema(rows, *layout, std::move(name), source);
}

Result<Schema> loadCsvSchema(const std::filesystem::path& path)
{
    auto text = readFileCapped(path, {input_limits::kTablesJson, "schema CSV file"});
    if (!text) return text.error();
    return parseCsvSchema(*text, csvSchemaName(path), path.string());
}

std::size_t inferForeignKeysByName(Schema& schema, const std::vector<std::vector<std::string>>& flagged)
{
    std::size_t added = 0;
    for (std::size_t t = 0; t < schema.tables.size() && t < flagged.size(); ++t) {
        for (const std::string& column : flagged[t]) {
            std::vector<std::size_t> owners;
            for (std::size_t p = 0; p < schema.tables.size(); ++p)
                if (p != t && isSoleKey(schema.tables[p], column)) owners.push_back(p);
            // A table whose key is itself flagged (HIGHLOW.STATE_NAME) is a child, not a
            // second owner; it only yields when another owner remains.
            if (owners.size() > 1)
                std::erase_if(owners, [&](std::size_t p) {
                    return p < flagged.size() && std::any_of(flagged[p].begin(), flagged[p].end(), [&](const std::string& f) {
                               return sameIdentifier(f, column);
                           });
                });
            if (owners.size() == 1 && addKey(schema, t, column, owners.front(), schema.tables[owners.front()].primaryKey.front()))
                ++added;
        }
    }
    return added;
}

bool addJoinForeignKey(Schema& schema, std::string_view aTable, std::string_view aColumn, std::string_view bTable,
                       std::string_view bColumn)
{
    const std::size_t a = indexOfTable(schema, aTable);
    const std::size_t b = indexOfTable(schema, bTable);
    if (a >= schema.tables.size() || b >= schema.tables.size() || a == b) return false;
    const int aStrength = parentStrength(schema.tables[a], aColumn);
    const int bStrength = parentStrength(schema.tables[b], bColumn);
    if (bStrength > aStrength) return addKey(schema, a, aColumn, b, std::string(bColumn));
    if (aStrength > bStrength) return addKey(schema, b, bColumn, a, std::string(aColumn));
    if (aStrength < 2) return false;
    // Both sides are whole keys (a one-to-one join such as LOCATION.RESTAURANT_ID =
    // RESTAURANT.ID): the side whose column is named after the other table refers to it.
    if (asciiUpper(aColumn).starts_with(asciiUpper(schema.tables[b].name))) return addKey(schema, a, aColumn, b, std::string(bColumn));
    if (asciiUpper(bColumn).starts_with(asciiUpper(schema.tables[a].name))) return addKey(schema, b, bColumn, a, std::string(aColumn));
    return false;
}

} // namespace sqleq::schema
