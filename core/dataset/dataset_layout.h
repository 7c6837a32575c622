// DatasetLayout: where a dataset's files are, and the one owner of the rules that find
// them — which db_ids may name a folder, DIR/<db_id>/<db_id>.sqlite for an original
// database (by default `database` beside tables.json), DIR/<db_id>/*.sqlite for a
// prebuilt suite, <descriptions>/<db_id>/ for BIRD's column descriptions. The CLI, the
// inspector, Python, `eval`, the audit and the report build one from the folders a user
// names and ask it; none joins a db_id to a folder itself. It only reads files.
#pragma once

#include "core/base/result.h"
#include "core/dataset/column_descriptions.h"
#include "core/exec/connection.h"
#include "core/schema/schema_source.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::dataset {

/// What a caller already holds of a dataset, used in place of its files (a task shipped
/// to a machine that cannot see them, a Qt resource): the layout's paths then only name
/// them. Held tables text may stand for a file that is not where `tables` says, so the
/// default `database` folder beside it is not searched; a named `originalDatabases` is.
struct HeldFiles {
    std::optional<std::string> tables{};      ///< the tables file's text
    std::optional<exec::Bytes> original{};    ///< the db_id's original database
};

struct DatasetLayout {
    std::filesystem::path tables{};             ///< a Spider/BIRD tables.json or a classical NAME-schema.csv
    std::filesystem::path originalDatabases{};  ///< DIR/<db_id>/<db_id>.sqlite; empty: `database` beside tables
    std::filesystem::path suites{};             ///< prebuilt suites DIR/<db_id>/*.sqlite; empty: none
    /// BIRD's DIR/<db_id>/<table>.csv; empty: `database_description` beside tables.
    std::filesystem::path descriptions{};

    /// Where the original databases are: `originalDatabases`, else `database` beside tables.
    [[nodiscard]] std::filesystem::path originalDatabasesFolder() const;

    /// DIR/<db_id>/<db_id>.sqlite, whether or not the file exists. Errors
    /// ("dataset.db_id") for a db_id that cannot name a folder (checkDbId).
    [[nodiscard]] Result<std::filesystem::path> originalDatabasePath(std::string_view dbId) const;

    /// The original database of `dbId`, serialized (opened read-only). Errors
    /// ("dataset.original") name the file: missing, not a database, unreadable.
    [[nodiscard]] Result<exec::Bytes> readOriginal(std::string_view dbId) const;

    /// The text of `tables`, under core's cap for schema files. Errors name the file.
    [[nodiscard]] Result<std::string> readTables() const;

    /// The schema `dbId` of `tables` through schema::openSchemaSource. A tables.json
    /// brings the db_id's original database along when the file exists (its DDL gives the
    /// constraints, its bytes land in SchemaSource::original); one that exists and does
    /// not open is an error naming it, never skipped. A NAME-schema.csv has no original
    /// and needs no db_id. Errors name the file or the db_id at fault.
    [[nodiscard]] Result<schema::SchemaSource> schemaSource(std::string_view dbId, const HeldFiles& held = {}) const;

    /// Whether `suites` holds a folder for `dbId` (a bad db_id holds none).
    [[nodiscard]] bool hasSuite(std::string_view dbId) const;

    /// The prebuilt suite of `dbId`: every file of DIR/<db_id>/ with ".sqlite" in its name,
    /// sorted by name with digit runs compared as numbers (db_2 before db_10), as
    /// test-suite-sql-eval reads it. Errors ("suite.import") name the folder: none, empty,
    /// unreadable; ("dataset.db_id") a bad db_id.
    [[nodiscard]] Result<std::vector<std::filesystem::path>> suiteFiles(std::string_view dbId) const;

    /// The folder of `dbId`'s column descriptions when it exists: `descriptions`/<db_id>,
    /// or `database_description`/<db_id> beside tables.
    [[nodiscard]] std::optional<std::filesystem::path> descriptionFolder(std::string_view dbId) const;

    /// The column descriptions of `dbId` (readColumnDescriptions); none when the folder
    /// does not exist. Errors name the folder.
    [[nodiscard]] Result<ColumnDescriptions> readDescriptions(std::string_view dbId) const;

    /// An error ("dataset.folder") naming `folder` as `role` ("databases", "suites") when
    /// it is not a directory; for the folders a caller requires.
    static Status requireFolder(const std::filesystem::path& folder, std::string_view role);
};

/// Whether `dbId` can name a folder of the layout: not empty, no '/' or '\\', not "." or
/// "..". The error ("dataset.db_id") names it and says why.
Status checkDbId(std::string_view dbId);

} // namespace sqleq::dataset
