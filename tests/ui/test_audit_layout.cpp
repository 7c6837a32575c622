// Audit mode's first layout at 1280×800, offscreen, on the bundled example: every
// header of the suite databases table shows its whole text, the database and results
// views have room for three rows, the chosen item is scrolled into the list's view,
// and a neighbor's text stays inside its own column.

#include "ui/app_settings.h"
#include "ui/audit/audit_items_panel.h"
#include "ui/audit/audit_mode.h"
#include "ui/audit/bundled_audit_example.h"
#include "ui/audit/audit_project.h"
#include "ui/main_window.h"
#include "ui/models/neighbors_model.h"
#include "ui/widgets/database_view.h"
#include "ui/widgets/databases_panel.h"
#include "ui/widgets/neighbor_delegate.h"
#include "ui/widgets/neighbors_panel.h"
#include "ui/widgets/results_view.h"
#include "tests/ui/gui_test_support.h"

#include <QAbstractTextDocumentLayout>
#include <QHeaderView>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QTreeView>
#include <QtTest>

using namespace sqleq;

namespace {

constexpr int kRunTimeoutMs = 120'000;

/// True when `view` shows at least `rows` rows of its default height.
bool roomForRows(const QTableView* view, int rows)
{
    return view->viewport()->height() >= rows * view->verticalHeader()->defaultSectionSize();
}

} // namespace

class TestAuditLayout : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(m_dir);
        test::startAuditAsAlice();
    }

    void fitsAt1280x800()
    {
        ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY2(test::openBundledAuditExample(window), "the bundled example did not open");
        const std::size_t last = window.audit()->project()->items()->back().index;
        QVERIFY(window.audit()->selectItem(last));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult(), kRunTimeoutMs);
        QTest::qWait(50);  // the deferred first dock layout
        QVERIFY(!window.grab().isNull());
        if (qEnvironmentVariableIsSet("SQLEQ_LAYOUT_PNG")) window.grab().save(qEnvironmentVariable("SQLEQ_LAYOUT_PNG"));

        QHeaderView* header = window.databasesPanel()->view()->horizontalHeader();
        const QFontMetrics metrics(header->font());
        const int margins = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
        for (int section = 0; section < header->count(); ++section) {
            const QString text = header->model()->headerData(section, Qt::Horizontal).toString();
            QVERIFY2(metrics.horizontalAdvance(text) + margins <= header->sectionSize(section),
                     qPrintable(QStringLiteral("\"%1\": %2 px in a %3 px section")
                                    .arg(text).arg(metrics.horizontalAdvance(text)).arg(header->sectionSize(section))));
        }

        QVERIFY(window.databaseView()->tableCount() > 0);
        const QTableView* database = window.databaseView()->tableView(window.databaseView()->tabs()->currentIndex());
        QVERIFY(database);
        QVERIFY2(roomForRows(database, 3), qPrintable(QStringLiteral("database view %1 px high")
                                                          .arg(database->viewport()->height())));
        const QList<QTableView*> results = window.resultsView()->findChildren<QTableView*>();
        QCOMPARE(results.size(), 2);
        for (const QTableView* view : results)
            QVERIFY2(roomForRows(view, 3), qPrintable(QStringLiteral("results view %1 px high").arg(view->viewport()->height())));

        QTableView* items = window.audit()->itemsPanel()->view();
        const QRect current = items->visualRect(items->currentIndex());
        QVERIFY(current.isValid());
        QVERIFY2(items->viewport()->rect().contains(current),
                 qPrintable(QStringLiteral("row at y=%1 in a %2 px viewport").arg(current.y()).arg(items->viewport()->height())));
    }

    void neighborTextStaysInItsColumn()
    {
        ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY2(test::openBundledAuditExample(window), "the bundled example did not open");
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult(), kRunTimeoutMs);
        QTreeView* tree = window.neighborsPanel()->findChild<QTreeView*>();
        QVERIFY(tree);
        QAbstractItemModel* model = tree->model();
        QVERIFY(model->rowCount() > 0);
        tree->expandAll();
        QCoreApplication::processEvents();
        // The SQL column's width is what the delegate has; every neighbor's text must fit
        // it once its context is shortened, or be context-free.
        int neighbors = 0;
        for (int family = 0; family < model->rowCount(); ++family) {
            const QModelIndex parent = model->index(family, 0);
            for (int row = 0; row < model->rowCount(parent); ++row) {
                const QModelIndex index = model->index(row, ui::NeighborsModel::SqlColumn, parent);
                const int width = tree->visualRect(index).width();
                const QString html = ui::NeighborDelegate::fittingChangeHtml(index, tree->palette(), tree->font(), width);
                if (html.isEmpty()) continue;
                ++neighbors;
                QTextDocument document;
                document.setDefaultFont(tree->font());
                document.setDocumentMargin(0);
                document.setHtml(html);
                const QString contextFree = ui::NeighborDelegate::changeHtml(index, tree->palette(), 0);
                QVERIFY2(document.idealWidth() <= width || html == contextFree, qPrintable(html));
            }
        }
        QVERIFY(neighbors > 0);
    }
};

QTEST_MAIN(TestAuditLayout)
#include "test_audit_layout.moc"
