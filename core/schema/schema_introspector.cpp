// PRAGMA-based introspection. Table-valued PRAGMA functions take the table name
// as a bound parameter, so no identifier is ever spliced into SQL text here.
#include "core/schema/schema_introspector.h"

#include "core/exec/statement.h"
#include "core/schema/create_sql_scan.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>
#include <cctype>

namespace sqleq::schema {

namespace {

using exec::Row;
using exec::Value;

struct Context {
    const exec::Connection& conn;
    const std::string& schemaName;
};

Diagnostic introspectError(const Context& ctx, std::string_view table, std::string_view why)
{
    std::string where = table.empty() ? fmt::format("database \"{}\"", ctx.schemaName)
                                      : fmt::format("table \"{}\" of database \"{}\"", table,
                                                    ctx.schemaName);
    return Diagnostic{"schema.introspect", fmt::format("cannot read the schema of {}: {}", where, why),
                      {}, {}};
}

/// Every row of `sql`, with `param` bound to ?1 when given.
Result<std::vector<Row>> queryRows(const Context& ctx, std::string_view sql,
                                   std::string_view table = {})
{
    auto stmt = exec::Statement::prepare(ctx.conn, sql);
    if (!stmt) return introspectError(ctx, table, stmt.error().message);
    if (!table.empty()) {
        if (const Status st = stmt->bind(1, Value::text(std::string(table))); !st)
            return introspectError(ctx, table, st.error().message);
    }
    std::vector<Row> rows;
    for (;;) {
        auto more = stmt->step();
        if (!more) return introspectError(ctx, table, more.error().message);
        if (!*more) return rows;
        Row row;
        for (int c = 0; c < stmt->columnCount(); ++c) row.push_back(stmt->value(c));
        rows.push_back(std::move(row));
    }
}

std::string textOf(const Value& value)
{
    return value.type() == exec::ValueType::Text ? value.asText() : std::string();
}

int64_t intOf(const Value& value)
{
    return value.type() == exec::ValueType::Integer ? value.asInteger() : 0;
}

/// The declared collation of `table.column`: empty for BINARY, "NOCASE" or "RTRIM";
/// an error for any other (an application-defined one sqleq cannot reproduce).
Result<std::string> readCollation(const Context& ctx, const std::string& table, const std::string& column)
{
    const char* collation = nullptr;
    if (sqlite3_table_column_metadata(ctx.conn.handle(), "main", table.c_str(), column.c_str(), nullptr, &collation,
                                      nullptr, nullptr, nullptr) != SQLITE_OK || collation == nullptr) {
        return std::string();
    }
    const std::string name = collation;
    if (sameIdentifier(name, "BINARY")) return std::string();
    if (sameIdentifier(name, "NOCASE") || sameIdentifier(name, "RTRIM")) {
        std::string upper = name;
        for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        return upper;
    }
    return introspectError(ctx, table,
                           fmt::format("column \"{}\" uses the collation \"{}\", which sqleq cannot reproduce in the "
                                       "databases it builds",
                                       column, name));
}

Status readColumns(const Context& ctx, Table& table)
{
    auto rows = queryRows(
        ctx, "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?1) ORDER BY cid",
        table.name);
    if (!rows) return rows.error();
    std::vector<std::pair<int64_t, std::string>> keyParts;
    for (const Row& row : *rows) {
        Column column;
        column.name = textOf(row[0]);
        column.declaredType = textOf(row[1]);
        column.affinity = affinityOf(column.declaredType);
        column.logicalType = logicalTypeOf(column.declaredType);
        column.notNull = intOf(row[2]) != 0;
        if (!row[3].isNull()) column.defaultValue = textOf(row[3]);
        column.primaryKey = intOf(row[4]) > 0;
        if (column.primaryKey) keyParts.emplace_back(intOf(row[4]), column.name);
        if (auto collation = readCollation(ctx, table.name, column.name); !collation) return collation.error();
        else column.collation = std::move(*collation);
        table.columns.push_back(std::move(column));
    }
    if (auto generated = queryRows(ctx, "SELECT name FROM pragma_table_xinfo(?1) WHERE hidden IN (2, 3)", table.name);
        !generated) {
        return generated.error();
    } else if (!generated->empty()) {
        // Sampled databases could not fill such a column, and leaving it out would change
        // what queries see: say so rather than guess.
        return introspectError(ctx, table.name,
                               fmt::format("column \"{}\" is a generated column, which sqleq cannot reproduce in the "
                                           "databases it builds",
                                           textOf(generated->front()[0])));
    }
    std::sort(keyParts.begin(), keyParts.end());
    for (auto& part : keyParts) table.primaryKey.push_back(std::move(part.second));
    return {};
}

Status readUniques(const Context& ctx, Table& table)
{
    // Newest index first in index_list: reversing seq gives declaration order.
    auto indexes = queryRows(ctx,
                             "SELECT name FROM pragma_index_list(?1) "
                             "WHERE \"unique\" AND origin <> 'pk' AND NOT partial ORDER BY seq DESC",
                             table.name);
    if (!indexes) return indexes.error();
    for (const Row& index : *indexes) {
        auto parts = queryRows(ctx, "SELECT cid, name FROM pragma_index_info(?1) ORDER BY seqno",
                               textOf(index[0]));
        if (!parts) return parts.error();
        UniqueConstraint unique;
        const bool expression = std::any_of(parts->begin(), parts->end(),
                                            [](const Row& p) { return intOf(p[0]) < 0; });
        if (expression) continue;  // UNIQUE over expressions constrains no plain column tuple
        for (const Row& part : *parts) unique.columns.push_back(textOf(part[1]));
        if (std::find(table.uniques.begin(), table.uniques.end(), unique) == table.uniques.end())
            table.uniques.push_back(std::move(unique));
    }
    return {};
}

Status readForeignKeys(const Context& ctx, Table& table)
{
    // Ids count from the last declared key: descending id is declaration order.
    auto rows = queryRows(ctx,
                          "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?1) "
                          "ORDER BY id DESC, seq",
                          table.name);
    if (!rows) return rows.error();
    int64_t current = -1;
    for (const Row& row : *rows) {
        if (table.foreignKeys.empty() || intOf(row[0]) != current) {
            current = intOf(row[0]);
            table.foreignKeys.push_back(ForeignKey{{}, textOf(row[1]), {}});
        }
        ForeignKey& key = table.foreignKeys.back();
        key.columns.push_back(textOf(row[2]));
        if (!row[3].isNull()) key.referencedColumns.push_back(textOf(row[3]));
    }
    return {};
}

/// Facts only the CREATE text holds: CHECK bodies and AUTOINCREMENT.
void readCreateText(Table& table)
{
    table.checks = extractCheckBodies(table.sql);
    if (table.primaryKey.size() == 1 && mentionsAutoincrement(table.sql)) {
        for (Column& column : table.columns)
            if (column.primaryKey && sameIdentifier(column.declaredType, "INTEGER"))
                column.autoincrement = true;
    }
}

/// `REFERENCES parent` without columns means the parent's primary key.
void resolveImplicitReferences(Schema& schema)
{
    for (Table& table : schema.tables) {
        for (ForeignKey& key : table.foreignKeys) {
            if (!key.referencedColumns.empty()) continue;
            const Table* parent = schema.findTable(key.referencedTable);
            if (parent != nullptr && parent->primaryKey.size() == key.columns.size())
                key.referencedColumns = parent->primaryKey;
        }
    }
}

} // namespace

Result<Schema> introspectSchema(const exec::Connection& conn, std::string name)
{
    Schema schema;
    schema.name = std::move(name);
    const Context ctx{conn, schema.name};
    auto tables = queryRows(ctx,
                            "SELECT m.name, m.sql, l.wr, l.strict FROM sqlite_master AS m "
                            "JOIN pragma_table_list AS l ON l.schema = 'main' AND l.name = m.name "
                            "WHERE m.type = 'table' AND l.type = 'table' ORDER BY m.rowid");
    if (!tables) return tables.error();
    for (const Row& row : *tables) {
        Table table;
        table.name = textOf(row[0]);
        if (sameIdentifier(table.name, "sqlite_sequence")) schema.hasSqliteSequence = true;
        if (table.name.size() >= 7 && sameIdentifier(table.name.substr(0, 7), "sqlite_")) continue;
        table.sql = textOf(row[1]);
        table.withoutRowid = intOf(row[2]) != 0;
        table.strict = intOf(row[3]) != 0;
        for (auto* step : {&readColumns, &readUniques, &readForeignKeys})
            if (const Status st = step(ctx, table); !st) return st.error();
        readCreateText(table);
        schema.tables.push_back(std::move(table));
    }
    resolveImplicitReferences(schema);
    return schema;
}

Result<Schema> loadSchemaFromDatabase(const std::filesystem::path& path)
{
    auto conn = exec::Connection::openReadOnly(path);
    if (!conn) return conn.error();
    return introspectSchema(*conn, path.stem().string());
}

} // namespace sqleq::schema
