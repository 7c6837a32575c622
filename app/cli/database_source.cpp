// Opens the database named by --db, --ddl or --tables/--db-id.

#include "app/cli/database_source.h"

#include "core/dataset/spider_files.h"
#include "core/schema/csv_schema_loader.h"
#include "core/schema/ddl_loader.h"
#include "core/schema/ddl_writer.h"
#include "core/schema/schema_source.h"
#include "core/schema/spider_tables.h"

#include <fmt/format.h>


namespace sqleq::cli {
namespace {

// Script errors carry a span into the file; users want its line and column.
Diagnostic withPosition(Diagnostic error, const std::string& path)
{
    if (auto text = dataset::readTextFile(path, {input_limits::kDdl, "DDL file"}); text && error.span.valid()) {
        error.message = fmt::format("{}: {}", path, formatDiagnostic(*text, error));
    }
    return error;
}

Diagnostic missingSource()
{
    return Diagnostic{"cli.missing", "a database is required: give --db FILE, --ddl FILE or --tables FILE --db-id ID",
                      {}, {}};
}

/// The schema --tables names: a classical `-schema.csv` (foreign keys by the name rule
/// only: no golds to read joins from), else the --db-id entry of a tables.json.
Result<schema::Schema> loadTablesSchema(const DatabaseSourceOptions& options)
{
    if (schema::isCsvSchemaPath(options.tablesPath)) return schema::loadCsvSchema(options.tablesPath);
    if (options.dbId.empty())
        return Diagnostic{"cli.missing", fmt::format("--tables {} is a tables.json: name the schema with --db-id",
                                                     options.tablesPath), {}, {}};
    // The one opener, so an original beside tables.json gives its declared keys here too.
    auto source = schema::openSchemaSource(
        {.kind = schema::SchemaSourceKind::SchemaFile, .path = options.tablesPath, .dbId = options.dbId});
    if (!source) return source.error();
    return std::move(source->schema);
}

} // namespace

void addDatabaseSourceOptions(CLI::App& command, DatabaseSourceOptions& options)
{
    auto* sqlite = command.add_option("--db", options.sqlitePath, "SQLite database file (opened read-only)");
    auto* ddl = command.add_option("--ddl", options.ddlPath,
                                   "SQL script with CREATE TABLE (and INSERT) statements, run into memory");
    auto* tables = command.add_option("--tables", options.tablesPath,
                                      "Spider tables.json (with --db-id) or a NAME-schema.csv; the schema becomes an empty database");
    auto* dbId = command.add_option("--db-id", options.dbId, "Schema to take from --tables");
    sqlite->excludes(ddl)->excludes(tables);
    ddl->excludes(sqlite)->excludes(tables);
    tables->excludes(sqlite)->excludes(ddl);
    dbId->needs(tables);
}

Result<exec::Connection> openDatabaseSource(const DatabaseSourceOptions& options)
{
    if (!options.sqlitePath.empty()) return exec::Connection::openReadOnly(options.sqlitePath);
    if (!options.ddlPath.empty()) {
        auto loaded = schema::loadDatabaseFromDdlFile(options.ddlPath);
        if (!loaded) return withPosition(loaded.error(), options.ddlPath);
        return std::move(loaded->connection);
    }
    if (!options.tablesPath.empty()) {
        auto schema = loadTablesSchema(options);
        if (!schema) return schema.error();
        return schema::createDatabase(*schema);
    }
    return missingSource();
}

schema::SchemaSourceSpec schemaSourceSpec(const DatabaseSourceOptions& options)
{
    schema::SchemaSourceSpec spec;
    if (!options.tablesPath.empty()) {
        spec.kind = schema::SchemaSourceKind::SchemaFile;
        spec.path = options.tablesPath;
        spec.dbId = options.dbId;
    } else if (!options.ddlPath.empty()) {
        spec.kind = schema::SchemaSourceKind::DdlScript;
        spec.path = options.ddlPath;
    } else {
        spec.kind = schema::SchemaSourceKind::SqliteFile;
        spec.path = options.sqlitePath;
    }
    return spec;
}

Result<schema::SchemaSource> openSchemaSource(const DatabaseSourceOptions& options)
{
    if (options.tablesPath.empty() && options.sqlitePath.empty() && options.ddlPath.empty()) return missingSource();
    if (!options.tablesPath.empty() && !schema::isCsvSchemaPath(options.tablesPath) && options.dbId.empty())
        return Diagnostic{"cli.missing", fmt::format("--tables {} is a tables.json: name the schema with --db-id",
                                                     options.tablesPath), {}, {}};
    return schema::openSchemaSource(schemaSourceSpec(options));
}

} // namespace sqleq::cli
