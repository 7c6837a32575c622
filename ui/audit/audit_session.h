// The inspector Session of one audit item: its gold, prediction and question, the
// project's settings (profile, seed, plug-value, keep-distinct) and prebuilt suite, and
// the schema its metrics used — tables.json with the db_id, its original database
// (dataset::DatasetLayout) first in the suite; without tables.json, the original
// database itself. Plain data; touches the file system only to check what exists.
#pragma once

#include "core/audit/audit.h"
#include "ui/session/session.h"

namespace sqleq::ui {

/// The project's settings, stored whole with it; `base` supplies only the worker threads.
Session sessionForItem(const audit::AuditItem& item, const audit::ProjectSources& sources,
                       const inspect::CheckSettings& base);

/// Why the inputs on screen (`shown`: schema, gold, candidate) are not those of an item's
/// session `item`, in words for the status bar; empty when they are. A verdict recorded
/// on other inputs than the item's would be a verdict on something else.
QString inputsDifferFromItem(const Session& shown, const Session& item);

/// A sentence for the Verdict panel when the user's Settings (`user`) ask for another
/// setting than the project records (profile, seed, budgets, timeout, conventions): the project's are used, and it says so.
/// Empty when they agree.
QString projectSettingsNote(const audit::ProjectSources& sources, const inspect::CheckSettings& user);

} // namespace sqleq::ui
