// The window on the screen it opens on: offscreen on a 1280×800 laptop screen, and under
// tests/run_under_wm.sh on a real X display with openbox at 1280×800 and 1920×1080, where
// the window manager frames the window after it is shown and lays the docks out as on a
// desktop. The test gives the window the screen's available geometry, waits until it is
// framed and fitted, then toggles every filter and switch of the inspector (plain and
// audit mode) and checks after each that the window did not widen itself, that its
// frame still fits the screen, and that the tables keep rows in sight (five in the
// audit items list, three in the database and in each results table). A geometry saved
// on a larger screen, or grown before, is brought back inside the screen on restore.

#include "ui/app_settings.h"
#include "ui/audit/audit_items_panel.h"
#include "ui/audit/audit_mode.h"
#include "ui/audit/audit_project.h"
#include "ui/main_window.h"
#include "ui/screen_fit.h"
#include "ui/widgets/database_view.h"
#include "ui/widgets/results_view.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"
#include "tests/ui/laptop_screen.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QScopeGuard>
#include <QScreen>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace sqleq;

namespace {

/// A screen this high (1920×1080 and up) is not a laptop's.
constexpr int kLargeScreenHeight = 1000;
/// The audit items list on such a screen: it takes a share of the extra height.
constexpr int kRowsOnALargeScreen = 9;
/// The narrowest search field that shows a typed word whole ("youngest", "concert_singer").
constexpr int kSearchWidth = 150;

/// Rows of its default height `view` shows whole.
int visibleRows(const QTableView* view)
{
    return view->viewport()->height() / std::max(1, view->verticalHeader()->defaultSectionSize());
}

/// Every check of the layout after one step (`step` names it in a failure); returns a
/// failure message, empty when the layout holds.
QString layoutProblemNow(ui::MainWindow& window, int width, const QString& step)
{
    QCoreApplication::processEvents();
    const auto fail = [&](const QString& what) {
        if (qEnvironmentVariableIsSet("SQLEQ_LAYOUT_PNG"))  // the failing layout, to look at: NAME-<row>.png
            window.grab().save(qEnvironmentVariable("SQLEQ_LAYOUT_PNG") + QLatin1Char('-')
                               + QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_'))
                               + QStringLiteral(".png"));
        return step + QStringLiteral(": ") + what;
    };
    if (window.width() > width)
        return fail(QStringLiteral("the window grew from %1 to %2 px").arg(width).arg(window.width()));
    const QRect screen = test::screenArea();
    if (!screen.contains(window.frameGeometry()))
        return fail(QStringLiteral("frame %1,%2 %3×%4 is outside the screen")
                        .arg(window.frameGeometry().x()).arg(window.frameGeometry().y())
                        .arg(window.frameGeometry().width()).arg(window.frameGeometry().height()));
    if (window.minimumSizeHint().width() > screen.width())
        return fail(QStringLiteral("the window needs %1 px").arg(window.minimumSizeHint().width()));
    ui::DatabaseView* database = window.databaseView();
    if (database->tableCount() > 0) {
        const QTableView* table = database->tableView(database->tabs()->currentIndex());
        if (table && visibleRows(table) < 3) return fail(QStringLiteral("database table shows %1 rows").arg(visibleRows(table)));
    }
    for (const QTableView* view : window.resultsView()->findChildren<QTableView*>())
        if (view->isVisible() && visibleRows(view) < 3)
            return fail(QStringLiteral("a results table shows %1 rows").arg(visibleRows(view)));
    if (window.audit()->project() != nullptr) {
        const ui::AuditItemsPanel* panel = window.audit()->itemsPanel();
        const QTableView* items = panel->view();
        // Five rows on a laptop; a screen with more height gives the list more of it.
        const int wanted = screen.height() >= kLargeScreenHeight ? kRowsOnALargeScreen : ui::AuditItemsPanel::kRowsInView;
        if (visibleRows(items) < wanted)
            return fail(QStringLiteral("the items list shows %1 rows, not %2").arg(visibleRows(items)).arg(wanted));
        // Room to read what one types in the search field, and the whole "n of m reviewed".
        if (panel->searchBox()->width() < kSearchWidth)
            return fail(QStringLiteral("the search field is %1 px wide").arg(panel->searchBox()->width()));
        const auto* progress = panel->findChild<QLabel*>(QStringLiteral("auditProgress"));
        if (progress == nullptr) return fail(QStringLiteral("no progress counter"));
        if (progress->contentsRect().width() < progress->fontMetrics().horizontalAdvance(progress->text()))
            return fail(QStringLiteral("the counter \"%1\" is cut to %2 px").arg(progress->text()).arg(progress->contentsRect().width()));
        // The verdict buttons stay on screen, whole.
        for (const QPushButton* button : window.audit()->annotationDock()->findChildren<QPushButton*>()) {
            if (!button->isVisible()) continue;
            const QRect inWindow(button->mapTo(&window, QPoint(0, 0)), button->size());
            if (!window.rect().contains(inWindow)) return fail(QStringLiteral("\"%1\" is cut off").arg(button->text()));
        }
    }
    return {};
}

/// layoutProblemNow once the layout has settled. Under a window manager a resize is a
/// round trip through the X server, so on a busy machine a step's final layout arrives
/// some events later: the checks are repeated until they hold, and the problem still
/// there after 10 s is the failure.
QString layoutProblem(ui::MainWindow& window, int width, const QString& step)
{
    QElapsedTimer waited;
    waited.start();
    QString problem = layoutProblemNow(window, width, step);
    while (!problem.isEmpty() && waited.elapsed() < 10000) {
        QTest::qWait(20);
        problem = layoutProblemNow(window, width, step);
    }
    return problem;
}

} // namespace

class TestWindowFit : public QObject {
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
        test::startAuditAsAlice();
        // A first start's layout: no window geometry or dock layout saved by an earlier test.
        ui::AppSettings().setWindow({}, {});
    }
    void cleanup() { test::usePinnedFonts(); }

    void fittingFrameStaysOnTheScreen_data()
    {
        QTest::addColumn<QRect>("frame");
        QTest::addColumn<QRect>("available");
        QTest::addColumn<QRect>("fitted");
        const QRect laptop(0, 0, 1280, 800);
        QTest::newRow("fits") << QRect(10, 20, 800, 600) << laptop << QRect(10, 20, 800, 600);
        QTest::newRow("grown by a filter") << QRect(0, 0, 1384, 800) << laptop << QRect(0, 0, 1280, 800);
        QTest::newRow("20 px too tall") << QRect(0, 0, 1280, 820) << laptop << QRect(0, 0, 1280, 800);
        QTest::newRow("off to the right") << QRect(900, 100, 800, 600) << laptop << QRect(480, 100, 800, 600);
        QTest::newRow("above a top panel") << QRect(0, 0, 800, 600) << QRect(0, 30, 1280, 770) << QRect(0, 30, 800, 600);
        QTest::newRow("second screen") << QRect(1000, 0, 1920, 1080) << QRect(1280, 0, 1920, 1050)
                                       << QRect(1280, 0, 1920, 1050);
    }

    void fittingFrameStaysOnTheScreen()
    {
        QFETCH(QRect, frame);
        QFETCH(QRect, available);
        QFETCH(QRect, fitted);
        QCOMPARE(ui::fitFrameToScreen(frame, available), fitted);
    }

    void firstSizeSuitsTheScreen()
    {
        QCOMPARE(ui::defaultWindowSize(QRect(0, 0, 1280, 800)), QSize(1280, 800));
        QCOMPARE(ui::defaultWindowSize(QRect(0, 0, 1366, 738)), QSize(1280, 738));
        QCOMPARE(ui::defaultWindowSize(QRect(0, 0, 1920, 1080)), QSize(1632, 918));
        QCOMPARE(ui::defaultWindowSize(QRect(0, 0, 1024, 600)), QSize(1024, 600));
    }

    void neverGrowsWhenFiltering_data()
    {
        QTest::addColumn<bool>("audit");
        QTest::addColumn<QString>("family");
        QTest::addColumn<QString>("fixedFamily");
        // The pinned DejaVu, then desktop families where installed (fonts-liberation,
        // fonts-urw-base35), whose wider glyphs are what grew the window.
        const std::pair<const char*, const char*> families[] = {
            {"", ""}, {"Liberation Sans", "Liberation Mono"}, {"Nimbus Sans", "Nimbus Mono PS"}};
        for (const bool audit : {false, true})
            for (const auto& [family, fixedFamily] : families)
                QTest::addRow("%s, %s", audit ? "audit mode" : "plain inspector", *family ? family : "pinned DejaVu Sans")
                    << audit << QString::fromLatin1(family) << QString::fromLatin1(fixedFamily);
    }

    void neverGrowsWhenFiltering()
    {
        QFETCH(bool, audit);
        QFETCH(QString, family);
        QFETCH(QString, fixedFamily);
        if (!family.isEmpty()) {
            if (!QFontDatabase::hasFamily(family)) QSKIP(qPrintable(family + QStringLiteral(" is not installed")));
            test::useFonts(family, QFontDatabase::hasFamily(fixedFamily) ? fixedFamily : QString(),
                           test::systemDefaultFont().pointSizeF());
        }
        QVERIFY(test::kLaptopScreen);
        ui::MainWindow window;
        SQLEQ_VERIFY_SHOWN_ON_SCREEN(window);
        if (audit) {
            QVERIFY2(test::openBundledAuditExample(window), "the bundled example did not open");
            QVERIFY(window.audit()->selectItem(window.audit()->project()->items()->back().index));
        } else {
            QString error;
            QVERIFY2(window.openSession(QStringLiteral(":/examples/figure1-different.sqleq"), true, &error), qPrintable(error));
        }
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult(), test::kRunTimeoutMs);
        QTest::qWait(50);  // the deferred first dock layout
        QCOMPARE(window.frameGeometry(), test::screenArea());
        const int width = window.width();
        QString problem = layoutProblem(window, width, QStringLiteral("first layout"));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));

        // Every check box and switch, on and back off (the schema's db_id picker is not
        // a filter: it changes the inputs).
        int toggled = 0;
        const auto buttons = window.findChildren<QAbstractButton*>();
        for (QAbstractButton* button : buttons) {
            if (!button->isVisible() || !button->isCheckable() || !button->isEnabled()) continue;
            if (!qobject_cast<QCheckBox*>(button) && !qobject_cast<QRadioButton*>(button)) continue;
            for (int flip = 0; flip < 2; ++flip) {
                button->click();
                problem = layoutProblem(window, width, QStringLiteral("after clicking \"%1\"").arg(button->text()));
                QVERIFY2(problem.isEmpty(), qPrintable(problem));
            }
            ++toggled;
        }
        QVERIFY(toggled >= (audit ? 4 : 1));
        if (!audit) return;
        ui::AuditItemsPanel* panel = window.audit()->itemsPanel();
        for (QComboBox* combo : panel->findChildren<QComboBox*>()) {
            for (int index = 0; index < combo->count(); ++index) {
                combo->setCurrentIndex(index);
                problem = layoutProblem(window, width, QStringLiteral("with \"%1\" chosen").arg(combo->currentText()));
                QVERIFY2(problem.isEmpty(), qPrintable(problem));
            }
            combo->setCurrentIndex(0);
        }
        // Every check box at once, and a search that matches nothing: the longest texts.
        for (QCheckBox* box : panel->findChildren<QCheckBox*>()) box->setChecked(true);
        if (auto* search = panel->findChild<QLineEdit*>(QStringLiteral("auditSearch")))
            search->setText(QStringLiteral("a search that matches none of the items at all"));
        problem = layoutProblem(window, width, QStringLiteral("every filter on, nothing shown"));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    /// View ▸ Zoom in three times on a laptop screen: the larger text fits the screen, the
    /// editors and the explanation give up height first, the red summary under the results
    /// stays whole in sight and the counterexample keeps two rows.
    void zoomedThreeTimesStillFits()
    {
        QVERIFY(test::kLaptopScreen);
        ui::MainWindow window;
        SQLEQ_VERIFY_SHOWN_ON_SCREEN(window);
        QString error;
        QVERIFY2(window.openSession(QStringLiteral(":/examples/figure1-different.sqleq"), true, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult(), test::kRunTimeoutMs);
        QAction* zoomIn = nullptr;
        for (QAction* action : window.findChildren<QAction*>())
            if (action->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Equal))) zoomIn = action;
        QVERIFY(zoomIn);
        const auto zoomReset = qScopeGuard([] { ui::AppSettings().setZoom(0); });
        // One step at a time, the layout settling in between, as a user presses Ctrl++.
        for (int step = 0; step < 3; ++step) {
            zoomIn->trigger();
            QTest::qWait(100);
        }
        const QRect screen = test::screenArea();
        const int frameExtra = window.frameGeometry().height() - window.geometry().height();
        QVERIFY2(window.minimumSizeHint().height() + frameExtra <= screen.height(),
                 qPrintable(QStringLiteral("zoomed, the window needs %1 px (frame included) on a %2 px screen")
                                .arg(window.minimumSizeHint().height() + frameExtra).arg(screen.height())));
        QTRY_VERIFY2(screen.contains(window.frameGeometry()),
                     qPrintable(QStringLiteral("zoomed, the frame is %1 px high").arg(window.frameGeometry().height())));
        // The red summary under the results whole in sight (not clipped by the panes
        // above it nor by the window's edge), below the result tables, not over them.
        const auto* note = window.resultsView()->findChild<QLabel*>(QStringLiteral("resultsNote"));
        QVERIFY(note && !note->text().isEmpty());
        const auto shownHeight = [](const QWidget* widget) { return widget->visibleRegion().boundingRect().height(); };
        QTRY_VERIFY2(shownHeight(note) >= note->heightForWidth(note->width()),
                     qPrintable(QStringLiteral("%1 px of the summary's %2 are in sight")
                                    .arg(shownHeight(note)).arg(note->heightForWidth(note->width()))));
        for (const QTableView* view : window.resultsView()->findChildren<QTableView*>())
            QVERIFY(view->geometry().bottom() < note->geometry().top());
        // The counterexample keeps two whole rows in sight, and the status bar is in the window.
        const QTableView* table = window.databaseView()->tableView(window.databaseView()->tabs()->currentIndex());
        QVERIFY(table);
        const int rowsInSight = shownHeight(table->viewport()) / table->verticalHeader()->defaultSectionSize();
        QVERIFY2(rowsInSight >= 2, qPrintable(QStringLiteral("the database table shows %1 rows").arg(rowsInSight)));
        QVERIFY(window.rect().contains(window.statusBar()->geometry()));
    }

    /// A small window (1000×620, a netbook's or a window beside another): the counterexample
    /// keeps two rows in sight and the red summary under the results stays whole.
    void smallWindowKeepsTheCounterexampleRows()
    {
        QVERIFY(test::kLaptopScreen);
        ui::MainWindow window;
        SQLEQ_VERIFY_SHOWN_ON_SCREEN(window);
        QString error;
        QVERIFY2(window.openSession(QStringLiteral(":/examples/figure1-different.sqleq"), true, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult(), test::kRunTimeoutMs);
        const QSize small(1000, 620);
        QVERIFY2(window.minimumSizeHint().height() <= small.height(),
                 qPrintable(QStringLiteral("the window needs %1 px").arg(window.minimumSizeHint().height())));
        window.resize(small);
        QTRY_COMPARE(window.size(), small);
        const auto shownHeight = [](const QWidget* widget) { return widget->visibleRegion().boundingRect().height(); };
        const QTableView* table = window.databaseView()->tableView(window.databaseView()->tabs()->currentIndex());
        QVERIFY(table);
        const auto rowsInSight = [&] { return shownHeight(table->viewport()) / table->verticalHeader()->defaultSectionSize(); };
        QTRY_VERIFY2(rowsInSight() >= 2, qPrintable(QStringLiteral("the database table shows %1 rows").arg(rowsInSight())));
        const auto* note = window.resultsView()->findChild<QLabel*>(QStringLiteral("resultsNote"));
        QVERIFY(note && !note->text().isEmpty());
        QTRY_VERIFY2(shownHeight(note) >= note->heightForWidth(note->width()),
                     qPrintable(QStringLiteral("%1 px of the summary's %2 are in sight")
                                    .arg(shownHeight(note)).arg(note->heightForWidth(note->width()))));
    }

    void restoredGeometryIsClampedToTheScreen()
    {
        QRect available;
        {
            ui::MainWindow window;
            available = window.screen()->availableGeometry();
            // A window that once grew past the screen (or was saved on a larger one).
            window.setGeometry(available.adjusted(0, 0, 300, 200));
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            ui::AppSettings settings;
            settings.setWindow(window.saveGeometry(), window.saveState());
        }
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // Under a window manager the frame comes after the first show; the window fits it then.
        QTRY_VERIFY2(available.contains(window.frameGeometry()),
                 qPrintable(QStringLiteral("%1×%2 on a %3×%4 screen")
                                .arg(window.frameGeometry().width()).arg(window.frameGeometry().height())
                                .arg(available.width()).arg(available.height())));
    }
};

SQLEQ_GUI_TEST_MAIN(TestWindowFit)
#include "test_window_fit.moc"
