// Audit mode end to end, offscreen, on real `.sqleq-audit` files: the items model and
// its filters, selecting an item runs it in the inspector (schema, gold, prediction,
// the project's prebuilt suite) while the list stays usable, verdict shortcuts write
// to the store and a reopened project shows the same state, disagreement navigation,
// export → import round trip, the annotator comparison, and the bundled example.

#include "core/audit/audit.h"
#include "core/exec/connection.h"
#include "core/schema/ddl_loader.h"
#include "core/suite/suite.h"
#include "ui/app_settings.h"
#include "ui/audit/annotation_panel.h"
#include "ui/audit/audit_build.h"
#include "ui/audit/audit_exchange.h"
#include "ui/audit/audit_filter_model.h"
#include "ui/audit/audit_item_explainer.h"
#include "ui/audit/audit_items_model.h"
#include "ui/audit/audit_items_panel.h"
#include "ui/audit/audit_mode.h"
#include "ui/audit/audit_project.h"
#include "ui/audit/audit_session.h"
#include "ui/audit/bundled_audit_example.h"
#include "ui/audit/compare_annotators_dialog.h"
#include "ui/audit/item_explanation.h"
#include "ui/main_window.h"
#include "ui/session/session_controller.h"
#include "ui/session/session_job.h"
#include "ui/widgets/verdict_banner.h"
#include "tests/core/audit_tamper_support.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace sqleq;
using ui::AuditItemsModel;

namespace {

constexpr int kRunTimeoutMs = 120'000;

/// Copies a bundled resource to `dir`; returns its path.
QString extract(const QString& resource, const QDir& dir, const QString& name)
{
    QFile in(resource);
    if (!in.open(QIODevice::ReadOnly)) return {};
    QFile out(dir.filePath(name));
    if (!out.open(QIODevice::WriteOnly)) return {};
    out.write(in.readAll());
    return out.fileName();
}

audit::AuditItem makeItem(std::size_t index, const char* db, metrics::Hardness hardness, const char* question,
                          const char* gold, const char* prediction, std::optional<bool> esm, std::optional<bool> exec,
                          std::optional<bool> testSuite, double pcm)
{
    audit::AuditItem item;
    item.index = index;
    item.dbId = db;
    item.question = question;
    item.gold = gold;
    item.prediction = prediction;
    item.metrics.index = index;
    item.metrics.dbId = db;
    item.metrics.hardness = hardness;
    item.metrics.esm = esm;
    item.metrics.exec = exec;
    item.metrics.testSuite = testSuite;
    item.metrics.pcmF1 = pcm;
    return item;
}

/// Five items on the example's `concerts` schema (plus one on `shop`), with metrics
/// as an evaluation would have stored them: 0, 1 and 3 disagree.
std::vector<audit::AuditItem> sampleItems()
{
    using H = metrics::Hardness;
    std::vector<audit::AuditItem> items{
        makeItem(0, "concerts", H::Easy, "How many singers are there?", "SELECT count(*) FROM singer",
                 "SELECT count(singer_id) FROM singer", false, true, true, 0.8),
        makeItem(1, "concerts", H::Easy, "Singers older than 30?", "SELECT name FROM singer WHERE age > 30",
                 "SELECT name FROM singer WHERE age >= 30", false, true, false, 0.9),
        makeItem(2, "concerts", H::Medium, "Concerts in 2014?", "SELECT count(*) FROM concert WHERE year = 2014",
                 "SELECT count(*) FROM concert WHERE year = 2014", true, true, true, 1.0),
        makeItem(3, "concerts", H::Hard, "Oldest singer?", "SELECT name FROM singer WHERE age = (SELECT max(age) FROM singer)",
                 "SELECT name FROM singer ORDER BY age DESC LIMIT 1", false, true, false, 0.5),
        makeItem(4, "shop", H::Medium, "Every product name", "SELECT name FROM product", "SELECT title FROM product",
                 false, false, false, 0.0),
    };
    // The suite's third database (a singer aged exactly 30) separated item 1.
    items[1].metrics.testSuiteVerdict = "different";
    items[1].metrics.separatingDatabase = 2;
    return items;
}

/// A project file in `dir` over sampleItems(), with tables.json extracted beside it.
QString makeProject(const QDir& dir, const QString& name = QStringLiteral("batch.sqleq-audit"),
                    const QString& suites = {})
{
    audit::ProjectSources sources;
    sources.gold = dir.filePath(QStringLiteral("gold.sql")).toStdString();
    sources.predictions = dir.filePath(QStringLiteral("predictions.txt")).toStdString();
    sources.tables = extract(QStringLiteral(":/examples/audit/tables.json"), dir, QStringLiteral("tables.json")).toStdString();
    sources.suites = suites.toStdString();
    sources.settings.plugValue = true;
    const QString path = dir.filePath(name);
    auto store = audit::AnnotationStore::create(path.toStdString(), sources, sampleItems());
    if (!store) qWarning("%s", store.error().message.c_str());
    return store ? path : QString();
}

/// The row count of `model` whose `role` is true.
int countRole(const QAbstractItemModel& model, int role)
{
    int count = 0;
    for (int row = 0; row < model.rowCount(); ++row) count += model.index(row, 0).data(role).toBool();
    return count;
}

} // namespace

class TestAuditMode : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(m_dir);
    }

    void init()
    {
        // Every test starts as an annotator called "alice" with no recent projects.
        test::startAuditAsAlice();
    }

    void itemsModelAndFilters()
    {
        QTemporaryDir dir;
        QString error;
        auto project = ui::AuditProject::open(makeProject(QDir(dir.path())), QStringLiteral("alice"), &error);
        QVERIFY2(project, qPrintable(error));
        ui::AuditItemsPanel panel;
        panel.setProject(project.get());
        QAbstractItemModelTester modelTester(panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(panel.filter(), QAbstractItemModelTester::FailureReportingMode::QtTest);

        AuditItemsModel* model = panel.model();
        QCOMPARE(model->rowCount(), 5);
        // SQL-Eval was computed for no item: no column for it.
        QVERIFY(model->columnOf(AuditItemsModel::Column::Esm) >= 0);
        QVERIFY(model->columnOf(AuditItemsModel::Column::PcmF1) >= 0);
        QCOMPARE(model->columnOf(AuditItemsModel::Column::SqlEval), -1);
        const int esm = model->columnOf(AuditItemsModel::Column::Esm);
        QCOMPARE(model->index(0, esm).data().toString(), QStringLiteral("✗"));
        QCOMPARE(model->index(2, esm).data().toString(), QStringLiteral("✓"));
        QVERIFY(model->index(0, esm).data(Qt::ToolTipRole).toString().contains(QStringLiteral("wrong (0)")));
        QVERIFY(model->index(0, esm).data(Qt::ForegroundRole).value<QColor>().isValid());
        QCOMPARE(model->index(1, model->columnOf(AuditItemsModel::Column::PcmF1)).data().toString(), QStringLiteral("0.90"));

        ui::AuditFilterModel* filter = panel.filter();
        QCOMPARE(countRole(*model, AuditItemsModel::DisagreeRole), 3);
        panel.disagreeFilter()->setChecked(true);
        QCOMPARE(filter->rowCount(), 3);
        panel.disagreeFilter()->setChecked(false);

        panel.hardnessFilter()->setCurrentIndex(panel.hardnessFilter()->findData(QStringLiteral("medium")));
        QCOMPARE(filter->rowCount(), 2);
        panel.databaseFilter()->setCurrentIndex(panel.databaseFilter()->findData(QStringLiteral("shop")));
        QCOMPARE(filter->rowCount(), 1);
        QCOMPARE(filter->index(0, 0).data(AuditItemsModel::ItemIndexRole).toInt(), 4);
        panel.hardnessFilter()->setCurrentIndex(0);
        panel.databaseFilter()->setCurrentIndex(0);
        QCOMPARE(filter->rowCount(), 5);

        panel.searchBox()->setText(QStringLiteral("ORDER BY age"));  // in a prediction
        QCOMPARE(filter->rowCount(), 1);
        panel.searchBox()->setText(QStringLiteral("older than"));     // in a question, case-insensitive
        QCOMPARE(filter->rowCount(), 1);
        panel.searchBox()->clear();

        QVERIFY(project->annotate(1, audit::Verdict::NotEquivalent, QStringLiteral("different constant"), {}, &error));
        QCOMPARE(panel.progressText(), QStringLiteral("1 of 5 reviewed"));
        panel.unreviewedFilter()->setChecked(true);
        QCOMPARE(filter->rowCount(), 4);
        panel.disagreeFilter()->setChecked(true);
        QCOMPARE(filter->rowCount(), 2);  // 0 and 3
        QCOMPARE(panel.progressText(), QStringLiteral("0 of 2 shown reviewed · 1 of 5 overall"));

        // Sorting by a metric column orders ✗ before ✓.
        panel.unreviewedFilter()->setChecked(false);
        panel.disagreeFilter()->setChecked(false);
        filter->sort(model->columnOf(AuditItemsModel::Column::TestSuite), Qt::AscendingOrder);
        QCOMPARE(filter->index(0, 0).data(AuditItemsModel::DisagreeRole).toBool()
                     || !filter->index(0, 0).data(AuditItemsModel::ReviewedRole).toBool(), true);
        QVERIFY(filter->index(0, model->columnOf(AuditItemsModel::Column::TestSuite)).data().toString() == QStringLiteral("✗"));
    }

    void sessionForItemPicksTheSchemaSource()
    {
        QTemporaryDir dir;
        audit::ProjectSources sources;
        sources.tables = "/data/tables.json";
        sources.originalDatabases = dir.path().toStdString();
        sources.suites = "/data/suites";
        sources.settings.keepDistinct = true;
        sources.settings.seed = 11;
        sources.settings.searchBudget = 23;
        sources.settings.setIdleBudget(640);
        const audit::AuditItem item = sampleItems()[1];
        inspect::CheckSettings base;
        base.seed = 7;
        base.samplingBudget = 77;

        // No database file: tables.json with the db_id.
        ui::Session session = ui::sessionForItem(item, sources, base);
        QCOMPARE(session.schema.kind, ui::SchemaSourceKind::SpiderTables);
        QCOMPARE(session.schema.path, QStringLiteral("/data/tables.json"));
        QCOMPARE(session.schema.dbId, QStringLiteral("concerts"));
        QCOMPARE(session.gold, QString::fromStdString(item.gold));
        QCOMPARE(session.candidate, QString::fromStdString(item.prediction));
        QCOMPARE(session.question, QString::fromStdString(item.question));
        QCOMPARE(session.schema.originalDatabases, dir.path());
        // No suite folder for this db_id: the evaluation left the metric unset, the inspector distills.
        QVERIFY(session.suitesDir.isEmpty());
        // The project decides everything its verdicts depend on, stored whole with it: the
        // user's sampling budget does not reach the item, the project's search and step budgets do.
        QVERIFY(session.settings.keepDistinct);
        QVERIFY(!session.settings.plugValue);
        QCOMPARE(session.settings.seed, uint64_t{11});
        QCOMPARE(session.settings.samplingBudget, inspect::CheckSettings{}.samplingBudget);
        QCOMPARE(session.settings.searchBudget, std::size_t{23});
        QCOMPARE(session.settings.idleBudgetMs(), int64_t{640});
        QVERIFY(session.settings == sources.settings);

        // The suite folder exists: it joins the check.
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("suites/concerts")));
        sources.suites = QDir(dir.path()).filePath(QStringLiteral("suites")).toStdString();
        session = ui::sessionForItem(item, sources, base);
        QCOMPARE(session.suitesDir, QString::fromStdString(sources.suites));

        // Without tables.json the original database itself is the source.
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("concerts")));
        QFile database(QDir(dir.path()).filePath(QStringLiteral("concerts/concerts.sqlite")));
        QVERIFY(database.open(QIODevice::WriteOnly));
        database.close();
        sources.tables.clear();
        session = ui::sessionForItem(item, sources, base);
        QCOMPARE(session.schema.kind, ui::SchemaSourceKind::SqliteFile);
        QCOMPARE(session.schema.path, database.fileName());
    }

    void prebuiltSuiteJoinsTheCheck()
    {
        // A prebuilt suite with one database that holds a singer aged exactly 30: it
        // separates `age > 30` from `age >= 30`, so the inspector's verdict cannot be
        // "equivalent" where the project's test-suite column says ✗.
        QTemporaryDir dir;
        QFile ddl(QStringLiteral(":/examples/concerts/database.sql"));
        QVERIFY(ddl.open(QIODevice::ReadOnly));
        const std::string script = ddl.readAll().toStdString()
            + "\nINSERT INTO singer VALUES (1, 'Ana', 'Peru', 30);";
        auto loaded = schema::loadDatabaseFromDdl(script, "concerts");
        QVERIFY(loaded.ok());
        auto bytes = loaded->connection.serialize();
        QVERIFY(bytes.ok());
        suite::Suite prebuilt;
        prebuilt.dbId = "concerts";
        prebuilt.databases.push_back({suite::DatabaseOrigin::Imported, "thirty", 0, *bytes});
        const QString suites = QDir(dir.path()).filePath(QStringLiteral("suites"));
        QVERIFY(suite::exportSuite(prebuilt, suites.toStdString()).ok());

        ui::Session session;
        session.schema = {ui::SchemaSourceKind::SpiderTables,
                          extract(QStringLiteral(":/examples/audit/tables.json"), QDir(dir.path()), QStringLiteral("tables.json")),
                          QStringLiteral("concerts")};
        session.gold = QStringLiteral("SELECT name FROM singer WHERE age > 30");
        session.candidate = QStringLiteral("SELECT name FROM singer WHERE age >= 30");
        session.settings.samplingBudget = 0;  // nothing sampled: only the prebuilt database can separate them
        session.suitesDir = suites;
        const ui::SessionJobOutcome outcome = ui::SessionJob(session, {}, nullptr).run();
        QVERIFY2(outcome.result, qPrintable(outcome.error));
        const auto& databases = outcome.result->distilled.suite.databases;
        QCOMPARE(databases.size(), std::size_t{1});
        QCOMPARE(databases.back().origin, suite::DatabaseOrigin::Imported);
        QCOMPARE(outcome.result->check.verdict, suite::VerdictKind::Different);
        QCOMPARE(outcome.result->check.separatingDatabase, 0);
        QCOMPARE(outcome.result->databases.size(), std::size_t{1});
        QCOMPARE(outcome.result->databases.front().label, QStringLiteral("concerts_0.sqlite"));
        QVERIFY(outcome.result->databases.front().separating);

        // Without the suites directory the empty budget leaves the metric nothing to separate
        // them; the search past the suite still does, and says the metric missed it.
        session.suitesDir.clear();
        const ui::SessionJobOutcome alone = ui::SessionJob(session, {}, nullptr).run();
        QVERIFY(alone.result);
        QVERIFY(alone.result->suiteCheck.verdict != suite::VerdictKind::Different);
        QCOMPARE(alone.result->check.verdict, suite::VerdictKind::Different);
        QVERIFY(alone.result->testSuiteFalsePositive);
        QVERIFY(alone.result->databases.back().fromSearch);

        // A suites directory without this db_id is the prebuilt suite's error, told as
        // such and never pointed into the gold; a gold that does not parse is the gold's.
        // Both are placed by the diagnostic's subject, not by its code.
        session.suitesDir = QDir(dir.path()).filePath(QStringLiteral("no-suites-here"));
        const ui::SessionJobOutcome noSuite = ui::SessionJob(session, {}, nullptr).run();
        QVERIFY(!noSuite.result);
        QVERIFY2(noSuite.error.startsWith(QStringLiteral("prebuilt suite: ")), qPrintable(noSuite.error));
        QCOMPARE(noSuite.goldErrorBegin, -1);
        session.suitesDir.clear();
        session.gold = QStringLiteral("SELECT name FROM singer WHERE");
        const ui::SessionJobOutcome badGold = ui::SessionJob(session, {}, nullptr).run();
        QVERIFY(!badGold.result);
        QVERIFY2(badGold.error.startsWith(QStringLiteral("gold: ")), qPrintable(badGold.error));
        QVERIFY(badGold.goldErrorBegin >= 0);
    }

    void selectingAnItemRunsItAndTheListStaysResponsive()
    {
        QTemporaryDir dir;
        const QString path = makeProject(QDir(dir.path()));
        ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QSignalSpy started(window.controller(), &ui::SessionController::started);
        QSignalSpy finished(window.controller(), &ui::SessionController::finished);
        QString error;
        QVERIFY2(window.audit()->openProject(path, &error), qPrintable(error));
        QVERIFY(window.audit()->itemsDock()->isVisible());
        // The first item not yet reviewed is loaded and running.
        QCOMPARE(window.audit()->loadedItem(), std::optional<std::size_t>(0));
        QCOMPARE(started.count(), 1);
        QVERIFY(window.isRunning());
        ui::Session shown = window.currentSession();
        QCOMPARE(shown.gold, QStringLiteral("SELECT count(*) FROM singer"));
        QCOMPARE(shown.candidate, QStringLiteral("SELECT count(singer_id) FROM singer"));
        QCOMPARE(shown.schema.kind, ui::SchemaSourceKind::SpiderTables);
        QCOMPARE(shown.schema.dbId, QStringLiteral("concerts"));
        QVERIFY(shown.settings.plugValue);  // from the project, not the user's settings
        QVERIFY(window.windowTitle().contains(QStringLiteral("item 0")));

        // While item 0 runs, the list moves on at once: item 1 is loaded and supersedes it.
        ui::AuditItemsPanel* items = window.audit()->itemsPanel();
        QTest::keyClick(items->view(), Qt::Key_Down);
        QCOMPARE(window.audit()->loadedItem(), std::optional<std::size_t>(1));
        QCOMPARE(started.count(), 2);
        QCOMPARE(window.currentSession().candidate, QStringLiteral("SELECT name FROM singer WHERE age >= 30"));
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, kRunTimeoutMs);
        // Once item 0's superseded run has ended too: its result was dropped.
        QTRY_VERIFY_WITH_TIMEOUT(window.controller()->isIdle(), kRunTimeoutMs);
        QCoreApplication::sendPostedEvents();
        QCOMPARE(finished.count(), 1);
        QCOMPARE(window.lastResult()->session.gold, QStringLiteral("SELECT name FROM singer WHERE age > 30"));
        QCOMPARE(window.verdictBanner()->state(), ui::VerdictBanner::State::Different);
    }

    // A tampered project is refused — by openProject with the error, by the menu's
    // open with a titled dialog — and the project already open stays open, with
    // its annotations; the refused file is not changed.
    void tamperedProjectIsRefusedAndTheOpenOneStays()
    {
        QTemporaryDir dir;
        const QString path = makeProject(QDir(dir.path()));
        ui::MainWindow window;
        window.show();
        QString error;
        QVERIFY2(window.audit()->openProject(path, &error), qPrintable(error));
        ui::AuditProject* open = window.audit()->project();
        QVERIFY(open->annotate(0, audit::Verdict::Equivalent, QStringLiteral("alias"), QString(), &error));
        const auto loaded = window.audit()->loadedItem();

        int count = 0;
        for (const auto& tampering : audit::testing::tamperings()) {
            const QString bad = makeProject(QDir(dir.path()), QStringLiteral("bad%1.sqleq-audit").arg(++count));
            {
                auto store = audit::AnnotationStore::open(bad.toStdString());
                QVERIFY(store.ok());
                audit::Annotation annotation;
                annotation.annotator = "bob";
                annotation.reason = "alias";
                QVERIFY(store->setAnnotation(annotation).ok());
            }
            QVERIFY(audit::testing::tamper(bad.toStdString(), tampering));
            const auto before = audit::testing::fileState(bad.toStdString());
            error.clear();
            QVERIFY2(!window.audit()->openProject(bad, &error), tampering.name);
            QVERIFY2(error.contains(bad), qPrintable(error));
            QVERIFY2(audit::testing::mentions(error.toStdString(), tampering.expected), qPrintable(error));
            QCOMPARE(window.audit()->project(), open);
            QVERIFY(audit::testing::fileState(bad.toStdString()) == before);
        }

        // Through the menu: a dialog titled for what failed, naming the file and the fault.
        const QString bad = dir.filePath(QStringLiteral("bad1.sqleq-audit"));
        QString title;
        QString text;
        test::NextDialog<QMessageBox> report([&](QMessageBox* box) {
            title = box->windowTitle();
            text = box->text();
            box->accept();
        });
        window.audit()->openProjectReporting(bad);
        QVERIFY(report.answered());
        QCOMPARE(title, QStringLiteral("Cannot open the audit project"));
        QVERIFY2(text.contains(bad) && text.contains(QStringLiteral("items is a view, not a table")), qPrintable(text));

        QCOMPARE(window.audit()->project(), open);
        QCOMPARE(open->path(), path);
        QCOMPARE(window.audit()->loadedItem(), loaded);
        QVERIFY(open->annotation(0).has_value());
        QVERIFY(window.audit()->itemsDock()->isVisible());
    }

    void verdictShortcutsPersistAcrossReopening()
    {
        QTemporaryDir dir;
        const QString path = makeProject(QDir(dir.path()));
        {
            ui::MainWindow window;
            window.show();
            QApplication::setActiveWindow(&window);  // window shortcuts need an active window
            QVERIFY(QTest::qWaitForWindowActive(&window));
            QVERIFY(window.audit()->openProject(path, nullptr));
            ui::AnnotationPanel* panel = window.audit()->annotationPanel();
            QCOMPARE(panel->annotatorEdit()->text(), QStringLiteral("alice"));
            // A shortcut typed while the gold editor has focus: a verdict, not text.
            QWidget* editor = window.findChild<QWidget*>(QStringLiteral("goldEditor"));
            editor->setFocus();
            const QString before = window.currentSession().gold;
            panel->reasonBox()->setCurrentText(QStringLiteral("count(col) of a NOT NULL key"));
            panel->noteEdit()->setText(QStringLiteral("singer_id is the primary key"));
            QTest::keyClick(editor, Qt::Key_1, Qt::ControlModifier);
            QCOMPARE(window.currentSession().gold, before);
            QVERIFY(panel->verdictButton(audit::Verdict::Equivalent)->isChecked());
            QVERIFY(panel->stateText().startsWith(QStringLiteral("Saved: Equivalent by alice")));

            // Written to the store at once: another connection sees it.
            auto store = audit::AnnotationStore::open(path.toStdString());
            QVERIFY(store.ok());
            auto annotations = store->annotationsBy("alice");
            QVERIFY(annotations.ok());
            QCOMPARE(annotations->size(), std::size_t{1});
            QCOMPARE(annotations->front().itemIndex, std::size_t{0});
            QCOMPARE(annotations->front().verdict, audit::Verdict::Equivalent);
            QCOMPARE(annotations->front().reason, std::string("count(col) of a NOT NULL key"));
            QCOMPARE(annotations->front().note, std::string("singer_id is the primary key"));
            auto reasons = store->reasons();
            QVERIFY(reasons.ok());
            QVERIFY(std::find(reasons->begin(), reasons->end(), "count(col) of a NOT NULL key") != reasons->end());

            // Next item, verdict "not equivalent", then a note confirmed afterwards.
            QTest::keyClick(editor, Qt::Key_Down, Qt::AltModifier);
            QCOMPARE(window.audit()->loadedItem(), std::optional<std::size_t>(1));
            QCOMPARE(panel->noteEdit()->text(), QString());
            QTest::keyClick(editor, Qt::Key_2, Qt::ControlModifier);
            panel->noteEdit()->setText(QStringLiteral("a singer aged 30 separates them"));
            emit panel->noteEdit()->editingFinished();
            QCOMPARE(window.audit()->itemsPanel()->progressText(), QStringLiteral("2 of 5 reviewed"));
            // Unsure on item 3, then cleared again.
            QVERIFY(window.audit()->selectItem(3));
            QTest::keyClick(editor, Qt::Key_3, Qt::ControlModifier);
            QCOMPARE(window.audit()->itemsPanel()->progressText(), QStringLiteral("3 of 5 reviewed"));
            QTest::keyClick(editor, Qt::Key_Delete, Qt::ControlModifier | Qt::ShiftModifier);
            QCOMPARE(window.audit()->itemsPanel()->progressText(), QStringLiteral("2 of 5 reviewed"));
        }
        ui::MainWindow reopened;
        reopened.show();
        QVERIFY(reopened.audit()->openProject(path, nullptr));
        // Resumes at the first item not yet reviewed.
        QCOMPARE(reopened.audit()->loadedItem(), std::optional<std::size_t>(2));
        QCOMPARE(reopened.audit()->itemsPanel()->progressText(), QStringLiteral("2 of 5 reviewed"));
        ui::AnnotationPanel* panel = reopened.audit()->annotationPanel();
        QVERIFY(reopened.audit()->selectItem(0));
        QVERIFY(panel->verdictButton(audit::Verdict::Equivalent)->isChecked());
        QCOMPARE(panel->reasonBox()->currentText(), QStringLiteral("count(col) of a NOT NULL key"));
        QCOMPARE(panel->noteEdit()->text(), QStringLiteral("singer_id is the primary key"));
        QCOMPARE(panel->annotatorEdit()->text(), QStringLiteral("alice"));
        QVERIFY(reopened.audit()->selectItem(1));
        QVERIFY(panel->verdictButton(audit::Verdict::NotEquivalent)->isChecked());
        QCOMPARE(panel->noteEdit()->text(), QStringLiteral("a singer aged 30 separates them"));
        QVERIFY(reopened.audit()->selectItem(3));
        for (auto verdict : {audit::Verdict::Equivalent, audit::Verdict::NotEquivalent, audit::Verdict::Unsure})
            QVERIFY(!panel->verdictButton(verdict)->isChecked());
        const int review = reopened.audit()->itemsPanel()->model()->columnOf(AuditItemsModel::Column::Review);
        QCOMPARE(reopened.audit()->itemsPanel()->model()->index(1, review).data().toString(), QStringLiteral("Not equivalent"));

        // Another annotator counts none of alice's verdicts as theirs, but is told they
        // exist and whose; switching back restores them.
        reopened.audit()->setAnnotator(QStringLiteral("bob"));
        QCOMPARE(reopened.audit()->itemsPanel()->progressText(), QStringLiteral("0 of 5 reviewed by you · 2 by others (alice)"));
        reopened.audit()->setAnnotator(QStringLiteral("alice"));
        QCOMPARE(reopened.audit()->itemsPanel()->progressText(), QStringLiteral("2 of 5 reviewed"));
    }

    void separatingSuiteDatabaseIsNamedByItsFile()
    {
        // Eleven suite files: in core's order (numbers compared as numbers) the suite's third database
        // is concerts_2.sqlite; plain text order would give concerts_10.sqlite.
        QTemporaryDir dir;
        auto memory = exec::Connection::openMemory();
        QVERIFY(memory.ok());
        QVERIFY(memory->executeScript("CREATE TABLE t(x)").ok());
        auto bytes = memory->serialize();
        QVERIFY(bytes.ok());
        suite::Suite prebuilt;
        prebuilt.dbId = "concerts";
        for (int i = 0; i < 11; ++i) prebuilt.databases.push_back({suite::DatabaseOrigin::Sampled, "", 0, *bytes});
        const QString suites = QDir(dir.path()).filePath(QStringLiteral("suites"));
        QVERIFY(suite::exportSuite(prebuilt, suites.toStdString()).ok());

        audit::AuditItem stored;
        stored.index = 1;
        stored.dbId = "concerts";
        stored.gold = "SELECT 1";
        stored.prediction = "SELECT 2";
        stored.metrics.index = 1;
        stored.metrics.dbId = "concerts";
        stored.metrics.testSuite = false;
        stored.metrics.testSuiteVerdict = "different";
        stored.metrics.separatingDatabase = 2;
        // Items as a project hands them out: the store names the suite file.
        const auto readBack = [&](const QString& suitesDir, const QString& name) {
            audit::ProjectSources sources;
            sources.gold = "gold.sql";
            sources.predictions = "pred.txt";
            sources.suites = suitesDir.toStdString();
            auto store = audit::AnnotationStore::create(QDir(dir.path()).filePath(name).toStdString(), sources, {stored});
            if (!store) qFatal("create failed: %s", store.error().message.c_str());
            auto items = store->items();
            if (!items || items->size() != 1) qFatal("items not read back");
            return items->front();
        };
        const audit::AuditItem item = readBack(suites, QStringLiteral("named.sqleq-audit"));
        const ui::ItemExplanation named = ui::explainItem(item, {}, suites);
        // Named by its file: a "#N" would read as the inspector's numbering, which differs.
        QVERIFY2(named.html().contains(QStringLiteral("concerts_2.sqlite (prebuilt suite) separates them")),
                 qPrintable(named.html()));
        const QRegularExpression number(QStringLiteral("(?<!&)#\\d"));  // "#2", not an entity like "&#39;"
        QVERIFY2(!named.html().contains(number), qPrintable(named.html()));
        // Without the folder only its place among the files is known, still without a "#N".
        const QString none = QDir(dir.path()).filePath(QStringLiteral("none"));
        const ui::ItemExplanation numbered =
            ui::explainItem(readBack(none, QStringLiteral("numbered.sqleq-audit")), {}, none);
        QVERIFY2(numbered.html().contains(QStringLiteral("prebuilt suite (file 3 in the suite")),
                 qPrintable(numbered.html()));
        QVERIFY2(!numbered.html().contains(number), qPrintable(numbered.html()));
    }

    void whySectionExplainsTheMetrics()
    {
        QTemporaryDir dir;
        ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(window.audit()->openProject(makeProject(QDir(dir.path())), nullptr));
        ui::AuditItemExplainer* explainer = window.audit()->explainer();
        QLabel* why = window.audit()->annotationPanel()->whyLabel();
        QVERIFY(why->isVisible());

        // Item 1: `age > 30` vs `age >= 30`. ESM's components, recomputed from the
        // project's tables.json off the GUI thread: only the WHERE with its operator differs.
        QVERIFY(window.audit()->selectItem(1));
        QTRY_VERIFY_WITH_TIMEOUT(why->text().contains(QStringLiteral("differs in")), kRunTimeoutMs);
        QVERIFY2(why->text().contains(QStringLiteral("differs in where")), qPrintable(why->text()));
        QVERIFY2(!why->text().contains(QStringLiteral("where(no OP)")), qPrintable(why->text()));
        QVERIFY(why->toolTip().contains(QStringLiteral("✗ where: 1 / 1")));
        QVERIFY(why->toolTip().contains(QStringLiteral("✓ where(no OP): 1 / 1")));
        QVERIFY(why->toolTip().contains(QStringLiteral("✓ select: 1 / 1")));
        // The suite ✗ names the database that separated the pair: the project's, until the
        // item's own result is on screen; then the one whose counterexample the banner names.
        QVERIFY2(why->text().contains(QStringLiteral("prebuilt suite (file 3 in the suite's order) separates them"))
                     || why->text().contains(QStringLiteral("separates them (its counterexample is on screen)")),
                 qPrintable(why->text()));
        QVERIFY(why->text().contains(QStringLiteral("Exec")));
        QVERIFY(why->text().contains(QStringLiteral("PCM-F1")));
        QVERIFY(why->text().contains(QStringLiteral("0.90")));

        // Item 4 is on `shop`, which the project's tables.json lacks: said, not hidden.
        QVERIFY(window.audit()->selectItem(4));
        QTRY_VERIFY_WITH_TIMEOUT(why->text().contains(QStringLiteral("components unavailable")), kRunTimeoutMs);
        QVERIFY2(why->text().contains(QStringLiteral("shop")), qPrintable(why->text()));

        // Moving quickly: only the last item's explanation is shown.
        QVERIFY(window.audit()->selectItem(0));
        QVERIFY(window.audit()->selectItem(3));
        QTRY_VERIFY_WITH_TIMEOUT(!explainer->isBusy() && why->text().contains(QStringLiteral("differs in")), kRunTimeoutMs);
        QVERIFY2(why->text().contains(QStringLiteral("order")), qPrintable(why->text()));  // ORDER BY … LIMIT 1
        QCOMPARE(window.audit()->annotationPanel()->item(), std::optional<std::size_t>(3));
    }

    void explanationOfParserFailuresAndNotes()
    {
        QTemporaryDir dir;
        const QString tables = extract(QStringLiteral(":/examples/audit/tables.json"), QDir(dir.path()), QStringLiteral("tables.json"));
        auto index = metrics::SpiderSchemaIndex::fromFile(tables.toStdString());
        QVERIFY(index.ok());
        audit::AuditItem item = sampleItems()[1];
        item.prediction = "SELECT name FROM no_such_table";  // the official parser rejects it
        auto matched = metrics::exactSetMatch(item.gold, item.prediction, *index, item.dbId);
        QVERIFY(matched.ok());
        ui::EsmRecheck esm;
        esm.state = ui::EsmRecheck::State::Done;
        esm.result = *matched;
        ui::ItemExplanation explanation = ui::explainItem(item, esm, {});
        QCOMPARE(explanation.predictionParsed, std::optional<bool>(false));
        QVERIFY2(explanation.html().contains(QStringLiteral("official parser rejects the prediction")),
                 qPrintable(explanation.html()));

        // Unset metrics say why: the evaluation's note, or the input the project lacks.
        item.metrics.exec.reset();
        item.metrics.sqlEval.reset();
        using evaluation::Metric;
        using evaluation::NoteReason;
        item.metrics.notes = {{Metric::Exec, NoteReason::GoldFailed,
                               "the gold fails on the original database: no such column: agee"}};
        explanation = ui::explainItem(item, esm, {});
        QVERIFY2(explanation.html().contains(QStringLiteral("<b>Exec</b> — the gold fails on the original database")),
                 qPrintable(explanation.html()));
        QVERIFY(explanation.html().contains(QStringLiteral("not computed (no original databases)")));  // SQL-Eval
        QVERIFY(explanation.toolTip().contains(QStringLiteral("Notes:\nexec: the gold fails")));

        // A missing database is said in plain words; its long path stays in the tooltip.
        const std::string missing = "/tmp/sqleq-abc123/very/long/path/databases/concerts/concerts.sqlite";
        item.metrics.notes = {{Metric::Exec, NoteReason::NoOriginalDatabase,
                               "no original database: database file " + missing + " does not exist"}};
        explanation = ui::explainItem(item, esm, {});
        QVERIFY2(explanation.html().contains(QStringLiteral("<b>Exec</b> — no original database for concerts<br>")),
                 qPrintable(explanation.html()));
        QVERIFY(!explanation.html().contains(QStringLiteral("/tmp/")));
        QVERIFY(explanation.toolTip().contains(QString::fromStdString(missing)));

        // The panel reads a note's metric and reason, never its words: the same missing
        // database said in other words is still one, a sentence that only mentions one
        // is not, and a detail that looks like another metric's prefix stays on its own.
        item.metrics.notes = {{Metric::Exec, NoteReason::NoOriginalDatabase, "the databases folder lacks this db_id"}};
        explanation = ui::explainItem(item, esm, {});
        QVERIFY2(explanation.html().contains(QStringLiteral("<b>Exec</b> — no original database for concerts<br>")),
                 qPrintable(explanation.html()));
        item.metrics.notes = {{Metric::Exec, NoteReason::GoldFailed, "sqleval: the gold names no original database"},
                              {Metric::SqlEval, NoteReason::Unscored, "exec: limits reached"}};
        explanation = ui::explainItem(item, esm, {});
        QVERIFY2(explanation.html().contains(
                     QStringLiteral("<b>Exec</b> — sqleval: the gold names no original database<br>")),
                 qPrintable(explanation.html()));
        QVERIFY2(explanation.html().contains(QStringLiteral("<b>SQL-Eval</b> — exec: limits reached")),
                 qPrintable(explanation.html()));
        QVERIFY(!explanation.html().contains(QStringLiteral("no original database for")));
    }

    void nextDisagreementSkipsAgreeingItems()
    {
        QTemporaryDir dir;
        ui::MainWindow window;
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.audit()->openProject(makeProject(QDir(dir.path())), nullptr));
        QVERIFY(window.audit()->selectItem(1));
        QTest::keyClick(&window, Qt::Key_F8);
        QCOMPARE(window.audit()->loadedItem(), std::optional<std::size_t>(3));  // 2 agrees
        QTest::keyClick(&window, Qt::Key_F8);
        QCOMPARE(window.audit()->loadedItem(), std::optional<std::size_t>(3));  // 4 agrees: none further
        QTest::keyClick(&window, Qt::Key_F8, Qt::ShiftModifier);
        QCOMPARE(window.audit()->loadedItem(), std::optional<std::size_t>(1));
        QTest::keyClick(&window, Qt::Key_F8, Qt::ShiftModifier);
        QCOMPARE(window.audit()->loadedItem(), std::optional<std::size_t>(0));
        QTest::keyClick(&window, Qt::Key_Down, Qt::AltModifier);
        QCOMPARE(window.audit()->loadedItem(), std::optional<std::size_t>(1));
        QTest::keyClick(&window, Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(window.audit()->loadedItem(), std::optional<std::size_t>(0));
    }

    void exportImportRoundTrip()
    {
        QTemporaryDir dir;
        const QDir folder(dir.path());
        QString error;
        auto first = ui::AuditProject::open(makeProject(folder, QStringLiteral("a.sqleq-audit")), QStringLiteral("alice"), &error);
        QVERIFY2(first, qPrintable(error));
        QVERIFY(first->annotate(0, audit::Verdict::Equivalent, QStringLiteral("count(col) of a NOT NULL key"), QStringLiteral("pk"), &error));
        QVERIFY(first->annotate(3, audit::Verdict::NotEquivalent, {}, QStringLiteral("ties"), &error));
        const QString tsv = folder.filePath(QStringLiteral("out.tsv"));
        const QString json = folder.filePath(QStringLiteral("out.json"));
        QVERIFY2(ui::AuditExchange::exportAnnotations(*first, tsv, ui::AuditExchange::Format::Tsv, &error), qPrintable(error));
        QVERIFY2(ui::AuditExchange::exportAnnotations(*first, json, ui::AuditExchange::Format::Json, &error), qPrintable(error));
        QFile tsvFile(tsv);
        QVERIFY(tsvFile.open(QIODevice::ReadOnly));
        const QString header = QString::fromUtf8(tsvFile.readLine());
        QVERIFY2(header.startsWith(QStringLiteral("database name\tgold\tpred\tequivalent reason\tnote")), qPrintable(header));
        QFile jsonFile(json);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        QVERIFY(jsonFile.readAll().contains("\"not_equivalent\""));

        // The metrics table, as `sqleq-cli eval --out` writes it, from the stored metrics.
        const QString items = folder.filePath(QStringLiteral("items.tsv"));
        QVERIFY2(ui::AuditExchange::exportMetrics(*first, items, &error), qPrintable(error));
        QFile itemsFile(items);
        QVERIFY(itemsFile.open(QIODevice::ReadOnly));
        const QStringList rows = QString::fromUtf8(itemsFile.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(rows.size(), 6);
        QVERIFY2(rows[0].startsWith(QStringLiteral("index\tdb_id\thardness\tesm\texec\ttestsuite\tsqleval\tpcm_f1")),
                 qPrintable(rows[0]));
        QVERIFY2(rows[2].startsWith(QStringLiteral("1\tconcerts\teasy\t0\t1\t0\t\t0.9000")), qPrintable(rows[2]));
        const QString itemsJson = folder.filePath(QStringLiteral("items.json"));
        QVERIFY2(ui::AuditExchange::exportMetrics(*first, itemsJson, &error), qPrintable(error));
        QFile itemsJsonFile(itemsJson);
        QVERIFY(itemsJsonFile.open(QIODevice::ReadOnly));
        const QJsonArray itemArray = QJsonDocument::fromJson(itemsJsonFile.readAll()).array();
        QCOMPARE(itemArray.size(), 5);
        QVERIFY(itemArray[1].toObject()[QStringLiteral("sqleval")].isNull());
        QCOMPARE(itemArray[1].toObject()[QStringLiteral("testsuite")].toBool(true), false);

        // Plus a row no item matches, to see it reported.
        tsvFile.close();
        QVERIFY(tsvFile.open(QIODevice::Append));
        tsvFile.write("concerts\tSELECT 1\tSELECT 2\tsome reason\t\n");
        tsvFile.close();

        auto second = ui::AuditProject::open(makeProject(folder, QStringLiteral("b.sqleq-audit")), QStringLiteral("carol"), &error);
        QVERIFY2(second, qPrintable(error));
        const auto report = ui::AuditExchange::importTsv(*second, tsv, &error);
        QVERIFY2(report, qPrintable(error));
        QCOMPARE(report->annotations.size(), std::size_t{2});
        QCOMPARE(report->unmatched, std::size_t{1});
        QVERIFY(ui::AuditExchange::importSummary(*report, tsv).contains(QStringLiteral("1 not matched")));
        // The exported annotator column wins over the importing annotator.
        QVERIFY(second->setAnnotator(QStringLiteral("alice"), &error));
        QCOMPARE(second->annotations().size(), std::size_t{2});
        const audit::Annotation zero = *second->annotation(0);
        QCOMPARE(zero.verdict, audit::Verdict::Equivalent);
        QCOMPARE(zero.reason, std::string("count(col) of a NOT NULL key"));
        QCOMPARE(zero.note, std::string("pk"));
        QCOMPARE(second->annotation(3)->verdict, audit::Verdict::NotEquivalent);
        QVERIFY(second->reasons().contains(QStringLiteral("count(col) of a NOT NULL key")));

        // An import is one transaction: a row for no item leaves the project as it was.
        audit::Annotation good;
        good.itemIndex = 2;
        good.annotator = "alice";
        good.verdict = audit::Verdict::Unsure;
        good.reason = "an imported reason";
        audit::Annotation bad = good;
        bad.itemIndex = 42;
        QVERIFY(!second->writeAnnotations({good, bad}, &error));
        QVERIFY2(error.contains(QStringLiteral("item 42")), qPrintable(error));
        QCOMPARE(second->annotations().size(), std::size_t{2});
        QVERIFY(!second->annotation(2));
        QVERIFY(!second->reasons().contains(QStringLiteral("an imported reason")));
        QVERIFY(second->writeAnnotations({good}, &error));
        QCOMPARE(second->annotation(2)->verdict, audit::Verdict::Unsure);
        QVERIFY(second->reasons().contains(QStringLiteral("an imported reason")));
    }

    void compareAnnotatorsDialogNumbers()
    {
        QTemporaryDir dir;
        QString error;
        const QString path = makeProject(QDir(dir.path()));
        auto project = ui::AuditProject::open(path, QStringLiteral("bob"), &error);
        QVERIFY(project);
        using V = audit::Verdict;
        for (auto [item, verdict] : std::initializer_list<std::pair<int, V>>{{0, V::Equivalent}, {1, V::NotEquivalent}, {3, V::NotEquivalent}, {4, V::NotEquivalent}})
            QVERIFY(project->annotate(static_cast<std::size_t>(item), verdict, {}, {}, &error));
        QVERIFY(project->setAnnotator(QStringLiteral("alice"), &error));
        for (auto [item, verdict] : std::initializer_list<std::pair<int, V>>{{0, V::Equivalent}, {1, V::Equivalent}, {2, V::Equivalent}, {3, V::NotEquivalent}})
            QVERIFY(project->annotate(static_cast<std::size_t>(item), verdict, {}, {}, &error));
        QCOMPARE(project->annotators(), (QStringList{QStringLiteral("alice"), QStringLiteral("bob")}));

        // Same file, another annotator: both judged 0, 1, 3 and agree on 0 and 3.
        const auto agreement = ui::AuditExchange::compareWith(*project, path, QStringLiteral("bob"), &error);
        QVERIFY2(agreement, qPrintable(error));
        QCOMPARE(agreement->both, std::size_t{3});
        QCOMPARE(agreement->agreeing, std::size_t{2});
        QCOMPARE(agreement->onlyFirst, std::size_t{1});
        QCOMPARE(agreement->onlySecond, std::size_t{1});
        QCOMPARE(agreement->disagreements.size(), std::size_t{1});
        QCOMPARE(agreement->disagreements.front().itemIndex, std::size_t{1});

        ui::CompareAnnotatorsDialog dialog(*agreement, QStringLiteral("alice"), QStringLiteral("bob"), project->items());
        QVERIFY(dialog.summaryText().contains(QStringLiteral("Judged by both: 3")));
        QVERIFY(dialog.summaryText().contains(QStringLiteral("(66.7%)")));
        QVERIFY(dialog.summaryText().contains(QStringLiteral("κ = %1").arg(agreement->cohenKappa, 0, 'f', 3)));
        QTableView* view = dialog.disagreementsView();
        QCOMPARE(view->model()->rowCount(), 1);
        QCOMPARE(view->model()->index(0, 2).data().toString(), QStringLiteral("Equivalent"));
        QCOMPARE(view->model()->index(0, 3).data().toString(), QStringLiteral("Not equivalent"));
        QSignalSpy requested(&dialog, &ui::CompareAnnotatorsDialog::itemRequested);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const QRect cell = view->visualRect(view->model()->index(0, 0));
        // A double-click as a user makes it: press and release, then the double-click.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell.center());
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, cell.center());
        QVERIFY(requested.count() >= 1);
        QCOMPARE(requested.first().first().value<std::size_t>(), std::size_t{1});

        // Another project of another batch is refused.
        QTemporaryDir other;
        audit::ProjectSources sources;
        auto items = sampleItems();
        items.pop_back();
        const QString otherPath = QDir(other.path()).filePath(QStringLiteral("other.sqleq-audit"));
        QVERIFY(audit::AnnotationStore::create(otherPath.toStdString(), sources, items).ok());
        QVERIFY(!ui::AuditExchange::compareWith(*project, otherPath, QStringLiteral("bob"), &error));
        QVERIFY(error.contains(QStringLiteral("another batch")));
    }

    void bundledExampleBuildsAndOpens()
    {
        const QString path = ui::bundledAuditExampleProject();
        QFile::remove(path);
        ui::MainWindow window;
        window.show();
        QSignalSpy settled(window.audit(), &ui::AuditMode::buildSettled);
        window.audit()->openBundledExample();
        QVERIFY(window.audit()->isBuilding());
        QTRY_VERIFY_WITH_TIMEOUT(settled.count() == 1, kRunTimeoutMs);
        QVERIFY2(window.audit()->project(), "the example project did not open");
        ui::AuditProject* project = window.audit()->project();
        QCOMPARE(project->items()->size(), std::size_t{11});
        AuditItemsModel* model = window.audit()->itemsPanel()->model();
        for (auto column : {AuditItemsModel::Column::Esm, AuditItemsModel::Column::Exec, AuditItemsModel::Column::TestSuite,
                            AuditItemsModel::Column::PcmF1})
            QVERIFY(model->columnOf(column) >= 0);
        const int disagreeing = countRole(*model, AuditItemsModel::DisagreeRole);
        QVERIFY2(disagreeing >= 3 && disagreeing < 11, qPrintable(QString::number(disagreeing)));
        // Item 1 (age > 30 vs age >= 30): the original database has nobody aged 30, the suite does.
        const audit::AuditItem* item = project->item(1);
        QVERIFY(item);
        QCOMPARE(item->metrics.exec, std::optional<bool>(true));
        QCOMPARE(item->metrics.testSuite, std::optional<bool>(false));
        QCOMPARE(QString::fromStdString(item->question), QStringLiteral("List the names of the singers older than 30."));
        QCOMPARE(QString::fromStdString(project->sources().tables).endsWith(QStringLiteral("tables.json")), true);
    }
};

SQLEQ_GUI_TEST_MAIN(TestAuditMode)
#include "test_audit_mode.moc"
