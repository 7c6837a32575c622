// DDL generation. Declared types are copied when they are plain type names
// and quoted otherwise, so no schema text can smuggle extra SQL into the script.
#include "core/schema/ddl_writer.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace sqleq::schema {

namespace {

std::string quoteList(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& name : names) {
        if (!out.empty()) out += ", ";
        out += quoteIdentifier(name);
    }
    return out;
}

/// Type names such as `VARCHAR(20)` or `DOUBLE PRECISION` pass through unchanged;
/// anything else is quoted so it cannot end the column definition early.
std::string typeSql(std::string_view type)
{
    const auto isNameChar = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ' ';
    };
    const auto isArgChar = [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) || c == ',' || c == ' ' || c == '+'
               || c == '-' || c == '.';
    };
    const std::size_t open = type.find('(');
    const std::string_view head = type.substr(0, open);
    bool plain = !head.empty() && std::all_of(head.begin(), head.end(), isNameChar);
    if (plain && open != std::string_view::npos) {
        const std::string_view args = type.substr(open + 1);
        plain = !args.empty() && args.back() == ')'
                && std::all_of(args.begin(), args.end() - 1, isArgChar);
    }
    return plain ? std::string(type) : quoteIdentifier(type);
}

/// A single INTEGER key with AUTOINCREMENT must be declared on its column.
const Column* autoincrementColumn(const Table& table)
{
    if (table.primaryKey.size() != 1) return nullptr;
    const Column* column = table.findColumn(table.primaryKey.front());
    return column != nullptr && column->autoincrement ? column : nullptr;
}

std::string columnSql(const Column& column, bool autoincrementKey)
{
    std::string out = quoteIdentifier(column.name);
    if (autoincrementKey) return out + " INTEGER PRIMARY KEY AUTOINCREMENT";
    if (!column.declaredType.empty()) out += fmt::format(" {}", typeSql(column.declaredType));
    if (!column.collation.empty()) out += fmt::format(" COLLATE {}", column.collation);
    if (column.notNull) out += " NOT NULL";
    // PRAGMA table_info reports DEFAULT without its outer parentheses; adding
    // them back is always valid and reads back as the same text.
    if (column.defaultValue) out += fmt::format(" DEFAULT ({})", *column.defaultValue);
    return out;
}

std::vector<std::string> constraintSql(const Table& table, bool keyOnColumn)
{
    std::vector<std::string> out;
    if (!table.primaryKey.empty() && !keyOnColumn)
        out.push_back(fmt::format("PRIMARY KEY ({})", quoteList(table.primaryKey)));
    for (const UniqueConstraint& unique : table.uniques)
        out.push_back(fmt::format("UNIQUE ({})", quoteList(unique.columns)));
    for (const ForeignKey& key : table.foreignKeys) {
        std::string clause = fmt::format("FOREIGN KEY ({}) REFERENCES {}", quoteList(key.columns),
                                         quoteIdentifier(key.referencedTable));
        if (!key.referencedColumns.empty()) clause += fmt::format(" ({})", quoteList(key.referencedColumns));
        out.push_back(std::move(clause));
    }
    for (const std::string& check : table.checks) out.push_back(fmt::format("CHECK ({})", check));
    return out;
}

} // namespace

std::string quoteIdentifier(std::string_view name)
{
    std::string out = "\"";
    for (const char c : name) {
        out += c;
        if (c == '"') out += '"';
    }
    return out + "\"";
}

std::string createTableSql(const Table& table)
{
    const Column* keyColumn = autoincrementColumn(table);
    std::vector<std::string> items;
    for (const Column& column : table.columns) items.push_back(columnSql(column, &column == keyColumn));
    for (std::string& clause : constraintSql(table, keyColumn != nullptr)) items.push_back(std::move(clause));
    std::string out = fmt::format("CREATE TABLE {} (\n", quoteIdentifier(table.name));
    for (std::size_t i = 0; i < items.size(); ++i)
        out += fmt::format("  {}{}\n", items[i], i + 1 < items.size() ? "," : "");
    out += ")";
    if (table.withoutRowid) out += " WITHOUT ROWID";
    if (table.strict) out += table.withoutRowid ? ", STRICT" : " STRICT";
    return out;
}

std::string toDdl(const Schema& schema)
{
    std::string out;
    for (const Table& table : schema.tables) out += fmt::format("{};\n", createTableSql(table));
    return out;
}

Result<exec::Connection> createDatabase(const Schema& schema)
{
    auto conn = exec::Connection::openMemory();
    if (!conn) return conn.error();
    // One statement per table, so a failure maps straight back to its table.
    for (const Table& table : schema.tables) {
        if (const Status st = conn->executeScript(createTableSql(table)); !st)
            return Diagnostic{"schema.build",
                              fmt::format("cannot build database \"{}\": table \"{}\": {}", schema.name,
                                          table.name, st.error().message),
                              {}, {}};
    }
    return conn;
}

} // namespace sqleq::schema
