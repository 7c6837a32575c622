// The bundled audit example (resources/examples/audit/): eleven questions on the
// `concerts` schema with a model's predictions, where exact set match, execution on
// the original database and test-suite accuracy disagree in several ways. Core reads
// real files, so the example is unpacked into a directory first — the files, the
// original database built from its SQL, a test suite distilled for the gold queries —
// and then built like any project. Blocking; runs on AuditBuildRunner's thread.
#pragma once

#include "ui/audit/audit_build.h"

namespace sqleq::ui {

/// Where the example project is kept once built (the application's data directory),
/// so verdicts given on it survive a restart.
QString bundledAuditExampleProject();

/// Unpacks the example next to `projectPath` and builds the project there.
AuditBuildOutcome buildBundledAuditExample(const QString& projectPath, const suite::ProgressCallback& progress,
                                           const std::atomic<bool>* cancel);

} // namespace sqleq::ui
