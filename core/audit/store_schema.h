// store_schema: the on-disk format of a `.sqleq-audit` project — its identifying
// application_id, its format version (user_version), the tables, and the
// connection settings every store connection runs with. Internal to core/audit;
// a format change bumps kFormatVersion and adds a migration step here.
#pragma once

#include "core/base/result.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

struct sqlite3;

namespace sqleq::audit::detail {

/// "sqeq" in ASCII: lets `file(1)`-style checks and open() tell a project from any
/// other SQLite database.
inline constexpr std::int32_t kApplicationId = 0x73716571;
/// Version of the table layout; open() refuses files from a newer sqleq.
inline constexpr std::int32_t kFormatVersion = 3;

/// WAL, synchronous=FULL, foreign keys, busy timeout: the durability promise of the
/// store (a returned success survives a killed process and a power cut).
Status configureConnection(sqlite3* db, const std::filesystem::path& file);

/// Creates the tables and stamps application_id and user_version; run inside the
/// creating transaction so a failed create leaves no half-made format behind.
Status createTables(sqlite3* db, const std::filesystem::path& file);

/// "<file>: <why>" under "audit.open": the error of a file open() refuses.
Diagnostic openError(const std::filesystem::path& file, const std::string& why);

/// The DDL scripts whose tables a file of format `version` may hold, byte for byte:
/// for the current format the one create() runs and each older format's upgraded by
/// migrate(). Empty for a version this build does not know.
std::vector<std::string> referenceScripts(std::int32_t version);

/// Upgrades a verified file of an older format to kFormatVersion in one transaction
/// (nothing when it is current). Needs a read-write connection.
Status migrate(sqlite3* db, const std::filesystem::path& file, std::int32_t version);

/// Checks that an opened file is a project this build can read, before any query
/// touches its tables: application_id, format version, every table exactly as
/// sqleq defines it (no view, trigger or other object), the project row, row counts
/// within the store's limits, annotations that name an existing item and a listed
/// reason, PRAGMA quick_check. Returns the format version. Runs before
/// configureConnection so that a refused file is never switched to WAL or changed.
/// Errors "audit.open" name the file and what is wrong.
Result<std::int32_t> verifyProject(sqlite3* db, const std::filesystem::path& file);

} // namespace sqleq::audit::detail
