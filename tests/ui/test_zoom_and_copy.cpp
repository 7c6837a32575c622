// View ▸ Zoom and table copy, offscreen. Zoom reaches everything a teacher projects —
// the verdict banner (title and details), the "why" text, editors, captions and tables —
// in the inspector and in audit mode's verdict panel, and Reset gives back the first
// sizes. Copy writes the values as stored under their column names, in every format:
// tab-separated, CSV, Markdown and SQL INSERT, the last run into SQLite and read back.

#include "ui/app_settings.h"
#include "ui/audit/audit_mode.h"
#include "ui/main_window.h"
#include "ui/models/table_rows_model.h"
#include "ui/widgets/database_view.h"
#include "ui/widgets/eliding_header.h"
#include "ui/widgets/explanation_panel.h"
#include "ui/widgets/results_view.h"
#include "ui/widgets/sql_editor.h"
#include "ui/widgets/table_copy.h"
#include "ui/widgets/verdict_banner.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QAction>
#include <QClipboard>
#include <QDockWidget>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolTip>
#include <QtTest>

#include <sqlite3.h>

using namespace sqleq;
using Type = ui::CopiedCell::Type;

namespace {

/// The point sizes zoom must change, by what they are.
QMap<QString, double> fontSizes(ui::MainWindow& window)
{
    QMap<QString, double> sizes;
    ui::VerdictBanner* banner = window.verdictBanner();
    sizes[QStringLiteral("banner title")] = banner->findChild<QLabel*>(QStringLiteral("verdictTitle"))->font().pointSizeF();
    for (QLabel* label : banner->findChildren<QLabel*>())
        if (label->objectName() != QStringLiteral("verdictTitle") && !label->text().isEmpty())
            sizes[QStringLiteral("banner detail")] = label->font().pointSizeF();
    sizes[QStringLiteral("why text")] = window.explanationPanel()->font().pointSizeF();
    for (QLabel* label : window.explanationPanel()->findChildren<QLabel*>())
        sizes[QStringLiteral("why label")] = label->font().pointSizeF();
    sizes[QStringLiteral("gold editor")] = window.goldEditor()->font().pointSizeF();
    sizes[QStringLiteral("question")] = window.questionEditor()->font().pointSizeF();
    if (window.databaseView()->tableCount() > 0)
        sizes[QStringLiteral("database table")] = window.databaseView()->tableView(0)->font().pointSizeF();
    for (QTableView* view : window.resultsView()->findChildren<QTableView*>())
        sizes[QStringLiteral("results table")] = view->font().pointSizeF();
    return sizes;
}

QAction* actionWithShortcut(ui::MainWindow& window, const QKeySequence& keys)
{
    for (QAction* action : window.findChildren<QAction*>())
        if (action->shortcuts().contains(keys)) return action;
    return nullptr;
}

/// Selects every cell of `view` and returns its copy in `format`.
QString copyAll(QTableView* view, ui::CopyFormat format)
{
    view->selectAll();
    return ui::formatCells(ui::selectedCells(view), format);
}

ui::CopiedGrid awkwardGrid()
{
    ui::CopiedGrid grid;
    grid.table = QStringLiteral("odd \"table\"");
    grid.columns = {QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("score"), QStringLiteral("note | x"),
                    QStringLiteral("data")};
    grid.rows = {
        {{Type::Integer, QStringLiteral("1")}, {Type::Text, QStringLiteral("O'Brien, \"Bob\"")},
         {Type::Real, QStringLiteral("2")}, {Type::Text, QStringLiteral("a|b\nc")}, {Type::Blob, QStringLiteral("x'00ff'")}},
        {{Type::Integer, QStringLiteral("-7")}, {Type::Text, QString()}, {Type::Real, QStringLiteral("0.1")}, {},
         {Type::Text, QStringLiteral("tab\there")}},
    };
    return grid;
}

} // namespace

class TestZoomAndCopy : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(m_dir);
        test::startAuditAsAlice();
        ui::AppSettings().setZoom(0);
    }

    void zoomReachesTheBannerAndTheWhyText_data()
    {
        QTest::addColumn<bool>("audit");
        QTest::newRow("inspector") << false;
        QTest::newRow("audit mode") << true;
    }

    void zoomReachesTheBannerAndTheWhyText()
    {
        QFETCH(bool, audit);
        ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        if (audit) {
            QVERIFY2(test::openBundledAuditExample(window), "the bundled example did not open");
            QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult(), test::kRunTimeoutMs);
            QVERIFY(window.audit()->annotationDock()->isAncestorOf(window.verdictBanner()));
        } else {
            test::runToVerdict(window, QStringLiteral(":/examples/oldest-singer.sqleq"));
        }
        QCoreApplication::processEvents();
        const QMap<QString, double> before = fontSizes(window);
        QVERIFY(before.contains(QStringLiteral("banner detail")));
        QVERIFY(before.contains(QStringLiteral("database table")));

        QAction* zoomIn = actionWithShortcut(window, QKeySequence(Qt::CTRL | Qt::Key_Equal));
        QAction* zoomReset = window.findChild<QAction*>(QStringLiteral("zoomResetAction"));
        QVERIFY(zoomIn && zoomReset);
        zoomIn->trigger();
        zoomIn->trigger();
        const QMap<QString, double> zoomed = fontSizes(window);
        for (auto it = before.begin(); it != before.end(); ++it)
            QVERIFY2(zoomed.value(it.key()) > it.value(),
                     qPrintable(QStringLiteral("%1: %2 pt, then %3 pt").arg(it.key()).arg(it.value()).arg(zoomed.value(it.key()))));
        // The title stays larger than the details, as before the zoom.
        QVERIFY2(zoomed[QStringLiteral("banner title")] > zoomed[QStringLiteral("banner detail")],
                 qPrintable(QStringLiteral("title %1 pt, details %2 pt").arg(zoomed[QStringLiteral("banner title")]).arg(zoomed[QStringLiteral("banner detail")])));
        // Tables made by a new run get the zoom too, and rows grow with their font.
        const int rowHeight = window.databaseView()->tableView(0)->verticalHeader()->defaultSectionSize();
        window.run();
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning(), test::kRunTimeoutMs);
        QCOMPARE(fontSizes(window).value(QStringLiteral("database table")), zoomed[QStringLiteral("database table")]);
        QVERIFY(window.databaseView()->tableView(0)->verticalHeader()->defaultSectionSize() >= rowHeight);

        zoomReset->trigger();
        const QMap<QString, double> reset = fontSizes(window);
        for (auto it = before.begin(); it != before.end(); ++it)
            QVERIFY2(qFuzzyCompare(reset.value(it.key()), it.value()),
                     qPrintable(QStringLiteral("%1: %2 pt after reset, %3 pt before").arg(it.key()).arg(reset.value(it.key())).arg(it.value())));
        ui::AppSettings().setZoom(0);
    }

    /// The banner's run time never wraps apart: a zoomed banner read "· 0.0" at the end of
    /// one line and a lone "s" on the next.
    void runTimeStaysOnOneLine()
    {
        ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QString error;
        QVERIFY2(window.openSession(QStringLiteral(":/examples/figure1-different.sqleq"), true, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult(), test::kRunTimeoutMs);
        QString details;
        for (QLabel* label : window.verdictBanner()->findChildren<QLabel*>())
            if (label->text().contains(QStringLiteral("sampling budget"))) details = label->text();
        QVERIFY2(!details.isEmpty(), "no banner line gives the settings and the run time");
        static const QRegularExpression runTime(QStringLiteral("·\u00a0\\d+\\.\\d\u00a0s"));
        QVERIFY2(runTime.match(details).hasMatch(), qPrintable(details));
    }

    /// A header narrower than its column's name shows the name's start and "…", never a
    /// middle cut at both ends ("ong_release_yea"), and its tooltip has the whole name.
    void narrowHeadersEndWithAnEllipsis()
    {
        const QFontMetrics metrics(QApplication::font());
        const QString name = QStringLiteral("Song_release_year");
        const int whole = metrics.horizontalAdvance(name);
        QCOMPARE(ui::elidedHeaderText(name, metrics, whole + 2), name);
        const QString cut = ui::elidedHeaderText(name, metrics, whole / 2);
        QVERIFY2(cut.endsWith(QChar(0x2026)) && cut.startsWith(QStringLiteral("Song")), qPrintable(cut));
        QCOMPARE(ui::headerToolTip(name, QStringLiteral("INTEGER")), QStringLiteral("Song_release_year\nINTEGER"));
        QCOMPARE(ui::headerToolTip(name, QString()), name);

        // The database and results views draw their headers so, narrowed by hand.
        ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QString error;
        QVERIFY2(window.openSession(QStringLiteral(":/examples/figure1-different.sqleq"), true, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult(), test::kRunTimeoutMs);
        QList<QTableView*> tables{window.databaseView()->tableView(0)};
        tables << window.resultsView()->findChildren<QTableView*>();
        for (QTableView* table : tables) {
            QVERIFY(table);
            auto* header = qobject_cast<ui::ElidingHeaderView*>(table->horizontalHeader());
            QVERIFY2(header, qPrintable(table->objectName() + QStringLiteral(": a header that clips names")));
            header->setStretchLastSection(false);
            int section = 0;  // the longest name: narrowed to two thirds of it, with no room for margins
            for (int column = 1; column < header->count(); ++column)
                if (table->model()->headerData(column, Qt::Horizontal).toString().size()
                    > table->model()->headerData(section, Qt::Horizontal).toString().size())
                    section = column;
            const QString full = table->model()->headerData(section, Qt::Horizontal).toString();
            header->resizeSection(section, header->fontMetrics().horizontalAdvance(full) * 2 / 3);
            const QString shown = header->shownText(section);
            QVERIFY2(shown.endsWith(QChar(0x2026)) && full.startsWith(shown.chopped(1)),
                     qPrintable(QStringLiteral("\"%1\" shown as \"%2\"").arg(full, shown)));
            const QPoint inSection(header->sectionViewportPosition(section) + 2, 4);
            QHelpEvent tip(QEvent::ToolTip, inSection, header->viewport()->mapToGlobal(inSection));
            QCoreApplication::sendEvent(header->viewport(), &tip);
            QTRY_VERIFY2(QToolTip::text().startsWith(full), qPrintable(QToolTip::text()));
            QToolTip::hideText();
        }
    }

    void copyFormats()
    {
        const ui::CopiedGrid grid = awkwardGrid();
        QCOMPARE(ui::formatCells(grid, ui::CopyFormat::Tsv),
                 QStringLiteral("id\tname\tscore\tnote | x\tdata\n"
                                "1\tO'Brien, \"\"Bob\"\"\t2\t\"a|b\nc\"\tx'00ff'\n"
                                "-7\t\t0.1\t\t\"tab\there\"")
                     .replace(QStringLiteral("O'Brien, \"\"Bob\"\""), QStringLiteral("\"O'Brien, \"\"Bob\"\"\"")));
        QCOMPARE(ui::formatCells(grid, ui::CopyFormat::Csv),
                 QStringLiteral("id,name,score,note | x,data\r\n"
                                "1,\"O'Brien, \"\"Bob\"\"\",2,\"a|b\nc\",x'00ff'\r\n"
                                "-7,\"\",0.1,,tab\there"));
        QCOMPARE(ui::formatCells(grid, ui::CopyFormat::Markdown),
                 QStringLiteral("| id | name | score | note \\| x | data |\n"
                                "| --- | --- | --- | --- | --- |\n"
                                "| 1 | O'Brien, \"Bob\" | 2 | a\\|b<br>c | x'00ff' |\n"
                                "| -7 |  | 0.1 | NULL | tab\there |"));
    }

    void sqlInsertRunsInSqlite()
    {
        const ui::CopiedGrid grid = awkwardGrid();
        const QString sql = ui::formatCells(grid, ui::CopyFormat::SqlInsert);
        QVERIFY2(sql.startsWith(QStringLiteral("INSERT INTO \"odd \"\"table\"\"\" (\"id\", \"name\", \"score\", \"note | x\", \"data\") VALUES")),
                 qPrintable(sql));
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(":memory:", &db), SQLITE_OK);
        const auto exec = [db](const QString& statements) {
            char* error = nullptr;
            const int rc = sqlite3_exec(db, statements.toUtf8().constData(), nullptr, nullptr, &error);
            const QString message = error ? QString::fromUtf8(error) : QString();
            sqlite3_free(error);
            return rc == SQLITE_OK ? QString() : message;
        };
        // Untyped columns: each value keeps the storage class the INSERT gave it.
        QCOMPARE(exec(QStringLiteral("CREATE TABLE \"odd \"\"table\"\"\" (id, name, score, \"note | x\", data);")), QString());
        QCOMPARE(exec(sql), QString());
        sqlite3_stmt* statement = nullptr;
        QCOMPARE(sqlite3_prepare_v2(db, "SELECT * FROM \"odd \"\"table\"\"\" ORDER BY rowid", -1, &statement, nullptr), SQLITE_OK);
        const int types[] = {SQLITE_NULL, SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB};
        for (const auto& row : grid.rows) {
            QCOMPARE(sqlite3_step(statement), SQLITE_ROW);
            for (int column = 0; column < row.size(); ++column) {
                const ui::CopiedCell& cell = row[column];
                QCOMPARE(sqlite3_column_type(statement, column), types[int(cell.type)]);
                if (cell.type == Type::Text)
                    QCOMPARE(QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(statement, column))), cell.text);
                if (cell.type == Type::Real) QCOMPARE(sqlite3_column_double(statement, column), cell.text.toDouble());
                if (cell.type == Type::Integer) QCOMPARE(sqlite3_column_int64(statement, column), cell.text.toLongLong());
                if (cell.type == Type::Blob)
                    QCOMPARE(QByteArray(static_cast<const char*>(sqlite3_column_blob(statement, column)),
                                        sqlite3_column_bytes(statement, column)),
                             QByteArray::fromHex("00ff"));
            }
        }
        QCOMPARE(sqlite3_step(statement), SQLITE_DONE);
        sqlite3_finalize(statement);
        sqlite3_close(db);
    }

    void tablesCopyTheStoredValuesWithAHeader()
    {
        ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        test::runToVerdict(window, QStringLiteral(":/examples/oldest-singer.sqleq"));
        ui::DatabaseView* view = window.databaseView();
        const int singer = test::tabOf(*view, QStringLiteral("singer"));
        QVERIFY(singer >= 0);
        for (const auto mode : {ui::DatabaseView::Mode::Counterexample, ui::DatabaseView::Mode::Full}) {
            view->setMode(mode);
            QTableView* table = view->tableView(singer);
            ui::TableRowsModel* model = view->tableModel(singer);
            while (model->canFetchMore({})) model->fetchMore({});
            bool decorated = false;  // the display adds "←" somewhere: copy must not
            for (int row = 0; row < model->rowCount(); ++row)
                for (int column = 0; column < model->columnCount(); ++column)
                    decorated = decorated || model->index(row, column).data().toString().contains(QStringLiteral("←"));
            QVERIFY(decorated);
            const QString tsv = copyAll(table, ui::CopyFormat::Tsv);
            QVERIFY2(!tsv.contains(QStringLiteral("←")) && !tsv.contains(QStringLiteral("◆")), qPrintable(tsv));
            QStringList header;
            for (int column = 0; column < model->columnCount(); ++column) header << model->headerData(column, Qt::Horizontal).toString();
            QCOMPARE(tsv.split(QLatin1Char('\n')).first(), header.join(QLatin1Char('\t')));
            QCOMPARE(tsv.split(QLatin1Char('\n')).size(), model->rowCount() + 1);
            const QString sql = copyAll(table, ui::CopyFormat::SqlInsert);
            QVERIFY2(sql.startsWith(QStringLiteral("INSERT INTO \"singer\" (")), qPrintable(sql));
            QCOMPARE(sql.count(QStringLiteral("INSERT INTO")), model->rowCount());
            QVERIFY(!sql.contains(QStringLiteral("←")));
            // Edit ▸ Copy (Ctrl+C) on the focused table puts the tab-separated form on the clipboard.
            table->setFocus();
            QApplication::clipboard()->clear();
            QAction* copy = actionWithShortcut(window, QKeySequence(QKeySequence::Copy));
            QVERIFY(copy);
            copy->trigger();
            if (QApplication::focusWidget() == table) QCOMPARE(QApplication::clipboard()->text(), tsv);
        }
        // The results tables copy as well (a query's result: table "result").
        const QList<QTableView*> results = window.resultsView()->findChildren<QTableView*>();
        QVERIFY(!results.isEmpty());
        QTableView* gold = results.first();
        if (gold->model()->rowCount() > 0) {
            const QString sql = copyAll(gold, ui::CopyFormat::SqlInsert);
            QVERIFY2(sql.startsWith(QStringLiteral("INSERT INTO \"result\"")), qPrintable(sql));
            QVERIFY(copyAll(gold, ui::CopyFormat::Markdown).startsWith(QStringLiteral("| ")));
        }
        QCOMPARE(gold->contextMenuPolicy(), Qt::CustomContextMenu);
        QCOMPARE(view->tableView(singer)->contextMenuPolicy(), Qt::CustomContextMenu);
    }
};

SQLEQ_GUI_TEST_MAIN(TestZoomAndCopy)
#include "test_zoom_and_copy.moc"
