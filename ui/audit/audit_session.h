// The inspector Session of one audit item: its gold, prediction and question, the
// project's settings (profile, seed, plug-value, keep-distinct) and prebuilt suite, and
// the schema its metrics used — tables.json with the db_id, its original database
// (DIR/<db_id>/<db_id>.sqlite) first in the suite; without tables.json, the original
// database itself. Plain data; touches the file system only to check what exists.
#pragma once

#include "core/audit/audit.h"
#include "ui/session/session.h"

namespace sqleq::ui {

/// The original database of `dbId` under `databasesDir` (DIR/<db_id>/<db_id>.sqlite),
/// empty when the directory is not given or the file does not exist.
QString originalDatabasePath(const QString& databasesDir, const QString& dbId);

/// `base` supplies what the project does not decide (sampling budget, timeout).
Session sessionForItem(const audit::AuditItem& item, const audit::ProjectSources& sources, const RunSettings& base);

} // namespace sqleq::ui
