// A proved pair in the inspector: the changed span of a step (common prefix and suffix,
// widened to whole words), the proof steps model under QAbstractItemModelTester, the
// panel stepped through by keyboard, the banner's "proved" title, and the proof tab
// taking the counterexample's place in the main window for a proved run only.

#include "ui/main_window.h"
#include "ui/models/changed_span.h"
#include "ui/models/proof_steps_model.h"
#include "ui/widgets/proof_panel.h"
#include "ui/widgets/verdict_banner.h"

#include "core/prove/prove.h"
#include "core/schema/ddl_loader.h"
#include "tests/ui/gui_test_main.h"
#include "tests/ui/gui_test_support.h"

#include <QAbstractItemModelTester>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListView>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace sqleq;

namespace {

constexpr auto kPeople = "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER NOT NULL);";

/// gold `SELECT name FROM people WHERE age > 34` against an aliased, flipped candidate:
/// proved by 3 rewrites under the strict profile (names, commute; names).
ui::RunResultPtr provedPeople()
{
    auto schema = schema::loadSchemaFromDdl(kPeople, "people");
    if (!schema) qFatal("people schema: %s", schema.error().message.c_str());
    auto result = std::make_shared<ui::RunResult>();
    result->proof = prove::prove(*schema, "SELECT name FROM people WHERE age > 34",
                                 "SELECT p.name FROM people AS p WHERE 34 < p.age", fuzz::Profile::Strict);
    if (!result->proof->proved) qFatal("not proved: %s", result->proof->reason.c_str());
    result->check.verdict = suite::VerdictKind::Equivalent;
    result->suiteCheck.verdict = suite::VerdictKind::Equivalent;
    result->evidence.kind = inspect::EvidenceKind::Proof;
    result->evidence.suiteDatabases = 1;
    result->profileName = QStringLiteral("strict");
    return result;
}

QString writeSession(const QTemporaryDir& dir, const QString& name, const QString& gold, const QString& candidate)
{
    QJsonObject schema{{"kind", "ddl"}, {"path", ":/examples/concerts/database.sql"}, {"db_id", ""}};
    QJsonObject settings{{"profile", "spider"}, {"seed", 0}, {"budget", 200}, {"timeout_ms", 2000},
                         {"plug_value", false}, {"keep_distinct", false}};
    QJsonObject session{{"format", "sqleq-session"}, {"version", 1}, {"schema", schema}, {"gold", gold},
                        {"candidate", candidate}, {"question", ""}, {"settings", settings}};
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    file.write(QJsonDocument(session).toJson());
    return path;
}

} // namespace

class TestProofPanel : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(m_dir);
    }

    void changedSpanIsTheMiddleBetweenCommonEnds_data()
    {
        QTest::addColumn<QString>("before");
        QTest::addColumn<QString>("after");
        QTest::addColumn<QString>("removed");
        QTest::addColumn<QString>("added");
        QTest::newRow("equal") << "SELECT 1" << "SELECT 1" << "" << "";
        QTest::newRow("inserted operator") << "age > 34" << "age >= 34" << "" << "=";
        QTest::newRow("alias to table") << "T2.name" << "stadium.name" << "T2" << "stadium";
        QTest::newRow("argument") << "count(c.concert_id)" << "count(*)" << "c.concert_id" << "*";
        QTest::newRow("a digit is part of its name") << "T1.a = 1" << "T2.a = 1" << "T1" << "T2";
        QTest::newRow("a word is not split at its end") << "SELECT aa" << "SELECT aaa" << "aa" << "aaa";
        QTest::newRow("many changes, one span") << "SELECT T1.x FROM t AS T1 WHERE T1.y" << "SELECT t.x FROM t WHERE t.y"
                                                << "T1.x FROM t AS T1 WHERE T1" << "t.x FROM t WHERE t";
        QTest::newRow("whole text") << "abc" << "xyz" << "abc" << "xyz";
        QTest::newRow("surrogate pair kept whole") << QStringLiteral("'\U0001F600'") << QStringLiteral("'\U0001F601'")
                                                   << QStringLiteral("\U0001F600") << QStringLiteral("\U0001F601");
    }

    void changedSpanIsTheMiddleBetweenCommonEnds()
    {
        QFETCH(QString, before);
        QFETCH(QString, after);
        QFETCH(QString, removed);
        QFETCH(QString, added);
        const ui::ChangedSpan span = ui::changedSpan(before, after);
        QVERIFY(span.begin <= span.beforeEnd && span.begin <= span.afterEnd);
        QCOMPARE(before.mid(span.begin, span.beforeEnd - span.begin), removed);
        QCOMPARE(after.mid(span.begin, span.afterEnd - span.begin), added);
        // What is left outside the span is the same in both texts.
        QCOMPARE(before.left(span.begin), after.left(span.begin));
        QCOMPARE(before.mid(span.beforeEnd), after.mid(span.afterEnd));
    }

    void modelListsTheStepsNumberedAsTheRewritesAreCounted()
    {
        ui::ProofStepsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        const auto result = provedPeople();
        model.setResult(result);
        const auto& steps = result->proof->steps;
        QCOMPARE(model.rowCount(), static_cast<int>(steps.size()));
        int numbered = 0;
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex index = model.index(row);
            const auto& step = steps[static_cast<std::size_t>(row)];
            QCOMPARE(index.data(ui::ProofStepsModel::RuleRole).toString(), QString::fromStdString(step.rule));
            QCOMPARE(index.data(ui::ProofStepsModel::AfterRole).toString(), QString::fromStdString(step.after));
            const int number = index.data(ui::ProofStepsModel::NumberRole).toInt();
            if (step.rule == "syntax") {
                QCOMPARE(number, 0);
                QVERIFY(index.data().toString().startsWith(QStringLiteral("– ")));
            } else {
                QCOMPARE(number, ++numbered);
                QVERIFY(index.data().toString().startsWith(QStringLiteral("%1. ").arg(number)));
            }
        }
        QCOMPARE(static_cast<std::size_t>(numbered), result->proof->rewrites());
        QCOMPARE(numbered, 3);

        // The gold's commute step: `age > 34` became `34 < age`, and the fact it uses.
        const QModelIndex commute = model.index(1);
        QCOMPARE(commute.data().toString(), QStringLiteral("2. gold · commute"));
        const QString before = commute.data(ui::ProofStepsModel::BeforeRole).toString();
        const QString after = commute.data(ui::ProofStepsModel::AfterRole).toString();
        const int begin = commute.data(ui::ProofStepsModel::ChangedBeginRole).toInt();
        QCOMPARE(before.mid(begin, commute.data(ui::ProofStepsModel::BeforeChangedEndRole).toInt() - begin),
                 QStringLiteral("people.age > 34"));
        QCOMPARE(after.mid(begin, commute.data(ui::ProofStepsModel::AfterChangedEndRole).toInt() - begin),
                 QStringLiteral("34 < people.age"));
        QVERIFY(commute.data(ui::ProofStepsModel::UsesRole).toStringList().join(' ').contains(QStringLiteral("a < b")));
        // Each side's last step reaches the normal form.
        QVERIFY(commute.data(ui::ProofStepsModel::ReachesNormalFormRole).toBool());
        QVERIFY(!model.index(0).data(ui::ProofStepsModel::ReachesNormalFormRole).toBool());
        QVERIFY(model.index(model.rowCount() - 1).data(ui::ProofStepsModel::ReachesNormalFormRole).toBool());

        model.setResult(std::make_shared<ui::RunResult>());  // a result without a proof
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.index(0).data().isValid());
    }

    void panelStepsThroughTheChainByKeyboard()
    {
        ui::ProofPanel panel;
        panel.resize(600, 300);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setResult(provedPeople());
        QVERIFY2(panel.caption().startsWith(QStringLiteral("Proved: 3 rewrites bring the gold and the candidate to one "
                                                           "normal form, under the strict profile's promises")),
                 qPrintable(panel.caption()));
        QCOMPARE(panel.stepsView()->currentIndex().row(), 0);
        QVERIFY2(panel.stepText().startsWith(QStringLiteral("names — rewrite 1 of 3, on the gold")),
                 qPrintable(panel.stepText()));
        QVERIFY(panel.stepText().contains(QStringLiteral("Uses no schema fact or promise.")));

        panel.stepsView()->setFocus();
        QTest::keyClick(panel.stepsView(), Qt::Key_Down);
        QCOMPARE(panel.stepsView()->currentIndex().row(), 1);
        const QString text = panel.stepText();
        QVERIFY2(text.startsWith(QStringLiteral("commute — rewrite 2 of 3, on the gold")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Before:\nSELECT people.name FROM people WHERE people.age > 34")));
        QVERIFY(text.contains(QStringLiteral("After:\nSELECT people.name FROM people WHERE 34 < people.age")));
        QVERIFY(text.contains(QStringLiteral("• a < b is b > a")));
        QVERIFY(text.contains(QStringLiteral("This is the gold's normal form.")));
        // The changed part is on a coloured background, the rest is not.
        const QString html = panel.stepHtml();
        QVERIFY2(html.contains(QRegularExpression(QStringLiteral("background-color:#[0-9a-f]{6};?\">34 &lt; people.age<"))),
                 qPrintable(html));

        QTest::keyClick(panel.stepsView(), Qt::Key_End);
        QVERIFY(panel.stepText().contains(QStringLiteral("the same text as the gold's, so they are equivalent")));
        QTest::keyClick(panel.stepsView(), Qt::Key_Up);
        QCOMPARE(panel.stepsView()->currentIndex().row(), panel.model()->rowCount() - 2);

        panel.setResult(nullptr);
        QCOMPARE(panel.model()->rowCount(), 0);
        QVERIFY(panel.stepText().isEmpty());
    }

    void bannerSaysProvedWithTheRewriteCount()
    {
        ui::VerdictBanner banner;
        banner.showResult(*provedPeople());
        QCOMPARE(banner.title(), QStringLiteral("Equivalent — proved (3 rewrites)"));
        QVERIFY2(banner.detail().contains(QStringLiteral("sqleq: ✓ equivalent, proved: 3 rewrites bring both to one "
                                                         "normal form")),
                 qPrintable(banner.detail()));
    }

    void proofTakesTheCounterexamplesPlaceForAProvedRunOnly()
    {
        QTemporaryDir dir;
        ui::MainWindow window;
        window.show();
        const QString proved = writeSession(dir, QStringLiteral("proved.sqleq"),
                                            QStringLiteral("SELECT T2.name, count(*) FROM concert AS T1 JOIN stadium AS "
                                                           "T2 ON T1.stadium_id = T2.stadium_id GROUP BY T1.stadium_id"),
                                            QStringLiteral("select s.Name, count(c.concert_id) from stadium s join "
                                                           "concert c on s.Stadium_ID = c.Stadium_ID group by "
                                                           "c.stadium_id"));
        test::runToVerdict(window, proved);
        QVERIFY(window.lastResult()->proof.has_value());
        const QString rewrites = QString::number(window.lastResult()->proof->rewrites());
        QCOMPARE(window.verdictBanner()->title(), QStringLiteral("Equivalent — proved (%1 rewrites)").arg(rewrites));
        QTabWidget* evidence = window.evidenceTabs();
        QCOMPARE(evidence->count(), 2);
        QCOMPARE(evidence->currentWidget(), window.proofPanel());
        QCOMPARE(evidence->tabText(0), QStringLiteral("Proof (%1 rewrites)").arg(rewrites));
        QCOMPARE(window.proofPanel()->model()->rowCount(), static_cast<int>(window.lastResult()->proof->steps.size()));
        evidence->setCurrentWidget(window.databaseView());

        // A pair the rewrites do not settle: no proof tab, the database is in its place.
        test::runToVerdict(window, writeSession(dir, QStringLiteral("searched.sqleq"),
                                                QStringLiteral("SELECT name FROM singer WHERE age > 30"),
                                                QStringLiteral("SELECT name FROM singer WHERE age >= 30")));
        QVERIFY(!window.lastResult()->proof.has_value());
        QCOMPARE(evidence->count(), 1);
        QCOMPARE(evidence->currentWidget(), static_cast<QWidget*>(window.databaseView()));
        QCOMPARE(window.proofPanel()->model()->rowCount(), 0);

        // Proved again: the proof is in front again.
        test::runToVerdict(window, proved);
        QCOMPARE(evidence->count(), 2);
        QCOMPARE(evidence->currentWidget(), window.proofPanel());
    }
};

SQLEQ_GUI_TEST_MAIN(TestProofPanel)
#include "test_proof_panel.moc"
