// Schema → DDL text, and Schema → an empty in-memory database built from it.
// The DDL is what SQLite will accept back (the round trip DDL → Schema → DDL is
// stable); sqlite_sequence is never emitted, an AUTOINCREMENT key recreates it.
#pragma once

#include "core/base/result.h"
#include "core/exec/connection.h"
#include "core/schema/schema.h"

#include <string>
#include <string_view>

namespace sqleq::schema {

/// `"name"`, with embedded double quotes doubled.
std::string quoteIdentifier(std::string_view name);

/// One CREATE TABLE statement (no trailing ';'): columns with declared types,
/// NOT NULL, DEFAULT, then PRIMARY KEY, UNIQUE, FOREIGN KEY and CHECK clauses.
std::string createTableSql(const Table& table);

/// Every table's CREATE TABLE, in schema order, each ending with ";\n".
std::string toDdl(const Schema& schema);

/// A new in-memory database with the schema's (empty) tables. Errors
/// ("schema.build") name the schema and the table SQLite refused.
Result<exec::Connection> createDatabase(const Schema& schema);

} // namespace sqleq::schema
