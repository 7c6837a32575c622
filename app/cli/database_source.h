// The `--db | --ddl | --tables [--db-id]` options shared by the commands that need
// a database, and opening what they name. Files are only ever read: a `.sqlite`
// file is opened read-only, a DDL script and a tables.json schema are built in memory.
#pragma once

#include "core/base/result.h"
#include "core/exec/connection.h"
#include "core/dataset/dataset_layout.h"
#include "core/schema/schema_source.h"

#include <CLI/CLI.hpp>

#include <string>

namespace sqleq::cli {

struct DatabaseSourceOptions {
    std::string sqlitePath;  ///< --db: an existing SQLite database, opened read-only
    std::string ddlPath;     ///< --ddl: a SQL script (CREATE + INSERT) run into memory
    std::string tablesPath;  ///< --tables: a Spider tables.json ... (or a classical NAME-schema.csv)
    std::string dbId;        ///< --db-id: ... and the schema to take from it (empty database); not for a .csv
};

/// Adds the four options to `command`, with their mutual exclusions.
void addDatabaseSourceOptions(CLI::App& command, DatabaseSourceOptions& options);

/// Opens the database the options name: a --tables schema through the one opener, as
/// an empty database; the error names the file or db_id at fault.
Result<exec::Connection> openDatabaseSource(const DatabaseSourceOptions& options);

/// The dataset --tables names (its original databases in `database` beside it).
dataset::DatasetLayout datasetLayout(const DatabaseSourceOptions& options);

/// Loads the schema the options name (schema::openSchemaSource; a --tables schema through
/// datasetLayout), with the user's own database when it holds rows, or the original
/// database beside a tables.json (the test suite tries it first); the error names the
/// file or db_id at fault.
Result<schema::SchemaSource> openSchemaSource(const DatabaseSourceOptions& options);

} // namespace sqleq::cli
