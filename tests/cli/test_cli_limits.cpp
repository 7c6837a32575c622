// sqleq-cli on hostile input (bounded input): /dev/zero and oversized files
// end at once with exit code 3 and a message naming the file and the limit; a bad
// tables.json gets the same message from `check` and `eval`; `distill` prints progress
// lines on a pipe and refuses a gold file with more queries per schema than its cap.

#include "tests/cli/cli_test_support.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

QString writeText(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size()) qFatal("cannot write %s", qPrintable(name));
    return file.fileName();
}

const QByteArray kTables = R"([{"db_id": "shop", "table_names_original": ["item"],
  "column_names_original": [[-1, "*"], [0, "id"], [0, "name"], [0, "price"]],
  "column_types": ["text", "number", "text", "number"], "primary_keys": [1], "foreign_keys": []}])";

} // namespace

class TestCliLimits : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void devZeroEndsWithExitThree_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString tables = writeText(m_dir, "tables.json", kTables);
        const QString pred = writeText(m_dir, "pred.txt", "SELECT 1\n");
        QTest::newRow("parse --sql-file") << QStringList{"parse", "--sql-file", "/dev/zero"}
                                         << QStringLiteral("/dev/zero: larger than the 1 MiB limit for a SQL file");
        QTest::newRow("run --ddl") << QStringList{"run", "--ddl", "/dev/zero", "--sql", "SELECT 1"}
                                  << QStringLiteral("/dev/zero: larger than the 16 MiB limit for a DDL file");
        QTest::newRow("neighbors --tables")
            << QStringList{"neighbors", "--tables", "/dev/zero", "--db-id", "shop", "--gold", "SELECT 1"}
            << QStringLiteral("/dev/zero: larger than the 16 MiB limit for a tables.json file");
        QTest::newRow("eval --gold") << QStringList{"eval", "--gold", "/dev/zero", "--pred", pred, "--tables", tables,
                                                    "--etype", "match"}
                                     << QStringLiteral("/dev/zero: larger than the 64 MiB limit for a gold file");
        QTest::newRow("eval --tables") << QStringList{"eval", "--gold", writeText(m_dir, "g.sql", "SELECT 1\tshop\n"),
                                                      "--pred", pred, "--tables", "/dev/zero", "--etype", "match"}
                                       << QStringLiteral("/dev/zero: larger than the 16 MiB limit for a tables.json file");
        QTest::newRow("distill --gold")
            << QStringList{"distill", "--gold", "/dev/zero", "--tables", tables, "--out", m_dir.filePath("out0")}
            << QStringLiteral("/dev/zero: larger than the 64 MiB limit for a gold file");
    }

    void devZeroEndsWithExitThree()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CliRun run = runCli(arguments);
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QVERIFY2(!run.err.contains("bad_alloc"), qPrintable(run.err));
    }

    void badTablesJsonSameMessageInCheckAndEval()
    {
        QByteArray bad = kTables;
        bad.replace("\"primary_keys\": [1]", "\"primary_keys\": [-3]");
        const QString tables = writeText(m_dir, "bad_tables.json", bad);
        const CliRun check = runCli({"check", "--tables", tables, "--db-id", "shop", "--gold", "SELECT name FROM item",
                                     "--candidate", "SELECT name FROM item", "--budget", "5"});
        QCOMPARE(check.exitCode, 3);
        const QString gold = writeText(m_dir, "gold1.sql", "SELECT name FROM item\tshop\n");
        const QString pred = writeText(m_dir, "pred1.txt", "SELECT name FROM item\n");
        const CliRun eval = runCli({"eval", "--gold", gold, "--pred", pred, "--tables", tables, "--etype", "match"});
        QCOMPARE(eval.exitCode, 3);
        const QString expected = QStringLiteral("primary_keys names column index -3");
        QVERIFY2(check.err.contains(expected), qPrintable(check.err));
        QVERIFY2(eval.err.contains(expected), qPrintable(eval.err));
        QCOMPARE(eval.err.trimmed(), check.err.trimmed());
    }

    void overlongPredictionLineIsReportedByLine()
    {
        const QString gold = writeText(m_dir, "gold2.sql", "SELECT name FROM item\tshop\nSELECT id FROM item\tshop\n");
        const QString pred = writeText(m_dir, "pred2.txt",
                                       "SELECT name FROM item WHERE id IN (" + QByteArray(1 << 20, '1') + ")\n"
                                       "SELECT id FROM item\n");
        const QString tables = writeText(m_dir, "tables2.json", kTables);
        const CliRun run = runCli({"eval", "--gold", gold, "--pred", pred, "--tables", tables, "--etype", "match"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.contains(pred + ": line 1: ") && run.err.contains("larger than the 1 MiB limit for one query"),
                 qPrintable(run.err));
        QVERIFY2(run.out.contains("exact match"), qPrintable(run.out));
    }

    void distillPrintsProgressLinesOnAPipe()
    {
        const QString tables = writeText(m_dir, "tables3.json", kTables);
        const QString gold = writeText(m_dir, "gold3.sql", "SELECT name FROM item WHERE price > 3\tshop\n");
        const CliRun run = runCli({"distill", "--gold", gold, "--tables", tables, "--out", m_dir.filePath("out3"),
                                   "--budget", "20", "--jobs", "1"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.contains("progress: shop neighbors"), qPrintable(run.err));
        QVERIFY2(run.err.contains("progress: shop sampling"), qPrintable(run.err));
        QVERIFY(!run.err.contains('\r'));
    }

    void distillRefusesTooManyGoldsPerSchema()
    {
        QByteArray lines;
        for (int i = 0; i < 5001; ++i) lines += "SELECT name FROM item WHERE id = " + QByteArray::number(i) + "\tshop\n";
        const QString gold = writeText(m_dir, "gold4.sql", lines);
        const QString tables = writeText(m_dir, "tables4.json", kTables);
        const CliRun run = runCli({"distill", "--gold", gold, "--tables", tables, "--out", m_dir.filePath("out4")});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains("5001 gold queries for db_id \"shop\", more than the limit of 5000 per schema"),
                 qPrintable(run.err));
    }
};

QTEST_APPLESS_MAIN(TestCliLimits)
#include "test_cli_limits.moc"
