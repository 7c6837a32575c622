// Loads a Schema from a `<name>-schema.csv` file, the schema format of the classical
// text-to-SQL datasets (Academic, Advising, ATIS, Geography, IMDB, Restaurants,
// Scholar, Yelp): one row per column, `Table Name, Field Name, Is Primary Key,
// Is Foreign Key, Type`, tables separated by rows of dashes. Foreign keys are only
// flagged there, never given a target: inferForeignKeysByName and addJoinForeignKey
// name them (the rules are documented on each). Reading and inference only; nothing
// here runs SQL.
#pragma once

#include "core/base/result.h"
#include "core/schema/schema.h"
#include "core/schema/schema_source.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace sqleq::schema {

/// The file name suffix that marks a classical schema file (isCsvSchemaPath and
/// csvSchemaName, which name a source, are declared in schema_source.h).
inline constexpr std::string_view kCsvSchemaSuffix = "-schema.csv";

/// Parses a schema CSV text. Columns are found by their header names (case and
/// spaces ignored), so their order may vary; cells may be double-quoted
/// ("decimal(1,1)"). Flags read y/yes/true as set and n/no/-/empty as unset. One
/// variant is recognised: a file whose key column holds MySQL DESCRIBE's PRI/MUL/UNI
/// (Advising) is read as DESCRIBE output (Field, Type, Null, Key, Default, Extra):
/// PRI marks the primary key, MUL a foreign key candidate, Null=NO a NOT NULL column.
/// "NOT NULL" / "DEFAULT NULL" after a type, or in a trailing cell, set notNull.
/// Types are kept as declared (MySQL's int(11), varchar(255), double) and get SQLite's
/// affinity for them. Primary-key columns of one table form one key in file order.
/// Foreign keys are inferred by name (inferForeignKeysByName). Errors
/// ("schema.csv") name `source`, the line and the cell at fault.
Result<Schema> parseCsvSchema(std::string_view text, std::string name, std::string_view source = "schema.csv");

/// Reads `path` (capped like a tables.json) and parses it; the schema is named
/// csvSchemaName(path) and errors name the file.
Result<Schema> loadCsvSchema(const std::filesystem::path& path);

/// Name rule: a column flagged as a foreign key whose name equals the single-column
/// primary key of exactly one other table, where that key is not flagged itself,
/// references that key (CITY.STATE_NAME → STATE.STATE_NAME; HIGHLOW's flagged key
/// STATE_NAME makes HIGHLOW a child of STATE, not a second owner). Returns how many
/// keys were added. `flagged` lists, per table, the flagged column names.
std::size_t inferForeignKeysByName(Schema& schema, const std::vector<std::vector<std::string>>& flagged);

/// Join rule: the gold queries equate `aTable.aColumn` with `bTable.bColumn`. The
/// referenced side is the stronger of: a table's whole single-column primary key, then
/// a column named after its own table (ATIS's CITY.CITY_CODE, Yelp's
/// business.business_id; those datasets declare few keys); the other side references
/// it. When both are whole keys, the side whose column is named after the other table
/// refers to it (LOCATION.RESTAURANT_ID → RESTAURANT.ID); other ties add nothing. A
/// referenced column that itself references a key is followed to that key. Nothing is
/// added for a table joined with itself, when the child column already has a foreign
/// key, or when the key would close a cycle (the sampler fills parents before
/// children). True when a key was added.
bool addJoinForeignKey(Schema& schema, std::string_view aTable, std::string_view aColumn, std::string_view bTable,
                       std::string_view bColumn);

} // namespace sqleq::schema
