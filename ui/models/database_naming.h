// How the GUI names a database of a run: "#6 (concerts_0.sqlite)", the words of
// inspect::databaseName, where "#N" is the position in the run's database list (the
// Suite databases table) and the label is the same everywhere. Every panel that names
// a database of the run goes through here; no other numbering is shown.
#pragma once

#include "ui/session/run_result.h"

#include <QString>

namespace sqleq::ui {

/// "#6 (concerts_0.sqlite)"; "#6" alone for an index the run does not have.
QString databaseName(const RunResult& result, int index);

/// The same words for a label known without a run.
QString databaseName(int index, const QString& label);

/// The separating database whose counterexample is on screen: the one it was shrunk
/// from (a later one when the first could not be shrunk), else the check's separating
/// database; -1 when none separates. Every panel that names "the" separating database
/// (banner, database view, the audit Verdict panel) asks here.
int separatingDatabaseOnScreen(const RunResult& result);

/// databaseName() of separatingDatabaseOnScreen(); empty when none separates.
QString separatingDatabaseOnScreenName(const RunResult& result);

} // namespace sqleq::ui
