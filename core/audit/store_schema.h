// store_schema: the on-disk format of a `.sqleq-audit` project — its identifying
// application_id, its format version (user_version), the tables, and the
// connection settings every store connection runs with. Internal to core/audit;
// a format change bumps kFormatVersion and adds a migration step here.
#pragma once

#include "core/base/result.h"

#include <cstdint>
#include <filesystem>

struct sqlite3;

namespace sqleq::audit::detail {

/// "sqeq" in ASCII: lets `file(1)`-style checks and open() tell a project from any
/// other SQLite database.
inline constexpr std::int32_t kApplicationId = 0x73716571;
/// Version of the table layout; open() refuses files from a newer sqleq.
inline constexpr std::int32_t kFormatVersion = 2;

/// WAL, synchronous=FULL, foreign keys, busy timeout: the durability promise of the
/// store (a returned success survives a killed process and a power cut).
Status configureConnection(sqlite3* db, const std::filesystem::path& file);

/// Creates the tables and stamps application_id and user_version; run inside the
/// creating transaction so a failed create leaves no half-made format behind.
Status createTables(sqlite3* db, const std::filesystem::path& file);

/// Checks that an opened file is a project this build can read, and not corrupt
/// (PRAGMA quick_check). Runs before configureConnection so that a foreign file is
/// never switched to WAL. Errors "audit.open" name the file.
Status validateProject(sqlite3* db, const std::filesystem::path& file);

} // namespace sqleq::audit::detail
