// F8 without waiting: while an item is shown, audit mode computes the next item whose
// metrics disagree; pressing F8 then shows that inspection without a new run, and it is
// the very result a fresh run of the item gives (same inputs, same result). A changed
// setting makes the prefetched result useless, so the item is run again.

#include "tests/ui/gui_test_support.h"
#include "ui/audit/audit_items_panel.h"
#include "ui/audit/audit_mode.h"
#include "ui/main_window.h"
#include "ui/session/result_prefetcher.h"
#include "ui/session/session_controller.h"
#include "ui/widgets/verdict_banner.h"
#include "tests/ui/gui_test_main.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace sqleq;
using ui::MainWindow;

class TestAuditPrefetch : public QObject {
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

    void nextDisagreementIsShownWithoutANewRun()
    {
        MainWindow window;
        QVERIFY(test::openBundledAuditExample(window));
        ui::AuditMode* audit = window.audit();
        QVERIFY(audit->selectItem(0));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult(), test::kRunTimeoutMs);

        // The item F8 goes to is computed in the background meanwhile.
        const std::optional<std::size_t> next = audit->itemsPanel()->itemAfter(1, true);
        QVERIFY(next.has_value());
        QTRY_VERIFY_WITH_TIMEOUT(!audit->prefetcher()->isRunning(), test::kRunTimeoutMs);

        QSignalSpy started(window.controller(), &ui::SessionController::started);
        QSignalSpy settled(&window, &MainWindow::runSettled);
        audit->nextDisagreement();
        QCOMPARE(audit->loadedItem(), next);
        QCOMPARE(started.count(), 0);  // no run: the prefetched result is shown
        QCOMPARE(settled.count(), 1);
        QVERIFY(!window.isRunning());
        const ui::RunResultPtr shown = window.lastResult();
        QVERIFY(shown != nullptr);
        QCOMPARE(shown->session, window.currentSession());
        const QString title = window.verdictBanner()->title();

        // A fresh run of the same item in another window says the same.
        MainWindow fresh;
        QSignalSpy finished(fresh.controller(), &ui::SessionController::finished);
        fresh.inspect(shown->session, QStringLiteral("fresh"));
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, test::kRunTimeoutMs);
        QCOMPARE(fresh.verdictBanner()->title(), title);
        QCOMPARE(fresh.lastResult()->check.separatingDatabase, shown->check.separatingDatabase);
        QCOMPARE(fresh.lastResult()->counterexample.has_value(), shown->counterexample.has_value());
        if (shown->counterexample) QCOMPARE(fresh.lastResult()->counterexample->rowCount(), shown->counterexample->rowCount());
    }

    void theUsersSettingsDoNotReachAnItem()
    {
        MainWindow window;
        QVERIFY(test::openBundledAuditExample(window));
        ui::AuditMode* audit = window.audit();
        QVERIFY(audit->selectItem(0));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult(), test::kRunTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!audit->prefetcher()->isRunning(), test::kRunTimeoutMs);

        // Other budgets in the user's Settings: the project's settings, stored whole with
        // it, decide what every item runs, so the prefetched result still is F8's.
        ui::AppSettings settings;
        const inspect::CheckSettings before = settings.runSettings();
        inspect::CheckSettings run = before;
        run.samplingBudget += 1;
        run.searchBudget += 5;
        run.setIdleBudget(run.idleBudgetMs() + 100);
        settings.setRunSettings(run);
        QSignalSpy started(window.controller(), &ui::SessionController::started);
        audit->nextDisagreement();
        QCOMPARE(started.count(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult(), test::kRunTimeoutMs);
        const inspect::CheckSettings& used = window.lastResult()->session.settings;
        QVERIFY(used == audit->project()->sources().settings);
        QVERIFY(used.samplingBudget != run.samplingBudget);
        settings.setRunSettings(before);
    }
};

SQLEQ_GUI_TEST_MAIN(TestAuditPrefetch)
#include "test_audit_prefetch.moc"
