// A counterexample the inspector cannot shrink says why, and one taken from a later
// separating database says which and why the first was not used: the banner, the
// database view's caption and the results pane name the same database. The suites are
// prebuilt files, so the first one can break the schema's CHECK (as a user's file may)
// and nothing sampled comes before it.
#include "core/schema/ddl_loader.h"
#include "core/suite/suite.h"
#include "core/suite/suite_files.h"
#include "ui/app_counterexample_export.h"
#include "ui/models/database_naming.h"
#include "ui/session/session_job.h"
#include "ui/widgets/database_view.h"
#include "ui/widgets/results_view.h"
#include "ui/widgets/verdict_banner.h"
#include "tests/ui/gui_test_main.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace sqleq;

namespace {

// The schema promises ages of 0 and more.
const std::string kSchema = "CREATE TABLE singer (id INTEGER PRIMARY KEY, name TEXT, age INTEGER CHECK (age >= 0));";
// The same table without the promise: how a file that breaks it was written.
const std::string kLoose = "CREATE TABLE singer (id INTEGER PRIMARY KEY, name TEXT, age INTEGER);";

suite::SuiteDatabase database(const std::string& ddl, const std::string& rows)
{
    auto loaded = schema::loadDatabaseFromDdl(ddl + rows, "singers");
    if (!loaded) qFatal("%s", loaded.error().message.c_str());
    auto bytes = loaded->connection.serialize();
    if (!bytes) qFatal("%s", bytes.error().message.c_str());
    return {suite::DatabaseOrigin::Imported, "", 0, std::move(*bytes)};
}

const suite::SuiteDatabase kBreaksTheCheck = database(kLoose, "INSERT INTO singer VALUES (1,'Ana',-5),(2,'Bo',40),(3,'Cy',50);");
const suite::SuiteDatabase kFive
    = database(kSchema, "INSERT INTO singer VALUES (1,'Ana',10),(2,'Bo',40),(3,'Cy',20),(4,'Di',60),(5,'Ed',70);");

/// The inspector's run of `age > 30` against every singer on a bare schema (nothing of
/// its own separates them) with `files` as the prebuilt suite.
ui::RunResultPtr run(const QTemporaryDir& dir, const std::vector<suite::SuiteDatabase>& files)
{
    const QString script = dir.filePath(QStringLiteral("singers.sql"));
    QFile ddl(script);
    if (!ddl.open(QIODevice::WriteOnly)) return nullptr;
    ddl.write(kSchema.c_str());
    ddl.close();
    suite::Suite prebuilt;
    prebuilt.dbId = "singers";
    prebuilt.databases = files;
    const QString suites = dir.filePath(QStringLiteral("suites-%1").arg(files.size()));
    if (!suite::exportSuite(prebuilt, suites.toStdString()).ok()) return nullptr;
    ui::Session session;
    session.schema = {ui::SchemaSourceKind::DdlFile, script, {}, {}};
    session.gold = QStringLiteral("SELECT count(*) FROM singer");
    session.candidate = QStringLiteral("SELECT count(*) FROM singer WHERE age > 30");
    session.settings.samplingBudget = 0;  // nothing sampled: the prebuilt files come first
    session.suitesDir = suites;
    ui::SessionJobOutcome outcome = ui::SessionJob(session, {}, nullptr).run();
    if (!outcome.result) qWarning("%s", qPrintable(outcome.error));
    return outcome.result;
}

} // namespace

class TestCounterexampleReason : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void aDatabaseShownWholeSaysWhy()
    {
        const ui::RunResultPtr result = run(m_dir, {kBreaksTheCheck});
        QVERIFY(result);
        QCOMPARE(result->check.separatingDatabase, 0);
        QVERIFY(result->counterexample);
        QVERIFY(!result->counterexampleMinimized);
        ui::DatabaseView view;
        view.setResult(result);
        view.showDatabase(ui::separatingDatabaseOnScreen(*result));
        QVERIFY(view.showingCounterexample());
        // The reason, not just "not minimized": the file breaks the schema the inspector holds it to.
        QVERIFY2(view.caption().contains(QStringLiteral("All of database #0 (singers_0.sqlite), 3 rows, not minimized ("
                                                        "the separating database does not fit schema")),
                 qPrintable(view.caption()));
    }

    void aLaterDatabaseGivesTheCounterexampleAndEveryPanelNamesIt()
    {
        const ui::RunResultPtr result = run(m_dir, {kBreaksTheCheck, kFive});
        QVERIFY(result);
        QCOMPARE(result->check.separatingDatabase, 0);
        QVERIFY(result->counterexample);
        QVERIFY(result->counterexampleMinimized);
        QCOMPARE(result->counterexampleDatabase, 1);
        QCOMPARE(result->counterexample->rowCount(), std::size_t{1});
        QCOMPARE(ui::separatingDatabaseOnScreen(*result), 1);
        QVERIFY(result->databases[1].separating);
        QVERIFY(!result->databases[0].separating);

        const QString name = QStringLiteral("#1 (singers_1.sqlite)");
        const QString why = QStringLiteral("atabase #0 (singers_0.sqlite) separates them first but could not be shrunk "
                                           "(shown whole: the separating database does not fit schema");
        ui::VerdictBanner banner;
        banner.showResult(*result);
        QVERIFY2(banner.title().contains(QStringLiteral("database %1 separates them").arg(name)),
                 qPrintable(banner.title()));
        QVERIFY2(banner.detail().contains(why), qPrintable(banner.detail()));
        ui::DatabaseView view;
        view.setResult(result);
        view.showDatabase(ui::separatingDatabaseOnScreen(*result));
        QVERIFY2(view.caption().contains(why), qPrintable(view.caption()));
        QVERIFY2(view.caption().contains(QStringLiteral("Minimal counterexample of database %1, shrunk from 5 to 1 row")
                                             .arg(name)),
                 qPrintable(view.caption()));
        ui::ResultsView results;
        results.showCounterexample(result);
        QVERIFY2(results.where().contains(QStringLiteral("counterexample of database %1,").arg(name)),
                 qPrintable(results.where()));
        // The exported script says so too, for whoever re-checks it by hand.
        const QString script = ui::CounterexampleExport::sqlScript(*result);
        QVERIFY2(script.startsWith(QStringLiteral("-- Counterexample for schema singers (1 row) from database %1,")
                                       .arg(name)),
                 qPrintable(script));
        QVERIFY2(script.contains(why), qPrintable(script));
    }
};

SQLEQ_GUI_TEST_MAIN(TestCounterexampleReason)
#include "test_counterexample_reason.moc"
