// Loads a Schema from DDL text by letting SQLite itself execute the script into
// a private in-memory database and introspecting the result — there is no DDL
// parser here. The populated database is available too: DDL scripts may carry
// INSERTs, and `sqleq-cli --ddl F.sql` runs queries against it.
#pragma once

#include "core/base/result.h"
#include "core/exec/connection.h"
#include "core/schema/schema.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace sqleq::schema {

struct DdlDatabase {
    Schema schema;
    exec::Connection connection;  ///< in-memory, owns the script's tables and rows
};

/// Executes `ddl` (trusted: sqleq's own or the user's schema script) into a new
/// in-memory database. A `CREATE TABLE sqlite_sequence(...)` statement, which
/// SQLite refuses (dumps of AUTOINCREMENT databases contain one), is skipped.
/// Errors ("schema.ddl") name `name`, the failing statement, and span the text.
Result<DdlDatabase> loadDatabaseFromDdl(std::string_view ddl, std::string name = "ddl");

/// Like loadDatabaseFromDdl, keeping only the schema.
Result<Schema> loadSchemaFromDdl(std::string_view ddl, std::string name = "ddl");

/// Reads a .sql file (at most input_limits::kDdl bytes: "io.too_large" beyond) and
/// loads it; Schema::name is the file's stem.
Result<DdlDatabase> loadDatabaseFromDdlFile(const std::filesystem::path& path);

} // namespace sqleq::schema
