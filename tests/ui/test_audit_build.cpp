// Building an audit project from gold, predictions and tables.json alone, offscreen:
// the build distills the test suites itself (next to the project) in the background,
// so every item gets a test-suite verdict; a cancelled build leaves neither the
// project nor any suite file behind. Same code path as New Audit Project….

#include "ui/audit/audit_build.h"
#include "ui/audit/audit_build_runner.h"
#include "ui/audit/audit_project.h"
#include "ui/audit/new_audit_dialog.h"

#include "core/suite/suite.h"
#include "tests/ui/gui_test_main.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace sqleq;

namespace {

constexpr int kBuildTimeoutMs = 180'000;

/// The bundled example's gold, predictions and tables.json in `dir`, and a request
/// over them with no suites and no original databases.
ui::AuditBuildRequest exampleRequest(const QDir& dir)
{
    for (const char* name : {"gold.sql", "predictions.txt", "tables.json"}) {
        QFile::copy(QStringLiteral(":/examples/audit/%1").arg(QLatin1String(name)), dir.filePath(QLatin1String(name)));
        QFile(dir.filePath(QLatin1String(name))).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    }
    ui::AuditBuildRequest request;
    request.gold = dir.filePath(QStringLiteral("gold.sql"));
    request.predictions = dir.filePath(QStringLiteral("predictions.txt"));
    request.tables = dir.filePath(QStringLiteral("tables.json"));
    request.output = dir.filePath(QStringLiteral("example.sqleq-audit"));
    return request;
}

} // namespace

class TestAuditBuild : public QObject {
    Q_OBJECT

private slots:
    void buildsWithItsOwnSuites()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const ui::AuditBuildRequest request = exampleRequest(QDir(dir.path()));
        ui::AuditBuildRunner runner;
        QSignalSpy finished(&runner, &ui::AuditBuildRunner::finished);
        QSignalSpy failed(&runner, &ui::AuditBuildRunner::failed);
        QSignalSpy progress(&runner, &ui::AuditBuildRunner::progress);
        QVERIFY(runner.start(request));
        QTRY_VERIFY_WITH_TIMEOUT(!runner.isRunning(), kBuildTimeoutMs);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
        QCOMPARE(finished.count(), 1);
        const QString suites = ui::suitesDirectoryFor(request.output);
        QCOMPARE(finished.first().at(3).toString(), suites);
        bool distillReported = false;
        for (const QList<QVariant>& step : progress)
            distillReported |= step.at(2).toString().startsWith(QStringLiteral("Distilling test suites: concerts"));
        QVERIFY(distillReported);

        auto files = suite::listSuiteFiles(suites.toStdString(), "concerts");
        QVERIFY2(files.ok() && !files->empty(), "no suite files were distilled");
        QString error;
        auto project = ui::AuditProject::open(request.output, QStringLiteral("alice"), &error);
        QVERIFY2(project, qPrintable(error));
        QCOMPARE(QString::fromStdString(project->sources().suites), suites);
        QCOMPARE(project->items()->size(), std::size_t{11});
        int rejected = 0;
        for (const audit::AuditItem& item : *project->items()) {
            QVERIFY2(item.metrics.testSuite.has_value(), qPrintable(QString::number(item.index)));
            rejected += !*item.metrics.testSuite;
        }
        QVERIFY(rejected > 0);  // the example's suite separates some predictions
        QVERIFY(QDir(dir.path()).entryList({QStringLiteral("*.partial-*")}, QDir::AllEntries).isEmpty());
    }

    void cancelLeavesNothingBehind()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const ui::AuditBuildRequest request = exampleRequest(QDir(dir.path()));
        const QStringList before = QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
        ui::AuditBuildRunner runner;
        QSignalSpy cancelled(&runner, &ui::AuditBuildRunner::cancelled);
        QSignalSpy finished(&runner, &ui::AuditBuildRunner::finished);
        // Cancelled while the suites are being distilled, as the status bar's button does.
        connect(&runner, &ui::AuditBuildRunner::progress, &runner, [&runner](int, int, const QString& what) {
            if (what.startsWith(QStringLiteral("Distilling"))) runner.cancel();
        });
        QVERIFY(runner.start(request));
        QTRY_VERIFY_WITH_TIMEOUT(!runner.isRunning(), kBuildTimeoutMs);
        QCOMPARE(cancelled.count(), 1);
        QCOMPARE(finished.count(), 0);
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), before);
    }

    void dialogSaysWhereSuitesGo()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ui::NewAuditDialog dialog(dir.path());
        ui::AuditBuildRequest request = exampleRequest(QDir(dir.path()));
        dialog.setRequest(request);
        auto* note = dialog.findChild<QLabel*>(QStringLiteral("suitesNote"));
        QVERIFY(note);
        QVERIFY2(note->text().contains(ui::suitesDirectoryFor(request.output)), qPrintable(note->text()));
        QVERIFY(dialog.problem().isEmpty());
        QVERIFY(QDir().mkpath(ui::suitesDirectoryFor(request.output)));
        QVERIFY(dialog.problem().contains(QStringLiteral("already exists")));
        request.suites = ui::suitesDirectoryFor(request.output);
        dialog.setRequest(request);
        QVERIFY(dialog.problem().isEmpty());
    }
};

SQLEQ_GUI_TEST_MAIN(TestAuditBuild)
#include "test_audit_build.moc"
