// sqleq-cli end to end: each subcommand's output, JSON shape and exit codes,
// and clear errors for bad input — run as a user would, through a process.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include "tests/corpus_skip.h"
#include "tests/cli/cli_test_support.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kPeople = QStringLiteral(SQLEQ_SOURCE_DIR "/resources/examples/people/database.sql");

QString writeText(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size()) qFatal("cannot write %s", qPrintable(name));
    return file.fileName();
}

QStringList readLines(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
}

/// A row of evaluation.py's print_formated_s ("{:20} " + ' '.join(cells of width 20)).
QString officialRow(const QString& name, const QStringList& cells)
{
    QStringList padded;
    for (const auto& cell : cells) padded << cell.leftJustified(20);
    return name.leftJustified(20) + " " + padded.join(' ');
}

struct SubmissionFiles {
    QString gold;
    QString pred;
    QString tables;
};

/// A one-table schema known only through tables.json: items 0 (easy) right, 1 (easy)
/// wrong column, 2 (medium) right.
SubmissionFiles writeShopSubmission(const QTemporaryDir& dir)
{
    SubmissionFiles files;
    files.tables = writeText(dir, "tables.json", R"([{"db_id": "shop", "table_names_original": ["item"],
        "table_names": ["item"], "column_names_original": [[-1, "*"], [0, "id"], [0, "name"], [0, "price"]],
        "column_names": [[-1, "*"], [0, "id"], [0, "name"], [0, "price"]],
        "column_types": ["text", "number", "text", "number"], "primary_keys": [1], "foreign_keys": []}])");
    files.gold = writeText(dir, "gold.sql",
                           "SELECT count(*) FROM item\tshop\n"
                           "SELECT name FROM item WHERE price > 3\tshop\n"
                           "SELECT name , price FROM item WHERE price > 3\tshop\n");
    files.pred = writeText(dir, "pred.txt",
                           "SELECT count(*) FROM item\n"
                           "SELECT id FROM item WHERE price > 3\n"
                           "SELECT name, price FROM item WHERE price > 1\n");
    return files;
}

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
        // The kept row names the row of the separating database it came from.
        const auto sources = report["counterexample_source_rows"].toObject()["people"].toArray();
        QCOMPARE(sources.size(), 1);
        QVERIFY(sources.at(0).toInt() >= 0);
    }

    // The text names the separating database the one way every front end does:
    // "#N (label)", N its position in the inspection's list.
    void checkTextNamesTheSeparatingDatabase()
    {
        const auto run = runCli({"check", "--ddl", kPeople, "--gold", "SELECT name FROM people WHERE age > 34",
                                 "--candidate", "SELECT name FROM people"});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.out.contains(QStringLiteral("verdict: different: database #0 (original) separates them")),
                 qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("why: database #0 (original) separates them")), qPrintable(run.out));
        // No parenthesis inside another: "shrunk from the 4 of database #0 (original)".
        QVERIFY2(run.out.contains(QStringLiteral("minimal counterexample: 1 row, shrunk from the 4 of database #0 (original)")),
                 qPrintable(run.out));
        // The neighbor the candidate is, in words; no random constant that merely matches.
        QVERIFY2(run.out.contains(QStringLiteral("in short: the candidate drops `WHERE age > 34`")), qPrintable(run.out));
        QVERIFY(!run.out.contains(QStringLiteral("behaves like")));
    }

    void checkSaysWhichPromiseTheUsersOwnDatabaseBreaks()
    {
        QTemporaryDir dir;
        QFile ddl(dir.filePath("address.sql"));
        QVERIFY(ddl.open(QIODevice::WriteOnly));
        ddl.write("CREATE TABLE address (id INTEGER PRIMARY KEY, line_3 TEXT);"
                  "INSERT INTO address VALUES (1, NULL), (2, 'Flat 3');");
        ddl.close();
        const auto run = runCli({"check", "--ddl", ddl.fileName(), "--gold",
                                 "SELECT count(*) FROM address WHERE line_3 IS NULL", "--candidate",
                                 "SELECT count(*) FROM address WHERE line_3 = ''", "--budget", "200", "--profile",
                                 "spider"});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.out.contains(QStringLiteral(
                     "outside the spider profile: NULL in address.line_3; database #0 (original) is not one sqleq sampled")),
                 qPrintable(run.out));
    }

    // A user's DDL promises NULL wherever a column is nullable: strict unless told;
    // the other profile's verdict comes in one line, and in JSON.
    void checkProfileFollowsTheSchemaSource()
    {
        QTemporaryDir dir;
        const QString ddl = writeText(dir, QStringLiteral("staff.sql"),
                                      "CREATE TABLE dept (id INTEGER PRIMARY KEY, name TEXT NOT NULL);"
                                      "CREATE TABLE emp (id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                                      " dept_id INTEGER REFERENCES dept (id));");
        const QStringList pair{"--gold", "SELECT name FROM emp WHERE dept_id NOT IN (SELECT id FROM dept WHERE name = 'x')",
                               "--candidate", "SELECT name FROM emp WHERE dept_id IN (SELECT id FROM dept WHERE name != 'x')"};
        const auto byDefault = runCli(QStringList{"check", "--ddl", ddl} + pair);
        QCOMPARE(byDefault.exitCode, 1);
        QVERIFY2(byDefault.out.contains(QStringLiteral("(profile strict, seed 0,")), qPrintable(byDefault.out));
        QVERIFY2(byDefault.out.contains(QStringLiteral("other profile: under the spider profile they are equivalent")),
                 qPrintable(byDefault.out));

        const auto spider = runCli(QStringList{"check", "--ddl", ddl, "--profile", "spider"} + pair);
        QCOMPARE(spider.exitCode, 0);
        QVERIFY2(spider.out.contains(QStringLiteral("other profile: under the strict profile they differ: ")),
                 qPrintable(spider.out));
        QVERIFY(!spider.out.contains(QStringLiteral("may still separate")));

        const auto json = runCli(QStringList{"check", "--ddl", ddl, "--profile", "spider", "--json"} + pair);
        const auto report = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QCOMPARE(report["profile"].toString(), QStringLiteral("spider"));
        QCOMPARE(report["other_profile"]["profile"].toString(), QStringLiteral("strict"));
        QCOMPARE(report["other_profile"]["verdict"].toString(), QStringLiteral("different"));
        QCOMPARE(report["other_profile"]["basis"].toString(), QStringLiteral("own_search"));

        const auto skipped = runCli(QStringList{"check", "--ddl", ddl, "--no-other-profile", "--json"} + pair);
        QVERIFY(QJsonDocument::fromJson(skipped.out.toUtf8()).object()["other_profile"].isNull());
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

    void checkShowsAndWritesTheProofOfAProvedPair()
    {
        QTemporaryDir dir;
        const QString proofPath = dir.filePath("proof.json");
        const QStringList pair{"--gold", "SELECT name FROM people WHERE age > 34", "--candidate",
                               "SELECT p.name FROM people AS p WHERE 34 < p.age"};
        const auto text = runCli(QStringList{"check", "--ddl", kPeople, "--proof-out", proofPath} + pair);
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.startsWith(QStringLiteral("verdict: equivalent (proved: 3 rewrites) (profile strict,")),
                 qPrintable(text.out));
        QVERIFY2(text.out.contains(QStringLiteral("  2. gold commute: SELECT people.name FROM people WHERE 34 < "
                                                  "people.age\n       uses: a < b is b > a")),
                 qPrintable(text.out));
        QFile file(proofPath);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto proof = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(proof["format"].toString(), QStringLiteral("sqleq-proof"));
        QCOMPARE(proof["proved"].toBool(), true);
        QCOMPARE(proof["rewrites"].toInt(), 3);
        // The file is the very object --json carries under evidence.proof.
        const auto json = runCli(QStringList{"check", "--ddl", kPeople, "--json"} + pair);
        QCOMPARE(QJsonDocument::fromJson(json.out.toUtf8()).object()["evidence"].toObject()["proof"].toObject(), proof);

        // Not refuted is not proved: the count of databases stays, and no file is written.
        QFile::remove(proofPath);
        const auto searched = runCli({"check", "--ddl", kPeople, "--gold", "SELECT name FROM people WHERE age > 34",
                                      "--candidate", "SELECT name FROM people WHERE age >= 35", "--proof-out", proofPath});
        QCOMPARE(searched.exitCode, 0);
        QVERIFY2(searched.out.startsWith(QStringLiteral("verdict: equivalent on 1 suite databases and ")),
                 qPrintable(searched.out));
        QVERIFY(!searched.out.contains(QStringLiteral("proof:")));
        QVERIFY(searched.err.contains(QStringLiteral("no proof written")));
        QVERIFY(!QFile::exists(proofPath));
    }

    void checkReportsCandidateError()
    {
        const auto run = runCli({"check", "--ddl", kPeople, "--gold", "SELECT name FROM people",
                                 "--candidate", "SELECT nme FROM people", "--json"});
        QCOMPARE(run.exitCode, 1);
        const auto report = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(report["verdict"].toString(), QStringLiteral("candidate_error"));
    }

    void jsonRunsAlwaysAnswerWithJson_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("code");
        QTest::newRow("gold does not parse")
            << QStringList{"check", "--ddl", kPeople, "--gold", "SELECT name FROM WHERE", "--candidate", "SELECT 1"}
            << 3 << "parse.";
        QTest::newRow("missing schema") << QStringList{"check", "--db", "/nonexistent/x.sqlite", "--gold", "SELECT 1",
                                                       "--candidate", "SELECT 1"}
                                        << 3 << "";
        QTest::newRow("unknown option") << QStringList{"check", "--no-such-option", "--gold", "SELECT 1"} << 2
                                        << "cli.usage";
        QTest::newRow("neighbors gold") << QStringList{"neighbors", "--ddl", kPeople, "--gold", "SELECT FROM"} << 3
                                        << "parse.";
        QTest::newRow("parse") << QStringList{"parse", "--sql", "SELECT name FROM WHERE x = 1"} << 3 << "parse.";
        QTest::newRow("run missing database")
            << QStringList{"run", "--db", "/nonexistent/x.sqlite", "--sql", "SELECT 1"} << 3 << "";
        QTest::newRow("compare missing database") << QStringList{"compare", "--db", "/nonexistent/x.sqlite", "--gold",
                                                                 "SELECT 1", "--candidate", "SELECT 1"}
                                                  << 3 << "";
    }

    void jsonRunsAlwaysAnswerWithJson()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, code);
        const auto run = runCli(arguments + QStringList{"--json"});
        QCOMPARE(run.exitCode, exitCode);
        QJsonParseError parseError;
        const auto document = QJsonDocument::fromJson(run.out.toUtf8(), &parseError);
        QVERIFY2(parseError.error == QJsonParseError::NoError && document.isObject(), qPrintable(run.out + run.err));
        const auto error = document.object()["error"].toObject();
        QVERIFY2(!error["message"].toString().isEmpty(), qPrintable(run.out));
        if (!code.isEmpty()) QVERIFY2(error["code"].toString().startsWith(code), qPrintable(run.out));
        QVERIFY2(!run.err.isEmpty(), "people read the error on stderr too");
    }

    void checkPlacesAnErrorByTheInputAtFault()
    {
        // Where an error goes (beside the gold, with its position, or as the suite's) is
        // read from the field core sets, never from the code's prefix.
        const auto errorOf = [](const CliRun& run) {
            return QJsonDocument::fromJson(run.out.toUtf8()).object()["error"].toObject();
        };
        const QStringList base{"check", "--ddl", kPeople, "--candidate", "SELECT 1", "--json"};
        auto run = runCli(base + QStringList{"--gold", "SELECT name FROM WHERE"});
        auto error = errorOf(run);
        QCOMPARE(error["subject"].toString(), QStringLiteral("gold"));
        QCOMPARE(error["kind"].toString(), QStringLiteral("syntax"));
        QVERIFY(error.contains(QStringLiteral("line")));
        QVERIFY2(run.err.startsWith(QStringLiteral("error: gold: line 1")), qPrintable(run.err));

        run = runCli(base + QStringList{"--gold", "SELECT nme FROM people"});
        error = errorOf(run);
        QCOMPARE(error["subject"].toString(), QStringLiteral("gold"));
        QCOMPARE(error["kind"].toString(), QStringLiteral("query"));

        run = runCli(base + QStringList{"--gold", "SELECT name FROM people", "--suites", "/nonexistent-suites"});
        QCOMPARE(run.exitCode, 3);
        error = errorOf(run);
        QCOMPARE(error["subject"].toString(), QStringLiteral("suite"));
        QCOMPARE(error["kind"].toString(), QStringLiteral("suite"));
        QVERIFY(!error.contains(QStringLiteral("line")));
        QVERIFY2(!run.err.contains(QStringLiteral("gold")), qPrintable(run.err));

        run = runCli({"check", "--db", "/nonexistent/x.sqlite", "--gold", "SELECT 1", "--candidate", "SELECT 1", "--json"});
        QCOMPARE(errorOf(run)["subject"].toString(), QStringLiteral("schema"));
    }

    void isNotDistinctFromSurvivesDistinctRemoval()
    {
        // The official DISTINCT removal (the test-suite metric's) cuts every DISTINCT
        // token; the one of IS NOT DISTINCT FROM is a comparison and must stay, on either
        // side. sqleq's own verdict keeps the other DISTINCT too: two people of one name
        // aged 34 separate them as written.
        const auto run = runCli({"check", "--ddl", kPeople, "--gold",
                                 "SELECT DISTINCT name FROM people WHERE age IS NOT DISTINCT FROM 34", "--candidate",
                                 "SELECT name FROM people WHERE age = 34", "--json"});
        const auto report = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(report["suite_verdict"].toString(), QStringLiteral("equivalent"));
        QCOMPARE(report["gold_used"].toString(),
                 QStringLiteral("SELECT DISTINCT name FROM people WHERE age IS NOT DISTINCT FROM 34"));
        QCOMPARE(report["verdict"].toString(), QStringLiteral("different"));
        QVERIFY(report["convention_note"].toString().startsWith(QStringLiteral("the metric removes DISTINCT")));
        const auto swapped = runCli({"check", "--ddl", kPeople, "--gold", "SELECT name FROM people WHERE age = 34",
                                     "--candidate", "SELECT name FROM people WHERE age IS NOT DISTINCT FROM 34", "--json"});
        QCOMPARE(QJsonDocument::fromJson(swapped.out.toUtf8()).object()["verdict"].toString(),
                 QStringLiteral("equivalent"));
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
        SQLEQ_SKIP_WITHOUT_CORPUS((corpus + "/tables.json").toStdString());
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
        QVERIFY2(run.out.contains(QStringLiteral("test-suite accuracy: 1 / 2 = 0.500")), qPrintable(run.out));
        const auto lines = readLines(items);
        QCOMPARE(lines.size(), 3);
        // index db_id hardness esm exec testsuite sqleval pcm_f1 testsuite_verdict separating_db notes
        QVERIFY2(lines[1].startsWith(QStringLiteral("0\tconcert_singer\t\t\t\t1\t\t\tequivalent\t\t")), qPrintable(lines[1]));
        QVERIFY(lines[2].startsWith(QStringLiteral("1\tconcert_singer\t\t\t\t0\t\t\tdifferent\t")));
    }

    void distillReadsAClassicalDataset()
    {
        QTemporaryDir dir;
        const QString data = QStringLiteral(SQLEQ_SOURCE_DIR "/tests/data/classical");
        const QString suites = dir.filePath("suites");
        auto run = runCli({"distill", "--gold", data + "/shop.jsonl", "--tables", data + "/shop-schema.csv", "--out",
                           suites, "--budget", "50", "--jobs", "1"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains(QStringLiteral("4 items, 3 distinct gold queries over 1 schema(s)")), qPrintable(run.out));
        QVERIFY(QFile::exists(suites + "/shop/shop_0.sqlite"));
        QVERIFY(QFile::exists(suites + "/tables.json"));
        // A .jsonl goes with -schema.csv schemas, not with a tables.json.
        run = runCli({"distill", "--gold", data + "/shop.jsonl", "--tables", suites + "/tables.json", "--out", suites});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(QStringLiteral("a .jsonl gold file goes with -schema.csv schemas")), qPrintable(run.err));
    }

    void evalMatchPrintsTheOfficialTable()
    {
        QTemporaryDir dir;
        const auto files = writeShopSubmission(dir);
        const auto run = runCli({"eval", "--gold", files.gold, "--pred", files.pred, "--tables", files.tables,
                                 "--etype", "match"});
        QCOMPARE(run.exitCode, 0);
        const auto lines = run.out.split('\n');
        QCOMPARE(lines[0], officialRow("", {"easy", "medium", "hard", "extra", "all"}));
        QCOMPARE(lines[1], officialRow("count", {"2", "1", "0", "0", "3"}));
        QCOMPARE(lines[2], QString());
        QCOMPARE(lines[3], QStringLiteral("====================== EXACT MATCHING ACCURACY ====================="));
        QCOMPARE(lines[4], officialRow("exact match", {"0.500", "1.000", "0.000", "0.000", "0.667"}));
        QVERIFY(lines.contains(QStringLiteral("---------------------- PARTIAL MATCHING F1 --------------------------")));
        QVERIFY(!run.out.contains(QStringLiteral("EXECUTION ACCURACY")));
        QVERIFY(run.out.contains(QStringLiteral("exact match accuracy: 2 / 3 = 0.667")));
    }

    void evalWritesItemTablesAndDisagreements()
    {
        QTemporaryDir dir;
        const auto files = writeShopSubmission(dir);
        const QString tsv = dir.filePath("items.tsv");
        const QString json = dir.filePath("items.json");
        const QString disagreements = dir.filePath("disagreements.tsv");
        auto run = runCli({"eval", "--gold", files.gold, "--pred", files.pred, "--tables", files.tables, "--etype",
                           "all", "--out", tsv, "--disagreements", disagreements, "--jobs", "2"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(QStringLiteral("pcm-f1 ")));
        auto lines = readLines(tsv);
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines[0], QStringLiteral("index\tdb_id\thardness\tesm\texec\ttestsuite\tsqleval\tpcm_f1\t"
                                          "testsuite_verdict\tseparating_db\tsqleq\ttestsuite_false_positive\tnotes\tproved"));
        const auto first = lines[1].split('\t');
        QCOMPARE(first.size(), 14);
        QCOMPARE(first.mid(0, 8), QStringList({"0", "shop", "easy", "1", "", "", "", "1.0000"}));
        // Without databases only ESM gives a verdict, and PCM-F1 (graded) does not vote:
        // item 2 is right by ESM and below 1 by PCM-F1, yet no item is listed.
        QVERIFY(lines[3].startsWith(QStringLiteral("2\tshop\tmedium\t1\t")));
        QVERIFY(!lines[3].split('\t')[7].startsWith(QStringLiteral("1.")));
        const auto listing = readLines(disagreements);
        QCOMPARE(listing.size(), 1);
        QVERIFY(listing[0].endsWith(QStringLiteral("\tnotes\tproved\tkind\tgold\tpred")));

        run = runCli({"eval", "--gold", files.gold, "--pred", files.pred, "--tables", files.tables, "--etype",
                      "match", "--out", json});
        QCOMPARE(run.exitCode, 0);
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto items = QJsonDocument::fromJson(file.readAll()).array();
        QCOMPARE(items.size(), 3);
        const auto item = items[1].toObject();
        QCOMPARE(item["index"].toInt(), 1);
        QCOMPARE(item["db_id"].toString(), QStringLiteral("shop"));
        QCOMPARE(item["esm"].toBool(), false);
        QVERIFY(item["exec"].isNull());
        QVERIFY(item["pcm_f1"].isNull());
        QVERIFY(item["notes"].isArray());
    }

    void evalDisagreementsOnTheOriginalDatabase()
    {
        const QString corpus = QStringLiteral(SQLEQ_CORPUS_DIR);
        SQLEQ_SKIP_WITHOUT_CORPUS((corpus + "/database/concert_singer/concert_singer.sqlite").toStdString());
        QTemporaryDir dir;
        const QString gold = writeText(dir, "gold.sql",
                                       "SELECT count(*) FROM singer\tconcert_singer\n"
                                       "SELECT name FROM singer WHERE age > 45\tconcert_singer\n");
        // Item 1: an ORDER BY the gold lacks — wrong for exact set match, while the
        // official comparison ignores row order when the gold has no ORDER BY.
        const QString pred = writeText(dir, "pred.txt",
                                       "SELECT count(*) FROM singer\nSELECT name FROM singer WHERE age > 45 ORDER BY name\n");
        const QString disagreements = dir.filePath("d.tsv");
        const auto run = runCli({"eval", "--gold", gold, "--pred", pred, "--tables", corpus + "/tables.json", "--db",
                                 corpus + "/database", "--etype", "all", "--disagreements", disagreements});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(QStringLiteral("=====================   EXECUTION ACCURACY     =====================")));
        QVERIFY2(run.out.contains(QStringLiteral("execution accuracy: 2 / 2 = 1.000")), qPrintable(run.out));
        const auto lines = readLines(disagreements);
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines[1].startsWith(QStringLiteral("1\tconcert_singer\teasy\t0\t1\t")));
        QVERIFY(lines[1].endsWith(
            QStringLiteral("\tSELECT name FROM singer WHERE age > 45\tSELECT name FROM singer WHERE age > 45 ORDER BY name")));
    }

    void evalBadInputIsNamed()
    {
        QTemporaryDir dir;
        const auto files = writeShopSubmission(dir);
        const QString shortPred = writeText(dir, "short.txt", "SELECT count(*) FROM item\n");
        auto run = runCli({"eval", "--gold", files.gold, "--pred", shortPred, "--tables", files.tables, "--etype", "match"});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(files.gold + " line 2 has no prediction"), qPrintable(run.err));

        const QString badGold = writeText(dir, "bad.sql", "SELECT 1\tshop\nSELECT 2 no tab\n");
        run = runCli({"eval", "--gold", badGold, "--pred", files.pred, "--tables", files.tables, "--etype", "match"});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(badGold + ":2:"), qPrintable(run.err));

        run = runCli({"eval", "--gold", files.gold, "--pred", files.pred, "--etype", "match"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains(QStringLiteral("--tables")));

        run = runCli({"eval", "--gold", files.gold, "--pred", files.pred});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains(QStringLiteral("--db")));

        run = runCli({"eval", "--gold", files.gold, "--pred", files.pred, "--suites", dir.filePath("nowhere")});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(dir.filePath("nowhere")), qPrintable(run.err));

        run = runCli({"eval", "--gold", files.gold, "--pred", files.pred, "--tables", dir.filePath("none.json"),
                      "--etype", "match"});
        QCOMPARE(run.exitCode, 3);
        QVERIFY(run.err.contains(dir.filePath("none.json")));

        run = runCli({"eval", "--gold", dir.filePath("absent.sql"), "--pred", files.pred, "--tables", files.tables,
                      "--etype", "match"});
        QCOMPARE(run.exitCode, 3);
        QVERIFY(run.err.contains(dir.filePath("absent.sql")));

        run = runCli({"eval", "--gold", files.gold, "--pred", files.pred, "--tables", files.tables, "--etype", "both"});
        QCOMPARE(run.exitCode, 2);
    }

    void tablesJsonBuildsAnEmptyDatabase()
    {
        const QString tables = QStringLiteral(SQLEQ_CORPUS_DIR "/tables.json");
        SQLEQ_SKIP_WITHOUT_CORPUS(tables.toStdString());
        const auto run = runCli({"run", "--tables", tables, "--db-id", "concert_singer", "--sql",
                                 "SELECT count(*) FROM singer", "--json"});
        QCOMPARE(run.exitCode, 0);
        const auto report = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(report["rows"].toArray().at(0).toArray().at(0).toInt(), 0);
    }
};

QTEST_APPLESS_MAIN(TestCli)
#include "test_cli.moc"
