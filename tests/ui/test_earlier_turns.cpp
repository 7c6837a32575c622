// Audit mode on a multi-turn project: the store keeps the interactions (and a project
// without them reads as single-turn), and the earlier-turns panel shows the item's
// position and the gold and predicted SQL of the turns before it, under
// QAbstractItemModelTester; it hides for a single-turn project.
#include "gui_test_support.h"

#include "core/audit/audit.h"
#include "ui/audit/audit_exchange.h"
#include "ui/audit/audit_project.h"
#include "ui/audit/earlier_turns_panel.h"
#include "ui/audit/interaction_turns_model.h"
#include "tests/ui/gui_test_main.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QTableView>

using namespace sqleq;

namespace {

/// Interactions of 2, 0 and 3 turns: items 0-1, then 2-4.
QString makeProject(const QDir& dir, const QString& name, std::vector<uint32_t> interactionTurns)
{
    audit::ProjectSources sources;
    sources.gold = "gold.txt";
    sources.predictions = "pred.txt";
    sources.tables = "tables.json";
    sources.interactionTurns = std::move(interactionTurns);
    std::vector<audit::AuditItem> items;
    for (std::size_t i = 0; i < 5; ++i) {
        audit::AuditItem item;
        item.index = i;
        item.dbId = "shop";
        item.gold = "SELECT gold_" + std::to_string(i) + " FROM item";
        item.prediction = "SELECT pred_" + std::to_string(i) + " FROM item";
        items.push_back(std::move(item));
    }
    const QString path = dir.filePath(name);
    auto store = audit::AnnotationStore::create(path.toStdString(), sources, items);
    if (!store) qFatal("create: %s", store.error().message.c_str());
    return path;
}

} // namespace

class TestEarlierTurns : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase() { test::useTestSettings(m_dir); }

    void storeKeepsTheInteractions()
    {
        const QString path = makeProject(QDir(m_dir.path()), QStringLiteral("turns.sqleq-audit"), {2, 0, 3});
        auto store = audit::AnnotationStore::openReadOnly(path.toStdString());
        QVERIFY(store.ok());
        QCOMPARE(store->sources()->interactionTurns, (std::vector<uint32_t>{2, 0, 3}));
        auto items = store->items();
        QVERIFY(items.ok());
        QVERIFY(items->at(4).metrics.turn.has_value());
        QCOMPARE(items->at(4).metrics.turn->interaction, 2u);
        QCOMPARE(items->at(4).metrics.turn->turn, 2u);
        QCOMPARE(items->at(1).metrics.turn->turn, 1u);

        const QString flat = makeProject(QDir(m_dir.path()), QStringLiteral("flat.sqleq-audit"), {});
        auto single = audit::AnnotationStore::openReadOnly(flat.toStdString());
        QVERIFY(single.ok());
        QVERIFY(single->sources()->interactionTurns.empty());
        QVERIFY(!single->items()->at(4).metrics.turn.has_value());
    }

    void panelShowsPositionAndEarlierTurns()
    {
        QString error;
        auto project = ui::AuditProject::open(
            makeProject(QDir(m_dir.path()), QStringLiteral("panel.sqleq-audit"), {2, 0, 3}), QStringLiteral("alice"),
            &error);
        QVERIFY2(project, qPrintable(error));
        ui::EarlierTurnsPanel panel;
        QAbstractItemModelTester tester(panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        panel.setProject(project.get());
        panel.show();

        panel.showItem(4);
        QVERIFY(panel.isVisible());
        QCOMPARE(panel.positionLabel()->text(), QStringLiteral("Turn 3 of 3 · interaction 3"));
        QCOMPARE(panel.model()->rowCount(), 2);
        QCOMPARE(panel.model()->index(0, ui::InteractionTurnsModel::TurnColumn).data().toInt(), 1);
        QCOMPARE(panel.model()->index(0, ui::InteractionTurnsModel::GoldColumn).data().toString(),
                 QStringLiteral("SELECT gold_2 FROM item"));
        QCOMPARE(panel.model()->index(1, ui::InteractionTurnsModel::PredictionColumn).data().toString(),
                 QStringLiteral("SELECT pred_3 FROM item"));
        QVERIFY(panel.view()->isVisible());
        // With SQLEQ_SCREENSHOT_DIR set, the panel as the annotator sees it, for a look.
        if (const QString dir = qEnvironmentVariable("SQLEQ_SCREENSHOT_DIR"); !dir.isEmpty()) {
            panel.resize(520, 220);
            QVERIFY(panel.grab().save(dir + "/earlier-turns.png"));
        }

        panel.showItem(0);
        QCOMPARE(panel.positionLabel()->text(), QStringLiteral("Turn 1 of 2 · interaction 1"));
        QCOMPARE(panel.model()->rowCount(), 0);
        QVERIFY(!panel.view()->isVisible());

        panel.setProject(nullptr);
        QVERIFY(!panel.isVisible());
    }

    void exportsNameInteractionAndTurn()
    {
        QString error;
        auto project = ui::AuditProject::open(
            makeProject(QDir(m_dir.path()), QStringLiteral("export.sqleq-audit"), {2, 0, 3}), QStringLiteral("alice"),
            &error);
        QVERIFY2(project, qPrintable(error));
        const QString tsv = QDir(m_dir.path()).filePath(QStringLiteral("metrics.tsv"));
        QVERIFY2(ui::AuditExchange::exportMetrics(*project, tsv, &error), qPrintable(error));
        QFile file(tsv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split('\n');
        QVERIFY(lines[0].startsWith(QStringLiteral("index\tdb_id\tinteraction\tturn\t")));
        QVERIFY(lines[5].startsWith(QStringLiteral("4\tshop\t3\t3\t")));
    }

    void panelHidesForSingleTurnProjects()
    {
        QString error;
        auto project = ui::AuditProject::open(makeProject(QDir(m_dir.path()), QStringLiteral("single.sqleq-audit"), {}),
                                              QStringLiteral("alice"), &error);
        QVERIFY2(project, qPrintable(error));
        ui::EarlierTurnsPanel panel;
        panel.setProject(project.get());
        panel.show();
        panel.showItem(3);
        QVERIFY(!panel.isVisible());
        QCOMPARE(panel.model()->rowCount(), 0);
        QVERIFY(panel.model()->positionText().isEmpty());
    }

    void auditModeShowsTheTurnsOfTheLoadedItem()
    {
        test::startAuditAsAlice();
        ui::MainWindow window;
        ui::AuditMode* mode = window.audit();
        QString error;
        QVERIFY2(mode->openProject(makeProject(QDir(m_dir.path()), QStringLiteral("window.sqleq-audit"), {2, 0, 3}),
                                   &error),
                 qPrintable(error));
        QVERIFY(mode->selectItem(3));
        QCOMPARE(mode->earlierTurnsPanel()->positionLabel()->text(), QStringLiteral("Turn 2 of 3 · interaction 3"));
        QCOMPARE(mode->earlierTurnsPanel()->model()->rowCount(), 1);
    }
};

SQLEQ_GUI_TEST_MAIN(TestEarlierTurns)
#include "test_earlier_turns.moc"
