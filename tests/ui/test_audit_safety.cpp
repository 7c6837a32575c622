// The inspector never records a verdict on something else than the item on screen:
// every action that replaces the inspector's inputs while a project is open either
// leaves audit mode or leaves the item's inputs in place, and Ctrl+2 pressed after it
// writes nothing the screen did not show. Creating or opening a project asks before a
// modified session is discarded; closing one frees the title. An item runs under the
// project's profile and seed, and the Verdict panel says when Settings differ.

#include "core/audit/audit.h"
#include "ui/app_settings.h"
#include "ui/audit/annotation_panel.h"
#include "ui/audit/audit_actions.h"
#include "ui/audit/audit_mode.h"
#include "ui/audit/audit_project.h"
#include "ui/audit/audit_session.h"
#include "ui/main_window.h"
#include "ui/widgets/schema_panel.h"
#include "ui/widgets/sql_editor.h"
#include "tests/ui/audit_safety_support.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace sqleq;
using namespace sqleq::test;

namespace {

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
        if (!QTest::qWaitForWindowActive(&window)) {
            qWarning("the window did not become active");
            return {};
        }
        QString error;
        if (!window.audit()->openProject(path, &error)) {
            qWarning("%s", qPrintable(error));
            return {};
        }
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
        QVERIFY2(window.statusBar()->currentMessage().startsWith(QStringLiteral("Not saved:")),
                 qPrintable(window.statusBar()->currentMessage()));
        QTest::keyClick(window.candidateEditor(), Qt::Key_Z, Qt::ControlModifier);
        // The text on screen is the item's candidate again, and the status says so at once.
        QCOMPARE(window.currentSession().candidate, QString::fromStdString(sampleItems().at(0).prediction));
        for (const QString& state : {window.statusBar()->currentMessage(), window.audit()->annotationPanel()->stateText()})
            QVERIFY2(!state.contains(QStringLiteral("Not saved")), qPrintable(state));
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("Item 0 is on screen again")),
                 qPrintable(window.statusBar()->currentMessage()));
        QTest::keyClick(&window, Qt::Key_2, Qt::ControlModifier);
        QVERIFY(window.audit()->project()->annotation(0));
        // Saved, and what the status bar says agrees.
        for (const QString& state : {window.statusBar()->currentMessage(), window.audit()->annotationPanel()->stateText()})
            QVERIFY2(state.startsWith(QStringLiteral("Saved: Not equivalent")),
                     qPrintable(state));
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
        inspect::CheckSettings user;
        QCOMPARE(ui::projectSettingsNote(project, user), QString());
        user.nameProfile(fuzz::Profile::Strict);
        QCOMPARE(ui::projectSettingsNote(project, user),
                 QStringLiteral("This project checks under the spider profile, seed 0; your Settings say strict — "
                                "the project's settings are used."));
        user.seed = 7;
        QVERIFY(ui::projectSettingsNote(project, user).contains(QStringLiteral("your Settings say strict, seed 7")));

        // In the window: Settings say strict, the item runs under spider, and the panel says so.
        ui::AppSettings settings;
        inspect::CheckSettings strict = settings.runSettings();
        strict.nameProfile(fuzz::Profile::Strict);
        settings.setRunSettings(strict);
        QTemporaryDir dir;
        ui::MainWindow window;
        QVERIFY(!openFreshProject(window, QDir(dir.path())).isEmpty());
        QCOMPARE(window.currentSession().settings.profile, fuzz::Profile::Spider);
        QLabel* note = window.audit()->annotationPanel()->settingsNoteLabel();
        QVERIFY(note->isVisible());
        QVERIFY2(note->text().contains(QStringLiteral("your Settings say strict")), qPrintable(note->text()));
        window.audit()->closeProject();

        // Settings that agree with the project (every budget too, not only the profile):
        // nothing to say.
        settings.setRunSettings(ui::defaultRunSettings());
        ui::MainWindow agreeing;
        QTemporaryDir other;
        QVERIFY(!openFreshProject(agreeing, QDir(other.path())).isEmpty());
        QVERIFY(agreeing.audit()->annotationPanel()->settingsNoteLabel()->isHidden());
    }

    void settingsChangedWhileAuditingKeepTheProjectsProfile()
    {
        ui::AppSettings().setRunSettings(ui::defaultRunSettings());  // the project's, to start with
        QTemporaryDir dir;
        ui::MainWindow window;
        QVERIFY(!openFreshProject(window, QDir(dir.path())).isEmpty());
        QVERIFY(window.audit()->annotationPanel()->settingsNoteLabel()->isHidden());
        // Run ▸ Settings…: strict, accepted.
        test::NextDialog<QDialog> strict([](QDialog* dialog) {
            auto* profile = dialog->findChild<QComboBox*>();
            QVERIFY(profile);
            profile->setCurrentIndex(profile->findData(static_cast<int>(fuzz::Profile::Strict)));
            dialog->accept();
        });
        QTest::keyClick(&window, Qt::Key_Comma, Qt::ControlModifier);
        QVERIFY(strict.answered());
        QCOMPARE(ui::AppSettings().runSettings().profile, fuzz::Profile::Strict);
        // The item still runs under the project's spider profile, and the panel says why.
        QCOMPARE(window.currentSession().settings.profile, fuzz::Profile::Spider);
        QVERIFY(window.audit()->itemInputsChanged().isEmpty());
        QLabel* note = window.audit()->annotationPanel()->settingsNoteLabel();
        QVERIFY2(note->isVisibleTo(window.audit()->annotationPanel()) && note->text().contains(QStringLiteral("strict")),
                 qPrintable(note->text()));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning(), test::kRunTimeoutMs);
    }
};

SQLEQ_GUI_TEST_MAIN(TestAuditSafety)
#include "test_audit_safety.moc"
