// Opens the database named by --db, --ddl or --tables/--db-id.

#include "app/cli/database_source.h"

#include "core/dataset/spider_files.h"
#include "core/schema/ddl_loader.h"
#include "core/schema/ddl_writer.h"

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

Diagnostic missingDbId(const DatabaseSourceOptions& options)
{
    return Diagnostic{"cli.missing", fmt::format("--tables {} is a tables.json: name the schema with --db-id",
                                                 options.tablesPath), {}, {}};
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
        // The one opener, so an original beside tables.json gives its declared keys here too.
        auto source = openSchemaSource(options);
        if (!source) return source.error();
        return schema::createDatabase(source->schema);
    }
    return missingSource();
}

dataset::DatasetLayout datasetLayout(const DatabaseSourceOptions& options)
{
    return {.tables = options.tablesPath};
}

Result<schema::SchemaSource> openSchemaSource(const DatabaseSourceOptions& options)
{
    if (options.tablesPath.empty() && options.sqlitePath.empty() && options.ddlPath.empty()) return missingSource();
    if (!options.tablesPath.empty()) {
        if (!schema::isCsvSchemaPath(options.tablesPath) && options.dbId.empty()) return missingDbId(options);
        return datasetLayout(options).schemaSource(options.dbId);
    }
    if (!options.ddlPath.empty())
        return schema::openSchemaSource({.kind = schema::SchemaSourceKind::DdlScript, .path = options.ddlPath});
    return schema::openSchemaSource({.kind = schema::SchemaSourceKind::SqliteFile, .path = options.sqlitePath});
}

} // namespace sqleq::cli
