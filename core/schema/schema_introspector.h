// Reads a Schema out of a live SQLite database with SQLite's own PRAGMAs
// (table_list, table_info, index_list/index_info, foreign_key_list) on a TRUSTED
// connection. The database file loader and the DDL loader both end here.
#pragma once

#include "core/base/result.h"
#include "core/exec/connection.h"
#include "core/schema/schema.h"

#include <filesystem>
#include <string>

namespace sqleq::schema {

/// The schema of `conn`'s main database. Internal sqlite_* tables are skipped;
/// sqlite_sequence only sets Schema::hasSqliteSequence. Errors
/// ("schema.introspect") name `name` and the table at fault.
Result<Schema> introspectSchema(const exec::Connection& conn, std::string name);

/// Opens `path` read-only and introspects it; Schema::name is the file's stem.
/// Errors name the file (see exec::Connection::openReadOnly).
Result<Schema> loadSchemaFromDatabase(const std::filesystem::path& path);

} // namespace sqleq::schema
