// `sqleq-cli audit` end to end, run as a user would through a process: a project
// made from a tables.json-only submission (match metrics), annotations, status,
// TSV/JSON export and import, agreement between two annotators' projects, and the
// exit codes and messages of bad input.

#include "tests/cli/cli_test_support.h"
#include "tests/core/audit_tamper_support.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

QString writeText(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
    const auto path = dir.filePath(name);
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    file.write(text);
    return path;
}

QString readText(const QString& path)
{
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    return QString::fromUtf8(file.readAll());
}

} // namespace

class TestCliAudit : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_gold;
    QString m_pred;
    QString m_tables;
    QString m_questions;
    int m_projects = 0;

    // A new project over the shop submission: ESM says items 0 and 2 right, 1 wrong.
    QString newProject()
    {
        const auto path = m_dir.filePath(QStringLiteral("p%1.sqleq-audit").arg(++m_projects));
        const auto run = runCli({"audit", "new", "--gold", m_gold, "--pred", m_pred, "--tables", m_tables,
                                 "--questions", m_questions, "--out", path});
        if (run.exitCode != 0) qFatal("audit new failed: %s", qPrintable(run.err));
        return path;
    }

    void annotate(const QString& project, int item, const char* verdict, const char* annotator,
                  const QStringList& extra = {})
    {
        const auto run = runCli(QStringList{"audit", "annotate", project, "--item", QString::number(item), "--verdict",
                                            verdict, "--annotator", annotator} + extra);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_tables = writeText(m_dir, "tables.json", R"([{"db_id": "shop", "table_names_original": ["item"],
            "table_names": ["item"], "column_names_original": [[-1, "*"], [0, "id"], [0, "name"], [0, "price"]],
            "column_names": [[-1, "*"], [0, "id"], [0, "name"], [0, "price"]],
            "column_types": ["text", "number", "text", "number"], "primary_keys": [1], "foreign_keys": []}])");
        m_gold = writeText(m_dir, "gold.sql",
                           "SELECT count(*) FROM item\tshop\n"
                           "SELECT name FROM item WHERE price > 3\tshop\n"
                           "SELECT name , price FROM item WHERE price > 3\tshop\n");
        m_pred = writeText(m_dir, "pred.txt",
                           "SELECT count(*) FROM item\n"
                           "SELECT id FROM item WHERE price > 3\n"
                           "SELECT name, price FROM item WHERE price > 1\n");
        m_questions = writeText(m_dir, "questions.tsv",
                                "index\tdb_id\tquestion\n0\tshop\tHow many items?\n1\tshop\tWhich items cost more "
                                "than 3?\n2\tshop\tNames and prices above 3?\n");
    }

    void newComputesMatchMetricsAndRefusesToOverwrite()
    {
        const auto path = m_dir.filePath(QStringLiteral("first.sqleq-audit"));
        auto run = runCli({"audit", "new", "--gold", m_gold, "--pred", m_pred, "--tables", m_tables, "--out", path});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(QStringLiteral("3 items")));
        QVERIFY(run.out.contains(QStringLiteral("esm")));

        run = runCli({"audit", "new", "--gold", m_gold, "--pred", m_pred, "--tables", m_tables, "--out", path});
        QCOMPARE(run.exitCode, 3);
        QVERIFY(run.err.contains(path));
        QVERIFY(run.err.contains(QStringLiteral("already exists")));

        const auto json = m_dir.filePath(QStringLiteral("first.json"));
        annotate(path, 1, "not_equivalent", "ana", {"--reason", "different output columns"});
        run = runCli({"audit", "export", path, "--out", json});
        QCOMPARE(run.exitCode, 0);
        const auto rows = QJsonDocument::fromJson(readText(json).toUtf8()).array();
        QCOMPARE(rows.size(), 1);
        const auto row = rows[0].toObject();
        QCOMPARE(row["index"].toInt(), 1);
        QCOMPARE(row["esm"].toBool(true), false);  // ESM computed from tables.json alone
        QCOMPARE(row["hardness"].toString(), QStringLiteral("easy"));
        QVERIFY(row["exec"].isNull());  // no --db: not computed
        QCOMPARE(row["reason"].toString(), QStringLiteral("different output columns"));
    }

    void annotateThenStatus()
    {
        const auto project = newProject();
        annotate(project, 0, "equivalent", "ana");
        annotate(project, 1, "not_equivalent", "ana", {"--reason", "different output columns", "--note", "id vs name"});
        annotate(project, 1, "unsure", "bo");
        const auto run = runCli({"audit", "status", project});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QStringLiteral("items: 3")), qPrintable(run.out));
        QVERIFY(run.out.contains(QStringLiteral("reviewed: 2 of 3 items")));
        QVERIFY(run.out.contains(QStringLiteral("ana (2), bo (1)")));
        QVERIFY(run.out.contains(QStringLiteral("equivalent 1, not_equivalent 1, unsure 1")));
        QVERIFY(run.out.contains(QStringLiteral("items where the annotators disagree: 1")));
    }

    void annotateErrors()
    {
        const auto project = newProject();
        auto run = runCli({"audit", "annotate", project, "--item", "9", "--verdict", "equivalent", "--annotator", "ana"});
        QCOMPARE(run.exitCode, 3);
        QVERIFY(run.err.contains(QStringLiteral("item 9")));
        QVERIFY(run.err.contains(project));

        run = runCli({"audit", "annotate", project, "--item", "0", "--verdict", "same", "--annotator", "ana"});
        QCOMPARE(run.exitCode, 2);

        const auto notProject = writeText(m_dir, "notes.txt", "just some text that is not a database at all\n");
        run = runCli({"audit", "status", notProject});
        QCOMPARE(run.exitCode, 3);
        QVERIFY(run.err.contains(notProject));
        QVERIFY(run.err.contains(QStringLiteral("not an sqleq audit project")));
    }

    void tamperedProjectIsRefusedByEveryCommand_data()
    {
        QTest::addColumn<int>("which");
        const auto& all = sqleq::audit::testing::tamperings();
        for (std::size_t i = 0; i < all.size(); ++i) QTest::newRow(all[i].name) << static_cast<int>(i);
    }

    // Each tampering: exit code 3, a message naming the file and the fault, from
    // the read-only and the read-write commands alike; the file stays as it was.
    void tamperedProjectIsRefusedByEveryCommand()
    {
        QFETCH(int, which);
        const auto& tampering = sqleq::audit::testing::tamperings()[static_cast<std::size_t>(which)];
        const auto project = newProject();
        annotate(project, 1, "not_equivalent", "ana", {"--reason", "different output columns"});
        annotate(project, 2, "equivalent", "bo");
        QVERIFY(sqleq::audit::testing::tamper(project.toStdString(), tampering));
        const auto before = sqleq::audit::testing::fileState(project.toStdString());
        QTemporaryDir out;
        const auto tsv = writeText(out, "in.tsv", "database name\tgold\tpred\tequivalent reason\tnote\n");
        const QList<QStringList> commands{
            {"audit", "status", project},
            {"audit", "export", project, "--out", out.filePath(QStringLiteral("out.tsv"))},
            {"audit", "agree", project, "--annotator-a", "ana", "--annotator-b", "bo"},
            {"audit", "annotate", project, "--item", "0", "--verdict", "equivalent", "--annotator", "cy"},
            {"audit", "import", project, "--tsv", tsv, "--annotator", "cy"},
        };
        for (const auto& command : commands) {
            const auto run = runCli(command);
            QVERIFY2(run.exitCode == 3, qPrintable(command.join(' ') + ": " + run.err));
            QVERIFY2(run.err.contains(project), qPrintable(run.err));
            QVERIFY2(sqleq::audit::testing::mentions(run.err.toStdString(), tampering.expected), qPrintable(run.err));
            QVERIFY2(sqleq::audit::testing::fileState(project.toStdString()) == before,
                     qPrintable(command.join(' ') + " changed a refused project"));
        }
        QVERIFY(!QFile::exists(out.filePath(QStringLiteral("out.tsv"))));
    }

    void importRefusesHostileTsvWithItsPosition()
    {
        const auto project = newProject();
        const auto before = sqleq::audit::testing::fileState(project.toStdString());
        const auto tsv = writeText(m_dir, "hostile.tsv",
                                   QByteArray("database name\tgold\tpred\tequivalent reason\tnote\n"
                                              "shop\tSELECT \xff\tx\t\t\n"));
        auto run = runCli({"audit", "import", project, "--tsv", tsv, "--annotator", "ana"});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(tsv + QStringLiteral(": line 2, byte 13: invalid UTF-8")), qPrintable(run.err));
        const auto nul = writeText(m_dir, "nul.tsv", QByteArray("database name\tgold\0", 19));
        run = runCli({"audit", "import", project, "--tsv", nul, "--annotator", "ana"});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(QStringLiteral("line 1, byte 19: a NUL byte")), qPrintable(run.err));
        QVERIFY(sqleq::audit::testing::fileState(project.toStdString()).bytes == before.bytes);
    }

    // status, export and agree open the project read-only: no -wal/-shm appears,
    // the file's bytes and modification time stay the same.
    void readOnlyCommandsLeaveTheProjectUntouched()
    {
        QTemporaryDir own;
        const auto project = own.filePath(QStringLiteral("ro.sqleq-audit"));
        QCOMPARE(runCli({"audit", "new", "--gold", m_gold, "--pred", m_pred, "--tables", m_tables, "--out", project})
                     .exitCode,
                 0);
        annotate(project, 1, "not_equivalent", "ana");
        annotate(project, 1, "equivalent", "bo");
        const auto before = sqleq::audit::testing::fileState(project.toStdString());
        QCOMPARE(before.directory.size(), std::size_t(1));
        QTemporaryDir out;
        QCOMPARE(runCli({"audit", "status", project}).exitCode, 0);
        QCOMPARE(runCli({"audit", "export", project, "--out", out.filePath(QStringLiteral("a.json"))}).exitCode, 0);
        QCOMPARE(runCli({"audit", "agree", project, "--annotator-a", "ana", "--annotator-b", "bo"}).exitCode, 0);
        QVERIFY(sqleq::audit::testing::fileState(project.toStdString()) == before);
    }

    void annotateClearRemovesTheAnnotation()
    {
        const auto project = newProject();
        auto run = runCli({"audit", "annotate", project, "--item", "1", "--verdict", "not_equivalent", "--annotator",
                           "ana", "--reason", "different output columns"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QStringLiteral(" at 20")), qPrintable(run.out));  // the stored timestamp
        annotate(project, 1, "equivalent", "bo");
        QVERIFY(runCli({"audit", "status", project}).out.contains(QStringLiteral("ana (1), bo (1)")));

        run = runCli({"audit", "annotate", project, "--item", "1", "--annotator", "ana", "--clear"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QStringLiteral("item 1: annotation by ana removed")), qPrintable(run.out));
        run = runCli({"audit", "status", project});
        QVERIFY2(run.out.contains(QStringLiteral("annotators: bo (1)")), qPrintable(run.out));  // bo's is kept
        QVERIFY(run.out.contains(QStringLiteral("reviewed: 1 of 3 items")));

        run = runCli({"audit", "annotate", project, "--item", "1", "--annotator", "ana", "--clear"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(QStringLiteral("nothing removed")));

        run = runCli({"audit", "annotate", project, "--item", "9", "--annotator", "ana", "--clear"});
        QCOMPARE(run.exitCode, 3);
        QVERIFY(run.err.contains(QStringLiteral("item 9")));

        // --clear with a verdict, or neither: usage errors, nothing changes.
        run = runCli({"audit", "annotate", project, "--item", "1", "--annotator", "bo", "--clear", "--verdict",
                      "unsure"});
        QCOMPARE(run.exitCode, 2);
        run = runCli({"audit", "annotate", project, "--item", "1", "--annotator", "bo"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains(QStringLiteral("--clear")));
        QVERIFY(runCli({"audit", "status", project}).out.contains(QStringLiteral("annotators: bo (1)")));
    }

    void exportImportRoundTrip()
    {
        const auto source = newProject();
        annotate(source, 0, "equivalent", "ana", {"--reason", "value plugged in", "--note", "tab\there"});
        annotate(source, 2, "not_equivalent", "ana", {"--reason", "different rows"});
        annotate(source, 2, "equivalent", "bo");
        const auto tsv = m_dir.filePath(QStringLiteral("ana.tsv"));
        auto run = runCli({"audit", "export", source, "--out", tsv, "--annotator", "ana"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(QStringLiteral("2 annotations")));
        const auto text = readText(tsv);
        QVERIFY(text.startsWith(QStringLiteral("database name\tgold\tpred\tequivalent reason\tnote\tverdict\tannotator\tindex\n")));
        QVERIFY(text.contains(QStringLiteral("\tvalue plugged in\ttab here\tequivalent\tana\t0\n")));

        const auto target = newProject();
        run = runCli({"audit", "import", target, "--tsv", tsv, "--annotator", "fallback"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QStringLiteral("matched: 2; unmatched: 0")), qPrintable(run.out));
        const auto roundTrip = m_dir.filePath(QStringLiteral("again.tsv"));
        QCOMPARE(runCli({"audit", "export", target, "--out", roundTrip}).exitCode, 0);
        // same rows (the annotator column kept "ana"), same bytes
        QCOMPARE(readText(roundTrip), text);

        // an esm_false_negatives-style file: five columns, CRLF, re-spaced SQL
        const auto esm = writeText(m_dir, "esm.tsv",
                                   "database name\tgold\tpred\tequivalent reason\tnote\r\n"
                                   "shop\tSELECT name ,  price FROM item WHERE price  >  3\t"
                                   "SELECT name, price FROM item WHERE price > 1\tsame rows here\t\r\n"
                                   "shop\tSELECT 1\tSELECT 2\treason\t\r\n");
        run = runCli({"audit", "import", target, "--tsv", esm, "--annotator", "paper"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QStringLiteral("rows: 2; matched: 1; unmatched: 1")), qPrintable(run.out));
        QVERIFY(run.err.contains(QStringLiteral("line 3")));
        run = runCli({"audit", "status", target});
        QVERIFY(run.out.contains(QStringLiteral("paper (1)")));
    }

    void agreeReportsRateKappaAndDisagreements()
    {
        // A: E N U, B: E N N → 2 of 3; p_e = (1·1 + 1·2 + 1·0)/9 = 1/3, kappa = (2/3 − 1/3)/(2/3) = 0.5
        const auto first = newProject();
        const auto second = newProject();
        annotate(first, 0, "equivalent", "ana");
        annotate(first, 1, "not_equivalent", "ana");
        annotate(first, 2, "unsure", "ana");
        annotate(second, 0, "equivalent", "bo");
        annotate(second, 1, "not_equivalent", "bo");
        annotate(second, 2, "not_equivalent", "bo");
        auto run = runCli({"audit", "agree", first, second});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QStringLiteral("agreement: 2 / 3 = 0.667")), qPrintable(run.out));
        QVERIFY(run.out.contains(QStringLiteral("cohen's kappa: 0.500")));
        QVERIFY(run.out.contains(QStringLiteral("item 2: A unsure, B not_equivalent")));

        // two annotators in one project need naming
        annotate(first, 0, "not_equivalent", "cy");
        run = runCli({"audit", "agree", first});
        QCOMPARE(run.exitCode, 2);
        run = runCli({"audit", "agree", first, "--annotator-a", "ana", "--annotator-b", "cy"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(QStringLiteral("annotated by both: 1; only A: 2; only B: 0")));
    }
};

QTEST_APPLESS_MAIN(TestCliAudit)
#include "test_cli_audit.moc"
