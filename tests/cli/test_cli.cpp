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
