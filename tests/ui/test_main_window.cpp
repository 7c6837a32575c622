// The inspector end to end, offscreen: the bundled example runs to its verdict, the
// separating database is marked and shown table by table, neighbors point at their
// databases, Cancel stops a run, bad SQL gets a positioned error, sessions round-trip,
// counterexamples export. (How long the GUI thread stalls during a run and how promptly
// Cancel acts: bench_audit_navigation --cancel.)

#include "core/exec/connection.h"
#include "ui/app_counterexample_export.h"
#include "ui/app_file_actions.h"
#include "ui/app_settings.h"
#include "ui/main_window.h"
#include "ui/models/database_naming.h"
#include "ui/models/neighbors_model.h"
#include "ui/models/result_table_model.h"
#include "ui/models/suite_databases_model.h"
#include "ui/models/table_rows_model.h"
#include "ui/session/session_controller.h"
#include "ui/widgets/database_view.h"
#include "ui/widgets/databases_panel.h"
#include "ui/widgets/neighbors_panel.h"
#include "ui/widgets/results_view.h"
#include "ui/widgets/schema_panel.h"
#include "ui/widgets/settings_dialog.h"
#include "ui/widgets/sql_editor.h"
#include "ui/widgets/sql_highlighter.h"
#include "ui/widgets/verdict_banner.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QMessageBox>
#include <QApplication>
#include <QTimer>
#include <QToolBar>
#include <QDockWidget>
#include <QMenuBar>
#include <QSpinBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QComboBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

#include <optional>

#include <sqlite3.h>

using namespace sqleq;
using ui::MainWindow;
using ui::VerdictBanner;

namespace {

const QString kFigure1 = QStringLiteral(":/examples/figure1-different.sqleq");
const QString kStrictNotIn = QStringLiteral(":/examples/stadiums-without-concerts-strict.sqleq");

bool settled(const MainWindow& window)
{
    const auto state = window.verdictBanner()->state();
    return state != VerdictBanner::State::Idle && state != VerdictBanner::State::Running;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Keep the user's QSettings (recent files, geometry) out of the tests.
        test::useTestSettings(m_dir);
    }

    void bundledExampleShowsSeparatingDatabase()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        test::runToVerdict(window, MainWindow::defaultExample());

        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Different);
        const int separating = window.lastResult()->check.separatingDatabase;
        QVERIFY(separating >= 0);
        QVERIFY(window.verdictBanner()->title().contains(QStringLiteral("database #%1").arg(separating)));
        QVERIFY(window.verdictBanner()->detail().contains(QStringLiteral("spider")));

        // The separating database is marked and selected.
        const ui::DatabasesPanel* databases = window.databasesPanel();
        QCOMPARE(databases->currentDatabase(), separating);
        QCOMPARE(databases->model()->separatingRow(), separating);
        QVERIFY(databases->model()->index(separating, 0).data(ui::SuiteDatabasesModel::SeparatingRole).toBool());

        // One tab per table: the counterexample first, then the whole database.
        ui::DatabaseView* view = window.databaseView();
        QCOMPARE(view->tableCount(), static_cast<int>(window.lastResult()->schema.tables.size()));
        QCOMPARE(view->tableCount(), 1);
        QVERIFY(view->showingCounterexample());
        const auto minimalRows = window.lastResult()->counterexample->rowCount();
        QCOMPARE(view->tabTitle(0), QStringLiteral("people (%1)").arg(minimalRows));
        view->setMode(ui::DatabaseView::Mode::Full);
        QCOMPARE(view->tabTitle(0), QStringLiteral("people (4)"));
        QCOMPARE(view->tableModel(0)->totalRowCount(), 4);
        int highlighted = 0;
        for (int row = 0; row < view->tableModel(0)->rowCount(); ++row)
            highlighted += view->tableModel(0)->index(row, 0).data(ui::TableRowsModel::HighlightedRole).toBool();
        QCOMPARE(static_cast<std::size_t>(highlighted), minimalRows);

        // Results side by side: the candidate's extra rows are the highlighted ones.
        const ui::ResultsView* results = window.resultsView();
        QCOMPARE(results->goldModel()->rowCount(), 2);     // Alice 35, Carol 61
        QCOMPARE(results->candidateModel()->rowCount(), 4);
        int onlyCandidate = 0;
        for (int row = 0; row < results->candidateModel()->rowCount(); ++row)
            onlyCandidate += results->candidateModel()->index(row, 0).data(ui::ResultTableModel::HighlightedRole).toBool();
        QCOMPARE(onlyCandidate, 2);
        view->setMode(ui::DatabaseView::Mode::Counterexample);
        QCOMPARE(static_cast<std::size_t>(results->candidateModel()->rowCount()),
                 window.lastResult()->counterexampleCandidate.result.rows.size());
    }

    void selectingANeighborSelectsItsDatabase()
    {
        MainWindow window;
        window.show();
        test::runToVerdict(window, kStrictNotIn);
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Different);
        QVERIFY(window.lastResult()->databases.size() >= 2);

        QTreeView* tree = window.neighborsPanel()->view();
        QAbstractItemModel* model = tree->model();
        const int current = window.databasesPanel()->currentDatabase();
        QModelIndex target;
        for (int family = 0; family < model->rowCount() && !target.isValid(); ++family) {
            const QModelIndex parent = model->index(family, 0);
            for (int row = 0; row < model->rowCount(parent); ++row) {
                const QModelIndex neighbor = model->index(row, 0, parent);
                const int database = neighbor.data(ui::NeighborsModel::DistinguishingDatabaseRole).toInt();
                if (database >= 0 && database != current) {
                    target = neighbor;
                    break;
                }
            }
        }
        QVERIFY2(target.isValid(), "no neighbor distinguished by another database than the selected one");
        const int expected = target.data(ui::NeighborsModel::DistinguishingDatabaseRole).toInt();
        tree->setCurrentIndex(target);
        QCOMPARE(window.databasesPanel()->currentDatabase(), expected);
        QCOMPARE(window.databaseView()->database(), expected);
        // Named as every panel names it: "#N (label)".
        const QString name = ui::databaseName(*window.lastResult(), expected);
        QVERIFY(name.startsWith(QStringLiteral("#%1 (").arg(expected)));
        QVERIFY2(window.neighborsPanel()->detailText().contains(name),
                 qPrintable(window.neighborsPanel()->detailText()));
        QVERIFY(!window.databaseView()->showingCounterexample());  // not the separating one
    }

    void foreignKeyCellFollowsToReferencedRow()
    {
        MainWindow window;
        window.show();
        test::runToVerdict(window, kStrictNotIn);
        ui::DatabaseView* view = window.databaseView();
        bool followed = false;
        for (std::size_t database = 0; database < window.lastResult()->databases.size() && !followed; ++database) {
            window.databasesPanel()->selectDatabase(static_cast<int>(database));
            view->setMode(ui::DatabaseView::Mode::Full);
            const int concert = test::tabOf(*view, QStringLiteral("concert"));
            QVERIFY(concert >= 0);
            ui::TableRowsModel* rows = view->tableModel(concert);
            const int column = 2;  // concert.stadium_id REFERENCES stadium
            QCOMPARE(rows->headerData(column, Qt::Horizontal).toString(), QStringLiteral("stadium_id"));
            for (int row = 0; row < rows->rowCount() && !followed; ++row) {
                const QModelIndex cell = rows->index(row, column);
                if (cell.data(ui::TableRowsModel::IsNullRole).toBool()) continue;
                QVERIFY(view->followForeignKey(cell));
                const int stadium = test::tabOf(*view, QStringLiteral("stadium"));
                QCOMPARE(view->tabs()->currentIndex(), stadium);
                const QModelIndex selected = view->tableView(stadium)->currentIndex();
                QCOMPARE(selected.sibling(selected.row(), 0).data(), cell.data());
                followed = true;
            }
        }
        QVERIFY2(followed, "no suite database has a concert with a stadium");
    }

    void cancelStopsTheRunAndTheWindowKeepsWorking()
    {
        // `1 = 1` gives neighbors (1 >= 1, 1 <= 1) no database distinguishes, so sampling
        // runs until the (huge) budget: a long run to cancel. How promptly it stops and
        // how long the GUI thread stalls meanwhile are measured by
        // `bench_audit_navigation --cancel`, not asserted here.
        ui::Session session;
        session.schema = {ui::SchemaSourceKind::DdlFile, QStringLiteral(":/examples/concerts/database.sql"), {}};
        session.gold = QStringLiteral("SELECT name FROM singer WHERE age > 30 AND 1 = 1");
        session.candidate = QStringLiteral("SELECT name FROM singer");
        session.settings.samplingBudget = 5'000'000;
        const QString path = m_dir.filePath(QStringLiteral("long.sqleq"));
        QVERIFY(ui::saveSession(session, path));

        MainWindow window;
        window.show();
        QSignalSpy progress(window.controller(), &ui::SessionController::progress);
        QSignalSpy cancelled(window.controller(), &ui::SessionController::cancelled);
        QSignalSpy finished(window.controller(), &ui::SessionController::finished);

        // The GUI thread keeps serving its event loop while the run works: a timer on it
        // fires and progress keeps arriving as queued signals.
        int ticks = 0;
        QTimer tick;
        tick.setInterval(10);
        connect(&tick, &QTimer::timeout, this, [&] { ++ticks; });
        QVERIFY(window.openSession(path, true, nullptr));
        QTRY_VERIFY_WITH_TIMEOUT(window.isRunning() && progress.count() > 0, test::kRunTimeoutMs);
        tick.start();
        const qsizetype progressBefore = progress.count();
        QTRY_VERIFY_WITH_TIMEOUT(ticks >= 3 && progress.count() > progressBefore, test::kRunTimeoutMs);
        tick.stop();
        QVERIFY2(window.isRunning(), "the long run ended on its own");
        QVERIFY(window.cancelButton()->isVisible());

        QTest::mouseClick(window.cancelButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(cancelled.count() == 1, test::kRunTimeoutMs);
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Cancelled);
        QVERIFY(!window.isRunning());
        QCOMPARE(finished.count(), 0);
        QVERIFY(!window.cancelButton()->isVisible());
    }

    void secondRunSupersedesTheFirst()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(window.controller(), &ui::SessionController::finished);
        QVERIFY(window.openSession(kFigure1, true, nullptr));
        window.run();
        QTRY_VERIFY_WITH_TIMEOUT(settled(window) && !window.isRunning(), test::kRunTimeoutMs);
        // Once the superseded run has ended too: its result was dropped.
        QTRY_VERIFY_WITH_TIMEOUT(window.controller()->isIdle(), test::kRunTimeoutMs);
        QCoreApplication::sendPostedEvents();
        QCOMPARE(finished.count(), 1);
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Different);
    }

    void badSqlShowsAPositionedError()
    {
        MainWindow window;
        window.show();
        QVERIFY(window.openSession(kFigure1, false, nullptr));
        ui::SqlEditor* gold = window.goldEditor();
        QVERIFY(!gold->hasError());
        gold->selectAll();
        QTest::keyClicks(gold, QStringLiteral("SELECT name FROM WHERE age > 34"));
        QTRY_VERIFY_WITH_TIMEOUT(gold->hasError(), test::kRunTimeoutMs);  // after the debounce
        QVERIFY2(gold->errorMessage().contains(QStringLiteral("line 1, column")), qPrintable(gold->errorMessage()));
        QVERIFY(gold->toolTip().contains(QStringLiteral("line 1, column")));
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("line 1, column")));
        const auto [begin, end] = gold->errorRange();
        QCOMPARE(begin, 17);  // at WHERE, where a table name was expected
        QVERIFY(end > begin);
        QCOMPARE(gold->extraSelections().size(), 1);
        QCOMPARE(gold->extraSelections().constFirst().format.underlineStyle(), QTextCharFormat::WaveUnderline);

        // Running it fails cleanly, naming the position.
        window.run();
        QTRY_VERIFY_WITH_TIMEOUT(settled(window), test::kRunTimeoutMs);
        QVERIFY(window.verdictBanner()->state() == VerdictBanner::State::Failed
                || window.verdictBanner()->state() == VerdictBanner::State::GoldError);

        // Fixing the text clears the error.
        gold->setSql(QStringLiteral("SELECT name FROM people"));
        QVERIFY(!gold->hasError());
        QVERIFY(gold->extraSelections().isEmpty());
    }

    void keyboardRunsAndCancelsFromTheEditor()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window) || true);  // offscreen windows may not activate
        QVERIFY(window.openSession(kFigure1, false, nullptr));
        QSignalSpy started(window.controller(), &ui::SessionController::started);
        QSignalSpy finished(window.controller(), &ui::SessionController::finished);
        window.goldEditor()->setFocus();
        const QString before = window.goldEditor()->sql();
        QTest::keyClick(window.goldEditor(), Qt::Key_Return, Qt::ControlModifier);
        QTRY_VERIFY_WITH_TIMEOUT(started.count() == 1, test::kRunTimeoutMs);
        QCOMPARE(window.goldEditor()->sql(), before);  // the shortcut, not a newline
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, test::kRunTimeoutMs);
    }

    void highlighterUsesCoreLexer()
    {
        ui::SqlEditor editor;
        editor.setSql(QStringLiteral("SELECT 'x', 42 -- note\nFROM t /* c */ WHERE é = 1"));
        auto* highlighter = editor.findChild<ui::SqlHighlighter*>();
        QVERIFY(highlighter);
        using Kind = ui::SqlHighlighter::Kind;
        QList<Kind> kinds;
        QStringList texts;
        for (const auto& range : highlighter->ranges()) {
            kinds << range.kind;
            texts << editor.toPlainText().mid(range.begin, range.end - range.begin);
        }
        QVERIFY(texts.contains(QStringLiteral("-- note")));
        QVERIFY(texts.contains(QStringLiteral("/* c */")));
        QCOMPARE(kinds.at(texts.indexOf(QStringLiteral("SELECT"))), Kind::Keyword);
        QCOMPARE(kinds.at(texts.indexOf(QStringLiteral("'x'"))), Kind::String);
        QCOMPARE(kinds.at(texts.indexOf(QStringLiteral("42"))), Kind::Number);
        QCOMPARE(kinds.at(texts.indexOf(QStringLiteral("é"))), Kind::Identifier);  // UTF-16 positions
    }

    void savedSessionReopensToTheSameVerdict()
    {
        const QString path = m_dir.filePath(QStringLiteral("saved.sqleq"));
        int separating = -1;
        QString title;
        {
            MainWindow window;
            window.show();
            test::runToVerdict(window, kStrictNotIn);
            separating = window.lastResult()->check.separatingDatabase;
            title = window.verdictBanner()->title();
            QString error;
            QVERIFY2(window.saveSessionTo(path, &error), qPrintable(error));
            QCOMPARE(window.sessionPath(), path);
        }
        MainWindow reopened;
        reopened.show();
        test::runToVerdict(reopened, path);
        QCOMPARE(reopened.verdictBanner()->state(), VerdictBanner::State::Different);
        QCOMPARE(reopened.lastResult()->check.separatingDatabase, separating);
        QCOMPARE(reopened.verdictBanner()->title(), title);
        QVERIFY(reopened.currentSession().settings.profile == fuzz::Profile::Strict);
    }

    void editedQueriesAreNotDiscardedSilently()
    {
        const QString path = m_dir.filePath(QStringLiteral("edited.sqleq"));
        MainWindow window;
        window.show();
        QString error;
        QVERIFY2(window.openSession(kFigure1, false, &error), qPrintable(error));
        QVERIFY2(window.saveSessionTo(path, &error), qPrintable(error));
        QVERIFY(!window.hasUnsavedEdits());
        QVERIFY(window.fileActions()->confirmDiscardEdits());  // nothing to lose: no question

        window.candidateEditor()->moveCursor(QTextCursor::End);
        window.candidateEditor()->insertPlainText(QStringLiteral(" WHERE age > 40"));
        QVERIFY(window.hasUnsavedEdits());
        // Answers the question box that confirmDiscardEdits() opens, with `button`.
        std::optional<test::NextDialog<QMessageBox>> question;
        const auto answer = [&question](QMessageBox::StandardButton button) {
            question.emplace([button](QMessageBox* box) { box->button(button)->click(); });
        };
        answer(QMessageBox::Cancel);
        QVERIFY(!window.fileActions()->confirmDiscardEdits());
        QVERIFY(window.hasUnsavedEdits());
        // Closing asks too; cancelling keeps the window and the edit.
        answer(QMessageBox::Cancel);
        QVERIFY(!window.close());
        QVERIFY(window.isVisible());

        answer(QMessageBox::Save);
        QVERIFY(window.fileActions()->confirmDiscardEdits());
        QVERIFY(!window.hasUnsavedEdits());
        const std::optional<ui::Session> saved = ui::loadSession(path);
        QVERIFY(saved.has_value());
        QVERIFY(saved->candidate.endsWith(QStringLiteral(" WHERE age > 40")));

        window.goldEditor()->insertPlainText(QStringLiteral(" "));
        answer(QMessageBox::Discard);
        QVERIFY(window.fileActions()->confirmDiscardEdits());
    }

    void counterexampleExports()
    {
        MainWindow window;
        test::runToVerdict(window, kFigure1);
        const ui::RunResult& result = *window.lastResult();
        const QString script = ui::CounterexampleExport::sqlScript(result);
        QVERIFY(script.contains(QStringLiteral("CREATE TABLE")));
        QVERIFY(script.contains(QStringLiteral("INSERT INTO \"people\"")));

        const QString file = m_dir.filePath(QStringLiteral("counterexample.sqlite"));
        QString error;
        QVERIFY2(ui::CounterexampleExport::writeSqlite(result, file, &error), qPrintable(error));
        auto connection = exec::Connection::openReadOnly(file.toStdString());
        QVERIFY(connection.ok());
        sqlite3_stmt* statement = nullptr;
        QCOMPARE(sqlite3_prepare_v2(connection->handle(), "SELECT count(*) FROM people", -1, &statement, nullptr), SQLITE_OK);
        QCOMPARE(sqlite3_step(statement), SQLITE_ROW);
        QCOMPARE(static_cast<std::size_t>(sqlite3_column_int64(statement, 0)), result.counterexample->rowCount());
        sqlite3_finalize(statement);

        QCOMPARE(ui::CounterexampleExport::sqlLiteral(exec::Value::real(2.0)), std::string("2.0"));
        QCOMPARE(ui::CounterexampleExport::sqlLiteral(exec::Value::text("it's")), std::string("'it''s'"));
        QCOMPARE(ui::CounterexampleExport::sqlLiteral(exec::Value::blob("\x01\xff")), std::string("X'01FF'"));
    }

    void schemaPanelPicksASpiderDbId()
    {
        const QString path = m_dir.filePath(QStringLiteral("tables.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"([
          {"db_id": "pets", "table_names_original": ["pet"], "table_names": ["pet"],
           "column_names_original": [[-1, "*"], [0, "pet_id"], [0, "kind"]],
           "column_names": [[-1, "*"], [0, "pet id"], [0, "kind"]],
           "column_types": ["text", "number", "text"], "primary_keys": [1], "foreign_keys": []},
          {"db_id": "shop", "table_names_original": ["item", "sale"], "table_names": ["item", "sale"],
           "column_names_original": [[-1, "*"], [0, "item_id"], [1, "sale_id"], [1, "item_id"]],
           "column_names": [[-1, "*"], [0, "item id"], [1, "sale id"], [1, "item id"]],
           "column_types": ["text", "number", "number", "number"], "primary_keys": [1, 2], "foreign_keys": [[3, 1]]}
        ])");
        file.close();

        ui::SchemaPanel panel;
        QSignalSpy changed(&panel, &ui::SchemaPanel::sourceChanged);
        QCOMPARE(ui::SchemaPanel::kindForPath(path), ui::SchemaSourceKind::SpiderTables);
        QString error;
        QVERIFY2(panel.setSource({ui::SchemaSourceKind::SpiderTables, path, QStringLiteral("shop")}, &error),
                 qPrintable(error));
        QCOMPARE(panel.dbIdPicker()->count(), 2);
        QCOMPARE(panel.dbIdPicker()->currentText(), QStringLiteral("shop"));
        QCOMPARE(panel.view()->model()->rowCount(), 2);
        emit panel.dbIdPicker()->activated(0);
        QCOMPARE(panel.source().dbId, QStringLiteral("pets"));
        QCOMPARE(panel.view()->model()->rowCount(), 1);
        QCOMPARE(changed.count(), 1);
        QVERIFY(!panel.setSource({ui::SchemaSourceKind::SpiderTables, path, QStringLiteral("nope")}, &error));
        QVERIFY(error.contains(QStringLiteral("nope")));
    }

    void schemaPanelOpensAClassicalSchemaCsv()
    {
        const QString path = QStringLiteral(SQLEQ_SOURCE_DIR "/tests/data/classical/shop-schema.csv");
        ui::SchemaPanel panel;
        QCOMPARE(ui::SchemaPanel::kindForPath(path), ui::SchemaSourceKind::SpiderTables);
        QString error;
        QVERIFY2(panel.setSource({ui::SchemaSourceKind::SpiderTables, path, {}}, &error), qPrintable(error));
        QCOMPARE(panel.source().dbId, QStringLiteral("shop"));
        QCOMPARE(panel.dbIdPicker()->count(), 1);
        QCOMPARE(panel.view()->model()->rowCount(), 4);
    }

    /// A session's pinned settings (a bundled example's) stay with it: New session starts
    /// from the user's own, and the Settings dialog stores only what the user changed.
    void aSessionsSettingsDoNotLeakIntoTheUsers()
    {
        ui::AppSettings settings;
        const inspect::CheckSettings user = ui::defaultRunSettings();
        settings.setRunSettings(user);
        ui::Session pinned = *ui::loadSession(kFigure1);
        pinned.settings.nameProfile(fuzz::Profile::Strict);
        pinned.settings.seed = 2;
        const QString path = m_dir.filePath(QStringLiteral("pinned.sqleq"));
        QVERIFY(ui::saveSession(pinned, path));

        MainWindow window;
        window.show();
        QVERIFY(window.openSession(path, false, nullptr));
        QVERIFY(window.currentSession().settings == pinned.settings);

        // Run ▸ Settings…: only the search budget changed.
        test::NextDialog<ui::SettingsDialog> budget([](ui::SettingsDialog* dialog) {
            for (auto* box : dialog->findChildren<QSpinBox*>())
                if (box->value() == static_cast<int>(inspect::CheckSettings{}.searchBudget)) box->setValue(41);
            dialog->accept();
        });
        window.editSettings();
        QVERIFY(budget.answered());
        QCOMPARE(window.currentSession().settings.searchBudget, std::size_t{41});
        QCOMPARE(window.currentSession().settings.seed, uint64_t{2});  // the session keeps its own
        const inspect::CheckSettings stored = ui::AppSettings().runSettings();
        QCOMPARE(stored.searchBudget, std::size_t{41});
        QCOMPARE(stored.seed, user.seed);  // the example's seed did not become the user's
        QVERIFY(stored.profileFromSchema);

        // File ▸ New session: the user's settings, "the schema's" profile.
        QAction* newSession = nullptr;
        QAction* saveAs = nullptr;
        for (QAction* action : window.findChildren<QAction*>()) {
            if (action->text() == QStringLiteral("&New session")) newSession = action;
            if (action->text() == QStringLiteral("Save session &as…")) saveAs = action;
        }
        QVERIFY(newSession && saveAs);
        // The changed settings made the session modified: New session asks first.
        test::NextDialog<QMessageBox> discard([](QMessageBox* box) {
            // Each answer has a mnemonic (Alt+S, Alt+D, Alt+C) whatever the desktop.
            QCOMPARE(box->button(QMessageBox::Save)->text(), QStringLiteral("&Save"));
            QCOMPARE(box->button(QMessageBox::Discard)->text(), QStringLiteral("&Discard"));
            QCOMPARE(box->button(QMessageBox::Cancel)->text(), QStringLiteral("&Cancel"));
            box->button(QMessageBox::Discard)->click();
        });
        newSession->trigger();
        QVERIFY(discard.answered());
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning(), test::kRunTimeoutMs);
        QVERIFY(window.currentSession().settings == stored);
        QCOMPARE(ui::effectiveProfile(window.currentSession()), fuzz::Profile::Strict);  // a DDL's promise

        // Save as has its documented shortcut whatever the desktop (empty outside GNOME/KDE).
        QCOMPARE(saveAs->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+S")));
        settings.setRunSettings(user);
    }

    void aBundledExampleSaysSoAndItsQuestionStaysWithIt()
    {
        MainWindow window;
        window.show();
        QVERIFY(window.openSession(kFigure1, false, nullptr));
        // The window says the session is an example, with its own settings.
        QVERIFY(window.showsBundledExample());
        QVERIFY(window.exampleNotice()->isVisible());
        QVERIFY2(window.exampleNotice()->text().contains(QStringLiteral("spider profile")),
                 qPrintable(window.exampleNotice()->text()));
        QVERIFY2(window.windowTitle().startsWith(QStringLiteral("Example: Figure 1")), qPrintable(window.windowTitle()));
        const auto labels = window.schemaPanel()->findChildren<QLabel*>();
        QVERIFY(std::any_of(labels.begin(), labels.end(), [](const QLabel* label) {
            return label->text().contains(QStringLiteral("people (bundled example)"));
        }));
        QVERIFY(!window.questionEditor()->text().isEmpty());

        // Clearing the gold takes its question with it: new queries do not inherit it.
        window.goldEditor()->setPlainText(QString());
        QVERIFY(window.questionEditor()->text().isEmpty());
        QVERIFY(window.hasUnsavedEdits());

        // Open schema… on a database of the user's: the user's settings, no question, no
        // longer the example.
        QVERIFY(window.openSession(kFigure1, false, nullptr));
        const QString ddl = m_dir.filePath(QStringLiteral("pets.sql"));
        {
            QFile file(ddl);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("CREATE TABLE pets (id INTEGER PRIMARY KEY, age INTEGER);\n");
        }
        test::NextDialog<QFileDialog> pick([ddl](QFileDialog* dialog) { test::answerFileDialog(dialog, ddl); });
        window.chooseSchema(m_dir.path());
        QVERIFY(pick.answered());
        QCOMPARE(window.schemaPanel()->source().path, ddl);
        QVERIFY(!window.showsBundledExample());
        QVERIFY(!window.exampleNotice()->isVisible());
        QVERIFY(window.questionEditor()->text().isEmpty());
        QVERIFY2(window.windowTitle().startsWith(QStringLiteral("untitled")), qPrintable(window.windowTitle()));
        QVERIFY(window.currentSession().settings == ui::AppSettings().runSettings());
        QVERIFY(window.currentSession().settings.profileFromSchema);
    }

    void noPanelIsDrawnOutsideTheLayout()
    {
        // A panel parented to the window but in no layout is drawn at its top-left
        // corner, over the toolbar (the proof panel did, whenever no proof was shown).
        MainWindow window;
        window.show();
        const auto strays = [&window] {
            QStringList found;
            for (QWidget* child : window.findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) {
                if (!child->isVisible() || child == window.centralWidget() || child == window.menuBar()
                    || child == window.statusBar() || qobject_cast<QToolBar*>(child) || qobject_cast<QDockWidget*>(child)
                    || child->isWindow() || child->inherits("QMainWindowLayoutSeparatorHelper"))
                    continue;
                found << QString::fromLatin1(child->metaObject()->className());
            }
            return found.join(QStringLiteral(", "));
        };
        QVERIFY(window.openSession(kFigure1, true, nullptr));
        QTRY_VERIFY_WITH_TIMEOUT(settled(window), test::kRunTimeoutMs);
        QVERIFY2(strays().isEmpty(), qPrintable(strays()));
        QVERIFY(window.openSession(QStringLiteral(":/examples/figure1-equivalent.sqleq"), true, nullptr));
        QTRY_VERIFY_WITH_TIMEOUT(settled(window), test::kRunTimeoutMs);
        QVERIFY2(strays().isEmpty(), qPrintable(strays()));
    }

    void settingsDialogRoundTrips()
    {
        inspect::CheckSettings settings;
        settings.nameProfile(fuzz::Profile::Strict);
        settings.seed = 1ULL << 40;  // beyond the spin box, kept when untouched
        settings.samplingBudget = 77;
        settings.searchBudget = 12;
        settings.setIdleBudget(1500);
        settings.plugValue = true;
        ui::SettingsDialog dialog(settings);
        const inspect::CheckSettings back = dialog.settings();
        QVERIFY(back.profile == fuzz::Profile::Strict);
        QCOMPARE(back.seed, settings.seed);
        QCOMPARE(back.samplingBudget, std::size_t{77});
        QCOMPARE(back.searchBudget, std::size_t{12});
        QCOMPARE(back.idleBudgetMs(), int64_t{1500});
        QVERIFY(back == settings);  // nothing the dialog does not show is lost
        QCOMPARE(back.plugValue, true);
        QCOMPARE(back.keepDistinct, false);
    }

    void equivalentExampleSaysSo()
    {
        MainWindow window;
        test::runToVerdict(window, QStringLiteral(":/examples/figure1-equivalent.sqleq"));
        QCOMPARE(window.verdictBanner()->state(), VerdictBanner::State::Equivalent);
        QVERIFY(window.verdictBanner()->title().startsWith(QStringLiteral("Equivalent on")));
        QVERIFY(!window.databaseView()->showingCounterexample());
    }
};

SQLEQ_GUI_TEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
