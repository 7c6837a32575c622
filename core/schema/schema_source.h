// SchemaSource: what a front end loads from a user's source — its schema and, when
// a database with rows comes with it, a serialized copy, which a test suite tries
// before any sampled database. openSchemaSource is the one way in: the CLI, the
// inspector, the Python module and the audit name a source with a SchemaSourceSpec
// and none opens files itself, so every front end reads a source alike.
#pragma once

#include "core/base/result.h"
#include "core/exec/connection.h"
#include "core/schema/schema.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::schema {

enum class SchemaSourceKind {
    SqliteFile,  ///< a SQLite database, opened read-only
    DdlScript,   ///< CREATE TABLE (and INSERT) statements, run into memory
    SchemaFile,  ///< a Spider/BIRD tables.json (with dbId) or a classical NAME-schema.csv
};

struct SchemaSource {
    Schema schema;
    std::optional<exec::Bytes> original;  ///< absent for a bare schema (no table holds a row)
    /// What it was opened from: a user's own file declares its constraints, a dataset's
    /// schema file follows the dataset's conventions (inspect::promisedProfile).
    SchemaSourceKind kind = SchemaSourceKind::SchemaFile;
    /// Where a tables.json and the original database beside it disagree on a constraint,
    /// one sentence each (adoptDeclaredConstraints): the original's DDL is what is used.
    std::vector<std::string> constraintNotes{};
};

struct SchemaSourceSpec {
    SchemaSourceKind kind = SchemaSourceKind::DdlScript;
    std::filesystem::path path{};  ///< the file; with `content`, only the name messages give
    std::string dbId{};          ///< SchemaFile with a tables.json: the schema to take
    /// The source's bytes when a front end already holds them (a Qt resource, a Python
    /// string); then `path` is not read.
    std::optional<std::string> content{};
    std::string name{};          ///< the schema's name; empty: dbId, else the file's stem
    /// tables.json only: the db_id's original database, which dataset::DatasetLayout
    /// finds (DIR/<db_id>/<db_id>.sqlite). Its DDL gives the schema's constraints and its
    /// rows join every suite first, as a .sqlite source's rows do. Empty: none.
    std::filesystem::path original{};
    /// The original's bytes when a caller already holds them; `original` then only names it.
    std::optional<exec::Bytes> originalContent{};
};

/// The schema the spec names and the original database that comes with it: a .sqlite
/// file or a script's rows when some table holds one, the spec's `original` for a
/// tables.json (dataset::DatasetLayout::schemaSource finds it). A tables.json schema takes
/// its keys, UNIQUE, NOT NULL and CHECK constraints from that original's DDL
/// (declared_constraints.h), and says where they disagreed in `constraintNotes`; an
/// original that does not open is an error naming it. Files are only read (a .sqlite file read-only,
/// scripts and schema files under core's size caps). Errors name the file, the db_id
/// or the script's line and column ("schema.open", "schema.ddl", "schema.spider", ...);
/// a script given as `content` keeps its error's span into the content and the message
/// without position, for the caller to place in the text it holds. Every error is of
/// DiagnosticKind::Schema and DiagnosticSubject::Schema.
Result<SchemaSource> openSchemaSource(const SchemaSourceSpec& spec);

/// The schema of `connection` (named `name`) and its bytes when some table holds a row:
/// a script without INSERTs is a bare schema, not a database worth testing on.
Result<SchemaSource> schemaSourceFromDatabase(const exec::Connection& connection, std::string name);

// Naming a source before opening it: which kind a schema file is, the name it gives
// its schema, and which db_ids a tables.json offers to choose from.

/// True when `path` ends with "-schema.csv" (ASCII case-insensitive): a classical
/// schema file rather than a tables.json.
bool isCsvSchemaPath(const std::filesystem::path& path);

/// The schema name of a schema file: its file name without "-schema.csv"
/// ("atis-schema.csv" → "atis"); the stem for any other name.
std::string csvSchemaName(const std::filesystem::path& path);

/// The db_ids of a tables.json text, in file order. `source` names it in errors
/// ("schema.tables_json").
Result<std::vector<std::string>> listSpiderDbIds(std::string_view jsonText,
                                                 std::string_view source = "tables.json");

/// The db_ids of a tables.json file (read under core's size cap); errors name the file.
Result<std::vector<std::string>> listSpiderDbIdsInFile(const std::filesystem::path& path);

} // namespace sqleq::schema
