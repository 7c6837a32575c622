// Loads Schemas from a Spider-style tables.json (table_names_original,
// column_names_original, column_types, primary_keys, foreign_keys). JSON errors
// and malformed entries become Diagnostics naming the file, db_id and position;
// nlohmann's exceptions never leave this file.
#pragma once

#include "core/base/result.h"
#include "core/schema/schema.h"
#include "core/schema/schema_source.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::schema {

// listSpiderDbIds and listSpiderDbIdsInFile, which name the schemas a file offers, are
// declared in schema_source.h.

/// The schema of `dbId` in a tables.json text ("schema.tables_json" errors).
/// Declared types: number → NUMERIC, text → TEXT, time → DATETIME, boolean →
/// BOOLEAN, others → BLOB (logicalType keeps Spider's type). Primary-key columns
/// of one table form one (possibly composite) key; foreign-key pairs from one
/// table to the same parent that together cover the parent's composite key form
/// one composite foreign key. A listed sqlite_sequence table is dropped and
/// recreated by SQLite: the first table with a single numeric key gets
/// INTEGER PRIMARY KEY AUTOINCREMENT (world_1 needs this).
Result<Schema> parseSpiderSchema(std::string_view jsonText, std::string_view dbId,
                                 std::string_view source = "tables.json");

/// Every schema of a tables.json text, in file order.
Result<std::vector<Schema>> parseSpiderSchemas(std::string_view jsonText,
                                               std::string_view source = "tables.json");

/// File variant of parseSpiderSchema: errors name the file.
Result<Schema> loadSpiderSchema(const std::filesystem::path& path, std::string_view dbId);

} // namespace sqleq::schema
