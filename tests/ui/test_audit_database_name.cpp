// Audit mode names one separating database per item: the banner and the Verdict panel's
// test-suite line both name the database whose counterexample is on screen, in the
// inspector's words ("#1 (sample 0)"), on the bundled example's `age > 30` vs `age >= 30`
// (the project's own run stopped at a prebuilt file, which the tooltip keeps).
#include "ui/audit/annotation_panel.h"
#include "ui/audit/audit_mode.h"
#include "ui/audit/item_explanation.h"
#include "ui/main_window.h"
#include "ui/models/database_naming.h"
#include "ui/session/session_controller.h"
#include "ui/widgets/verdict_banner.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QLabel>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace sqleq;

class TestAuditDatabaseName : public QObject {
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

    void theBannerAndTheVerdictPanelNameOneDatabase()
    {
        ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(test::openBundledAuditExample(window));
        const audit::AuditItem* item = window.audit()->project()->item(1);
        QVERIFY(item);
        QCOMPARE(item->prediction, std::string("SELECT name FROM singer WHERE age >= 30"));
        QVERIFY(item->metrics.testSuite == false);
        QVERIFY(!item->metrics.separatingDatabaseFile.empty());  // the project's own run names its file

        QVERIFY(window.audit()->selectItem(1));
        const QString gold = QString::fromStdString(item->gold);
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult() && window.lastResult()->session.gold == gold,
                                 test::kRunTimeoutMs);
        const ui::RunResult& result = *window.lastResult();
        QCOMPARE(result.check.verdict, suite::VerdictKind::Different);
        const QString name = ui::separatingDatabaseOnScreenName(result);
        QVERIFY(!name.isEmpty());
        const QString banner = window.verdictBanner()->title();
        QVERIFY2(banner.contains(QStringLiteral("database %1 separates them").arg(name)), qPrintable(banner));

        QLabel* why = window.audit()->annotationPanel()->whyLabel();
        QTRY_VERIFY2_WITH_TIMEOUT(why->text().contains(QStringLiteral("database %1 separates them").arg(name)),
                                  qPrintable(why->text() + QStringLiteral("\nbanner: ") + banner), test::kRunTimeoutMs);
        // No second database: neither the project's file nor another "#N" on the panel.
        const QString file = QString::fromStdString(item->metrics.separatingDatabaseFile);
        QVERIFY2(!why->text().contains(QStringLiteral("%1 (prebuilt suite)").arg(file)), qPrintable(why->text()));
        static const QRegularExpression number(QStringLiteral("#\\d+ \\("));  // "#1 (…", not a colour
        QVERIFY2(why->text().count(number) == 1, qPrintable(why->text()));
        // The project's own run is still told, in the tooltip.
        QVERIFY2(why->toolTip().contains(QStringLiteral("In the project's own run: %1 (prebuilt suite) separates them")
                                             .arg(file)),
                 qPrintable(why->toolTip()));

        // Another item is explained without item 1's database at once.
        QVERIFY(window.audit()->selectItem(2));
        QCOMPARE(window.audit()->annotationPanel()->item(), std::optional<std::size_t>(2));
        QVERIFY2(!why->text().contains(QStringLiteral("its counterexample is on screen")), qPrintable(why->text()));
    }
};

SQLEQ_GUI_TEST_MAIN(TestAuditDatabaseName)
#include "test_audit_database_name.moc"
