// Lookups and type classification for the Schema model; SQLite's affinity
// rules are transcribed from https://sqlite.org/datatype3.html §3.1.
#include "core/schema/schema.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace sqleq::schema {

namespace {

std::string upper(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return out;
}

bool containsAny(const std::string& text, std::initializer_list<std::string_view> needles)
{
    return std::any_of(needles.begin(), needles.end(),
                       [&](std::string_view n) { return text.find(n) != std::string::npos; });
}

} // namespace

bool sameIdentifier(std::string_view a, std::string_view b)
{
    return a.size() == b.size()
           && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
                  return std::tolower(static_cast<unsigned char>(x))
                         == std::tolower(static_cast<unsigned char>(y));
              });
}

const Column* Table::findColumn(std::string_view columnName) const
{
    const auto it = std::find_if(columns.begin(), columns.end(),
                                 [&](const Column& c) { return sameIdentifier(c.name, columnName); });
    return it != columns.end() ? &*it : nullptr;
}

std::size_t Table::columnIndex(std::string_view columnName) const
{
    const Column* column = findColumn(columnName);
    return column != nullptr ? static_cast<std::size_t>(column - columns.data()) : columns.size();
}

const Table* Schema::findTable(std::string_view tableName) const
{
    const auto it = std::find_if(tables.begin(), tables.end(),
                                 [&](const Table& t) { return sameIdentifier(t.name, tableName); });
    if (it != tables.end()) return &*it;
    if (hasSqliteSequence && sameIdentifier(tableName, "sqlite_sequence")) return &sqliteSequenceTable();
    return nullptr;
}

std::vector<std::string> Schema::columnNames(std::string_view tableName) const
{
    std::vector<std::string> names;
    if (const Table* table = findTable(tableName))
        for (const auto& column : table->columns) names.push_back(column.name);
    return names;
}

const Table& sqliteSequenceTable()
{
    static const Table table = [] {
        Table t;
        t.name = "sqlite_sequence";
        t.columns = {Column{"name", "", Affinity::Blob, LogicalType::Text, false, {}, false, false, {}},
                     Column{"seq", "", Affinity::Blob, LogicalType::Number, false, {}, false, false, {}}};
        t.sql = "CREATE TABLE sqlite_sequence(name,seq)";
        return t;
    }();
    return table;
}

std::string_view affinityName(Affinity affinity)
{
    switch (affinity) {
    case Affinity::Integer: return "INTEGER";
    case Affinity::Text: return "TEXT";
    case Affinity::Blob: return "BLOB";
    case Affinity::Real: return "REAL";
    case Affinity::Numeric: return "NUMERIC";
    }
    return "BLOB";
}

std::string_view logicalTypeName(LogicalType type)
{
    switch (type) {
    case LogicalType::Text: return "text";
    case LogicalType::Number: return "number";
    case LogicalType::Time: return "time";
    case LogicalType::Boolean: return "boolean";
    case LogicalType::Others: return "others";
    }
    return "others";
}

std::optional<LogicalType> parseLogicalType(std::string_view name)
{
    static constexpr std::array<LogicalType, 5> kAll = {LogicalType::Text, LogicalType::Number,
                                                        LogicalType::Time, LogicalType::Boolean,
                                                        LogicalType::Others};
    for (const LogicalType type : kAll)
        if (sameIdentifier(logicalTypeName(type), name)) return type;
    return std::nullopt;
}

Affinity affinityOf(std::string_view declaredType)
{
    const std::string type = upper(declaredType);
    if (type.find("INT") != std::string::npos) return Affinity::Integer;
    if (containsAny(type, {"CHAR", "CLOB", "TEXT"})) return Affinity::Text;
    if (type.find("BLOB") != std::string::npos || type.empty()) return Affinity::Blob;
    if (containsAny(type, {"REAL", "FLOA", "DOUB"})) return Affinity::Real;
    return Affinity::Numeric;
}

LogicalType logicalTypeOf(std::string_view declaredType)
{
    const std::string type = upper(declaredType);
    if (type.find("BOOL") != std::string::npos) return LogicalType::Boolean;
    if (containsAny(type, {"CHAR", "CLOB", "TEXT", "STRING"})) return LogicalType::Text;
    if (containsAny(type, {"DATE", "TIME", "YEAR"})) return LogicalType::Time;
    if (containsAny(type, {"INT", "REAL", "FLOA", "DOUB", "NUM", "DEC", "NUMBER"}))
        return LogicalType::Number;
    return LogicalType::Others;
}

} // namespace sqleq::schema
