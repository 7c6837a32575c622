// sqleq-cli end to end: each subcommand's output, JSON shape and exit codes,
// and clear errors for bad input — run as a user would, through a process.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct CliRun {
    int exitCode = -1;
    QString out;
    QString err;
};

CliRun runCli(const QStringList& arguments)
{
    QProcess process;
    process.setWorkingDirectory(QStringLiteral(SQLEQ_SOURCE_DIR));
    process.start(QStringLiteral(SQLEQ_CLI_PATH), arguments);
    process.waitForFinished(60000);
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

const QString kPeople = QStringLiteral(SQLEQ_SOURCE_DIR "/resources/examples/people/database.sql");

} // namespace

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void compareSeparatesFigureOneCandidate()
    {
        const auto run = runCli({"compare", "--ddl", kPeople, "--gold", "SELECT name FROM people WHERE age > 34",
                                 "--candidate", "SELECT name FROM people", "--json"});
        QCOMPARE(run.exitCode, 1);
        const auto report = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(report["verdict"].toString(), QStringLiteral("different"));
        QCOMPARE(report["gold"].toObject()["rows"].toArray().size(), 2);
        QCOMPARE(report["candidate"].toObject()["rows"].toArray().size(), 4);
        QVERIFY(report["only_in_gold"].toArray().isEmpty());
        QCOMPARE(report["only_in_candidate"].toArray().size(), 2);
        QVERIFY(report["error"].isNull());
    }

    void compareAcceptsEquivalentRewrite()
    {
        const auto run = runCli({"compare", "--ddl", kPeople, "--gold", "SELECT name FROM people WHERE age > 34",
                                 "--candidate", "SELECT name FROM people WHERE age >= 35"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(QStringLiteral("verdict: same")));
    }

    void compareReportsFailingCandidate()
    {
        const auto run = runCli({"compare", "--ddl", kPeople, "--gold", "SELECT name FROM people",
                                 "--candidate", "SELECT nme FROM people", "--json"});
        QCOMPARE(run.exitCode, 1);
        const auto report = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(report["verdict"].toString(), QStringLiteral("different"));
        QVERIFY(report["error"].toString().contains(QStringLiteral("nme")));
    }

    void compareAppliesOfficialRepair()
    {
        const auto run = runCli({"compare", "--ddl", kPeople, "--gold", "SELECT name FROM people WHERE age >= 35",
                                 "--candidate", "SELECT name FROM people WHERE age > = 35"});
        QCOMPARE(run.exitCode, 0);
    }

    void runPrintsRowsAndDeniesWrites()
    {
        auto run = runCli({"run", "--ddl", kPeople, "--sql", "SELECT count(*) AS n FROM people"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(QStringLiteral("| 4 ")));
        run = runCli({"run", "--ddl", kPeople, "--sql", "DELETE FROM people"});
        QCOMPARE(run.exitCode, 3);
        QVERIFY(run.err.contains(QStringLiteral("denied")));
    }

    void parseErrorNamesThePosition()
    {
        const auto run = runCli({"parse", "--sql", "SELECT name FROM WHERE x = 1"});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(QStringLiteral("line 1, column 18")), qPrintable(run.err));
    }

    void parsePrintsCanonicalSqlAndJson()
    {
        auto run = runCli({"parse", "--sql", "select name from people where age>34"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(QStringLiteral("SELECT")));
        run = runCli({"parse", "--sql", "SELECT 1", "--json"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(!QJsonDocument::fromJson(run.out.toUtf8()).isNull());
    }

    void missingFileIsAnInputError()
    {
        const auto run = runCli({"run", "--db", "/nonexistent/x.sqlite", "--sql", "SELECT 1"});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(QStringLiteral("/nonexistent/x.sqlite")), qPrintable(run.err));
    }

    void usageErrorWithoutDatabase()
    {
        const auto run = runCli({"compare", "--gold", "SELECT 1", "--candidate", "SELECT 1"});
        QCOMPARE(run.exitCode, 3);
        QVERIFY(run.err.contains(QStringLiteral("--db")));
    }

    void checkSeparatesWithMinimalCounterexample()
    {
        const auto run = runCli({"check", "--ddl", kPeople, "--gold", "SELECT name FROM people WHERE age > 34",
                                 "--candidate", "SELECT name FROM people", "--json"});
        QCOMPARE(run.exitCode, 1);
        const auto report = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(report["verdict"].toString(), QStringLiteral("different"));
        QCOMPARE(report["separating_db"].toInt(), 0);
        QVERIFY(report["suite_size"].toInt() >= 1);
        QVERIFY(report["neighbors"].toObject()["total"].toInt() > 0);
        const auto people = report["counterexample"].toObject()["people"].toArray();
        QCOMPARE(people.size(), 1);  // one row whose age is at most 34 separates them
        QVERIFY(people.at(0).toArray().at(2).toInt() <= 34);
        QCOMPARE(report["gold_rows"].toArray().size(), 0);
        QCOMPARE(report["candidate_rows"].toArray().size(), 1);
        QVERIFY(report["seconds"].toDouble() >= 0.0);
    }

    void checkAcceptsEquivalentOnSampledDatabases()
    {
        // A bare schema (no rows): every database of the suite is sampled; ages are integers.
        QTemporaryDir dir;
        QFile ddl(dir.filePath("people.sql"));
        QVERIFY(ddl.open(QIODevice::WriteOnly));
        ddl.write("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER NOT NULL);");
        ddl.close();
        const auto run = runCli({"check", "--ddl", ddl.fileName(), "--gold", "SELECT name FROM people WHERE age > 34",
                                 "--candidate", "SELECT name FROM people WHERE age >= 35", "--budget", "200", "--json"});
        QCOMPARE(run.exitCode, 0);
        const auto report = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(report["verdict"].toString(), QStringLiteral("equivalent"));
        QVERIFY(report["counterexample"].isNull());
    }

    void checkReportsCandidateError()
    {
        const auto run = runCli({"check", "--ddl", kPeople, "--gold", "SELECT name FROM people",
                                 "--candidate", "SELECT nme FROM people", "--json"});
        QCOMPARE(run.exitCode, 1);
        const auto report = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(report["verdict"].toString(), QStringLiteral("candidate_error"));
    }

    void neighborsListsFamilies()
    {
        const auto run = runCli({"neighbors", "--ddl", kPeople, "--gold", "SELECT name FROM people WHERE age > 34",
                                 "--json"});
        QCOMPARE(run.exitCode, 0);
        const auto report = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QVERIFY(report["total"].toInt() > 5);
        QVERIFY(report["by_family"].toObject().contains(QStringLiteral("comparison_operator")));
        const auto first = report["neighbors"].toArray().at(0).toObject();
        QVERIFY(first.contains(QStringLiteral("gold_span")));
    }

    void distillThenEvalInOfficialLayout()
    {
        const QString corpus = QStringLiteral(SQLEQ_CORPUS_DIR);
        if (!QFile::exists(corpus + "/tables.json")) QSKIP("Spider corpus not present");
        QTemporaryDir dir;
        QFile gold(dir.filePath("gold.sql"));
        QVERIFY(gold.open(QIODevice::WriteOnly));
        gold.write("SELECT count(*) FROM singer\tconcert_singer\n"
                   "SELECT name FROM singer WHERE age > 30\tconcert_singer\n");
        gold.close();
        QFile pred(dir.filePath("pred.txt"));
        QVERIFY(pred.open(QIODevice::WriteOnly));
        pred.write("SELECT count(singer_id) FROM singer\nSELECT name FROM singer\n");
        pred.close();

        const QString suites = dir.filePath("suites");
        auto run = runCli({"distill", "--gold", gold.fileName(), "--tables", corpus + "/tables.json", "--out", suites,
                           "--budget", "100"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(QFile::exists(suites + "/concert_singer/concert_singer_0.sqlite"));
        QVERIFY(QFile::exists(suites + "/distill_summary.json"));

        const QString items = dir.filePath("items.tsv");
        run = runCli({"eval", "--gold", gold.fileName(), "--pred", pred.fileName(), "--suites", suites, "--out", items});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QStringLiteral("1 / 2")), qPrintable(run.out));
        QFile table(items);
        QVERIFY(table.open(QIODevice::ReadOnly));
        const auto lines = QString::fromUtf8(table.readAll()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines[1].startsWith(QStringLiteral("0\tconcert_singer\t1\tequivalent")));
        QVERIFY(lines[2].startsWith(QStringLiteral("1\tconcert_singer\t0\tdifferent")));
    }

    void tablesJsonBuildsAnEmptyDatabase()
    {
        const QString tables = QStringLiteral(SQLEQ_CORPUS_DIR "/tables.json");
        if (!QFile::exists(tables)) QSKIP("Spider corpus not present");
        const auto run = runCli({"run", "--tables", tables, "--db-id", "concert_singer", "--sql",
                                 "SELECT count(*) FROM singer", "--json"});
        QCOMPARE(run.exitCode, 0);
        const auto report = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(report["rows"].toArray().at(0).toArray().at(0).toInt(), 0);
    }
};

QTEST_APPLESS_MAIN(TestCli)
#include "test_cli.moc"
