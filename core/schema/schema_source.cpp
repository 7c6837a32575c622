// The one schema-source opener: which loader a spec needs, where an original database
// comes from, and messages that name the file or position at fault.

#include "core/schema/schema_source.h"

#include "core/base/capped_file.h"
#include "core/exec/statement.h"
#include "core/schema/csv_schema_loader.h"
#include "core/schema/declared_constraints.h"
#include "core/schema/ddl_loader.h"
#include "core/schema/ddl_writer.h"
#include "core/schema/schema_introspector.h"
#include "core/schema/spider_tables.h"

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

Diagnostic openError(std::string message) { return Diagnostic{"schema.open", std::move(message), {}, {}}; }

/// The spec's text: `content`, or the file read under `limit` ("<what> file not found: PATH").
Result<std::string> sourceText(const SchemaSourceSpec& spec, const FileLimit& limit, std::string_view what)
{
    if (spec.content) {
        if (spec.content->size() > limit.maxBytes) return tooLargeError(spec.path.string(), spec.content->size(), limit);
        return *spec.content;
    }
    if (spec.path.empty()) return openError(fmt::format("no {} file given", what));
    std::error_code ec;
    if (!std::filesystem::exists(spec.path, ec)) return openError(fmt::format("{} file not found: {}", what, spec.path.string()));
    return readFileCapped(spec.path, limit);
}

std::string nameOf(const SchemaSourceSpec& spec)
{
    if (!spec.name.empty()) return spec.name;
    if (!spec.dbId.empty()) return spec.dbId;
    return spec.path.stem().string();
}

Result<SchemaSource> withName(Result<SchemaSource> source, const SchemaSourceSpec& spec)
{
    if (!source) {
        Diagnostic error = source.error();
        error.message = fmt::format("{}: {}", spec.path.string(), error.message);
        return error;
    }
    return source;
}

Result<SchemaSource> openSqlite(const SchemaSourceSpec& spec)
{
    if (spec.content) {
        // In-memory bytes (a resource): SQLite cannot open them as a file, so a copy is deserialized.
        const exec::Bytes bytes(spec.content->begin(), spec.content->end());
        auto connection = exec::Connection::deserializeCopy(bytes);
        if (!connection) return withName(connection.error(), spec);
        return withName(schemaSourceFromDatabase(*connection, nameOf(spec)), spec);
    }
    std::error_code ec;
    if (!std::filesystem::is_regular_file(spec.path, ec))
        return openError(fmt::format("database file not found: {}", spec.path.string()));
    auto connection = exec::Connection::openReadOnly(spec.path);
    if (!connection) return connection.error();
    return withName(schemaSourceFromDatabase(*connection, nameOf(spec)), spec);
}

Result<SchemaSource> openDdl(const SchemaSourceSpec& spec)
{
    auto text = sourceText(spec, {input_limits::kDdl, "DDL file"}, "DDL");
    if (!text) return text.error();
    auto loaded = loadDatabaseFromDdl(*text, nameOf(spec));
    if (!loaded) {
        // Script errors carry a span into the text; users want its line and column. A
        // caller that handed the text over places the span itself.
        if (spec.content) return loaded.error();
        Diagnostic error = loaded.error();
        error.message = fmt::format("{}: {}", spec.path.string(), formatDiagnostic(*text, error));
        return error;
    }
    return withName(schemaSourceFromDatabase(loaded->connection, nameOf(spec)), spec);
}

/// A classical NAME-schema.csv (foreign keys by the name rule only: no golds to read
/// joins from), else the dbId entry of a tables.json with its original database.
Result<SchemaSource> openSchemaFile(const SchemaSourceSpec& spec)
{
    if (isCsvSchemaPath(spec.path)) {
        auto text = sourceText(spec, {input_limits::kTablesJson, "schema CSV file"}, "schema CSV");
        if (!text) return text.error();
        auto schema = parseCsvSchema(*text, spec.name.empty() ? csvSchemaName(spec.path) : spec.name, spec.path.string());
        if (!schema) return schema.error();
        return SchemaSource{std::move(*schema), std::nullopt};
    }
    if (spec.dbId.empty())
        return Diagnostic{"schema.missing_db_id",
                          fmt::format("{} is a tables.json: name the schema with its db_id", spec.path.string()), {}, {}};
    auto text = sourceText(spec, {input_limits::kTablesJson, "tables.json file"}, "tables.json");
    if (!text) return text.error();
    auto schema = parseSpiderSchema(*text, spec.dbId, spec.path.string());
    if (!schema) return schema.error();
    if (!spec.name.empty()) schema->name = spec.name;
    SchemaSource source{std::move(*schema), std::nullopt};
    if (spec.original.empty() && !spec.originalContent) return source;
    auto connection = spec.originalContent ? exec::Connection::deserializeCopy(*spec.originalContent)
                                           : exec::Connection::openReadOnly(spec.original);
    if (!connection) {
        Diagnostic error = connection.error();
        if (spec.originalContent) error.message = fmt::format("original database {}: {}", spec.original.string(), error.message);
        return error;
    }
    if (auto declared = introspectSchema(*connection, source.schema.name); declared) {
        source.constraintNotes = adoptDeclaredConstraints(source.schema, *declared);
    } else {
        source.constraintNotes.push_back(fmt::format("the schema of the original database {} cannot be read ({}); "
                                                     "the constraints are tables.json's",
                                                     spec.original.string(), declared.error().message));
    }
    if (spec.originalContent) {
        source.original = *spec.originalContent;
        return source;
    }
    auto bytes = connection->serialize();
    if (!bytes) return bytes.error();
    source.original = std::move(*bytes);
    return source;
}

} // namespace

Result<SchemaSource> openSchemaSource(const SchemaSourceSpec& spec)
{
    Result<SchemaSource> source = openError("unknown kind of schema source");
    switch (spec.kind) {
    case SchemaSourceKind::SqliteFile: source = openSqlite(spec); break;
    case SchemaSourceKind::DdlScript: source = openDdl(spec); break;
    case SchemaSourceKind::SchemaFile: source = openSchemaFile(spec); break;
    }
    if (source) source->kind = spec.kind;
    // Whatever layer noticed it (a file read, SQLite refusing a DDL script), the
    // schema could not be loaded: front ends place and class the error by this.
    else return attributed(source.error(), DiagnosticKind::Schema, DiagnosticSubject::Schema);
    return source;
}

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
