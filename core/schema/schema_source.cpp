// Schema plus original database of a loaded source.

#include "core/schema/schema_source.h"

#include "core/exec/statement.h"
#include "core/schema/ddl_writer.h"
#include "core/schema/schema_introspector.h"

#include <fmt/format.h>

namespace sqleq::schema {
namespace {

// One row is enough to make the database worth trying; no need to read them all.
Result<bool> anyRow(const exec::Connection& connection, const Schema& schema)
{
    for (const auto& table : schema.tables) {
        auto statement = exec::Statement::prepare(
            connection, fmt::format("SELECT 1 FROM {} LIMIT 1", quoteIdentifier(table.name)));
        if (!statement) return statement.error();
        auto row = statement->step();
        if (!row) return row.error();
        if (*row) return true;
    }
    return false;
}

} // namespace

Result<SchemaSource> schemaSourceFromDatabase(const exec::Connection& connection, std::string name)
{
    auto schema = introspectSchema(connection, std::move(name));
    if (!schema) return schema.error();
    auto hasRows = anyRow(connection, *schema);
    if (!hasRows) return hasRows.error();
    SchemaSource source{std::move(*schema), std::nullopt};
    if (*hasRows) {
        auto bytes = connection.serialize();
        if (!bytes) return bytes.error();
        source.original = std::move(*bytes);
    }
    return source;
}

} // namespace sqleq::schema
