// SessionController end to end: the paper's Figure 1 (different, one-row counterexample),
// an equivalent pair, a gold that does not parse, cancellation of a long run,
// and a second run superseding the first.

#include "ui/session/session_controller.h"
#include "tests/corpus_skip.h"
#include "tests/ui/gui_test_main.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

// The bundled examples are compiled into sqleq_ui, a static library.
static void initBundledResources() { Q_INIT_RESOURCE(resources); }

using namespace sqleq;

namespace {

/// How long a test waits for a signal: generous for a busy machine, never a measure of speed.
constexpr int kWaitMs = 120'000;

constexpr auto kPeopleSchema = R"(CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER NOT NULL);
)";
constexpr auto kPeopleRows = R"(INSERT INTO people (id, name, age) VALUES
    (1, 'Alice', 35), (2, 'Bob', 34), (3, 'Carol', 61), (4, 'Dan', 20);
)";

// Four tables joined in a chain: sampling and checking each database takes real work.
constexpr auto kChainSchema = R"(
CREATE TABLE region (id INTEGER PRIMARY KEY, name TEXT NOT NULL, area REAL);
CREATE TABLE city (id INTEGER PRIMARY KEY, region_id INTEGER NOT NULL REFERENCES region(id), name TEXT, population INTEGER);
CREATE TABLE shop (id INTEGER PRIMARY KEY, city_id INTEGER NOT NULL REFERENCES city(id), name TEXT, rating INTEGER);
CREATE TABLE sale (id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL REFERENCES shop(id), amount REAL, year INTEGER);
)";
// The duplicated conjunct gives a neighbor (one copy dropped) no database can tell
// apart, so distillation runs to its budget unless cancelled.
constexpr auto kChainGold =
    "SELECT r.name, count(*) FROM region AS r JOIN city AS c ON r.id = c.region_id JOIN shop AS s ON c.id = s.city_id "
    "JOIN sale AS t ON s.id = t.shop_id WHERE t.amount > 10 AND t.amount > 10 GROUP BY r.name ORDER BY count(*) DESC";

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return {};
    file.write(text);
    return path;
}

ui::Session session(const QString& ddlPath, const char* gold, const char* candidate)
{
    ui::Session out;
    out.schema = {ui::SchemaSourceKind::DdlFile, ddlPath, {}};
    out.gold = QString::fromUtf8(gold);
    out.candidate = QString::fromUtf8(candidate);
    out.settings.seed = 7;
    out.settings.samplingBudget = 300;
    return out;
}

} // namespace

class TestSessionController : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_people;      // Figure 1, with its rows
    QString m_peopleBare;  // the same table, no rows
    QString m_chain;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_people = writeFile(m_dir, "people.sql", QByteArray(kPeopleSchema) + kPeopleRows);
        m_peopleBare = writeFile(m_dir, "people_bare.sql", kPeopleSchema);
        m_chain = writeFile(m_dir, "chain.sql", kChainSchema);
    }

    void figureOneIsDifferent()
    {
        ui::SessionController controller;
        QSignalSpy finished(&controller, &ui::SessionController::finished);
        QSignalSpy failed(&controller, &ui::SessionController::failed);
        QSignalSpy progress(&controller, &ui::SessionController::progress);
        controller.run(session(m_people, "SELECT name FROM people WHERE age > 34", "SELECT name FROM people"));
        QVERIFY(controller.isRunning());
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(failed.count(), 0);
        QVERIFY(!controller.isRunning());
        QVERIFY(progress.count() > 0);

        const auto result = finished.takeFirst().at(0).value<ui::RunResultPtr>();
        QVERIFY(result);
        QCOMPARE(result, controller.lastResult());
        QCOMPARE(result->check.verdict, suite::VerdictKind::Different);
        QVERIFY(result->check.separatingDatabase >= 0);
        QCOMPARE(result->databases.size(), result->distilled.suite.databases.size());
        const auto& separating = result->databases[static_cast<std::size_t>(result->check.separatingDatabase)];
        QVERIFY(separating.separating);
        QCOMPARE(separating.status, ui::DatabaseStatus::Different);
        // The user's own rows are tried first, and they already separate the pair.
        QCOMPARE(result->databases.front().label, QStringLiteral("original"));
        QCOMPARE(result->databases.front().content.rowCount(), std::size_t{4});
        QCOMPARE(std::count_if(result->databases.begin(), result->databases.end(),
                               [](const ui::SuiteDatabaseView& view) { return view.separating; }), 1);

        QVERIFY(result->counterexample.has_value());
        QVERIFY(result->counterexampleMinimized);
        QCOMPARE(result->counterexample->rowCount(), std::size_t{1});
        QCOMPARE(result->counterexampleRowsBefore, separating.content.rowCount());
        QVERIFY(result->counterexampleGold.ok());
        QVERIFY(result->counterexampleCandidate.ok());
        QCOMPARE(result->counterexampleGold.result.rows.size(), std::size_t{0});
        QCOMPARE(result->counterexampleCandidate.result.rows.size(), std::size_t{1});
        QVERIFY(!result->distilled.golds.front().neighbors.empty());
    }

    void bundledExampleRunsFromResources()
    {
        initBundledResources();
        const QString path = QStringLiteral(":/examples/figure1-different.sqleq");
        QVERIFY2(QFile::exists(path), "the bundled Figure 1 example is not in the resources");
        QString error;
        const auto example = ui::loadSession(path, &error);
        QVERIFY2(example.has_value(), qPrintable(error));
        QVERIFY(example->schema.path.startsWith(QStringLiteral(":/")));
        ui::SessionController controller;
        QSignalSpy finished(&controller, &ui::SessionController::finished);
        QSignalSpy failed(&controller, &ui::SessionController::failed);
        controller.run(*example);
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(failed.count(), 0);
        const auto result = finished.takeFirst().at(0).value<ui::RunResultPtr>();
        QCOMPARE(result->check.verdict, suite::VerdictKind::Different);
        QCOMPARE(result->counterexample->rowCount(), std::size_t{1});
    }

    void everyBundledExampleRuns()
    {
        initBundledResources();
        const QStringList examples = QDir(QStringLiteral(":/examples")).entryList({QStringLiteral("*.sqleq")});
        QVERIFY2(!examples.isEmpty(), "no bundled examples");
        for (const QString& name : examples) {
            const auto example = ui::loadSession(QStringLiteral(":/examples/") + name);
            QVERIFY2(example.has_value(), qPrintable(name));
            ui::SessionController controller;
            QSignalSpy finished(&controller, &ui::SessionController::finished);
            QSignalSpy failed(&controller, &ui::SessionController::failed);
            controller.run(*example);
            QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), kWaitMs);
            QVERIFY2(failed.isEmpty(), qPrintable(name + QStringLiteral(": ") + (failed.isEmpty() ? QString() : failed.first().at(0).toString())));
            const auto result = finished.first().at(0).value<ui::RunResultPtr>();
            qInfo("%s: %s, suite of %zu, %.2f s", qPrintable(name), suite::verdictKindName(result->check.verdict).data(),
                  result->databases.size(), result->seconds);
        }
    }

    void spiderSourcesRun_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("path");
        const QString corpus = QStringLiteral(SQLEQ_CORPUS_DIR);
        QTest::newRow("tables.json") << static_cast<int>(ui::SchemaSourceKind::SpiderTables) << corpus + "/tables.json";
        QTest::newRow("sqlite") << static_cast<int>(ui::SchemaSourceKind::SqliteFile)
                                << corpus + "/database/concert_singer/concert_singer.sqlite";
    }

    void spiderSourcesRun()
    {
        QFETCH(int, kind);
        QFETCH(QString, path);
        SQLEQ_SKIP_WITHOUT_CORPUS(path.toStdString());
        ui::Session item;
        item.schema = {static_cast<ui::SchemaSourceKind>(kind), path, QStringLiteral("concert_singer")};
        item.gold = QStringLiteral("SELECT name FROM singer WHERE age > 30 ORDER BY age DESC");
        item.candidate = QStringLiteral("SELECT name FROM singer WHERE age >= 30 ORDER BY age DESC");
        item.settings.samplingBudget = 200;
        ui::SessionController controller;
        QSignalSpy finished(&controller, &ui::SessionController::finished);
        QSignalSpy failed(&controller, &ui::SessionController::failed);
        controller.run(item);
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), kWaitMs);
        QVERIFY2(failed.isEmpty(), qPrintable(failed.isEmpty() ? QString() : failed.first().at(0).toString()));
        const auto result = finished.first().at(0).value<ui::RunResultPtr>();
        QVERIFY(result->orderMatters);
        QCOMPARE(result->check.verdict, suite::VerdictKind::Different);
        QVERIFY(result->counterexample.has_value());
        // A .sqlite source brings its rows; a tables.json brings the original database
        // beside it in Spider's layout (database/<db_id>/<db_id>.sqlite), as the CLI does.
        QCOMPARE(result->databases.front().label, QStringLiteral("original"));
        QVERIFY(result->schema.findTable("singer") != nullptr);
    }

    void boundaryRewriteIsEquivalent()
    {
        ui::SessionController controller;
        QSignalSpy finished(&controller, &ui::SessionController::finished);
        QSignalSpy failed(&controller, &ui::SessionController::failed);
        controller.run(session(m_peopleBare, "SELECT name FROM people WHERE age > 34",
                               "SELECT name FROM people WHERE age >= 35"));
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(failed.count(), 0);
        const auto result = finished.takeFirst().at(0).value<ui::RunResultPtr>();
        QCOMPARE(result->check.verdict, suite::VerdictKind::Equivalent);
        QCOMPARE(result->check.separatingDatabase, -1);
        QVERIFY(!result->counterexample.has_value());
        QVERIFY(!result->databases.empty());
        QVERIFY(result->databases.front().label != QStringLiteral("original"));
        for (const auto& view : result->databases) {
            QCOMPARE(view.status, ui::DatabaseStatus::Same);
            QVERIFY(!view.separating);
        }
    }

    void badGoldFailsWithPosition()
    {
        ui::SessionController controller;
        QSignalSpy finished(&controller, &ui::SessionController::finished);
        QSignalSpy failed(&controller, &ui::SessionController::failed);
        controller.run(session(m_people, "SELECT name FROM people WHERE", "SELECT name FROM people"));
        QVERIFY(failed.wait(kWaitMs));
        QCOMPARE(finished.count(), 0);
        const QString message = failed.takeFirst().at(0).toString();
        qInfo("%s", qPrintable(message));
        QVERIFY2(message.startsWith(QStringLiteral("gold:")) && message.contains(QStringLiteral("column")),
                 qPrintable(message));
    }

    void missingSchemaFileFails()
    {
        ui::SessionController controller;
        QSignalSpy failed(&controller, &ui::SessionController::failed);
        controller.run(session(m_dir.filePath("nope.sql"), "SELECT 1", "SELECT 1"));
        QVERIFY(failed.wait(kWaitMs));
        const QString message = failed.takeFirst().at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("not found")) && message.contains(QStringLiteral("nope.sql")),
                 qPrintable(message));
    }

    void cancelStopsALongRun()
    {
        // How promptly: `bench_audit_navigation --cancel` measures it; a test does not.
        ui::Session longRun = session(m_chain, kChainGold, "SELECT 1");
        longRun.settings.samplingBudget = 100000;
        ui::SessionController controller;
        QSignalSpy cancelled(&controller, &ui::SessionController::cancelled);
        QSignalSpy finished(&controller, &ui::SessionController::finished);
        QSignalSpy failed(&controller, &ui::SessionController::failed);
        QSignalSpy progress(&controller, &ui::SessionController::progress);
        controller.run(longRun);
        // Let it get deep into sampling before cancelling.
        QTRY_VERIFY_WITH_TIMEOUT(std::any_of(progress.begin(), progress.end(), [](const QList<QVariant>& args) {
            return args.at(0).toString() == QStringLiteral("sampling") && args.at(1).toInt() > 0;
        }), kWaitMs);
        QVERIFY2(finished.isEmpty() && failed.isEmpty(), "the long run ended by itself: make it longer");
        const qsizetype progressBefore = progress.count();
        const QList<QVariant> last = progress.last();
        qInfo("cancelling at %s %d/%d", qPrintable(last.at(0).toString()), last.at(1).toInt(), last.at(2).toInt());
        controller.cancel();
        QVERIFY(cancelled.count() == 1 || cancelled.wait(kWaitMs));
        QVERIFY(!controller.isRunning());
        // Once the cancelled job has really ended, nothing it said afterwards got through.
        QTRY_VERIFY_WITH_TIMEOUT(controller.isIdle(), kWaitMs);
        QCoreApplication::sendPostedEvents();
        QCOMPARE(cancelled.count(), 1);
        QVERIFY(finished.isEmpty() && failed.isEmpty());
        QVERIFY(progress.count() <= progressBefore + 1);
    }

    void secondRunSupersedesTheFirst()
    {
        ui::Session longRun = session(m_chain, kChainGold, "SELECT 1");
        longRun.settings.samplingBudget = 100000;
        ui::SessionController controller;
        QSignalSpy started(&controller, &ui::SessionController::started);
        QSignalSpy cancelled(&controller, &ui::SessionController::cancelled);
        QSignalSpy finished(&controller, &ui::SessionController::finished);
        QSignalSpy progress(&controller, &ui::SessionController::progress);
        controller.run(longRun);
        QVERIFY(progress.wait(kWaitMs));  // the first run is under way
        const ui::Session second = session(m_people, "SELECT name FROM people WHERE age > 34", "SELECT name FROM people");
        controller.run(second);
        QCOMPARE(started.count(), 2);
        QVERIFY(finished.wait(kWaitMs));
        // Once the superseded run has ended too: it said nothing.
        QTRY_VERIFY_WITH_TIMEOUT(controller.isIdle(), kWaitMs);
        QCoreApplication::sendPostedEvents();
        QCOMPARE(finished.count(), 1);
        QCOMPARE(cancelled.count(), 0);
        const auto result = finished.takeFirst().at(0).value<ui::RunResultPtr>();
        QCOMPARE(result->session.gold, second.gold);
        QCOMPARE(result->check.verdict, suite::VerdictKind::Different);
    }

    void cancelWithoutRunIsHarmless()
    {
        ui::SessionController controller;
        QSignalSpy cancelled(&controller, &ui::SessionController::cancelled);
        controller.cancel();
        QVERIFY(controller.isIdle());
        QCoreApplication::sendPostedEvents();  // whatever cancel() might have queued
        QCOMPARE(cancelled.count(), 0);
        QVERIFY(!controller.isRunning());
        QVERIFY(!controller.lastResult());
    }
};

SQLEQ_GUI_TEST_MAIN(TestSessionController)
#include "test_session_controller.moc"
