// The inspector never records a verdict on something else than the item on screen:
// every action that replaces the inspector's inputs while a project is open either
// leaves audit mode or leaves the item's inputs in place, and Ctrl+2 pressed after it
// writes nothing the screen did not show. Creating or opening a project asks before a
// modified session is discarded; closing one frees the title. An item runs under the
// project's profile and seed, and the Verdict panel says when Settings differ. Filters
// keep the annotator's place, an empty list says why, and a project build estimates the
// time left from the steps done (an injected clock, no waiting).

#include "core/audit/audit.h"
#include "ui/app_settings.h"
#include "ui/audit/annotation_panel.h"
#include "ui/audit/audit_actions.h"
#include "ui/audit/audit_filter_model.h"
#include "ui/audit/audit_items_model.h"
#include "ui/audit/audit_items_panel.h"
#include "ui/audit/audit_mode.h"
#include "ui/audit/audit_project.h"
#include "ui/audit/audit_session.h"
#include "ui/audit/new_audit_dialog.h"
#include "ui/audit/time_left.h"
#include "ui/main_window.h"
#include "ui/widgets/schema_panel.h"
#include "ui/widgets/sql_editor.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace sqleq;

namespace {

audit::AuditItem makeItem(std::size_t index, metrics::Hardness hardness, const char* gold, const char* prediction, bool esm,
                          bool exec)
{
    audit::AuditItem item;
    item.index = index;
    item.dbId = "concerts";
    item.gold = gold;
    item.prediction = prediction;
    item.metrics.index = index;
    item.metrics.dbId = "concerts";
    item.metrics.hardness = hardness;
    item.metrics.esm = esm;
    item.metrics.exec = exec;
    return item;
}

/// Five items on the bundled concerts schema; 0, 1 and 3 disagree (ESM ✗, exec ✓).
std::vector<audit::AuditItem> sampleItems()
{
    using H = metrics::Hardness;
    return {
        makeItem(0, H::Easy, "SELECT count(*) FROM singer", "SELECT count(singer_id) FROM singer", false, true),
        makeItem(1, H::Easy, "SELECT name FROM singer WHERE age > 30", "SELECT name FROM singer WHERE age >= 30", false, true),
        makeItem(2, H::Medium, "SELECT count(*) FROM concert WHERE year = 2014",
                 "SELECT count(*) FROM concert WHERE year = 2014", true, true),
        makeItem(3, H::Hard, "SELECT name FROM singer WHERE age = (SELECT max(age) FROM singer)",
                 "SELECT name FROM singer ORDER BY age DESC LIMIT 1", false, true),
        makeItem(4, H::Medium, "SELECT name FROM singer", "SELECT name FROM singer", true, true),
    };
}

/// The bundled tables.json with a second db_id, so that the schema panel offers another.
QString writeTables(const QDir& dir)
{
    QFile in(QStringLiteral(":/examples/audit/tables.json"));
    if (!in.open(QIODevice::ReadOnly)) return {};
    QJsonArray schemas = QJsonDocument::fromJson(in.readAll()).array();
    QJsonObject copy = schemas.first().toObject();
    copy.insert(QStringLiteral("db_id"), QStringLiteral("concerts_copy"));
    schemas.append(copy);
    QFile out(dir.filePath(QStringLiteral("tables.json")));
    if (!out.open(QIODevice::WriteOnly)) return {};
    out.write(QJsonDocument(schemas).toJson());
    return out.fileName();
}

QString makeProject(const QDir& dir, const QString& name, audit::ProjectSources sources = {})
{
    sources.tables = writeTables(dir).toStdString();
    const QString path = dir.filePath(name);
    auto store = audit::AnnotationStore::create(path.toStdString(), sources, sampleItems());
    if (!store) qWarning("%s", store.error().message.c_str());
    return store ? path : QString();
}

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

QMenu* menuTitled(QMainWindow& window, const QString& title)
{
    for (QAction* action : window.menuBar()->actions())
        if (action->menu() && action->text().remove(QLatin1Char('&')) == title) return action->menu();
    return nullptr;
}

QMenu* submenuTitled(QMenu* menu, const QString& title)
{
    for (QAction* action : menu->actions())
        if (action->menu() && action->text().remove(QLatin1Char('&')) == title) return action->menu();
    return nullptr;
}

/// Answers the next modal dialog: a file dialog gets `path`, a message box `button`.
/// Every modal seen is recorded (class name, and a message box's text).
struct ModalAnswerer {
    QString path;
    QMessageBox::StandardButton button = QMessageBox::Cancel;
    QStringList seen;
    QTimer timer;

    ModalAnswerer()
    {
        timer.setInterval(20);
        QObject::connect(&timer, &QTimer::timeout, [this] {
            QWidget* modal = QApplication::activeModalWidget();
            if (!modal) return;
            seen << QString::fromLatin1(modal->metaObject()->className());
            if (auto* box = qobject_cast<QMessageBox*>(modal)) {
                seen.last() += QStringLiteral(": ") + box->text();
                box->button(button)->click();
            } else if (auto* files = qobject_cast<QFileDialog*>(modal); files && !path.isEmpty()) {
                files->selectFile(path);
                static_cast<QDialog*>(files)->accept();  // QFileDialog::accept() checks the name as OK would
            } else if (auto* dialog = qobject_cast<QDialog*>(modal)) {
                dialog->reject();
            }
        });
        timer.start();
    }
};

/// What an action does to the window with a project open.
using InputAction = std::function<void(ui::MainWindow&, const QDir&)>;

} // namespace

class TestAuditSafety : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    /// Opens a fresh project in `window`, shown and active, with its first item loaded.
    QString openFreshProject(ui::MainWindow& window, const QDir& dir)
    {
        const QString path = makeProject(dir, QStringLiteral("batch.sqleq-audit"));
        window.show();
        QApplication::setActiveWindow(&window);  // window shortcuts need an active window
        if (!QTest::qWaitForWindowActive(&window)) return {};
        QString error;
        if (!window.audit()->openProject(path, &error)) return {};
        QSignalSpy settled(&window, &ui::MainWindow::runSettled);
        if (window.isRunning() && !settled.wait(test::kRunTimeoutMs)) return {};
        return path;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(m_dir);
    }

    void init() { test::startAuditAsAlice(); }

    void everyInputReplacingActionLeavesAuditModeOrKeepsTheItem_data()
    {
        QTest::addColumn<InputAction>("action");
        QTest::addColumn<bool>("leavesAuditMode");
        QTest::newRow("Help ▸ Examples") << InputAction([](ui::MainWindow& window, const QDir&) {
            QMenu* examples = submenuTitled(menuTitled(window, QStringLiteral("Help")), QStringLiteral("Examples"));
            QVERIFY(examples);
            examples->actions().constLast()->trigger();
        }) << true;
        QTest::newRow("File ▸ Open session") << InputAction([](ui::MainWindow& window, const QDir& dir) {
            ModalAnswerer answer;
            answer.path = extract(QStringLiteral(":/examples/figure1-equivalent.sqleq"), dir, QStringLiteral("s.sqleq"));
            QTest::keyClick(&window, Qt::Key_O, Qt::ControlModifier);
            QVERIFY2(answer.seen.size() == 1 && answer.seen.first().contains(QStringLiteral("QFileDialog")),
                     qPrintable(answer.seen.join(QLatin1Char('\n'))));
        }) << true;
        QTest::newRow("File ▸ Recent files") << InputAction([](ui::MainWindow& window, const QDir& dir) {
            ui::AppSettings().addRecentFile(extract(QStringLiteral(":/examples/oldest-singer.sqleq"), dir,
                                                    QStringLiteral("recent.sqleq")));
            QMenu* recent = submenuTitled(menuTitled(window, QStringLiteral("File")), QStringLiteral("Recent files"));
            QVERIFY(recent);
            emit recent->aboutToShow();
            recent->actions().constFirst()->trigger();
        }) << true;
        QTest::newRow("File ▸ Open schema") << InputAction([](ui::MainWindow& window, const QDir& dir) {
            QFile ddl(dir.filePath(QStringLiteral("other.sql")));
            QVERIFY(ddl.open(QIODevice::WriteOnly));
            ddl.write("CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT, age INTEGER);\n");
            ddl.close();
            ModalAnswerer answer;
            answer.path = ddl.fileName();
            QTest::keyClick(&window, Qt::Key_O, Qt::ControlModifier | Qt::ShiftModifier);
            QVERIFY2(!answer.seen.isEmpty(), "no file dialog");
        }) << true;
        QTest::newRow("schema panel ▸ another db_id") << InputAction([](ui::MainWindow& window, const QDir&) {
            QComboBox* picker = window.schemaPanel()->dbIdPicker();
            const int other = picker->findText(QStringLiteral("concerts_copy"));
            QVERIFY(other >= 0);
            picker->setCurrentIndex(other);
            emit picker->activated(other);
        }) << true;
        QTest::newRow("Audit ▸ Recent audit projects") << InputAction([](ui::MainWindow& window, const QDir& dir) {
            QDir other(dir.filePath(QStringLiteral("other")));
            QVERIFY(other.mkpath(QStringLiteral(".")));
            ui::AppSettings().addRecentAuditProject(makeProject(other, QStringLiteral("other.sqleq-audit")));
            QMenu* recent = submenuTitled(window.audit()->actions()->menu, QStringLiteral("Recent audit projects"));
            QVERIFY(recent);
            emit recent->aboutToShow();
            for (QAction* action : recent->actions())
                if (action->text() == QStringLiteral("other.sqleq-audit")) action->trigger();
            QVERIFY(window.audit()->project() && window.audit()->project()->path().endsWith(QStringLiteral("other.sqleq-audit")));
            QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning(), test::kRunTimeoutMs);
        }) << false;
        QTest::newRow("typing in the gold editor") << InputAction([](ui::MainWindow& window, const QDir&) {
            window.goldEditor()->setFocus();
            window.goldEditor()->moveCursor(QTextCursor::End);
            QTest::keyClicks(window.goldEditor(), QStringLiteral(" WHERE 1"));
        }) << false;
        QTest::newRow("typing in the candidate editor") << InputAction([](ui::MainWindow& window, const QDir&) {
            window.candidateEditor()->setFocus();
            window.candidateEditor()->moveCursor(QTextCursor::End);
            QTest::keyClicks(window.candidateEditor(), QStringLiteral(" LIMIT 1"));
        }) << false;
        QTest::newRow("File ▸ New session (Ctrl+N)") << InputAction([](ui::MainWindow& window, const QDir&) {
            QTest::keyClick(&window, Qt::Key_N, Qt::ControlModifier);
        }) << false;
    }

    void everyInputReplacingActionLeavesAuditModeOrKeepsTheItem()
    {
        QFETCH(InputAction, action);
        QFETCH(bool, leavesAuditMode);
        QTemporaryDir dir;
        ui::MainWindow window;
        const QString path = openFreshProject(window, QDir(dir.path()));
        QVERIFY(!path.isEmpty());
        QCOMPARE(window.audit()->loadedItem(), std::optional<std::size_t>(0));

        action(window, QDir(dir.path()));
        if (QTest::currentTestFailed()) return;
        QCOMPARE(window.audit()->project() == nullptr, leavesAuditMode);
        if (leavesAuditMode) {
            // Said last, after whatever the action itself reports.
            QTRY_VERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("Left audit mode")),
                         qPrintable(window.statusBar()->currentMessage()));
            QVERIFY2(!window.windowTitle().contains(QStringLiteral("sqleq-audit")), qPrintable(window.windowTitle()));
        }
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning(), test::kRunTimeoutMs);
        if (leavesAuditMode)  // still said once the new inputs' run has ended
            QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("Left audit mode")),
                     qPrintable(window.statusBar()->currentMessage()));
        const ui::Session shown = window.currentSession();
        QTest::keyClick(&window, Qt::Key_2, Qt::ControlModifier);

        // The first project's store holds a verdict only for an item whose inputs were on
        // screen when Ctrl+2 was pressed, and only while that project was still open.
        auto store = audit::AnnotationStore::openReadOnly(path.toStdString());
        QVERIFY(store.ok());
        auto annotations = store->annotationsBy("alice");
        QVERIFY(annotations.ok());
        const bool sameProject = window.audit()->project() && window.audit()->project()->path() == path;
        for (const audit::Annotation& annotation : *annotations) {
            const audit::AuditItem item = sampleItems().at(annotation.itemIndex);
            QVERIFY2(sameProject && shown.gold == QString::fromStdString(item.gold)
                         && shown.candidate == QString::fromStdString(item.prediction),
                     qPrintable(QStringLiteral("a verdict on item %1 while other inputs were on screen: %2 / %3 (%4)")
                                    .arg(annotation.itemIndex)
                                    .arg(shown.gold, shown.candidate, sameProject ? QStringLiteral("open") : QStringLiteral("closed"))));
        }
        if (window.audit()->project() && !window.audit()->itemInputsChanged().isEmpty()) {
            QVERIFY(annotations->empty());
            QVERIFY2(window.audit()->annotationPanel()->stateText().startsWith(QStringLiteral("Not saved:")),
                     qPrintable(window.audit()->annotationPanel()->stateText()));
        }
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning(), test::kRunTimeoutMs);
    }

    void anEditUndoneMakesTheItemJudgeableAgain()
    {
        QTemporaryDir dir;
        ui::MainWindow window;
        const QString path = openFreshProject(window, QDir(dir.path()));
        QVERIFY(!path.isEmpty());
        window.candidateEditor()->setFocus();
        window.candidateEditor()->moveCursor(QTextCursor::End);
        QTest::keyClicks(window.candidateEditor(), QStringLiteral("x"));
        QTest::keyClick(&window, Qt::Key_2, Qt::ControlModifier);
        QVERIFY(!window.audit()->project()->annotation(0));
        QTest::keyClick(window.candidateEditor(), Qt::Key_Z, Qt::ControlModifier);
        QTest::keyClick(&window, Qt::Key_2, Qt::ControlModifier);
        QVERIFY(window.audit()->project()->annotation(0));
    }

    void projectActionsAskBeforeDiscardingAModifiedSession_data()
    {
        QTest::addColumn<QString>("action");
        QTest::newRow("New Audit Project") << QStringLiteral("new");
        QTest::newRow("Open Audit Project") << QStringLiteral("open");
        QTest::newRow("Open the bundled example") << QStringLiteral("example");
        QTest::newRow("Recent audit projects") << QStringLiteral("recent");
    }

    void projectActionsAskBeforeDiscardingAModifiedSession()
    {
        QFETCH(QString, action);
        QTemporaryDir dir;
        ui::AppSettings().addRecentAuditProject(makeProject(QDir(dir.path()), QStringLiteral("recent.sqleq-audit")));
        ui::MainWindow window;
        window.show();
        QString error;
        QVERIFY2(window.openSession(QStringLiteral(":/examples/figure1-different.sqleq"), false, &error), qPrintable(error));
        window.goldEditor()->appendPlainText(QStringLiteral(" -- edited"));
        QVERIFY(window.hasUnsavedEdits());

        ModalAnswerer answer;  // Cancel
        ui::AuditActions* actions = window.audit()->actions();
        if (action == QLatin1String("new")) actions->newProject->trigger();
        if (action == QLatin1String("open")) actions->openProject->trigger();
        if (action == QLatin1String("example")) actions->openExample->trigger();
        if (action == QLatin1String("recent")) {
            QMenu* recent = submenuTitled(actions->menu, QStringLiteral("Recent audit projects"));
            emit recent->aboutToShow();
            recent->actions().constFirst()->trigger();
        }
        // Asked first; Cancel stops there: no project dialog, no project, the edit kept.
        QVERIFY2(answer.seen.size() == 1, qPrintable(answer.seen.join(QLatin1Char('\n'))));
        QVERIFY2(answer.seen.first().contains(QStringLiteral("Save it first?")), qPrintable(answer.seen.first()));
        QVERIFY(!window.audit()->project());
        QVERIFY(!window.audit()->isBuilding());
        QVERIFY(window.currentSession().gold.endsWith(QStringLiteral(" -- edited")));
    }

    void closingTheProjectFreesTheTitle()
    {
        QTemporaryDir dir;
        ui::MainWindow window;
        QVERIFY(!openFreshProject(window, QDir(dir.path())).isEmpty());
        QVERIFY2(window.windowTitle().contains(QStringLiteral("batch.sqleq-audit · item 0")), qPrintable(window.windowTitle()));
        window.audit()->actions()->closeProject->trigger();
        QVERIFY(!window.audit()->project());
        QVERIFY2(!window.windowTitle().contains(QStringLiteral("sqleq-audit")) && !window.windowTitle().contains(QStringLiteral("item")),
                 qPrintable(window.windowTitle()));
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("batch.sqleq-audit closed")));
    }

    void anItemRunsUnderTheProjectsSettingsAndSaysSo()
    {
        audit::ProjectSources project;  // spider, seed 0
        ui::RunSettings user;
        QCOMPARE(ui::projectSettingsNote(project, user), QString());
        user.profile = fuzz::Profile::Strict;
        QCOMPARE(ui::projectSettingsNote(project, user),
                 QStringLiteral("This project checks under the spider profile, seed 0; your Settings say strict — "
                                "the project's settings are used."));
        user.seed = 7;
        QVERIFY(ui::projectSettingsNote(project, user).contains(QStringLiteral("your Settings say strict, seed 7")));

        // In the window: Settings say strict, the item runs under spider, and the panel says so.
        ui::AppSettings settings;
        ui::RunSettings strict = settings.runSettings();
        strict.profile = fuzz::Profile::Strict;
        settings.setRunSettings(strict);
        QTemporaryDir dir;
        ui::MainWindow window;
        QVERIFY(!openFreshProject(window, QDir(dir.path())).isEmpty());
        QCOMPARE(window.currentSession().settings.profile, fuzz::Profile::Spider);
        QLabel* note = window.audit()->annotationPanel()->settingsNoteLabel();
        QVERIFY(note->isVisible());
        QVERIFY2(note->text().contains(QStringLiteral("your Settings say strict")), qPrintable(note->text()));
        window.audit()->closeProject();

        // Settings that agree with the project: nothing to say.
        strict.profile = fuzz::Profile::Spider;
        settings.setRunSettings(strict);
        ui::MainWindow agreeing;
        QTemporaryDir other;
        QVERIFY(!openFreshProject(agreeing, QDir(other.path())).isEmpty());
        QVERIFY(agreeing.audit()->annotationPanel()->settingsNoteLabel()->isHidden());
    }

    void settingsChangedWhileAuditingKeepTheProjectsProfile()
    {
        QTemporaryDir dir;
        ui::MainWindow window;
        QVERIFY(!openFreshProject(window, QDir(dir.path())).isEmpty());
        QVERIFY(window.audit()->annotationPanel()->settingsNoteLabel()->isHidden());
        // Run ▸ Settings…: strict, accepted.
        QTimer::singleShot(0, &window, [] {
            QTRY_VERIFY(QApplication::activeModalWidget() != nullptr);
            auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            auto* profile = dialog->findChild<QComboBox*>();
            QVERIFY(profile);
            profile->setCurrentIndex(profile->findData(static_cast<int>(fuzz::Profile::Strict)));
            dialog->accept();
        });
        QTest::keyClick(&window, Qt::Key_Comma, Qt::ControlModifier);
        QCOMPARE(ui::AppSettings().runSettings().profile, fuzz::Profile::Strict);
        // The item still runs under the project's spider profile, and the panel says why.
        QCOMPARE(window.currentSession().settings.profile, fuzz::Profile::Spider);
        QVERIFY(window.audit()->itemInputsChanged().isEmpty());
        QLabel* note = window.audit()->annotationPanel()->settingsNoteLabel();
        QVERIFY2(note->isVisibleTo(window.audit()->annotationPanel()) && note->text().contains(QStringLiteral("strict")),
                 qPrintable(note->text()));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning(), test::kRunTimeoutMs);
    }

    void aNewProjectTakesItsOwnProfileNotTheSettings()
    {
        ui::AppSettings settings;
        ui::RunSettings strict = settings.runSettings();
        strict.profile = fuzz::Profile::Strict;
        strict.seed = 5;
        settings.setRunSettings(strict);
        ui::NewAuditDialog dialog(m_dir.path());
        QCOMPARE(dialog.request().profile, fuzz::Profile::Spider);
        QCOMPARE(dialog.request().seed, uint64_t{0});
        ui::AuditBuildRequest chosen = dialog.request();
        chosen.profile = fuzz::Profile::Strict;
        chosen.seed = 7;
        dialog.setRequest(chosen);
        QCOMPARE(dialog.request().profile, fuzz::Profile::Strict);
        QCOMPARE(dialog.request().seed, uint64_t{7});
    }

    void filtersKeepThePlace()
    {
        QTemporaryDir dir;
        QString error;
        auto project = ui::AuditProject::open(makeProject(QDir(dir.path()), QStringLiteral("p.sqleq-audit")),
                                              QStringLiteral("alice"), &error);
        QVERIFY2(project, qPrintable(error));
        ui::AuditItemsPanel panel;
        panel.setProject(project.get());
        panel.show();
        QSignalSpy chosen(&panel, &ui::AuditItemsPanel::currentItemChanged);
        QVERIFY(panel.selectItem(3));
        chosen.clear();

        // A filter that keeps item 3: it stays selected; no other item is loaded.
        panel.disagreeFilter()->setChecked(true);
        QCOMPARE(panel.currentItem(), std::optional<std::size_t>(3));
        QVERIFY(panel.view()->selectionModel()->isRowSelected(panel.view()->currentIndex().row(), {}));
        QCOMPARE(chosen.count(), 0);
        panel.disagreeFilter()->setChecked(false);
        QCOMPARE(panel.currentItem(), std::optional<std::size_t>(3));

        // Item 2 (the metrics agree) is hidden by the filter: nothing else gets loaded, and
        // F8's move continues after item 2, not from the top.
        QVERIFY(panel.selectItem(2));
        chosen.clear();
        panel.disagreeFilter()->setChecked(true);
        QCOMPARE(chosen.count(), 0);
        QCOMPARE(panel.currentItem(), std::nullopt);
        QCOMPARE(panel.itemAfter(1, true), std::optional<std::size_t>(3));
        QCOMPARE(panel.itemAfter(-1, true), std::optional<std::size_t>(1));
        QVERIFY(panel.moveSelection(1, true));
        QCOMPARE(panel.currentItem(), std::optional<std::size_t>(3));

        // Sorted by hardness (easy, medium, hard): still from the hidden item's place.
        panel.disagreeFilter()->setChecked(false);
        QVERIFY(panel.selectItem(4));  // medium
        const int hardness = panel.model()->columnOf(ui::AuditItemsModel::Column::Hardness);
        QVERIFY(hardness >= 0);
        panel.view()->sortByColumn(hardness, Qt::AscendingOrder);
        panel.disagreeFilter()->setChecked(true);
        QCOMPARE(panel.itemAfter(1, true), std::optional<std::size_t>(3));  // hard, after medium

        // An empty list says which filters leave nothing.
        panel.hardnessFilter()->setCurrentIndex(panel.hardnessFilter()->findData(QStringLiteral("medium")));
        QCOMPARE(panel.filter()->rowCount(), 0);
        QCOMPARE(panel.progressText(), QStringLiteral("0 of 5 shown"));
        QCOMPARE(panel.emptyListText(), QStringLiteral("0 of 5 shown: no item matches all of metrics disagree · hardness "
                                                       "medium; clear one to see more"));
        panel.disagreeFilter()->setChecked(false);
        panel.hardnessFilter()->setCurrentIndex(0);
        panel.searchBox()->setText(QStringLiteral("no such text"));
        QCOMPARE(panel.emptyListText(), QStringLiteral("0 of 5 shown: no item matches the filter text “no such text”"));
        panel.searchBox()->clear();
        QCOMPARE(panel.emptyListText(), QString());
    }

    void timeLeftComesFromTheStepsDone()
    {
        QCOMPARE(ui::estimateSecondsLeft(2, 10, 20.0), std::nullopt);  // too early to say
        QCOMPARE(ui::estimateSecondsLeft(3, 10, 30.0), std::optional<double>(70.0));
        QCOMPARE(ui::estimateSecondsLeft(10, 10, 30.0), std::nullopt);  // done
        QCOMPARE(ui::estimateSecondsLeft(5, 0, 30.0), std::nullopt);    // unknown total
        QCOMPARE(ui::timeLeftText(4), QStringLiteral("less than 10 s left"));
        QCOMPARE(ui::timeLeftText(67), QStringLiteral("about 70 s left"));
        QCOMPARE(ui::timeLeftText(185), QStringLiteral("about 3 min left"));

        std::int64_t nowMs = 0;
        ui::TimeLeftEstimator estimator([&nowMs] { return nowMs; });
        estimator.start();
        QCOMPARE(estimator.update(0, 10), QString());
        nowMs = 30'000;
        QCOMPARE(estimator.update(3, 10), QStringLiteral("about 70 s left"));
        // The next phase (another total) runs at its own rate: its clock starts afresh.
        nowMs = 40'000;
        QCOMPARE(estimator.update(1, 4), QString());
        nowMs = 70'000;
        QCOMPARE(estimator.update(3, 4), QStringLiteral("about 10 s left"));
    }
};

SQLEQ_GUI_TEST_MAIN(TestAuditSafety)
#include "test_audit_safety.moc"
