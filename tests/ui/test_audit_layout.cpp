// Audit mode's first layout on the bundled example, offscreen at 1280×800 and under
// tests/run_under_wm.sh with openbox at 1280×800 and 1920×1080: every
// header of the suite databases table shows its whole text, the database and results
// views have room for three rows, the items list for five with the chosen item scrolled
// into view, and a neighbor's text stays inside its own column. The layout is checked
// with the pinned test font and also with the fonts of an ordinary desktop: the
// system default as fontconfig resolves it, and DejaVu, Noto, Liberation and URW
// wherever they are installed.

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
#include "ui/widgets/sql_editor.h"
#include "ui/widgets/verdict_banner.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"
#include "tests/ui/laptop_screen.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QDockWidget>
#include <QFontDatabase>
#include <QFontInfo>
#include <QHeaderView>
#include <QPushButton>
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

QString rowsMessage(const char* what, const QTableView* view)
{
    return QStringLiteral("%1 %2 px high, rows of %3 px (%4)")
        .arg(QLatin1String(what))
        .arg(view->viewport()->height())
        .arg(view->verticalHeader()->defaultSectionSize())
        .arg(QFontInfo(view->font()).family());
}

/// How a row of fitsTheScreen sets the fonts up.
enum class Fonts { Pinned, System, Family };

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

    void init()
    {
        test::startAuditAsAlice();  // no place saved by an earlier row
        // A first start's layout: no window geometry or dock layout saved by an earlier test.
        ui::AppSettings().setWindow({}, {});
    }
    void cleanup() { test::usePinnedFonts(); }

    void fitsTheScreen_data()
    {
        QTest::addColumn<int>("fonts");
        QTest::addColumn<QString>("family");
        QTest::addColumn<QString>("fixedFamily");
        QTest::newRow("pinned DejaVu Sans") << int(Fonts::Pinned) << QString() << QString();
        QTest::newRow("system default") << int(Fonts::System) << QString() << QString();
        // The families a desktop commonly has (fonts-dejavu, fonts-noto, fonts-liberation,
        // fonts-urw-base35), each with its monospace sibling.
        const std::pair<const char*, const char*> families[] = {
            {"DejaVu Sans", "DejaVu Sans Mono"}, {"Noto Sans", "Noto Sans Mono"},
            {"Liberation Sans", "Liberation Mono"}, {"Nimbus Sans", "Nimbus Mono PS"}};
        for (const auto& [family, fixedFamily] : families)
            QTest::newRow(family) << int(Fonts::Family) << QString::fromLatin1(family) << QString::fromLatin1(fixedFamily);
    }

    void fitsTheScreen()
    {
        QFETCH(int, fonts);
        QFETCH(QString, family);
        QFETCH(QString, fixedFamily);
        if (fonts == int(Fonts::System)) test::useSystemFonts();
        if (fonts == int(Fonts::Family)) {
            const bool sans = QFontDatabase::hasFamily(family);
            const bool mono = QFontDatabase::hasFamily(fixedFamily);
            if (!sans && !mono)
                QSKIP(qPrintable(QStringLiteral("neither %1 nor %2 is installed").arg(family, fixedFamily)));
            // A family that is missing is left to fontconfig, as on such a desktop.
            test::useFonts(sans ? family : test::systemDefaultFont().family(), mono ? fixedFamily : QString(),
                           test::systemDefaultFont().pointSizeF());
        }

        ui::MainWindow window;
        qInfo("fonts: %s %.1f pt, SQL in %s", qPrintable(QFontInfo(QApplication::font()).family()),
              QApplication::font().pointSizeF(), qPrintable(QFontInfo(window.goldEditor()->font()).family()));
        QVERIFY(test::kLaptopScreen);
        SQLEQ_VERIFY_SHOWN_ON_SCREEN(window);
        QVERIFY2(test::openBundledAuditExample(window), "the bundled example did not open");
        const std::size_t last = window.audit()->project()->items()->back().index;
        QVERIFY(window.audit()->selectItem(last));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult(), kRunTimeoutMs);
        QTest::qWait(50);  // the deferred first dock layout
        QVERIFY(!window.grab().isNull());
        QCOMPARE(window.frameGeometry(), test::screenArea());  // the minimum sizes fit in it
        if (qEnvironmentVariableIsSet("SQLEQ_LAYOUT_PNG")) {  // one picture per font row: NAME-<row>.png
            const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_'));
            QString file = qEnvironmentVariable("SQLEQ_LAYOUT_PNG");
            if (file.endsWith(QStringLiteral(".png"))) file.chop(4);
            window.grab().save(file + QLatin1Char('-') + tag + QStringLiteral(".png"));
        }

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
        QVERIFY2(roomForRows(database, 3), qPrintable(rowsMessage("database view", database)));
        // The line of tables neither query reads names whole tables with their row
        // counts ("… and 2 more"), never a name cut in the middle.
        if (const QPushButton* unread = window.databaseView()->unreadTablesButton(); unread->isVisible())
            QVERIFY2(!unread->text().contains(QChar(0x2026)), qPrintable(unread->text()));
        const QList<QTableView*> results = window.resultsView()->findChildren<QTableView*>();
        QCOMPARE(results.size(), 2);
        for (const QTableView* view : results) QVERIFY2(roomForRows(view, 3), qPrintable(rowsMessage("results view", view)));

        QTableView* items = window.audit()->itemsPanel()->view();
        QVERIFY2(roomForRows(items, 5), qPrintable(rowsMessage("items list", items)));
        const QRect current = items->visualRect(items->currentIndex());
        QVERIFY(current.isValid());
        QVERIFY2(items->viewport()->rect().contains(current),
                 qPrintable(QStringLiteral("row at y=%1 in a %2 px viewport").arg(current.y()).arg(items->viewport()->height())));
    }

    void verdictBannerHeadsTheVerdictPanelInAuditMode()
    {
        ui::MainWindow window;
        SQLEQ_VERIFY_SHOWN_ON_SCREEN(window);
        QWidget* banner = window.verdictBanner();
        QDockWidget* panel = window.audit()->annotationDock();
        QVERIFY(!panel->isAncestorOf(banner));
        QVERIFY2(test::openBundledAuditExample(window), "the bundled example did not open");
        QVERIFY(panel->isAncestorOf(banner));
        QVERIFY(banner->isVisible());
        panel->toggleViewAction()->trigger();  // the user hides the verdict panel: the banner stays in sight
        QVERIFY(!panel->isVisible());
        QVERIFY(!panel->isAncestorOf(banner));
        QVERIFY(banner->isVisible());
        panel->toggleViewAction()->trigger();
        QVERIFY(panel->isAncestorOf(banner));
        window.audit()->closeProject();
        QVERIFY(!panel->isAncestorOf(banner));
        QVERIFY(banner->isVisible());
    }

    void neighborTextStaysInItsColumn()
    {
        ui::MainWindow window;
        SQLEQ_VERIFY_SHOWN_ON_SCREEN(window);
        QVERIFY2(test::openBundledAuditExample(window), "the bundled example did not open");
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult(), kRunTimeoutMs);
        QTreeView* tree = window.neighborsPanel()->findChild<QTreeView*>();
        QVERIFY(tree);
        QAbstractItemModel* model = tree->model();
        // A proved item distills no suite and so lists no neighbor: take the first item
        // that was searched.
        for (std::size_t item = 1; model->rowCount() == 0 && item < 20; ++item) {
            if (!window.audit()->selectItem(item)) break;
            QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult(), kRunTimeoutMs);
        }
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

SQLEQ_GUI_TEST_MAIN(TestAuditLayout)
#include "test_audit_layout.moc"
