// Reopening an audit project puts the annotator back where they were: the current
// item, every filter, the sort and the scroll position, saved as they change (so
// without closing the first window, as after a crash); an item chosen explicitly
// (as by --audit-item) wins over the saved one. Offscreen, on the bundled example.

#include "ui/app_settings.h"
#include "ui/audit/audit_filter_model.h"
#include "ui/audit/audit_items_panel.h"
#include "ui/audit/audit_mode.h"
#include "ui/audit/bundled_audit_example.h"
#include "ui/audit/audit_project.h"
#include "ui/main_window.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace sqleq;

namespace {

bool openExample(ui::MainWindow& window)
{
    const bool opened = test::openBundledAuditExample(window);
    QCoreApplication::processEvents();  // the deferred first layout and scroll position (zero timers)
    return opened;
}

} // namespace

class TestAuditPlace : public QObject {
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

    void reopeningRestoresThePlace()
    {
        auto first = std::make_unique<ui::MainWindow>();
        first->resize(1280, 800);
        first->show();
        QVERIFY2(openExample(*first), "the bundled example did not open");
        ui::AuditItemsPanel* items = first->audit()->itemsPanel();
        items->unreviewedFilter()->setChecked(true);
        items->databaseFilter()->setCurrentIndex(items->databaseFilter()->findData(QStringLiteral("concerts")));
        items->searchBox()->setText(QStringLiteral("SELECT"));
        items->view()->sortByColumn(2, Qt::DescendingOrder);
        QVERIFY(items->filter()->rowCount() > 3);
        const QModelIndex last = items->filter()->index(items->filter()->rowCount() - 1, 0);
        items->view()->setCurrentIndex(last);
        const std::size_t chosen = *items->currentItem();
        QScrollBar* scroll = items->view()->verticalScrollBar();
        QTRY_VERIFY(scroll->maximum() > 0);
        scroll->setValue(scroll->maximum() - 1);
        const ui::AuditPlace saved = items->place();
        // Saved as it changes, not on close: the first window stays open, as if it
        // had been killed.
        QTRY_VERIFY(ui::AuditPlace::fromVariant(ui::AppSettings().auditPlace(first->audit()->project()->path())) == saved);

        ui::MainWindow second;
        second.resize(1280, 800);
        second.show();
        QVERIFY2(openExample(second), "the bundled example did not reopen");
        ui::AuditItemsPanel* reopened = second.audit()->itemsPanel();
        QCOMPARE(reopened->currentItem(), std::optional<std::size_t>(chosen));
        QVERIFY(reopened->unreviewedFilter()->isChecked());
        QVERIFY(!reopened->disagreeFilter()->isChecked());
        QCOMPARE(reopened->databaseFilter()->currentData().toString(), QStringLiteral("concerts"));
        QCOMPARE(reopened->hardnessFilter()->currentIndex(), 0);
        QCOMPARE(reopened->searchBox()->text(), QStringLiteral("SELECT"));
        QCOMPARE(reopened->view()->horizontalHeader()->sortIndicatorSection(), 2);
        QCOMPARE(reopened->view()->horizontalHeader()->sortIndicatorOrder(), Qt::DescendingOrder);
        QCOMPARE(reopened->filter()->rowCount(), items->filter()->rowCount());
        QTRY_COMPARE(reopened->view()->verticalScrollBar()->value(), saved.scroll);
        QVERIFY(second.audit()->loadedItem() == std::optional<std::size_t>(chosen));
        first.reset();
    }

    void hardnessAndDisagreementFiltersComeBack()
    {
        {
            ui::MainWindow window;
            window.show();
            QVERIFY(openExample(window));
            ui::AuditItemsPanel* items = window.audit()->itemsPanel();
            items->disagreeFilter()->setChecked(true);
            items->hardnessFilter()->setCurrentIndex(1);
            QVERIFY(items->hardnessFilter()->currentIndex() == 1);
            QTRY_VERIFY(ui::AuditPlace::fromVariant(ui::AppSettings().auditPlace(window.audit()->project()->path())) == items->place());
        }
        ui::MainWindow window;
        window.show();
        QVERIFY(openExample(window));
        ui::AuditItemsPanel* items = window.audit()->itemsPanel();
        QVERIFY(items->disagreeFilter()->isChecked());
        QCOMPARE(items->hardnessFilter()->currentIndex(), 1);
    }

    void anExplicitItemWinsOverTheSavedOne()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(openExample(window));
        const std::optional<std::size_t> saved = window.audit()->itemsPanel()->currentItem();
        QVERIFY(saved);
        const std::size_t other = *saved == 0 ? 1 : 0;
        // What main() does for --audit-item after opening the project.
        QVERIFY(window.audit()->selectItem(other));
        QCoreApplication::processEvents();  // the deferred scroll (a zero timer)
        QCOMPARE(window.audit()->itemsPanel()->currentItem(), std::optional<std::size_t>(other));
        QCOMPARE(window.audit()->loadedItem(), std::optional<std::size_t>(other));
        QTableView* view = window.audit()->itemsPanel()->view();
        QTRY_VERIFY(view->viewport()->rect().contains(view->visualRect(view->currentIndex())));
    }
};

SQLEQ_GUI_TEST_MAIN(TestAuditPlace)
#include "test_audit_place.moc"
