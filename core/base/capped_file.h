// Reading a whole input file with a size cap: every file sqleq reads (SQL, DDL,
// tables.json, gold/prediction/question files, sessions) goes through here, so a
// hostile path such as /dev/zero or a FIFO ends at the cap instead of exhausting
// memory. Reads at most cap + 1 bytes; never follows a read past the cap.
#pragma once

#include "core/base/result.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace sqleq {

/// The caps on input sizes, one per kind of file. SQL text is capped at 1 MiB exactly,
/// SQLite's SQLITE_LIMIT_SQL_LENGTH as sqleq sets it on every connection.
namespace input_limits {
inline constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
inline constexpr std::uint64_t kSqlText = kMiB;              ///< one query, a --sql-file
inline constexpr std::uint64_t kDdl = 16 * kMiB;              ///< a --ddl file
inline constexpr std::uint64_t kTablesJson = 16 * kMiB;       ///< a Spider tables.json (Spider's is 1.3 MB)
inline constexpr std::uint64_t kDatasetFile = 64 * kMiB;      ///< gold, predictions, questions, TSV
inline constexpr std::uint64_t kSession = 16 * kMiB;          ///< a GUI .sqleq session
inline constexpr std::uint64_t kProofFile = 16 * kMiB;        ///< a proof file (check-proof): queries and schema facts
} // namespace input_limits

/// What is read and how much of it is allowed; `kind` names the file in errors
/// ("SQL file", "tables.json file", "gold file").
struct FileLimit {
    std::uint64_t maxBytes = input_limits::kDatasetFile;
    std::string_view kind = "input file";
};

/// "1 MiB", "64 KiB", "300 bytes": a limit as users read it.
std::string formatByteLimit(std::uint64_t bytes);

/// The whole content of `path`, or an error naming the file: "io.open" (missing,
/// unreadable, a directory), "io.read", or "io.too_large" ("FILE: larger than the
/// 64 MiB limit for a tables.json file"). Regular files larger than the cap are
/// refused before reading; devices, FIFOs and files that grow are read in chunks and
/// refused as soon as byte cap + 1 arrives. Thread-safe; no exceptions.
Result<std::string> readFileCapped(const std::filesystem::path& path, const FileLimit& limit);

/// The "io.too_large" diagnostic for text that did not come from a file (an inline
/// option, one line of a batch file): "WHAT: N bytes, larger than the LIMIT limit for KIND".
Diagnostic tooLargeError(std::string_view what, std::uint64_t size, const FileLimit& limit);

} // namespace sqleq
