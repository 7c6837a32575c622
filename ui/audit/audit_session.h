// The inspector Session of one audit item: its gold, prediction and question, the
// project's plug-value/keep-distinct and prebuilt suites, and the best schema source
// at hand — the original database when the project names a databases directory that
// holds it (rows and all, as the exec metric saw it), else tables.json with the db_id.
// Plain data; touches the file system only to check that the database file exists.
#pragma once

#include "core/audit/audit.h"
#include "ui/session/session.h"

namespace sqleq::ui {

/// The original database of `dbId` under `databasesDir` (DIR/<db_id>/<db_id>.sqlite),
/// empty when the directory is not given or the file does not exist.
QString originalDatabasePath(const QString& databasesDir, const QString& dbId);

/// `base` supplies what the project does not decide (profile, seed, budget, timeout).
Session sessionForItem(const audit::AuditItem& item, const audit::ProjectSources& sources, const RunSettings& base);

} // namespace sqleq::ui
