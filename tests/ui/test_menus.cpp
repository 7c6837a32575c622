// The desktop conventions of the main window, offscreen: Edit, View and Help exist with
// their actions; New session clears the queries, question and results but keeps the
// schema; zoom changes the editors' font and survives a restart (the manual itself is
// tested in test_manual_window); the shortcut list is read from the actions (Run's F5 is there);
// About names the Qt and SQLite versions; Edit acts on the focused editor; Find selects
// matches; a table copies its selection tab-separated; audit mode hides the session toolbar; error dialogs are titled by their action.

#include "ui/app_settings.h"
#include "ui/audit/audit_actions.h"
#include "ui/audit/audit_mode.h"
#include "ui/edit_view_actions.h"
#include "ui/main_window.h"
#include "ui/main_window_actions.h"
#include "ui/widgets/about_dialog.h"
#include "ui/widgets/databases_panel.h"
#include "ui/widgets/find_dialog.h"
#include "ui/widgets/schema_panel.h"
#include "ui/widgets/shortcuts_dialog.h"
#include "ui/widgets/sql_editor.h"
#include "ui/widgets/verdict_banner.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QAction>
#include <QClipboard>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolBar>
#include <QTreeWidget>
#include <QtTest>

#include <sqlite3.h>

using namespace sqleq;
using ui::MainWindow;

namespace {

constexpr int kRunTimeoutMs = 120'000;

QStringList actionTexts(const QMenu* menu)
{
    QStringList texts;
    for (const QAction* action : menu->actions())
        if (!action->isSeparator()) texts << action->text().remove(QLatin1Char('&'));
    return texts;
}

QMenu* menuTitled(MainWindow& window, const QString& title)
{
    for (QAction* top : window.menuBar()->actions())
        if (top->menu() != nullptr && top->text().remove(QLatin1Char('&')) == title) return top->menu();
    return nullptr;
}

ui::MainWindowActions* actionsOf(MainWindow& window) { return window.findChild<ui::MainWindowActions*>(); }

void runToVerdict(MainWindow& window, const QString& path)
{
    QSignalSpy settled(&window, &MainWindow::runSettled);
    QString error;
    QVERIFY2(window.openSession(path, true, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(settled.count() == 1, kRunTimeoutMs);
}

} // namespace

class TestMenus : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(m_dir);
    }

    void menusInDesktopOrder()
    {
        MainWindow window;
        QStringList titles;
        for (QAction* top : window.menuBar()->actions()) titles << top->text().remove(QLatin1Char('&'));
        QCOMPARE(titles, (QStringList{"File", "Edit", "View", "Audit", "Run", "Help"}));
        QVERIFY(actionTexts(menuTitled(window, "File")).contains(QStringLiteral("New session")));
        QCOMPARE(actionTexts(menuTitled(window, "Edit")),
                 (QStringList{"Undo", "Redo", "Cut", "Copy", "Paste", "Select all", "Find…", "Find next", "Find previous"}));
        QMenu* view = menuTitled(window, "View");
        emit view->aboutToShow();
        const QStringList viewItems = actionTexts(view);
        for (const char* item : {"Session toolbar", "Run toolbar", "Zoom in", "Zoom out", "Reset zoom"})
            QVERIFY2(viewItems.contains(QLatin1String(item)), item);
        QVERIFY2(!viewItems.contains(QStringLiteral("Show audit items")), "audit docks listed without a project");
        const QStringList help = actionTexts(menuTitled(window, "Help"));
        for (const char* item : {"Manual", "Keyboard shortcuts", "Examples", "About sqleq", "About Qt"})
            QVERIFY2(help.contains(QLatin1String(item)), item);
        QCOMPARE(actionsOf(window)->manual->shortcut(), QKeySequence(QKeySequence::HelpContents));
        QCOMPARE(actionsOf(window)->newSession->shortcut(), QKeySequence(QKeySequence::New));
    }

    void newSessionClearsButKeepsTheSchema()
    {
        MainWindow window;
        window.show();
        runToVerdict(window, MainWindow::defaultExample());
        QVERIFY(window.lastResult() != nullptr);
        const ui::SchemaSourceRef schema = window.schemaPanel()->source();
        QSignalSpy settled(&window, &MainWindow::runSettled);
        actionsOf(window)->newSession->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(settled.count() == 1, kRunTimeoutMs);
        QCOMPARE(window.goldEditor()->sql(), QString());
        QCOMPARE(window.candidateEditor()->sql(), QString());
        QCOMPARE(window.currentSession().question, QString());
        QVERIFY(window.lastResult() == nullptr);
        QCOMPARE(window.schemaPanel()->source(), schema);
        QVERIFY(window.sessionPath().isEmpty());
        QVERIFY2(window.windowTitle().startsWith(QStringLiteral("untitled")), qPrintable(window.windowTitle()));
        QCOMPARE(window.verdictBanner()->state(), ui::VerdictBanner::State::Idle);
        QVERIFY(!window.hasUnsavedEdits());
    }

    void zoomChangesTheEditorFontAndPersists()
    {
        double base = 0;
        ui::AppSettings().setZoom(0);  // settings outlive a run: an earlier failure may have left a zoom
        {
            MainWindow window;
            QTest::qWait(0);
            base = window.goldEditor()->font().pointSizeF();
            actionsOf(window)->editView->zoomIn->trigger();
            actionsOf(window)->editView->zoomIn->trigger();
            QCOMPARE(window.goldEditor()->font().pointSizeF(), base + 2);
            QCOMPARE(window.candidateEditor()->font().pointSizeF(), base + 2);
            actionsOf(window)->editView->zoomOut->trigger();
            QCOMPARE(window.goldEditor()->font().pointSizeF(), base + 1);
        }
        QCOMPARE(ui::AppSettings().zoom(), 1);
        MainWindow reopened;
        QTRY_COMPARE(reopened.goldEditor()->font().pointSizeF(), base + 1);
        actionsOf(reopened)->editView->zoomReset->trigger();
        QCOMPARE(reopened.goldEditor()->font().pointSizeF(), base);
        QCOMPARE(ui::AppSettings().zoom(), 0);
    }

    void shortcutListIsReadFromTheActions()
    {
        MainWindow window;
        bool runF5 = false;
        bool manualF1 = false;
        for (const ui::ShortcutEntry& entry : ui::ShortcutsDialog::collect(&window)) {
            if (entry.menu == QStringLiteral("Run") && entry.action == QStringLiteral("Run"))
                runF5 = entry.keys.split(QStringLiteral(", ")).contains(QStringLiteral("F5"));
            if (entry.action == QStringLiteral("Manual")) manualF1 = entry.keys.contains(QStringLiteral("F1"));
        }
        QVERIFY(runF5);
        QVERIFY(manualF1);
        // A shortcut given to an action shows up without anyone editing a list.
        actionsOf(window)->shortcuts->setShortcut(QKeySequence(QStringLiteral("Ctrl+F1")));
        bool listed = false;
        for (const ui::ShortcutEntry& entry : ui::ShortcutsDialog::collect(&window))
            listed = listed || (entry.action == QStringLiteral("Keyboard shortcuts") && entry.keys == QStringLiteral("Ctrl+F1"));
        QVERIFY(listed);
        ui::ShortcutsDialog dialog(&window);
        QVERIFY(dialog.tree()->topLevelItemCount() >= 3);
    }

    void aboutNamesTheVersions()
    {
        const QString text = ui::AboutDialog::text();
        QVERIFY2(text.contains(QString::fromLatin1(qVersion())), qPrintable(text));
        QVERIFY2(text.contains(QString::fromLatin1(sqlite3_libversion())), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("MIT")));
        QVERIFY(text.contains(QStringLiteral("fmt")));
    }

    void editActsOnTheFocusedEditor()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        window.goldEditor()->setSql(QStringLiteral("SELECT name FROM singer"));
        window.goldEditor()->setFocus();
        QTRY_VERIFY(window.goldEditor()->hasFocus());
        ui::EditViewActions* edit = actionsOf(window)->editView;
        edit->selectAll->trigger();
        QCOMPARE(window.goldEditor()->textCursor().selectedText(), QStringLiteral("SELECT name FROM singer"));
        edit->cut->trigger();
        QCOMPARE(window.goldEditor()->sql(), QString());
        edit->undo->trigger();
        QCOMPARE(window.goldEditor()->sql(), QStringLiteral("SELECT name FROM singer"));
    }

    void copyFromATableIsTabSeparated()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        runToVerdict(window, MainWindow::defaultExample());
        QTableView* suite = window.databasesPanel()->view();
        suite->setFocus();
        QTRY_VERIFY(suite->hasFocus());
        ui::EditViewActions* edit = actionsOf(window)->editView;
        edit->selectAll->trigger();
        edit->copy->trigger();
        // The column names first, then one line per row.
        const QStringList lines = QGuiApplication::clipboard()->text().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), suite->model()->rowCount() + 1);
        QCOMPARE(lines.constFirst().split(QLatin1Char('\t')).size(), suite->model()->columnCount());
        QCOMPARE(lines.constFirst().split(QLatin1Char('\t')).constFirst(), suite->model()->headerData(0, Qt::Horizontal).toString());
        QVERIFY2(lines.at(1).contains(QStringLiteral("original")), qPrintable(lines.at(1)));
    }

    void findSelectsMatchesAndWraps()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        window.candidateEditor()->setSql(QStringLiteral("SELECT name FROM singer WHERE name = 'a'"));
        window.candidateEditor()->setFocus();
        QTRY_VERIFY(window.candidateEditor()->hasFocus());
        ui::EditViewActions* edit = actionsOf(window)->editView;
        edit->find->trigger();
        ui::FindDialog* find = edit->findDialog();
        QVERIFY(find->isVisible());
        QCOMPARE(find->target(), static_cast<QPlainTextEdit*>(window.candidateEditor()));
        find->patternEdit()->setText(QStringLiteral("NAME"));
        QVERIFY(find->find(false));
        QCOMPARE(window.candidateEditor()->textCursor().selectionStart(), 7);
        QVERIFY(find->find(false));
        QCOMPARE(window.candidateEditor()->textCursor().selectionStart(), 30);
        QVERIFY(find->find(false));  // wraps to the first match
        QCOMPARE(window.candidateEditor()->textCursor().selectionStart(), 7);
        QTest::keyClick(find, Qt::Key_F3, Qt::ShiftModifier);  // the window's keys work in the Find window too
        QCOMPARE(window.candidateEditor()->textCursor().selectionStart(), 30);
        find->patternEdit()->setText(QStringLiteral("concert"));
        QVERIFY(!find->find(false));
    }

    void auditModeHidesTheSessionToolbar()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* sessionBar = window.findChild<QToolBar*>(QStringLiteral("mainToolBar"));
        auto* runBar = window.findChild<QToolBar*>(QStringLiteral("runToolBar"));
        QVERIFY(sessionBar && runBar);
        QVERIFY(sessionBar->isVisible());
        QSignalSpy opened(window.audit(), &ui::AuditMode::projectOpened);
        window.audit()->openBundledExample();
        QTRY_VERIFY_WITH_TIMEOUT(opened.count() == 1, kRunTimeoutMs);
        QVERIFY(!sessionBar->isVisible());
        QVERIFY(runBar->isVisible());
        QVERIFY(!actionsOf(window)->newSession->isEnabled());
        // The dock toggles moved to View; Ctrl+F still finds and Ctrl+0 still resets the
        // zoom: audit mode's keys are its own.
        QVERIFY(!actionTexts(window.audit()->actions()->menu).contains(QStringLiteral("Show audit items")));
        QMenu* view = menuTitled(window, "View");
        emit view->aboutToShow();
        QVERIFY(actionTexts(view).contains(QStringLiteral("Show audit items")));
        QCOMPARE(actionsOf(window)->editView->find->shortcut(), QKeySequence(QKeySequence::Find));
        QCOMPARE(window.audit()->actions()->focusSearch->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+F")));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning(), kRunTimeoutMs);
        window.audit()->closeProject();
        QVERIFY(sessionBar->isVisible());
        QCOMPARE(actionsOf(window)->editView->find->shortcut(), QKeySequence(QKeySequence::Find));
    }

    void errorDialogsAreTitledByTheirAction()
    {
        const QString broken = m_dir.filePath(QStringLiteral("broken.sqleq"));
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\n  \"format\": \"sqleq-session\",\n  \"gold\" 1\n}\n");
        file.close();
        ui::AppSettings().addRecentFile(broken);
        MainWindow window;
        window.show();
        QString title;
        QString text;
        test::NextDialog<QMessageBox> report([&](QMessageBox* box) {
            title = box->windowTitle();
            text = box->text();
            box->close();
        });
        QMenu* file_ = menuTitled(window, "File");
        QMenu* recent = nullptr;
        for (QAction* action : file_->actions())
            if (action->menu() != nullptr) recent = action->menu();
        QVERIFY(recent != nullptr);
        emit recent->aboutToShow();
        recent->actions().constFirst()->trigger();
        QCOMPARE(title, QStringLiteral("Open session"));
        QVERIFY2(text.contains(QStringLiteral("not valid JSON: line 3, column")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("offset")), qPrintable(text));
    }
};

SQLEQ_GUI_TEST_MAIN(TestMenus)
#include "test_menus.moc"
