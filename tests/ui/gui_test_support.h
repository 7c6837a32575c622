// What every GUI test sets up first: Qt's test mode and a private configuration and
// data directory, so the user's recent files, window geometry, saved audit places and
// settings never leak into a test, nor a test's into the user's; and the settings every
// audit-mode test starts from.
#pragma once

#include "ui/app_settings.h"
#include "ui/audit/bundled_audit_example.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtGlobal>

namespace sqleq::test {

inline void useTestSettings(const QTemporaryDir& dir)
{
    QStandardPaths::setTestModeEnabled(true);
    qputenv("XDG_CONFIG_HOME", dir.filePath(QStringLiteral("config")).toUtf8());
    qputenv("XDG_DATA_HOME", dir.filePath(QStringLiteral("data")).toUtf8());
}

/// Audit tests start as annotator "alice", with a small sampling budget and no saved
/// place for the bundled example: settings outlive a test (Qt's test mode keeps them in
/// one place), so a place saved by an earlier run must not be restored.
inline void startAuditAsAlice()
{
    ui::AppSettings settings;
    settings.setAnnotator(QStringLiteral("alice"));
    ui::RunSettings run;
    run.budget = 200;
    settings.setRunSettings(run);
    settings.setAuditPlace(ui::bundledAuditExampleProject(), {});
}

} // namespace sqleq::test
