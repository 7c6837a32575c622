// Building an audit project: read a gold file and a predictions file (and optionally
// questions), distill the test suites when none are given, compute every metric their
// inputs allow with core's evaluateSubmission, and create the `.sqleq-audit` store
// holding sources, items and metrics (core's audit::buildProject does it all). Blocking and
// Qt-widget free, so it runs on a worker thread (AuditBuildRunner) and in tests alike.
#pragma once

#include "core/inspect/check_request.h"
#include "core/suite/suite.h"

#include <QString>

#include <atomic>
#include <cstddef>

namespace sqleq::ui {

/// What "New Audit Project…" asks for. Empty optional paths switch their metrics off.
struct AuditBuildRequest {
    QString gold;         ///< `SQL<TAB>db_id` per line
    QString predictions;  ///< one SQL per line, same order
    QString tables;       ///< Spider tables.json (ESM, hardness, the inspector's schema)
    QString databases;    ///< optional: DIR/<db_id>/<db_id>.sqlite (exec, SQL-Eval)
    QString suites;       ///< optional: DIR/<db_id>/*.sqlite (test-suite accuracy)
    /// With no suites: distill them first, into suitesDirectoryFor(output).
    bool distillSuites = true;
    QString questions;    ///< optional: `index<TAB>db_id<TAB>question`
    QString output;       ///< the new `.sqleq-audit` file; must not exist yet
    /// Every setting of the project's metrics and verdicts, recorded whole in the project:
    /// its items open with them. A dataset's convention is spider's, whatever the schema.
    inspect::CheckSettings settings{};
};

struct AuditBuildOutcome {
    QString error;        ///< names the file or line at fault; empty on success
    bool cancelled = false;
    QString path;         ///< the project written
    QString distilledSuites;  ///< the suites distilled for it; empty when none were
    std::size_t items = 0;
    std::size_t disagreeing = 0;
    double seconds = 0;           ///< the metrics' evaluation
    double distillSeconds = 0;    ///< distilling the suites, when the build did
};

/// Where a build with no suites distills them: `NAME-suites` beside `NAME.sqleq-audit`.
QString suitesDirectoryFor(const QString& projectPath);

/// Runs the whole build on the calling thread; `progress` is called on it too. On
/// cancel or error no project file is left behind.
AuditBuildOutcome buildAuditProject(const AuditBuildRequest& request, const suite::ProgressCallback& progress,
                                    const std::atomic<bool>* cancel);

} // namespace sqleq::ui
