// Reader for BIRD's column descriptions: a folder of `<table>.csv` files, one per table,
// each with the header `original_column_name, column_name, column_description,
// data_format, value_description`. Real files carry byte-order marks, CRLF line ends,
// quoted newlines, trailing blanks and a few cp1252 bytes; all are read, and text comes
// out as UTF-8. Only reading happens here: matching to a schema is the caller's.
#pragma once

#include "core/base/diagnostic.h"
#include "core/base/result.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqleq::dataset {

/// One row of a description file; every field trimmed, empty when the file leaves it blank.
struct ColumnDescription {
    std::string table;             ///< the file's name without `.csv`
    std::string column;            ///< original_column_name: the column as the schema spells it
    std::string readableName;      ///< column_name: a spelled-out name ("hero id")
    std::string description;       ///< column_description
    std::string dataFormat;        ///< data_format ("integer", "text", "date")
    std::string valueDescription;  ///< value_description: what the values mean
    uint32_t line = 0;             ///< 1-based line of the row's start in its file
};

struct ColumnDescriptions {
    std::vector<ColumnDescription> columns;  ///< by file name, then row order
    /// One per file that could not be read (the others are still read); each names
    /// the file and, for malformed text, the line.
    std::vector<Diagnostic> problems;

    /// The description of `table`.`column`, compared case-insensitively (ASCII) as SQLite
    /// compares identifiers; nullptr when none.
    [[nodiscard]] const ColumnDescription* find(std::string_view table, std::string_view column) const;
};

/// Caps: one description file, and the files read from one folder.
inline constexpr std::uint64_t kMaxDescriptionFileBytes = std::uint64_t{4} << 20;
inline constexpr std::size_t kMaxDescriptionFiles = 1000;

/// The rows of one description file's text. `table` fills ColumnDescription::table and
/// `fileName` names the file in errors ("dataset.csv": an unterminated quote with the
/// line it opened on; no header naming original_column_name). Valid UTF-8 is kept (a
/// BOM dropped, C1 controls read as the cp1252 characters they once were); any other
/// text is read as cp1252, which the real files use.
Result<std::vector<ColumnDescription>> parseColumnDescriptions(std::string_view text, const std::string& table,
                                                               const std::string& fileName);

/// Every `*.csv` of `folder` (sorted by name), each under kMaxDescriptionFileBytes.
/// An error only when the folder cannot be listed or holds more than
/// kMaxDescriptionFiles files; a bad file lands in `problems`. Thread-safe.
Result<ColumnDescriptions> readColumnDescriptions(const std::filesystem::path& folder);

/// Where the descriptions of a schema live, when that folder exists:
/// - a Spider/BIRD tables.json: `<its folder>/database_description/<dbId>/`
///   (the corpus layout: dev_tables.json beside database_description/);
/// - a database or DDL file: `<its folder>/database_description/` (BIRD's release puts
///   it inside each database's folder, beside `<db_id>.sqlite`).
/// `dbId` is used only for a tables.json (recognised by its `.json` extension).
std::optional<std::filesystem::path> descriptionFolderFor(const std::filesystem::path& schemaFile,
                                                          std::string_view dbId);

} // namespace sqleq::dataset
