// store_rows: how the store's C++ values become rows and back — sources as
// key/value pairs, items with their metrics, reasons with their position. Shared by
// create() and the edits; internal to core/audit, callers hold the transaction.
#pragma once

#include "core/audit/audit.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

struct sqlite3;

namespace sqleq::audit::detail {

Status insertSources(sqlite3* db, const std::filesystem::path& file, const ProjectSources& sources);
Result<ProjectSources> readSources(sqlite3* db, const std::filesystem::path& file);

/// Errors name the item (a duplicate index, for instance).
Status insertItems(sqlite3* db, const std::filesystem::path& file, const std::vector<AuditItem>& items);
/// Reads a project of format `version` (a format-1 file opened read-only is read
/// as it is: no sqleq verdicts). At most StoreLimits::kMaxItems.
Result<std::vector<AuditItem>> readItems(sqlite3* db, const std::filesystem::path& file, std::int32_t version);
/// Errors name an index that is no item.
Status updateItemMetrics(sqlite3* db, const std::filesystem::path& file,
                         const std::vector<evaluation::ItemMetrics>& metrics);

/// "<file>: the table <table> holds more than <n> rows" ("audit.limit").
Diagnostic tooManyRows(const std::filesystem::path& file, std::string_view table, std::size_t limit);

/// Appends `reason` after the last position unless present; empty is an error.
Status insertReason(sqlite3* db, const std::filesystem::path& file, const std::string& reason);

/// True when the project has an item with this index.
Result<bool> itemExists(sqlite3* db, const std::filesystem::path& file, std::size_t index);

} // namespace sqleq::audit::detail
