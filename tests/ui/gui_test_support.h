// What every GUI test sets up first: Qt's test mode and a private configuration and
// data directory, so the user's recent files, window geometry, saved audit places and
// settings never leak into a test, nor a test's into the user's; and the settings every
// audit-mode test starts from; running a session to its verdict.
#pragma once

#include "ui/app_settings.h"
#include "ui/audit/audit_mode.h"
#include "ui/audit/bundled_audit_example.h"
#include "ui/main_window.h"
#include "ui/models/table_rows_model.h"
#include "ui/session/session_controller.h"
#include "ui/widgets/database_view.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

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
    inspect::CheckSettings run;
    run.samplingBudget = 200;
    settings.setRunSettings(run);
    settings.setAuditPlace(ui::bundledAuditExampleProject(), {});
}

inline constexpr int kRunTimeoutMs = 120'000;

/// Opens the session at `path` in `window`, runs it and waits for its verdict; a failed
/// QVERIFY returns from here only, so callers check window.lastResult() if they go on.
inline void runToVerdict(ui::MainWindow& window, const QString& path)
{
    QSignalSpy finished(window.controller(), &ui::SessionController::finished);
    QString error;
    QVERIFY2(window.openSession(path, true, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, kRunTimeoutMs);
    QVERIFY(window.lastResult() != nullptr);
}

/// Opens the bundled audit example in `window`, building it first when needed; false
/// when it did not open.
inline bool openBundledAuditExample(ui::MainWindow& window)
{
    QSignalSpy settled(window.audit(), &ui::AuditMode::buildSettled);
    window.audit()->openBundledExample();
    if (window.audit()->isBuilding() && !settled.wait(kRunTimeoutMs)) return false;
    return window.audit()->project() != nullptr;
}

/// The tab of `table` in the database view; -1 when it has none.
inline int tabOf(const ui::DatabaseView& view, const QString& table)
{
    for (int tab = 0; tab < view.tableCount(); ++tab)
        if (view.tableModel(tab)->tableName() == table) return tab;
    return -1;
}

} // namespace sqleq::test
